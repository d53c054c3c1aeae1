#!/usr/bin/env bash
# Installs the Debian packages Folio needs, and only those that are missing.
#
#   scripts/ensure-system-deps.sh           libcmark-dev, libgumbo-dev, libmimalloc-dev, libcurl4 (to build and run
#                                           folio), nodejs and node-highlight.js (folio highlights code with them)
#   scripts/ensure-system-deps.sh --browser the same, and chromium, chromium-driver
#                                           Python's venv (for the browser tests)
#                                           and cmark-gfm (the oracle of the GFM tests)
#
# Presence is checked cheaply first (pkg-config, dpkg-query, command -v), so a run
# on a machine that has everything takes milliseconds and touches no network.
# When something is missing: one `apt-get update`, then one `apt-get install -y`
# of everything missing; with sudo only when not running as root.
set -euo pipefail

browser=0
for arg in "$@"; do
  case "$arg" in
    --browser) browser=1 ;;
    *) echo "usage: $0 [--browser]" >&2; exit 2 ;;
  esac
done

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

missing=()
command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
pkg-config --exists libcmark 2>/dev/null || missing+=(libcmark-dev)
pkg-config --exists gumbo 2>/dev/null || missing+=(libgumbo-dev)
# mimalloc, folio's allocator (libmimalloc-dev ships no pkg-config file).
installed libmimalloc-dev || missing+=(libmimalloc-dev)
{ command -v node >/dev/null 2>&1 || command -v nodejs >/dev/null 2>&1; } || missing+=(nodejs)
[ -f /usr/share/nodejs/highlight.js/lib/highlight.js ] || missing+=(node-highlight.js)
# libcurl: Foundation's networking, which `folio check --external` uses (the folio binary links it).
[ -e /usr/lib/x86_64-linux-gnu/libcurl.so.4 ] || [ -e /usr/lib/aarch64-linux-gnu/libcurl.so.4 ] || ldconfig -p 2>/dev/null | grep -q 'libcurl.so.4 ' || missing+=(libcurl4)

if [ "$browser" = 1 ]; then
  { installed chromium && [ -x /usr/bin/chromium ]; } || missing+=(chromium)
  { installed chromium-driver && [ -x /usr/bin/chromedriver ]; } || missing+=(chromium-driver)
  command -v cmark-gfm >/dev/null 2>&1 || missing+=(cmark-gfm)
  if ! command -v python3 >/dev/null 2>&1; then
    missing+=(python3 python3-venv)
  elif ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
    missing+=(python3-venv)
  fi
fi

[ "${#missing[@]}" -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  echo "error: missing Debian packages: ${missing[*]}; install them as root (no sudo here)" >&2
  exit 1
fi

echo "==> installing missing Debian packages: ${missing[*]}"
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
  apt-get install -y -q -o Dpkg::Use-Pty=0 "${missing[@]}"

for pc in libcmark gumbo; do
  if ! pkg-config --exists "$pc"; then
    echo "error: the Debian package for $pc is installed but pkg-config cannot find $pc" >&2
    exit 1
  fi
done
