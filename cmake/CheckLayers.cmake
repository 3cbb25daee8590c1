# The core's layering rules, checked at configure time (src/core/CMakeLists.txt) and by the test
# `layering-check`, which runs this file in script mode on a tree with a deliberate violation:
#   cmake -DCERTDRILL_LAYER_ROOT=<tree> -P cmake/CheckLayers.cmake
#
# The core (include/certdrill/, src/core/) has a base at its root and four layers in folders, each of which
# may include only the ones below it (docs/architecture.md):
#   base  <  pack  <  store  <  exam  <  learn
# No core file may include Qt or the learner simulation (certdrill/sim/), which is a library of its own.
# A violation stops configuring with the file, the include and the rule it breaks.

set(CERTDRILL_LAYERS base pack store exam learn)

# The layer a core file belongs to, from its folder: include/certdrill/<layer>/X.h or src/core/<layer>/X.cpp,
# and "base" for the files at the root of either.
function(certdrill_layer_of root file out)
    file(RELATIVE_PATH rel ${root} ${file})
    # Two tests, not one OR: the second MATCHES would clear CMAKE_MATCH_1 of the first.
    if(rel MATCHES "^include/certdrill/([a-z]+)/")
        set(${out} ${CMAKE_MATCH_1} PARENT_SCOPE)
    elseif(rel MATCHES "^src/core/([a-z]+)/")
        set(${out} ${CMAKE_MATCH_1} PARENT_SCOPE)
    else()
        set(${out} base PARENT_SCOPE)
    endif()
endfunction()

# Checks every core file under root; FATAL_ERROR on the first file that breaks a rule, naming all its breaks.
function(certdrill_check_layers root)
    file(GLOB_RECURSE files ${root}/include/certdrill/*.h ${root}/src/core/*.cpp ${root}/src/core/*.h)
    set(problems "")
    foreach(file IN LISTS files)
        file(RELATIVE_PATH rel ${root} ${file})
        if(rel MATCHES "^include/certdrill/sim/")
            continue() # the simulation may use every layer; nothing in the core may use it (below)
        endif()
        certdrill_layer_of(${root} ${file} layer)
        list(FIND CERTDRILL_LAYERS ${layer} rank)
        if(rank EQUAL -1)
            string(APPEND problems "\n  ${rel}: folder \"${layer}\" is not a layer (${CERTDRILL_LAYERS})")
            continue()
        endif()
        file(STRINGS ${file} includes REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"]")
        foreach(line IN LISTS includes)
            if(line MATCHES "[<\"](Q[A-Za-z]+|Qt[A-Za-z]*/)")
                string(APPEND problems "\n  ${rel}: ${line}: the core must not use Qt")
            elseif(line MATCHES "\"certdrill/sim/")
                string(APPEND problems "\n  ${rel}: ${line}: the core must not use the learner simulation")
            elseif(line MATCHES "\"certdrill/([a-z]+)/")
                set(used ${CMAKE_MATCH_1})
                list(FIND CERTDRILL_LAYERS ${used} usedRank)
                if(usedRank EQUAL -1 OR usedRank GREATER rank)
                    string(APPEND problems
                        "\n  ${rel}: ${line}: the ${layer} layer may use only itself and the layers below it, not ${used}")
                endif()
            endif()
        endforeach()
    endforeach()
    if(problems)
        message(FATAL_ERROR "certdrill core layering (base < pack < store < exam < learn) is broken:${problems}")
    endif()
endfunction()

if(CMAKE_SCRIPT_MODE_FILE AND CERTDRILL_LAYER_ROOT)
    certdrill_check_layers(${CERTDRILL_LAYER_ROOT})
    message(STATUS "layering ok: ${CERTDRILL_LAYER_ROOT}")
endif()
