# What cmake --install puts under the prefix besides the two binaries (their install() rules are with their
# targets), in the FHS layout a Linux desktop expects (GNUInstallDirs; docs/architecture.md, "Install
# layout"). The tests in tests/install install it into a temporary prefix and check it.

set(CERTDRILL_APP_ID io.github.certdrill)

# The bundled question bank: the app imports it on every start, from <prefix>/share/certdrill/questions.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/questions/ DESTINATION ${CMAKE_INSTALL_DATADIR}/certdrill/questions
    FILES_MATCHING PATTERN "*.json")

# The user guide with its screenshots, the documents it links to, and the licence.
install(FILES
    ${PROJECT_SOURCE_DIR}/README.md
    ${PROJECT_SOURCE_DIR}/LICENSE
    ${PROJECT_SOURCE_DIR}/docs/user-guide.md
    ${PROJECT_SOURCE_DIR}/docs/adaptive-model.md
    ${PROJECT_SOURCE_DIR}/docs/pack-format.md
    ${PROJECT_SOURCE_DIR}/docs/pack.schema.json
    ${PROJECT_SOURCE_DIR}/docs/question-writing.md
    DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/images DESTINATION ${CMAKE_INSTALL_DOCDIR})

# certdrill-cli(1) is generated from the built binary's own --help, so the page never lags behind a new
# command or option; cmake/CliManPage.cmake turns the help's sections into roff.
set(CERTDRILL_CLI_MAN ${PROJECT_BINARY_DIR}/man/certdrill-cli.1)
add_custom_command(OUTPUT ${CERTDRILL_CLI_MAN}
    COMMAND ${CMAKE_COMMAND} -DCLI=$<TARGET_FILE:certdrill-cli> -DOUTPUT=${CERTDRILL_CLI_MAN}
        -DVERSION=${PROJECT_VERSION} -DDATE=${CERTDRILL_RELEASE_DATE}
        -P ${PROJECT_SOURCE_DIR}/cmake/CliManPage.cmake
    DEPENDS certdrill-cli ${PROJECT_SOURCE_DIR}/cmake/CliManPage.cmake
    COMMENT "Generating certdrill-cli(1) from certdrill-cli --help"
    VERBATIM)
add_custom_target(certdrill_man ALL DEPENDS ${CERTDRILL_CLI_MAN})
install(FILES ${CERTDRILL_CLI_MAN} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

if(CERTDRILL_BUILD_GUI)
    # certdrill(1): the GUI has three options and a few files, written by hand; the version and date are
    # filled in here.
    configure_file(${PROJECT_SOURCE_DIR}/resources/certdrill.1.in ${PROJECT_BINARY_DIR}/man/certdrill.1 @ONLY)
    install(FILES ${PROJECT_BINARY_DIR}/man/certdrill.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

    # The desktop entry, its icon, and the AppStream metadata software centres show (the current release
    # from the project's version and date).
    install(FILES ${PROJECT_SOURCE_DIR}/resources/${CERTDRILL_APP_ID}.desktop
        DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
    install(FILES ${PROJECT_SOURCE_DIR}/resources/${CERTDRILL_APP_ID}.svg
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
    configure_file(${PROJECT_SOURCE_DIR}/resources/${CERTDRILL_APP_ID}.metainfo.xml.in
        ${PROJECT_BINARY_DIR}/${CERTDRILL_APP_ID}.metainfo.xml @ONLY)
    install(FILES ${PROJECT_BINARY_DIR}/${CERTDRILL_APP_ID}.metainfo.xml
        DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
endif()
