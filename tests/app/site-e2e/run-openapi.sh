#!/bin/sh
# SiteOpenApiTest, run by CTest: installs the pinned packages (package-lock.json)
# with `npm ci --ignore-scripts` (no browser is downloaded) into WORK_DIR, writes
# the JSON API of the sample KB with DUMP (ApiFilesDump) without and with a base
# URL, and checks each with check-openapi.mjs. Exits 77 (CTest's
# SKIP_RETURN_CODE) with a message where node 18 or later or npm is absent or
# the registry cannot be reached.
#
#   sh run-openapi.sh SOURCE_DIR WORK_DIR DUMP
set -u
src=$1
work=$2
dump=$3
here=$src/tests/app/site-e2e

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    echo "SKIP: node and npm are needed for the OpenAPI check (apt-get install nodejs npm)"
    exit 77
fi
major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$major" -lt 18 ]; then
    echo "SKIP: node $(node --version) is older than 18, which the OpenAPI validator needs"
    exit 77
fi
mkdir -p "$work"
cp "$here/package.json" "$here/package-lock.json" "$here/check-openapi.mjs" "$work/"
# npm ci again only when the lock file changed since the last install.
if ! cmp -s "$work/package-lock.json" "$work/node_modules/.installed-lock" 2>/dev/null; then
    if ! (cd "$work" && npm ci --no-audit --no-fund --ignore-scripts >npm-ci.log 2>&1); then
        echo "SKIP: npm ci could not install the OpenAPI validator (is the npm registry reachable?):"
        tail -5 "$work/npm-ci.log"
        exit 77
    fi
    cp "$work/package-lock.json" "$work/node_modules/.installed-lock"
fi
# A hostile KB: markup, CDATA ends, controls and U+2028 in the text, an id
# that is no path, a duplicate id, a byte order mark and CRLF.
hostile=$work/hostile-kb
rm -rf "$hostile"
mkdir -p "$hostile/d"
printf '{"id": "d/one", "signature": "<script>x</script> ]]> *[a](javascript:b)\\u0001\u2028", "domain": "d", "category": "c", "root_cause": "</script><!--", "last_updated": "2026-01-02"}\n' >"$hostile/d/one.json"
printf '{"id": "../x", "signature": "dots", "domain": "d", "category": "c"}\n' >"$hostile/d/x.json"
printf '\357\273\277{\r\n"id": "d/one", "signature": "again", "domain": "d", "category": "c"\r\n}\r\n' >"$hostile/d/z.json"
status=0
for kb in "$src/resources/sample-kb" "$hostile"; do
    for base in "" "https://kb.example/errata"; do
        out=$work/site-$(basename "$kb")${base:+-base}
        rm -rf "$out"
        "$dump" "$kb" "$out" "$base" || exit 1
        (cd "$work" && node check-openapi.mjs "$out") || status=1
    done
done
exit $status
