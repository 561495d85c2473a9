#!/bin/sh
# SiteSearchParityTest, run by CTest: SearchParityDump writes the site's search
# data, the page's engine and the desktop search's answers to a few hundred
# queries for the sample KB and the shared corpus (when present) into WORK_DIR;
# search-parity.mjs runs the engine in node's vm and demands the same records
# in the same order for every query. Exits 77 (CTest's SKIP_RETURN_CODE) with a
# message where node 18 or later is absent.
#
#   sh run-search.sh SOURCE_DIR WORK_DIR SEARCH_PARITY_DUMP
set -u
src=$1
work=$2
dump=$3

if ! command -v node >/dev/null 2>&1; then
    echo "SKIP: node is needed for the site search parity test (apt-get install nodejs)"
    exit 77
fi
major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$major" -lt 18 ]; then
    echo "SKIP: node $(node --version) is older than 18, the oldest the site's scripts are written for"
    exit 77
fi
"$dump" "$work" || { echo "FAIL: SearchParityDump could not write $work"; exit 1; }
exec node "$src/tests/app/site-js/search-parity.mjs" "$work"
