#!/bin/sh
# InstallDebPackageTest BUILD_DIR APP_ID VERSION
#
# Builds the Debian package as `cpack -G DEB` does, into a temporary folder,
# and checks its control fields (dependencies worked out by dpkg-shlibdeps,
# maintainer, section, description) and that it holds the install tree
# under /usr. Skipped (exit 77) where dpkg-deb or dpkg-shlibdeps is missing.
# Installing it is left to a person (see docs/install.md, "The Debian package").
set -eu

build=$1
app_id=$2
version=$3

cpack=${CPACK:-cpack}
for tool in "$cpack" dpkg-deb dpkg-shlibdeps; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "SKIP: $tool is not installed (Debian: dpkg-dev): the .deb is not built"
        exit 77
    fi
done

out=$(mktemp -d "${TMPDIR:-/tmp}/errata-deb.XXXXXX")
trap 'rm -rf "$out"' EXIT INT TERM
if ! "$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$out" >"$out/cpack.log" 2>&1; then
    cat "$out/cpack.log"
    echo "FAIL: cpack -G DEB"
    exit 1
fi
set -- "$out"/errata_"$version"_*.deb
deb=$1
if [ ! -f "$deb" ]; then
    cat "$out/cpack.log"
    echo "FAIL: cpack made no errata_${version}_<arch>.deb in $out"
    exit 1
fi
echo "Built $(basename "$deb")"

failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

field() {
    dpkg-deb --field "$deb" "$1"
}
[ "$(field Package)" = errata ] || fail "Package is \"$(field Package)\""
[ "$(field Version)" = "$version" ] || fail "Version is \"$(field Version)\", not $version"
[ "$(field Section)" = devel ] || fail "Section is \"$(field Section)\""
[ -n "$(field Maintainer)" ] || fail "no Maintainer"
depends=$(field Depends)
echo "Depends: $depends"
for library in libqt6core6 libqt6gui6 libqt6widgets6 libqt6svg6 libre2- libc6 libstdc++6; do
    case ", $depends" in
        *", $library"*) ;;
        *) fail "Depends names no $library (dpkg-shlibdeps did not run?)" ;;
    esac
done
description=$(field Description)
[ "$(printf '%s\n' "$description" | wc -l)" -gt 2 ] || fail "the Description has no long text: $description"

contents=$(dpkg-deb --contents "$deb" | awk '{ print $NF }')
for path in ./usr/bin/errata "./usr/share/applications/$app_id.desktop" \
    "./usr/share/metainfo/$app_id.metainfo.xml" "./usr/share/icons/hicolor/scalable/apps/$app_id.svg" \
    "./usr/share/icons/hicolor/16x16/apps/$app_id.png" "./usr/share/icons/hicolor/512x512/apps/$app_id.png" \
    ./usr/share/errata/schema/record.schema.json ./usr/share/man/man1/errata.1 \
    "./usr/share/doc/errata/examples/errata-serve@.service" ./usr/share/doc/errata/examples/nginx-errata.conf; do
    printf '%s\n' "$contents" | grep -qx -- "$path" || fail "the package does not hold $path"
done
outside=$(printf '%s\n' "$contents" | grep -v -e '^\./$' -e '^\./usr/' || true)
[ -z "$outside" ] || fail "the package holds files outside /usr: $outside"

if [ "$failures" -gt 0 ]; then
    echo "$failures checks failed"
    exit 1
fi
echo "The Debian package is complete."
