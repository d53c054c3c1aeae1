"""Replays every site the fuzzer found crashing or hanging (Tests/Fuzz/regressions/*): none may crash or hang now.

Each folder holds the site (Content/, maybe Templates/), `command` (the folio command that failed) and
`verdict.txt` (what happened before the fix). The command and then `folio model` and `folio appearance`
on the site's pages run under the fuzzer's time-out and memory limit; exit 0, 1 or 2 is an answer,
anything else (a signal, another status, a time-out) fails the test.
"""

import os
import shutil

import pytest

import fuzz

REGRESSIONS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "regressions")
FOLIO = os.path.abspath(os.environ.get("FOLIO_BIN", os.path.join(fuzz.REPOSITORY, ".build/release/folio")))
SITES = sorted(name for name in os.listdir(REGRESSIONS) if os.path.isdir(os.path.join(REGRESSIONS, name)))


def test_there_are_regression_sites():
    assert len(SITES) >= 20


@pytest.mark.parametrize("name", SITES)
def test_a_site_that_crashed_folio_once_is_answered_now(name, tmp_path):
    root = tmp_path / "site"
    shutil.copytree(os.path.join(REGRESSIONS, name), root, symlinks=True)
    with open(root / "command") as handle:
        command = handle.read().split()
    pages = sorted(os.path.relpath(os.path.join(folder, file), root / "Content")
                   for folder, _, files in os.walk(root / "Content") for file in files if file.endswith(".md"))
    for arguments in [command] + fuzz.commands(str(root), pages):
        verdict, status, stderr = fuzz.run_folio(FOLIO, arguments, str(root), timeout=20, memory_mb=2048)
        assert verdict is None, f"folio {' '.join(arguments)} → {verdict}\n{stderr.decode('utf-8', 'replace')[-3000:]}"
        assert status in (0, 1, 2)


def test_the_fuzzer_is_deterministic(tmp_path):
    import random
    first, second = tmp_path / "first", tmp_path / "second"
    pages_first = fuzz.generate(random.Random("folio:7"), str(first))
    pages_second = fuzz.generate(random.Random("folio:7"), str(second))
    assert pages_first == pages_second
    for folder, _, files in os.walk(first):
        for file in files:
            path = os.path.join(folder, file)
            with open(path, "rb") as a, open(os.path.join(second, os.path.relpath(path, first)), "rb") as b:
                assert a.read() == b.read(), path
