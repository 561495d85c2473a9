#!/bin/sh
# SiteBrowserTest, run by CTest: installs the pinned puppeteer-core
# (package-lock.json) with `npm ci` into WORK_DIR and runs browser.mjs with
# Debian's Chromium, then checks that site's JSON API with check-openapi.mjs. Exits 77 (CTest's SKIP_RETURN_CODE) with a message where
# node 18 or later, npm or /usr/bin/chromium is absent, or the registry
# cannot be reached.
#
#   sh run-browser.sh SOURCE_DIR WORK_DIR ERRATA [--screenshots DIR]
set -u
src=$1
work=$2
errata=$3
shift 3
here=$src/tests/app/site-e2e
chromium=${ERRATA_CHROMIUM:-/usr/bin/chromium}

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    echo "SKIP: node and npm are needed for the browser test (apt-get install nodejs npm)"
    exit 77
fi
if [ "$(node -p 'process.versions.node.split(".")[0]')" -lt 18 ]; then
    echo "SKIP: node $(node --version) is older than 18, which puppeteer-core needs"
    exit 77
fi
if [ ! -x "$chromium" ]; then
    echo "SKIP: $chromium is not installed (apt-get install chromium)"
    exit 77
fi
mkdir -p "$work"
cp "$here/package.json" "$here/package-lock.json" "$here"/*.mjs "$work/"
if ! cmp -s "$work/package-lock.json" "$work/node_modules/.installed-lock" 2>/dev/null; then
    if ! (cd "$work" && npm ci --no-audit --no-fund --ignore-scripts >npm-ci.log 2>&1); then
        echo "SKIP: npm ci could not install puppeteer-core (is the npm registry reachable?):"
        tail -5 "$work/npm-ci.log"
        exit 77
    fi
    cp "$work/package-lock.json" "$work/node_modules/.installed-lock"
fi
cd "$work" || exit 1
node browser.mjs "$errata" "$src/resources/sample-kb" "$src/tests/bench/lookup-cases.json" "$work" "$@" || exit 1
# The API of the site the browser read, as `errata publish` wrote it (match.json included).
exec node check-openapi.mjs "$work/site"
