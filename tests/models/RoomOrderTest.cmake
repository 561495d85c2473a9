# RoomOrderTest: models/RoomOrder.cmake passes on the tree as it is, and
# fails, naming the file and line, on a copy of it with one include added
# against the rooms' order, with an include that names no layer, and with
# ui/ including app/.
#
#   cmake -DROOMS=<build>/models/rooms.txt -DSOURCE_DIR=<source> -DWORK_DIR=<scratch> -P tests/models/RoomOrderTest.cmake
cmake_minimum_required(VERSION 3.21)
set(check "${SOURCE_DIR}/models/RoomOrder.cmake")

# Runs the check over `tree`; sets `code` and `output` in the caller.
function(run_check tree)
    execute_process(COMMAND ${CMAKE_COMMAND} -DROOMS=${ROOMS} -DSOURCE_DIR=${tree} -P ${check}
        RESULT_VARIABLE result OUTPUT_VARIABLE out ERROR_VARIABLE err)
    set(code ${result} PARENT_SCOPE)
    set(output "${out}${err}" PARENT_SCOPE)
endfunction()

function(expect_refused tree what expected)
    run_check("${tree}")
    if(code EQUAL 0)
        message(FATAL_ERROR "FAIL: ${what}: the check passed\n${output}")
    endif()
    string(FIND "${output}" "${expected}" at)
    if(at EQUAL -1)
        message(FATAL_ERROR "FAIL: ${what}: the message lacks \"${expected}\":\n${output}")
    endif()
    message(STATUS "PASS: ${what}")
endfunction()

run_check("${SOURCE_DIR}")
if(NOT code EQUAL 0)
    message(FATAL_ERROR "FAIL: the tree as it is:\n${output}")
endif()
message(STATUS "PASS: the tree as it is")

# A copy of models/ and ui/ to break, one way at a time.
set(tree "${WORK_DIR}/room-order-tree")
function(fresh_copy)
    file(REMOVE_RECURSE "${tree}")
    file(MAKE_DIRECTORY "${tree}")
    file(COPY "${SOURCE_DIR}/models" "${SOURCE_DIR}/ui" DESTINATION "${tree}")
endfunction()

# kb/ is below session/: KnowledgeBase.h including the session is refused.
fresh_copy()
set(header "${tree}/models/kb/KnowledgeBase.h")
file(READ "${header}" text)
string(REPLACE "#include \"models/kb/LinkIndex.h\"\n"
    "#include \"models/kb/LinkIndex.h\"\n#include \"models/session/KnowledgeBaseSession.h\"\n" broken "${text}")
if(broken STREQUAL text)
    message(FATAL_ERROR "FAIL: models/kb/KnowledgeBase.h no longer includes models/kb/LinkIndex.h: update this test")
endif()
file(WRITE "${header}" "${broken}")
string(FIND "${broken}" "#include \"models/session/" at)
string(SUBSTRING "${broken}" 0 ${at} before)
string(REGEX MATCHALL "\n" newlines "${before}")
list(LENGTH newlines line)
math(EXPR line "${line} + 1")
expect_refused("${tree}" "a room including one above it"
    "models/kb/KnowledgeBase.h:${line}: includes models/session/KnowledgeBaseSession.h, but models/kb/ uses only")

# A room including one beside it that its CMakeLists.txt does not name.
fresh_copy()
file(APPEND "${tree}/models/convert/CanonDetector.cpp" "#include \"models/lookup/LookupEngine.h\"\n")
expect_refused("${tree}" "a room including one it does not name"
    "models/convert/CanonDetector.cpp:" )

# An include without its layer.
fresh_copy()
file(APPEND "${tree}/models/search/SearchIndex.cpp" "#include \"kb/KnowledgeBase.h\"\n")
expect_refused("${tree}" "an include that names no layer"
    "includes \"kb/KnowledgeBase.h\": models/ includes only models/<room>/ headers, named so")

# ui/ including app/.
fresh_copy()
file(APPEND "${tree}/ui/window/MainWindow.cpp" "#include \"app/CommandLine.h\"\n")
expect_refused("${tree}" "ui/ including app/" "ui/window/MainWindow.cpp:")

# models/ including ui/.
fresh_copy()
file(APPEND "${tree}/models/util/Parallel.cpp" "#include \"ui/window/MainWindow.h\"\n")
expect_refused("${tree}" "models/ including ui/" "models/util/Parallel.cpp:")

file(REMOVE_RECURSE "${tree}")
