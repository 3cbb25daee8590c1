# Writes certdrill-cli(1) from the built binary's --help (cmake -P; run by the build, see cmake/Install.cmake).
# Inputs: CLI (the binary), OUTPUT (the page), VERSION and DATE (the release).
#
# The help's sections become the page's: the first line NAME, "Usage:" SYNOPSIS, "Global options" OPTIONS,
# "Commands:" COMMANDS and "Exit codes:" EXIT STATUS. In the two lists, a line indented by two spaces starts an
# entry (its synopsis, then its text after two or more spaces, if any) and deeper lines continue the text,
# which man then fills. Anything the page adds (FILES, SEE ALSO) is below.

foreach(var CLI OUTPUT VERSION DATE)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "CliManPage.cmake needs -D${var}=...")
    endif()
endforeach()

execute_process(COMMAND ${CLI} --help OUTPUT_VARIABLE help RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${CLI} --help failed (${rc})")
endif()

# CMake lists split on ';' and treat brackets specially; the help has both, so they travel as placeholders.
string(REPLACE ";" "@SEMICOLON@" help "${help}")
string(REPLACE "[" "@OPEN@" help "${help}")
string(REPLACE "]" "@CLOSE@" help "${help}")

# Roff: a backslash is \e, a hyphen in an option is a minus sign \-, and a line must not start with a control
# character. Troff reads bytes, not UTF-8, so the few non-ASCII characters the help uses become groff's named
# characters (a menu item's "…", a menu path's "▸", dashes, "×").
function(roff_text text out)
    string(REPLACE "\\" "\\e" text "${text}")
    string(REPLACE "-" "\\-" text "${text}")
    string(REPLACE "…" "\\&..." text "${text}")
    string(REPLACE "▸" "\\[u25B8]" text "${text}")
    string(REPLACE "–" "\\(en" text "${text}")
    string(REPLACE "—" "\\(em" text "${text}")
    string(REPLACE "×" "\\(mu" text "${text}")
    string(REPLACE "@SEMICOLON@" ";" text "${text}")
    string(REPLACE "@OPEN@" "[" text "${text}")
    string(REPLACE "@CLOSE@" "]" text "${text}")
    string(REGEX REPLACE "^([.'])" "\\\\&\\1" text "${text}")
    set(${out} "${text}" PARENT_SCOPE)
endfunction()

string(REPLACE "\n" ";" lines "${help}")
set(section "")
set(page "")
foreach(line IN LISTS lines)
    if(line MATCHES "^certdrill-cli: (.*)$")
        roff_text("${CMAKE_MATCH_1}" what)
        string(APPEND page ".SH NAME\ncertdrill\\-cli \\- ${what}\n")
    elseif(line MATCHES "^Usage: certdrill-cli (.*)$")
        roff_text("${CMAKE_MATCH_1}" usage)
        string(APPEND page ".SH SYNOPSIS\n.B certdrill\\-cli\n${usage}\n"
            ".SH DESCRIPTION\n"
            "certdrill\\-cli manages the question packs and the study database of certdrill(1), the NCP\\-GENL "
            "exam practice app, without a display: instructors check and lint packs, candidates import them, "
            "read their tracker and history, and back up or restore their progress.\n"
            "The app and certdrill\\-cli share one database and may be used at the same time.\n")
    elseif(line MATCHES "^Global options")
        string(APPEND page ".SH OPTIONS\nGlobal options come before the command.\n")
        set(section list)
    elseif(line MATCHES "^Commands:")
        string(APPEND page ".SH COMMANDS\n")
        set(section list)
    elseif(line MATCHES "^Exit codes: (.*)$")
        roff_text("${CMAKE_MATCH_1}" codes)
        string(APPEND page ".SH EXIT STATUS\n${codes}\n")
        set(section "")
    elseif(section STREQUAL "list" AND line MATCHES "^  [^ ]")
        string(STRIP "${line}" entry)
        set(text "")
        if(entry MATCHES "^(.*[^ ])   *([^ ].*)$")
            set(entry "${CMAKE_MATCH_1}")
            set(text "${CMAKE_MATCH_2}")
        endif()
        # The command or option in bold, its arguments in roman.
        string(REGEX MATCH "^[^ ]+" name "${entry}")
        string(LENGTH "${name}" nameLength)
        string(SUBSTRING "${entry}" ${nameLength} -1 arguments)
        roff_text("${name}" name)
        roff_text("${arguments}" arguments)
        string(APPEND page ".TP\n\\fB${name}\\fR${arguments}\n")
        if(NOT text STREQUAL "")
            roff_text("${text}" text)
            string(APPEND page "${text}\n")
        endif()
    elseif(section STREQUAL "list" AND line MATCHES "^   +([^ ].*)$")
        roff_text("${CMAKE_MATCH_1}" text)
        string(APPEND page "${text}\n")
    endif()
endforeach()

if(NOT page MATCHES "SH NAME" OR NOT page MATCHES "SH COMMANDS" OR NOT page MATCHES "SH EXIT STATUS")
    message(FATAL_ERROR "${CLI} --help no longer has the sections CliManPage.cmake reads:\n${help}")
endif()

file(WRITE ${OUTPUT}
    ".\\\" certdrill-cli(1), generated from certdrill-cli --help by cmake/CliManPage.cmake; do not edit.\n"
    ".TH CERTDRILL\\-CLI 1 \"${DATE}\" \"certdrill ${VERSION}\" \"User Commands\"\n"
    "${page}"
    ".SH FILES\n"
    ".TP\n\\fI$XDG_DATA_HOME/certdrill/certdrill.db\\fR (else \\fI~/.local/share/certdrill/certdrill.db\\fR)\n"
    "The study database, shared with certdrill(1).\n"
    ".TP\n\\fIcertdrill.db.YYYY\\-MM\\-DDTHH\\-MM\\-SS.bak\\fR, \\fIcertdrill.db.before\\-vN.bak\\fR\n"
    "Beside the database: what a restore replaced, and the database as it was before a schema migration.\n"
    ".TP\n\\fI/usr/share/certdrill/questions/ncp\\-genl/*.json\\fR\n"
    "The bundled question bank (under the installation prefix), for "
    "\\fBcertdrill\\-cli import\\fR on a machine without the app.\n"
    ".SH SEE ALSO\n"
    "certdrill(1); the user guide in \\fI/usr/share/doc/certdrill/user\\-guide.md\\fR.\n")
