# Checks that every include of models/ follows the rooms' order, and that
# no layer includes one above it (models/ never includes ui/ or app/, ui/
# never app/). Run by the build before any room compiles, and by the test
# RoomOrderTest:
#
#   cmake -DROOMS=<build>/models/rooms.txt -DSOURCE_DIR=<source> -P models/RoomOrder.cmake
#
# ROOMS holds a line "<room>: <room it uses> ..." per room, written from the
# ROOMS of each models/<room>/CMakeLists.txt. A file of models/<room>/ may
# include its own room's headers and those of the rooms it uses, each as
# "models/<room>/<file>". Fails with one line per include that does not,
# naming the file and line.
cmake_minimum_required(VERSION 3.21)
foreach(variable ROOMS SOURCE_DIR)
    if(NOT DEFINED ${variable})
        message(FATAL_ERROR "RoomOrder.cmake needs -D${variable}=...")
    endif()
endforeach()

file(STRINGS "${ROOMS}" room_lines)
set(rooms "")
foreach(line IN LISTS room_lines)
    if(line MATCHES "^([a-z]+):(.*)$")
        set(room ${CMAKE_MATCH_1})
        string(STRIP "${CMAKE_MATCH_2}" uses)
        separate_arguments(uses UNIX_COMMAND "${uses}")
        list(APPEND rooms ${room})
        set(uses_${room} ${uses})
    endif()
endforeach()

set(violations "")
# The line of `include_line` in `file`, for the message.
function(line_of file include_line out)
    file(READ "${file}" text)
    string(FIND "${text}" "${include_line}" at)
    string(SUBSTRING "${text}" 0 ${at} before)
    string(REGEX MATCHALL "\n" newlines "${before}")
    list(LENGTH newlines count)
    math(EXPR line "${count} + 1")
    set(${out} ${line} PARENT_SCOPE)
endfunction()

macro(refuse file include_line why)
    line_of("${file}" "${include_line}" line)
    file(RELATIVE_PATH relative "${SOURCE_DIR}" "${file}")
    list(APPEND violations "${relative}:${line}: ${why}")
endmacro()

foreach(layer models ui)
    file(GLOB_RECURSE files "${SOURCE_DIR}/${layer}/*.h" "${SOURCE_DIR}/${layer}/*.cpp" "${SOURCE_DIR}/${layer}/*.h.in")
    foreach(file IN LISTS files)
        file(RELATIVE_PATH relative "${SOURCE_DIR}/${layer}" "${file}")
        string(REGEX REPLACE "/.*" "" room "${relative}")
        file(STRINGS "${file}" includes REGEX "^[ \t]*#[ \t]*include[ \t]*\"")
        foreach(include_line IN LISTS includes)
            string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*\"([^\"]*)\".*$" "\\1" header "${include_line}")
            if(layer STREQUAL "ui")
                if(NOT header MATCHES "^(models|ui)/" AND NOT header MATCHES "^[^/]*\\.moc$")
                    refuse("${file}" "${include_line}" "includes \"${header}\": ui/ includes only models/ and ui/ headers, named so")
                endif()
                continue()
            endif()
            if(NOT header MATCHES "^models/([^/]+)/")
                refuse("${file}" "${include_line}" "includes \"${header}\": models/ includes only models/<room>/ headers, named so")
                continue()
            endif()
            set(included ${CMAKE_MATCH_1})
            if(included STREQUAL room)
                continue()
            endif()
            list(FIND rooms ${room} known)
            if(known EQUAL -1)
                refuse("${file}" "${include_line}" "models/${room}/ is not a room of models/CMakeLists.txt")
                continue()
            endif()
            list(FIND uses_${room} ${included} used)
            if(used EQUAL -1)
                string(REPLACE ";" " " named "${uses_${room}}")
                refuse("${file}" "${include_line}" "includes ${header}, but models/${room}/ uses only: ${named} "
                    "(models/${room}/CMakeLists.txt). A room uses only rooms below it (ERRATA_ROOMS in "
                    "models/CMakeLists.txt): move the shared piece down, or name ${included} there if it is below ${room}")
            endif()
        endforeach()
    endforeach()
endforeach()

# One line per include, "file:line: why", as compilers print errors.
if(violations)
    list(LENGTH violations count)
    foreach(violation IN LISTS violations)
        message(NOTICE "${violation}")
    endforeach()
    message(FATAL_ERROR "${count} include(s) against the rooms' order of models/ (above)")
endif()
