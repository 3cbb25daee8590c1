# Runs the build's layering check (cmake/CheckLayers.cmake) on the real tree, which must pass, and on the
# fixture trees in tests/data/layering, each of which breaks one rule and must be refused with the file and
# the rule named. Invoked by CTest (tests/CMakeLists.txt) as
#   cmake -DCHECK=<CheckLayers.cmake> -DROOT=<source dir> -DFIXTURES=<tests/data/layering> -P LayeringTest.cmake

function(run_check root out_code out_text)
    execute_process(COMMAND ${CMAKE_COMMAND} -DCERTDRILL_LAYER_ROOT=${root} -P ${CHECK}
        RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
    set(${out_code} ${code} PARENT_SCOPE)
    set(${out_text} "${out}${err}" PARENT_SCOPE)
endfunction()

function(expect_pass root)
    run_check(${root} code text)
    if(NOT code EQUAL 0)
        message(FATAL_ERROR "expected ${root} to pass the layering check, got:\n${text}")
    endif()
endfunction()

function(expect_refused fixture expected)
    run_check(${FIXTURES}/${fixture} code text)
    if(code EQUAL 0)
        message(FATAL_ERROR "expected ${fixture} to be refused, but the check passed")
    endif()
    string(FIND "${text}" "${expected}" at)
    if(at EQUAL -1)
        message(FATAL_ERROR "${fixture}: expected the message to contain\n  ${expected}\ngot:\n${text}")
    endif()
endfunction()

expect_pass(${ROOT})
expect_pass(${FIXTURES}/clean)
expect_refused(pack-uses-store
    "include/certdrill/pack/Reader.h: #include \"certdrill/store/Store.h\": the pack layer may use only itself and the layers below it, not store")
expect_refused(exam-uses-learn
    "src/core/exam/Form.cpp: #include \"certdrill/learn/Tracker.h\": the exam layer may use only itself and the layers below it, not learn")
expect_refused(base-uses-qt "include/certdrill/Text.h: #include <QString>: the core must not use Qt")
expect_refused(core-uses-sim
    "src/core/learn/Planner.cpp: #include \"certdrill/sim/LearnerSimulation.h\": the core must not use the learner simulation")
message(STATUS "layering check: the real tree passes, four violations are refused")
