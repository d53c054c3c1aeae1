#!/usr/bin/env bash
# Creates (or repairs) the Python venv for the browser tests and installs the
# pinned requirements into it, then writes the stamp file Make checks.
#
#   scripts/ensure-venv.sh VENV_DIR REQUIREMENTS STAMP
set -euo pipefail

venv="$1" requirements="$2" stamp="$3"
python="${PYTHON:-python3}"

if ! "$venv/bin/python" -c 'import sys' >/dev/null 2>&1; then
  echo "==> creating Python venv $venv"
  rm -rf "$venv"
  "$python" -m venv "$venv"
fi

echo "==> installing $requirements into $venv"
PIP_NO_INPUT=1 PIP_DISABLE_PIP_VERSION_CHECK=1 \
  "$venv/bin/python" -m pip install -q -r "$requirements"

cp "$requirements" "$stamp"
