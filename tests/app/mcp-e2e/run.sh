#!/bin/sh
# McpSdkEndToEndTest, run by CTest: installs the pinned MCP SDK
# (package-lock.json) with `npm ci` into WORK_DIR, then runs e2e.mjs against
# the errata program (or SCRIPT, e2e-http.mjs for `errata serve`). Exits 77 (CTest's SKIP_RETURN_CODE) with a message
# where node 18 or later or npm is absent or the registry cannot be reached.
#
#   sh run.sh SOURCE_DIR WORK_DIR ERRATA [SCRIPT]
set -u
src=$1
work=$2
errata=$3
script=${4:-e2e.mjs}
here=$src/tests/app/mcp-e2e

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    echo "SKIP: node and npm are needed for the MCP SDK end-to-end test (apt-get install nodejs npm)"
    exit 77
fi
major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$major" -lt 18 ]; then
    echo "SKIP: node $(node --version) is older than 18, which the MCP SDK needs"
    exit 77
fi
mkdir -p "$work"
cp "$here/package.json" "$here/package-lock.json" "$here/$script" "$work/"
# npm ci again only when the lock file changed since the last install.
if ! cmp -s "$work/package-lock.json" "$work/node_modules/.installed-lock" 2>/dev/null; then
    if ! (cd "$work" && npm ci --no-audit --no-fund --ignore-scripts >npm-ci.log 2>&1); then
        echo "SKIP: npm ci could not install the MCP SDK (is the npm registry reachable?):"
        tail -5 "$work/npm-ci.log"
        exit 77
    fi
    cp "$work/package-lock.json" "$work/node_modules/.installed-lock"
fi
cd "$work" && exec node "$script" "$errata" "$src/resources/sample-kb" "$src/tests/bench/lookup-cases.json" "$work"
