#!/bin/sh
# SiteHtmlCheckTest ERRATA SAMPLE_KB
#
# Publishes the sample KB, and a KB of hostile records, and checks a sample
# of every kind of page in both languages with tidy (HTML5): no error, and no
# warning but the two that tidy 5.6 gives for valid markup it does not know
# (aria-current, and href on an SVG <a>, both current standards). Exit 77
# (skipped) when tidy is not installed.
set -eu

errata=$1
sample=$2

command -v tidy >/dev/null 2>&1 || { echo "SKIP: tidy is not installed (apt install tidy)"; exit 77; }
work=$(mktemp -d "${TMPDIR:-/tmp}/errata-tidy.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
export XDG_CACHE_HOME="$work/cache"

failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

# A KB whose records hold what anyone may have written.
mkdir -p "$work/hostile/web"
cat >"$work/hostile/web/script.json" <<'JSON'
{
  "id": "web/script",
  "signature": "Error <script>alert(1)</script> \"><img src=x onerror=alert(1)> </script><!-- \u202e \u2028",
  "signature_zh": "错误 <script>alert(2)</script>",
  "regex": "Error <script>",
  "domain": "web",
  "category": "x<y",
  "root_cause": "A </script> in text, a <!-- comment, & an ampersand, \u0007 a bell.",
  "dead_ends": [{"action": "<b>bold</b>", "why_fails": "javascript:alert(1)", "fail_rate": 0.5,
                 "sources": ["javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "relative/path"]}],
  "workarounds": [{"action": "\"quoted\" & 'single'", "success_rate": 0.9, "how": "<pre>x</pre>",
                   "sources": ["https://example.com/?a=<b>&c=\"d\""]}],
  "transition_graph": {"leads_to": [{"error_id": "web/<missing>", "probability": 0.5}]}
}
JSON
mkdir -p "$work/hostile/api"
cat >"$work/hostile/api/broken.json" <<'JSON'
{"id": "../x", "signature": "Broken id", "regex": "(", "domain": "api", "category": "test"}
JSON

"$errata" publish --kb "$sample" "$work/sample" >/dev/null 2>"$work/err" || { cat "$work/err"; fail "publish of the sample KB"; }
"$errata" publish --kb "$work/hostile" "$work/hostile-site" >/dev/null 2>"$work/err" ||
    { cat "$work/err"; fail "publish of the hostile KB"; }

check() {
    page=$1
    [ -f "$page" ] || { fail "$page was not written"; return; }
    status=0
    tidy -q -e --show-warnings yes --gnu-emacs yes "$page" >"$work/tidy.out" 2>&1 || status=$?
    grep -v -e 'proprietary attribute "aria-current"' -e '<a> proprietary attribute "href"' "$work/tidy.out" \
        >"$work/tidy.left" || true
    if [ "$status" -ge 2 ] || [ -s "$work/tidy.left" ]; then
        fail "tidy on ${page#"$work"/}:"
        cat "$work/tidy.left"
    fi
    checked=$((checked + 1))
}

checked=0
for site in "$work/sample" "$work/hostile-site"; do
    for language in "" "zh/"; do
        for page in index.html search.html lookup.html quality.html 404.html; do
            check "$site/$language$page"
        done
        for page in $(find "$site/${language}domains" -name '*.html' | sort | head -3); do check "$page"; done
        for page in $(find "$site/${language}records" -name '*.html' | sort | head -6); do check "$page"; done
    done
done
# The hostile text must be inert: no element or attribute from a record.
if grep -rl -e '<script>alert' -e '<img src=x' -e 'href="javascript:' -e 'href="data:' "$work/hostile-site" \
    --include='*.html' >"$work/leaks"; then
    fail "hostile markup reached a page: $(cat "$work/leaks")"
fi

echo "$checked pages checked"
[ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "PASS"
