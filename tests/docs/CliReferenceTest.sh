#!/bin/sh
# CliReferenceTest ERRATA CLI_MD
#
# Checks docs/cli.md against the program, both ways, so that a command or
# an option renamed in one place and not the other fails: every command
# that `errata --help` lists has a section "## errata COMMAND", and every
# such section names a command it lists; every option that `errata
# COMMAND --help` lists (-h and --help aside) is in that section's list of
# options (lines "- `--name ...`: ..."), and every option that the section
# lists or mentions, or the synopsis at the top gives the command, is one
# that its --help lists. The window's options ("## errata (the desktop
# program)") are checked against `errata --help` in the same way, -h and
# --help included. InstallTreeTest checks the manual page against the
# same help.
set -eu

errata=$1
doc=$2

failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

[ -f "$doc" ] || { echo "FAIL: $doc does not exist"; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/errata-cli-doc.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

# The option names of a --help text: its option lines start with two spaces
# and a dash ("  -o, --output OUT   Write ..."; a wrapped description is
# indented further), the names end where two spaces start the description.
help_options() {
    sed -n 's/^  \(-[^ ].*\)$/\1/p' | sed 's/   *.*//' | tr ',' '\n' |
        sed -n 's/^ *\(--*[a-zA-Z][a-zA-Z-]*\).*/\1/p' | sort -u
}
# The sections of cli.md, one file each: "window" for "## errata (...)",
# the command's name for "## errata COMMAND", "other" for any other "## ".
awk -v dir="$work" '
    /^## errata [a-z][a-z-]*$/ { out = dir "/doc." $3; print "" > out; next }
    /^## errata \(/ { out = dir "/doc.window"; print "" > out; next }
    /^## / { out = dir "/doc.other"; next }
    out != "" { print >> out }
' "$doc"
# Options listed in a section: "- `-o`, `--output OUT`: ...", the names
# before the first "`:"; options mentioned anywhere in it: every --name.
listed_options() {
    grep -- '^- `-' "$1" | sed 's/`:.*//' | grep -o -- '`--*[a-zA-Z][a-zA-Z-]*' | tr -d '`' | sort -u
}
mentioned_options() {
    grep -o -- '--[a-z][a-z-]*' "$1" | sort -u || true
}
# Synopsis: the first code block's lines "errata COMMAND ...".
awk '/^```/ { n++; next } n == 1' "$doc" >"$work/synopsis"

help=$(QT_QPA_PLATFORM=offscreen "$errata" --help 2>&1) || fail "errata --help exits with an error"
commands=$(printf '%s\n' "$help" | sed -n '/^Commands/,/^$/p' | sed -n 's/^  \([a-z][a-z-]*\).*/\1/p')
[ -n "$commands" ] || fail "errata --help lists no command"

# Commands, both ways.
for command in $commands; do
    [ -f "$work/doc.$command" ] || fail "$doc has no section \"## errata $command\" for the command $command"
done
for section in "$work"/doc.*; do
    name=${section##*/doc.}
    case $name in window | other) continue ;; esac
    printf '%s\n' $commands | grep -qx -- "$name" ||
        fail "$doc has a section for \"errata $name\", a command that errata --help does not list"
done
[ -f "$work/doc.window" ] || fail "$doc has no section \"## errata (the desktop program)\" for the window's options"

# Options, both ways, command by command; "" is the window.
check_options() { # NAME SECTION HELP_OPTIONS_FILE
    name=$1
    section=$2
    shown=${name:-errata}
    [ -n "$name" ] && shown="errata $name"
    [ -f "$section" ] || return 0
    listed_options "$section" >"$work/listed"
    for option in $(cat "$3"); do
        if [ -n "$name" ]; then case $option in -h | --help) continue ;; esac; fi
        grep -qx -- "$option" "$work/listed" || fail "$doc does not list the option $option of $shown"
    done
    for option in $(cat "$work/listed"); do
        grep -qx -- "$option" "$3" || fail "$doc lists the option $option of $shown, which \"$shown --help\" does not"
    done
    for option in $(mentioned_options "$section"); do
        grep -qx -- "$option" "$3" || fail "$doc mentions $option in the section of $shown, which \"$shown --help\" does not list"
    done
    synopsis=$(grep "^errata ${name:+$name }" "$work/synopsis" || true)
    [ -n "$name" ] || synopsis=$(grep -e '^errata \[' -e '^errata --' "$work/synopsis" || true)
    for option in $(printf '%s\n' "$synopsis" | grep -o -- '--[a-z][a-z-]*' | sort -u || true); do
        grep -qx -- "$option" "$3" || fail "$doc's synopsis gives $shown the option $option, which \"$shown --help\" does not list"
    done
    [ -n "$synopsis" ] || fail "$doc's synopsis has no line for $shown"
}
printf '%s\n' "$help" | help_options >"$work/help.window"
check_options "" "$work/doc.window" "$work/help.window"
for command in $commands; do
    command_help=$("$errata" "$command" --help 2>&1) || fail "errata $command --help exits with an error"
    printf '%s\n' "$command_help" | help_options >"$work/help.$command"
    [ -s "$work/help.$command" ] || fail "errata $command --help lists no option"
    check_options "$command" "$work/doc.$command" "$work/help.$command"
done

if [ "$failures" -gt 0 ]; then
    echo "$failures checks failed"
    exit 1
fi
echo "$doc describes every command and option of errata --help, and no other."
