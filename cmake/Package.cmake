# cpack -G DEB: a Debian package of what cmake --install puts under /usr (scripts/package builds it from a
# Release tree; tests/install checks one made from the test tree).

set(CPACK_PACKAGE_NAME certdrill)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "The certdrill developers")
set(CPACK_PACKAGE_CONTACT "The certdrill developers <certdrill@users.noreply.github.com>")
set(CPACK_PACKAGE_HOMEPAGE_URL "https://github.com/certdrill/certdrill")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "practice for the NVIDIA NCP-GENL certification exam")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # certdrill_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${CPACK_PACKAGE_CONTACT}")
set(CPACK_DEBIAN_PACKAGE_SECTION education)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE ${CPACK_PACKAGE_HOMEPAGE_URL})
# The control file's long description; CPack puts the summary line above it and indents it as the Debian
# policy asks (an empty line becomes " .").
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "certdrill prepares you for NVIDIA's NCP-GENL certification (Generative AI
LLMs, professional level): a bundled bank of original questions over the ten
blueprint domains with every option explained, timed mock exams like the real
one, drills planned by spaced review, and the study guide's Red/Yellow/Green
tracker with a readiness verdict.

It imports question packs in certdrill's JSON format, Moodle GIFT and Moodle
XML, and backs up and restores your progress. certdrill-cli does the same
from a terminal.")
# The libraries the binaries link (Qt 6 Widgets, Charts, Gui and Core, SQLite, spdlog, fmt, pugixml, the C++
# runtime) come from dpkg-shlibdeps, which reads them from the binaries themselves; Qt's platform plugins are
# loaded at run time, so no link names them.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-wayland")

include(CPack)
