#!/bin/sh
# Renders every screenshot in docs/screenshots from the bundled sample KB,
# each in a fresh settings and data folder (so the first-run sample copy is
# used). Run from the top of the source tree after building into build/.
set -eu
app=${ERRATA:-build/app/errata}
out=docs/screenshots
log=docs/examples/ci-failure.log
shot() {
    file=$1
    shift
    tmp=$(mktemp -d)
    mkdir -p "$tmp/c/Errata"
    # The graph shot shows two rings; SCHEME=dark picks the dark colours.
    printf '[graph]\ndepth=2\n[ui]\ncolorScheme=%s\n' "${SCHEME:-system}" > "$tmp/c/Errata/Errata.conf"
    QT_QPA_PLATFORM=offscreen XDG_CONFIG_HOME="$tmp/c" XDG_DATA_HOME="$tmp/d" XDG_CACHE_HOME="$tmp/cache" \
        "$app" --screenshot "$out/$file" "$@"
    rm -rf "$tmp"
}
shot browser-search.png --select pytorch/cuda-out-of-memory --search memory
shot browser-card.png --select pytorch/nan-loss-step
shot editor.png --select pytorch/cuda-out-of-memory --edit
shot graph.png --select kubernetes/oomkilled --graph
shot workbench.png --select node/eaddrinuse --workbench "$log"
shot log-matcher.png --select pytorch/cuda-out-of-memory --match "$log"
shot review.png --review --select kubernetes/pending-insufficient-resources
SCHEME=dark shot dark.png --select pytorch/cuda-out-of-memory --search memory
shot main-zh.png --language zh_CN --select pytorch/cuda-out-of-memory --search 内存
# A text of several lines given to --search is looked up, as a paste is.
traceback='Traceback (most recent call last):
  File "/home/ci/app/.venv/lib/python3.11/site-packages/app/cli.py", line 12, in <module>
    from app.fetch import download
  File "/home/ci/app/.venv/lib/python3.11/site-packages/app/fetch.py", line 3, in <module>
    import requests
ModuleNotFoundError: No module named '"'requests'"
shot lookup.png --select python/module-not-found --search "$traceback"
shot lookup-zh.png --language zh_CN --select python/module-not-found --search "$traceback"
# A KB in git, with records changed since the last commit (git is needed
# only to make the repository; Errata reads it with libgit2).
if command -v git >/dev/null; then
    repo=$(mktemp -d)
    cp -r resources/sample-kb "$repo/kb"
    git -C "$repo" init -q -b main
    git -C "$repo" add -A
    git -C "$repo" -c user.name=Curator -c user.email=curator@example.invalid commit -q -m "KB"
    sed -i 's/"confidence": [0-9.]*/"confidence": 0.95/' "$repo/kb/docker/daemon-socket-permission-denied.json"
    sed -i 's/"fix_success_rate": [0-9.]*/"fix_success_rate": 0.7/' "$repo/kb/pytorch/cuda-out-of-memory.json"
    sed -e 's/"id": "docker\/no-space-left-on-device"/"id": "docker\/disk-quota-exceeded"/' \
        -e 's/No space left on device/Disk quota exceeded/g' \
        "$repo/kb/docker/no-space-left-on-device.json" > "$repo/kb/docker/disk-quota-exceeded.json"
    rm "$repo/kb/docker/exec-format-error.json"
    shot git-states.png "$repo/kb" --select pytorch/cuda-out-of-memory --search changed
    # Two branches change one record: both its confidence, only one its root cause.
    git -C "$repo" checkout -q -- .
    rm "$repo/kb/docker/disk-quota-exceeded.json"
    record=kb/pytorch/cuda-out-of-memory.json
    commit() { git -C "$repo" -c user.name=Curator -c user.email=curator@example.invalid commit -q -a -m "$1"; }
    git -C "$repo" checkout -q -b other
    sed -i 's/"confidence": [0-9.]*/"confidence": 0.7/' "$repo/$record"
    sed -i 's/"fix_success_rate": [0-9.]*/"fix_success_rate": 0.55/' "$repo/$record"
    commit "theirs"
    git -C "$repo" checkout -q main
    sed -i 's/"confidence": [0-9.]*/"confidence": 0.95/' "$repo/$record"
    sed -i 's/"fix_success_rate": [0-9.]*/"fix_success_rate": 0.8/' "$repo/$record"
    sed -i 's/"verification_tier": "[a-z_]*"/"verification_tier": "community_confirmed"/' "$repo/$record"
    commit "ours"
    git -C "$repo" merge -q other >/dev/null 2>&1 || true
    shot conflict-view.png "$repo/kb" --resolve pytorch/cuda-out-of-memory.json
    rm -rf "$repo"
else
    echo "git is not installed: git-states.png and conflict-view.png were not made" >&2
fi
