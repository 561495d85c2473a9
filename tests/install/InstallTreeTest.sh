#!/bin/sh
# InstallTreeTest BUILD_DIR APP_ID VERSION
#
# Installs the build into a temporary DESTDIR under the prefix /usr (as the
# Debian package does) and checks what `cmake --install` laid out: every
# file of packaging/CMakeLists.txt, the icons' sizes, the installed binary
# (--version), the desktop entry under desktop-file-validate and the
# AppStream metadata under appstreamcli validate --no-net (each skipped with
# a message when not installed), and the manual page: it formats without a
# warning (with groff, when installed) and describes every command and
# option that the installed errata's --help lists.
set -eu

build=$1
app_id=$2
version=$3

failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}
pass() {
    echo "PASS: $*"
}

root=$(mktemp -d "${TMPDIR:-/tmp}/errata-install.XXXXXX")
trap 'rm -rf "$root"' EXIT INT TERM
DESTDIR=$root "${CMAKE:-cmake}" --install "$build" --prefix /usr >"$root.log" 2>&1 || {
    cat "$root.log"
    rm -f "$root.log"
    echo "FAIL: cmake --install $build"
    exit 1
}
rm -f "$root.log"
usr=$root/usr
share=$usr/share

# The layout.
expect_file() {
    if [ -f "$usr/$1" ] && [ -s "$usr/$1" ]; then pass "$1"; else fail "$1 is not installed (or empty)"; fi
}
expect_file bin/errata
[ -x "$usr/bin/errata" ] || fail "bin/errata is not executable"
expect_file "share/applications/$app_id.desktop"
expect_file "share/metainfo/$app_id.metainfo.xml"
expect_file "share/icons/hicolor/scalable/apps/$app_id.svg"
for size in 16 22 24 32 48 64 128 256 512; do
    png=share/icons/hicolor/${size}x${size}/apps/$app_id.png
    expect_file "$png"
    [ -f "$usr/$png" ] || continue
    # A PNG: the signature, then IHDR's width and height (big-endian, bytes 16 to 23).
    signature=$(od -An -tx1 -N8 "$usr/$png" | tr -d ' \n')
    [ "$signature" = 89504e470d0a1a0a ] || fail "$png is not a PNG"
    set -- $(od -An -tu1 -j16 -N8 "$usr/$png")
    width=$(($1 * 16777216 + $2 * 65536 + $3 * 256 + $4))
    height=$(($5 * 16777216 + $6 * 65536 + $7 * 256 + $8))
    [ "$width" = "$size" ] && [ "$height" = "$size" ] || fail "$png is ${width}x$height, not ${size}x$size"
done
expect_file share/errata/schema/record.schema.json
expect_file share/man/man1/errata.1
expect_file "share/doc/errata/examples/errata-serve@.service"
expect_file share/doc/errata/examples/nginx-errata.conf
unexpected=$(find "$root" -type f | sed "s|^$usr/||" | grep -v -e '^bin/errata$' -e '^share/applications/' \
    -e '^share/metainfo/' -e '^share/icons/hicolor/' -e '^share/errata/schema/' -e '^share/man/man1/' \
    -e '^share/doc/errata/examples/' || true)
[ -z "$unexpected" ] || fail "files installed outside the documented layout: $unexpected"

# The installed program starts, and says its version.
said=$("$usr/bin/errata" --version 2>&1) || fail "errata --version exits with an error: $said"
[ "$said" = "Errata $version" ] && pass "errata --version: $said" || fail "errata --version says \"$said\", not \"Errata $version\""

# The desktop entry and the metainfo name each other and the icon.
desktop=$share/applications/$app_id.desktop
metainfo=$share/metainfo/$app_id.metainfo.xml
grep -qx 'Exec=errata %f' "$desktop" || fail "the desktop entry's Exec is not \"errata %f\""
grep -qx "Icon=$app_id" "$desktop" || fail "the desktop entry's Icon is not $app_id"
grep -q "<id>$app_id</id>" "$metainfo" || fail "the metainfo's id is not $app_id"
grep -q "<launchable type=\"desktop-id\">$app_id.desktop</launchable>" "$metainfo" ||
    fail "the metainfo does not launch $app_id.desktop"
grep -q "<release version=\"$version\" date=\"[0-9-]*\"" "$metainfo" || fail "the metainfo has no release $version"
grep -q '<image type="source">https://' "$metainfo" || fail "the metainfo has no https screenshot"
if grep -q '@' "$metainfo" "$usr/share/man/man1/errata.1"; then
    fail "a @VARIABLE@ was left unreplaced: $(grep -n '@' "$metainfo" "$usr/share/man/man1/errata.1")"
fi

# The validators, when installed.
if command -v desktop-file-validate >/dev/null 2>&1; then
    if said=$(desktop-file-validate "$desktop" 2>&1) && [ -z "$said" ]; then
        pass "desktop-file-validate"
    else
        fail "desktop-file-validate: $said"
    fi
else
    echo "SKIP: desktop-file-validate is not installed (Debian: desktop-file-utils)"
fi
if command -v appstreamcli >/dev/null 2>&1; then
    # Clean: no error, warning or info, pedantic notes aside.
    if said=$(appstreamcli validate --no-net --no-color "$metainfo" 2>&1) &&
        ! printf '%s\n' "$said" | grep -q '^[EWI]:'; then
        pass "appstreamcli validate --no-net"
    else
        fail "appstreamcli validate --no-net: $said"
    fi
else
    echo "SKIP: appstreamcli is not installed (Debian: appstream)"
fi

# The manual page.
man=$usr/share/man/man1/errata.1
if command -v groff >/dev/null 2>&1; then
    said=$(groff -man -ww -z -Tutf8 "$man" 2>&1) && [ -z "$said" ] && pass "groff -man -ww" ||
        fail "groff -man -ww: $said"
else
    echo "SKIP: groff is not installed: the manual page's roff is not checked"
fi
# Every command that errata --help lists has a section (.SS), and every
# option that it and each command's --help list is described ("\-\-name").
help=$(QT_QPA_PLATFORM=offscreen "$usr/bin/errata" --help 2>&1) || fail "errata --help exits with an error"
commands=$(printf '%s\n' "$help" | sed -n '/^Commands/,/^$/p' | sed -n 's/^  \([a-z][a-z-]*\).*/\1/p')
[ -n "$commands" ] || fail "errata --help lists no command"
options=$(printf '%s\n' "$help" | grep -o -- '--[a-z][a-z-]*' || true)
for command in $commands; do
    roff=$(printf '%s' "$command" | sed 's/-/\\-/g')
    grep -q -F -e ".SS \"$roff" -e ".SS $roff" "$man" && pass "man page: $command" ||
        fail "the manual page has no section for the command $command"
    command_help=$("$usr/bin/errata" "$command" --help 2>&1) || fail "errata $command --help exits with an error"
    options="$options $(printf '%s\n' "$command_help" | grep -o -- '--[a-z][a-z-]*' || true)"
done
for option in $(printf '%s\n' $options | sort -u); do
    roff=$(printf '%s' "$option" | sed 's/-/\\-/g')
    grep -q -F -- "$roff" "$man" || fail "the manual page does not describe $option"
done

if [ "$failures" -gt 0 ]; then
    echo "$failures checks failed"
    exit 1
fi
echo "The install tree is complete and valid."
