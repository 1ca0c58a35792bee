#!/bin/sh
# The system packages `make book` and `make test` need, installed when they can be.
#
#   sh tools/system-packages.sh book   Node.js 18+ and npm (npm ci fetches the pinned Pyodide)
#   sh tools/system-packages.sh test   also chromium (the browser tests) and a CJK font
#                                      (so the browser shows the Chinese text)
#
# Also python3-venv when $PYTHON cannot make a virtual environment (Debian's
# python3 without it has no ensurepip).  When something is missing and this
# runs as root on a machine with apt-get, it installs the Debian packages and
# checks again; otherwise it prints one line naming the command to run and
# exits 1.  Silent when everything is present.
#
# Variables: PYTHON (default python3), CHROMIUM (default /usr/bin/chromium).
# Uses only shell built-ins and the commands it looks for, so a test can run it
# with a PATH of stubs (tests/book/test_setup.py).
set -u
goal=${1:-test}
case $goal in
    book|test) ;;
    *) echo "usage: sh tools/system-packages.sh book|test" >&2; exit 2 ;;
esac
PYTHON=${PYTHON:-python3}
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}

missing=""     # Debian packages to install
old_node=""    # the version of a node that is too old

check() {
    missing=""
    old_node=""
    if ! "$PYTHON" -c 'import ensurepip, venv' >/dev/null 2>&1; then
        missing="$missing python3-venv"
    fi
    if command -v node >/dev/null 2>&1; then
        version=$(node --version 2>/dev/null)
        major=${version#v}
        major=${major%%.*}
        case $major in
            ''|*[!0-9]*) old_node=${version:-unknown} ;;
            *) [ "$major" -ge 18 ] || old_node=$version ;;
        esac
    else
        missing="$missing nodejs"
    fi
    command -v npm >/dev/null 2>&1 || missing="$missing npm"
    [ "$goal" = test ] || return 0
    [ -x "$CHROMIUM" ] || missing="$missing chromium"
    if command -v fc-list >/dev/null 2>&1; then
        [ -n "$(fc-list :lang=zh family 2>/dev/null)" ] || missing="$missing fonts-noto-cjk"
    else
        missing="$missing fonts-noto-cjk"
    fi
}

check
if [ -n "$old_node" ]; then
    echo "error: make $goal needs Node.js 18 or newer and this machine has node $old_node:" \
         "install a newer nodejs (Debian 12 ships 18), then run make $goal again" >&2
    exit 1
fi
[ -z "$missing" ] && exit 0
missing=${missing# }

if [ "$(id -u 2>/dev/null)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "make $goal: installing $missing (apt-get, as root)"
    apt-get update -qq >/dev/null &&
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
    status=$?
    check
    still="${missing# }${old_node:+ node 18+}"
    if [ $status -ne 0 ] || [ -n "$still" ]; then
        echo "error: apt-get install did not provide everything make $goal needs" \
             "(still missing: ${still:-see apt-get's message}): install them," \
             "then run make $goal again" >&2
        exit 1
    fi
    exit 0
fi
if command -v apt-get >/dev/null 2>&1; then
    echo "error: make $goal needs $missing: run \`sudo apt-get install -y $missing\`," \
         "then make $goal again" >&2
else
    echo "error: make $goal needs $missing (Debian package names): install them" \
         "with your system's package manager, then run make $goal again" >&2
fi
exit 1
