#!/bin/sh
# SiteLookupAgreementTest, run by CTest: LookupAgreementDump writes the page's
# data files and the C++ rankings of the sample KB (and of the deadends.dev
# corpus when CORPUS_DIR is there) into WORK_DIR; lookup-agreement.mjs ranks
# the same texts with resources/site/lookup.js in node's vm and compares.
# Exits 77 (CTest's SKIP_RETURN_CODE) with a message where node 18 or later
# is absent.
#
#   sh run-lookup.sh SOURCE_DIR WORK_DIR DUMP CORPUS_DIR
set -u
src=$1
work=$2
dump=$3
corpus=$4

if ! command -v node >/dev/null 2>&1; then
    echo "SKIP: node is needed for the page's lookup agreement test (apt-get install nodejs)"
    exit 77
fi
major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$major" -lt 18 ]; then
    echo "SKIP: node $(node --version) is older than 18, which the site's scripts target"
    exit 77
fi
rm -rf "$work"
mkdir -p "$work"
"$dump" "$work" "$corpus" || exit 1
exec node "$src/tests/app/site-js/lookup-agreement.mjs" "$src/resources/site/lookup.js" "$work"
