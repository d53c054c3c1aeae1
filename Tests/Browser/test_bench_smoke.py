"""`make bench` cannot rot: Benchmarks/bench.py, end to end, on a corpus of 50 documents, one run.

The same code path as `make bench`: it installs hugo when missing, builds the release folio and
cmark-floor, generates the corpus and the Hugo site, measures the cases, the list-heavy corpus and the site shapes and writes the report
(here into a temporary directory, so BENCHMARKS.md is left alone). Budgets are not asserted; what they assume
of the binary (its allocator) is.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys

from helpers import REPO_ROOT

BENCH = REPO_ROOT / "Benchmarks" / "bench.py"

ROWS = [
    "floor: `cmark-floor`",
    "folio full: `folio build --no-cache`",
    "folio full, code not highlighted: `FOLIO_HIGHLIGHT=off folio build --no-cache`",
    "folio full without the search index: `search: false`",
    "folio full without navigation: sidebar, breadcrumbs, contents and pager partials empty",
    "folio no-op: `folio build`, nothing changed",
    "folio one edit: `folio build`, one page edited",
    "folio serve one edit: the rebuild time it prints",
    "hugo: `hugo`",
    "folio full / floor",
    "highlighting: full / full not highlighted",
    "folio full peak memory",
    "search index: full / full without it",
    "navigation: full / full without it",
    "hugo / folio full",
    "no-op / full",
    "one edit in `folio serve`",
    "one edit, a whole `folio build` process",
    "growth: 100k / 10k full",
]


def test_bench_runs_end_to_end_on_a_tiny_corpus(tmp_path):
    work, report = tmp_path / "work", tmp_path / "BENCHMARKS.md"
    proc = subprocess.run(
        [sys.executable, str(BENCH), "--n", "50", "--runs", "1", "--work", str(work), "--report", str(report)],
        cwd=REPO_ROOT, capture_output=True, text=True, timeout=1800)
    assert proc.returncode == 0, f"bench.py exited {proc.returncode}\n--- stdout\n{proc.stdout}\n--- stderr\n{proc.stderr}"

    text = report.read_text(encoding="utf-8")
    assert re.search(r"<!-- bench N=50 on \S+ begin -->.*<!-- bench N=50 on \S+ end -->", text, re.S)
    for row in ROWS:
        assert re.search(rf"^\| {re.escape(row)} \|", text, re.M), f"no row '{row}' in the report:\n{text}"
    assert "RUNS = 1" in text and "CPUs" in text

    # The Hugo site was generated from the same corpus and Hugo rendered its pages.
    assert "{{ .Content }}" in (work / "hugo-50" / "layouts" / "_default" / "single.html").read_text()
    assert str(work / "corpus-50" / "Content") in (work / "hugo-50" / "config.toml").read_text()
    for tool in ("floor", "full", "plain", "hugo"):
        page = work / "out-50" / tool / "d000" / "p00025" / "index.html"
        assert "Section 1" in page.read_text(encoding="utf-8"), f"{tool} did not render {page}"
    # The comparison build for highlighting's cost left its code plain; the full build highlighted it.
    highlighted = [(work / "out-50" / tool).rglob("index.html") for tool in ("full", "plain")]
    assert any("hljs-" in p.read_text(encoding="utf-8") for p in highlighted[0])
    assert not any("hljs-" in p.read_text(encoding="utf-8") for p in highlighted[1])

    # Folio's builds did what they are named for; the edited page was restored afterwards.
    [results_file] = work.glob("results-50-*.json")
    results = json.loads(results_file.read_text())
    assert results["rendered"] == {
        "full": [51], "plain": [51], "nosearch": [51], "nonav": [51], "noop": [0], "edit": [1]}
    assert set(results["cpu"]) == {"floor", "full", "plain", "nosearch", "nonav", "noop", "edit", "hugo"}
    assert set(results["median"]) == {"floor", "full", "plain", "nosearch", "nonav", "noop", "edit", "hugo", "serve"}
    # The comparison build for navigation's cost has no sidebar, breadcrumbs, contents or pager; the full build has.
    full_page = (work / "out-50" / "full" / "d000" / "p00025" / "index.html").read_text(encoding="utf-8")
    plain_page = (work / "out-50" / "nonav" / "d000" / "p00025" / "index.html").read_text(encoding="utf-8")
    for marker in ('class="folio-tree"', 'class="folio-breadcrumbs"', 'class="folio-pager"'):
        assert marker in full_page and marker not in plain_page, marker
    # folio serve rebuilt the edited page once per run (and once more, untimed, before them).
    assert len(results["walls"]["serve"]) == 1 and results["median"]["serve"] > 0 and results["serve_first"] > 0
    assert "Edited by the benchmark" not in (work / "corpus-50" / "Content" / "d000" / "p00025.md").read_text()

    # The list-heavy corpus (SPEC §11's second shape): its sections are mostly list items, and the floor,
    # folio and Hugo each rendered it, with its own budget rows in the report.
    source = (work / "corpus-50-lists" / "Content" / "d000" / "p00007.md").read_text()
    items = [line for line in source.splitlines() if line.startswith(("- ", "1. ", "2. ", "3. "))]
    assert len(items) >= 3 * source.count("\n## "), source
    for tool in ("floor", "full", "hugo"):
        page = work / "out-50" / f"lists-{tool}" / "d000" / "p00007" / "index.html"
        assert "<li>" in page.read_text(encoding="utf-8"), f"{tool} did not render {page}"
    assert "List-heavy corpus: 50 documents" in text
    assert len(re.findall(r"^\| folio full / floor \|", text, re.M)) == 2, text
    assert len(re.findall(r"^\| hugo / folio full \|", text, re.M)) == 2, text


def test_folio_allocates_with_mimalloc(folio_bin, tmp_path):
    """The speed `make bench` measures assumes mimalloc: every library of the folio process (its own code, the Swift
    runtime, libcmark) must take `malloc`, `calloc`, `realloc` and `free` from libmimalloc, not glibc, or a build is a fifth slower without a word.
    The dynamic loader says where each symbol binds (LD_DEBUG; LD_BIND_NOW binds them all at start)."""
    proc = subprocess.run([str(folio_bin), "--version"], capture_output=True, text=True, timeout=60, cwd=tmp_path,
                          env={"LD_DEBUG": "bindings", "LD_BIND_NOW": "1", "PATH": "/usr/bin:/bin"})
    assert proc.returncode == 0, proc.stderr[-2000:]
    bindings = re.findall(
        r"binding file (\S+) \[\d+\] to (\S+) \[\d+\]: normal symbol `(malloc|calloc|realloc|free)'", proc.stderr)
    callers = {re.sub(r"\.so.*", "", caller.rsplit("/", 1)[-1]) for caller, _, _ in bindings}
    assert {folio_bin.name, "libswiftCore", "libcmark"} <= callers, sorted(callers)
    wrong = sorted({f"{caller}: {symbol} from {target}" for caller, target, symbol in bindings
                    if "libmimalloc" not in target})
    assert not wrong, "not from mimalloc:\n" + "\n".join(wrong)
