# certdrill --help and --version print to the terminal and exit 0 on a machine without a display (a server,
# an SSH session, a CI runner), and an unknown option is a one-line error with exit code 1, never an abort
# from the platform plugin. Run with -DAPP=<certdrill binary>.
foreach(var QT_QPA_PLATFORM DISPLAY WAYLAND_DISPLAY)
    unset(ENV{${var}})
endforeach()

function(run_app expect_code expect_text)
    execute_process(COMMAND ${APP} ${ARGN} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err
        TIMEOUT 60)
    if(NOT code STREQUAL "${expect_code}")
        message(FATAL_ERROR "certdrill ${ARGN}: exit ${code}, expected ${expect_code}\n${out}${err}")
    endif()
    string(FIND "${out}${err}" "${expect_text}" at)
    if(at EQUAL -1)
        message(FATAL_ERROR "certdrill ${ARGN}: output lacks \"${expect_text}\"\n${out}${err}")
    endif()
endfunction()

run_app(0 "Usage:" --help)
run_app(0 "--db <PATH>" -h)
run_app(0 "--db <PATH>" --help-all)
run_app(0 "certdrill " --version)
run_app(1 "Unknown option 'bogus'" --bogus)
# Qt's own options are still accepted before the usage check (here with the display-free platform).
run_app(0 "Usage:" -platform offscreen -style Fusion --help)
