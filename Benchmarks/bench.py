#!/usr/bin/env python3
"""`make bench`: folio against the libcmark floor and Hugo on one generated corpus (SPEC §11).

usage: bench.py [--n 10000] [--runs 5] [--work .bench] [--outputs DIR] [--report BENCHMARKS.md]

1. installs Debian's `hugo` and GNU `time` when missing (apt-get, sudo when not root);
2. builds the release `folio` and `cmark-floor` and copies them to WORK/bin (a stable snapshot);
3. generates the corpus once (WORK/corpus-N, regenerated when N or make_corpus.py change)
   and writes the equivalent Hugo site (WORK/hugo-N: config + one single layout);
4. measures in one run, alternating, RUNS times each: the floor, `folio build --no-cache` into
   a fresh output, `folio build` with nothing changed, `folio build` after appending a line to
   one page, and `hugo` into a fresh destination (not above N=20000: its memory). Then, apart,
   `folio serve` on the corpus with one page edited RUNS times: the rebuild time it prints. Outputs are deleted (and the disk synced)
   outside the timing. Wall time: Python's monotonic clock around the command; peak RSS and
   CPU time (user + system, which CPU contention from other processes hardly changes): GNU
   `/usr/bin/time -f "%e %M %U %S"`. Outputs go to WORK/out-N, or to --outputs DIR (a tmpfs
   such as /dev/shm/folio-bench takes the disk out of the measurement);
5. writes the medians, peak memory and the ratios against the budgets to REPORT, replacing
   only the section for this N and output file system (notes outside the marked sections are
   kept), and the raw results to WORK/results-N-FS.json. With N=100000 it also reports the
   growth over N=10000 on the same file system.
"""
import argparse
import datetime
import hashlib
import json
import os
import queue
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import lists  # noqa: E402
import shapes  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
GNU_TIME = "/usr/bin/time"

# The rows of the report (the smoke test checks that each is there).
CASES = {
    "floor": "floor: `cmark-floor`",
    "full": "folio full: `folio build --no-cache`",
    "plain": "folio full, code not highlighted: `FOLIO_HIGHLIGHT=off folio build --no-cache`",
    "nosearch": "folio full without the search index: `search: false`",
    "nonav": "folio full without navigation: sidebar, breadcrumbs, contents and pager partials empty",
    "noop": "folio no-op: `folio build`, nothing changed",
    "edit": "folio one edit: `folio build`, one page edited",
    "serve": "folio serve one edit: the rebuild time it prints",
    "hugo": "hugo: `hugo`",
}
RATIOS = ["folio full / floor", "highlighting: full / full not highlighted", "folio full peak memory",
          "search index: full / full without it", "navigation: full / full without it", "hugo / folio full",
          "no-op / full", "one edit in `folio serve`", "one edit, a whole `folio build` process",
          "growth: 100k / 10k full"]
# Hugo's memory grows with the site (about 2 GB at 10,000 pages): above this it is left out.
HUGO_MAX_N = 20000


def log(message):
    print(f"bench: {message}", file=sys.stderr, flush=True)


def run(cmd, **kw):
    proc = subprocess.run([str(c) for c in cmd], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)
    if proc.returncode != 0:
        sys.exit(f"bench: `{' '.join(map(str, cmd))}` exited {proc.returncode}\n{proc.stdout}{proc.stderr}")
    return proc.stdout


# --------------------------------------------------------------------------- setup

def ensure_tools():
    """Debian's hugo and GNU time, installed only when missing (like scripts/ensure-system-deps.sh)."""
    missing = [pkg for pkg, ok in (("hugo", shutil.which("hugo")), ("time", os.access(GNU_TIME, os.X_OK))) if not ok]
    if not missing:
        return
    root = [] if os.geteuid() == 0 else ["sudo"]
    if root and not shutil.which("sudo"):
        sys.exit(f"bench: missing Debian packages {' '.join(missing)}; install them as root (no sudo here)")
    log(f"installing missing Debian packages: {' '.join(missing)}")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(root + ["apt-get", "update", "-q"], check=True, env=env)
    subprocess.run(root + ["apt-get", "install", "-y", "-q", "-o", "Dpkg::Use-Pty=0", *missing], check=True, env=env)


def build_binaries(work):
    """Release folio and cmark-floor, copied to WORK/bin so a concurrent rebuild cannot swap them mid-run."""
    swift = os.environ.get("SWIFT") or shutil.which("swift") or "/opt/swift/usr/bin/swift"
    bindir = work / "bin"
    bindir.mkdir(parents=True, exist_ok=True)
    for product in ("folio", "cmark-floor"):
        log(f"swift build -c release --product {product}")
        run([swift, "build", "-c", "release", "--product", product], cwd=REPO)
        shutil.copy2(REPO / ".build/release" / product, bindir / product)
    return bindir / "folio", bindir / "cmark-floor"


def corpus(work, n, shape="nested"):
    """WORK/corpus-N/Content (or corpus-N-SHAPE), generated once; a stamp records N and the generator's hash."""
    site = work / (f"corpus-{n}" if shape == "nested" else f"corpus-{n}-{shape}")
    generator = REPO / "Benchmarks/make_corpus.py"
    stamp = f"{n} {hashlib.sha256(generator.read_bytes()).hexdigest()}\n"
    stamp_file = site / ".corpus-stamp"
    if not (stamp_file.is_file() and stamp_file.read_text() == stamp):
        log(f"generating the corpus: {n} documents in {site} ({shape})")
        shutil.rmtree(site, ignore_errors=True)
        run([sys.executable, generator, n, site, "--shape", shape])
        stamp_file.write_text(stamp)
    return site


def without_navigation(work):
    """WORK/theme-no-navigation: the default theme with its navigation partials empty (issue 12: navigation must
    cost nothing measurable). The page context is lazy (Deferred values), so what no template asks for is not computed either."""
    theme = work / "theme-no-navigation" / "partials"
    theme.mkdir(parents=True, exist_ok=True)
    for name in ("sidebar", "breadcrumbs", "toc", "pager"):
        (theme / f"{name}.mustache").write_text("")
    return theme.parent


def without_search(site):
    """SITE/NoSearch: the corpus with `search: false` in site.yml, its pages hard-linked (no copy, same bytes)."""
    content, other = site / "Content", site / "NoSearch"
    stamp = (site / ".corpus-stamp").read_text()
    if (other / ".stamp").is_file() and (other / ".stamp").read_text() == stamp:
        return other
    shutil.rmtree(other, ignore_errors=True)
    for path in sorted(content.rglob("*")):
        target = other / path.relative_to(content)
        if path.is_dir():
            target.mkdir(parents=True, exist_ok=True)
        elif path.name != "site.yml":
            target.parent.mkdir(parents=True, exist_ok=True)
            os.link(path, target)
    (other / "site.yml").write_text((content / "site.yml").read_text() + "search: false\n")
    (other / ".stamp").write_text(stamp)
    return other


def hugo_site(work, n, content, name="hugo"):
    """The same Markdown as a Hugo site: pretty URLs, highlighting and taxonomies off, one minimal layout."""
    site = work / f"{name}-{n}"
    (site / "layouts/_default").mkdir(parents=True, exist_ok=True)
    (site / "config.toml").write_text(f"""\
baseURL = "http://localhost/"
title = "Bench"
contentDir = {json.dumps(str(content))}
uglyURLs = false
disableKinds = ["home", "section", "taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
# site.yml is folio's config; index.md is folio's home page (to Hugo a root index.md is a bundle).
ignoreFiles = ["site\\\\.yml$", "/index\\\\.md$"]
[taxonomies]
[markup.highlight]
  codeFences = false
""")
    (site / "layouts/_default/single.html").write_text(
        "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>{{ .Title }}</title></head>\n"
        "<body>\n{{ .Content }}\n</body></html>\n")
    return site


# --------------------------------------------------------------------------- measuring

def hugo_command(work):
    return [shutil.which("hugo"), "--quiet", "--noBuildLock", "--cacheDir", work / "hugo-cache"]


def fresh(path):
    """Deletes a previous output and flushes the disk, outside the timing."""
    shutil.rmtree(path, ignore_errors=True)
    os.sync()


def timed(cmd, cwd=None):
    """(wall seconds, peak RSS in MB, CPU seconds, stdout) of one run."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as stats:
        start = time.perf_counter()
        out = run([GNU_TIME, "-f", "%e %M %U %S", "-o", stats.name, *cmd], cwd=cwd)
        wall = time.perf_counter() - start
        _, max_rss_kb, user, system = stats.read().split()[-4:]
    return wall, int(max_rss_kb) / 1024, float(user) + float(system), out


def serve_edits(folio, site, edited, output, runs):
    """`folio serve` on the corpus: after one untimed edit, RUNS edits of one page, each time the
    rebuild time it prints ("Rebuilt in N ms"). Returns (first edit's ms, [ms of each run])."""
    proc = subprocess.Popen([str(folio), "serve", "--port", "0", "--content", "Content", "--output", str(output)],
                            cwd=site, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in proc.stdout], daemon=True).start()

    def wait_for(pattern, timeout):
        deadline, last = time.monotonic() + timeout, "nothing"
        while (left := deadline - time.monotonic()) > 0:
            try:
                last = lines.get(timeout=left).rstrip()
            except queue.Empty:
                break
            if m := re.search(pattern, last):
                return m
            if ": error:" in last or "Rebuild failed" in last:
                break
        proc.kill()
        sys.exit(f"bench: folio serve did not print /{pattern}/; its last line: {last}")

    times = []
    try:
        wait_for(r"Serving http://", 600)
        for r in range(runs + 1):
            time.sleep(1.0)  # apart from the previous rebuild, so edits do not coalesce
            with open(edited, "a") as f:
                f.write(f"\nEdited by the benchmark, serve edit {r + 1}.\n")
            times.append(int(wait_for(r"Rebuilt in (\d+) ms", 60).group(1)) / 1000)
            log(f"  serve {times[-1]:8.3f} s" + (" (first edit after start, not in the median)" if r == 0 else ""))
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    return times[0], times[1:]


def measure(n, runs, folio, floor, site, hugo_dir, work, out, with_hugo):
    content = site / "Content"
    edited = content / f"d{n // 2 // 100:03d}/p{n // 2:05d}.md"
    original = edited.read_bytes()
    cases = [case for case in CASES if with_hugo or case != "hugo"]
    results = {case: {"wall": [], "rss": [], "cpu": [], "rendered": []} for case in cases}

    def record(case, cmd, cwd=None):
        wall, rss, cpu, stdout = timed(cmd, cwd)
        entry = results[case]
        entry["wall"].append(wall)
        entry["rss"].append(rss)
        entry["cpu"].append(cpu)
        if case in ("full", "plain", "nosearch", "nonav", "noop", "edit"):
            entry["rendered"].append(json.loads(stdout)["summary"]["rendered"])
        log(f"  {case:5} {wall:8.3f} s {rss:8.1f} MB {cpu:8.2f} s CPU")

    def folio_build(output, *flags, source=content):
        return [folio, "build", "--content", source, "--output", output, "--format", "json", *flags]

    no_search = without_search(site)
    no_navigation = without_navigation(work)

    hugo = [*hugo_command(work), "--source", hugo_dir]
    # Untimed: a cached build for the incremental cases (it also warms the page cache with the corpus).
    fresh(out / "incremental")
    run(folio_build(out / "incremental"), cwd=site)
    try:
        for r in range(runs):
            log(f"run {r + 1}/{runs}")
            fresh(out / "floor")
            record("floor", [floor, content, out / "floor"])
            fresh(out / "full")
            record("full", folio_build(out / "full", "--no-cache"), cwd=site)
            # Above HUGO_MAX_N each output no later step reads is removed once measured: at N=100000 the outputs
            # of one run (about 2.7 GB each) would not fit in this machine's memory together on a tmpfs. Smaller
            # runs keep them to be looked at (the smoke test reads them).
            large = n > HUGO_MAX_N
            for case, env, flags, source in [
                ("plain", ["env", "FOLIO_HIGHLIGHT=off"], [], content),
                ("nosearch", [], [], no_search),
                ("nonav", [], ["--templates", no_navigation], content),
            ]:
                fresh(out / case)
                record(case, [*env, *folio_build(out / case, "--no-cache", *flags, source=source)], cwd=site)
                if large:
                    fresh(out / case)
            os.sync()
            record("noop", folio_build(out / "incremental"), cwd=site)
            with open(edited, "a") as f:
                f.write(f"\nEdited by the benchmark, run {r + 1}.\n")
            os.sync()
            record("edit", folio_build(out / "incremental"), cwd=site)
            if with_hugo:
                fresh(out / "hugo")
                record("hugo", [*hugo, "--destination", out / "hugo"])
        # Apart from the others: its watcher would rebuild on the edits of the "edit" case.
        log("folio serve: one page edited, the printed rebuild time")
        fresh(out / "serve")
        if n > HUGO_MAX_N:
            fresh(out / "incremental")
        first, times = serve_edits(folio, site, edited, out / "serve", runs)
        if n > HUGO_MAX_N:
            fresh(out / "serve")
        results["serve"]["wall"] = times
        results["serve_first"] = first
    finally:
        edited.write_bytes(original)
    for where in ("floor", "full", "hugo") if with_hugo else ("floor", "full"):
        page = out / where / "d000/p00000/index.html"
        if not page.is_file():
            sys.exit(f"bench: {where} wrote no {page}")
    return results


# --------------------------------------------------------------------------- reporting

def summarize(n, runs, fs, results):
    first = results.pop("serve_first")
    timed_cases = {case: r for case, r in results.items() if r["cpu"]}
    return {
        "n": n, "runs": runs, "fs": fs,
        "median": {case: statistics.median(r["wall"]) for case, r in results.items()},
        "cpu": {case: statistics.median(r["cpu"]) for case, r in timed_cases.items()},
        "peak_mb": {case: max(r["rss"]) for case, r in timed_cases.items()},
        "walls": {case: r["wall"] for case, r in results.items()},
        "rendered": {case: r["rendered"] for case, r in results.items() if r["rendered"]},
        "serve_first": first,
    }


def previous_full(work, report, n, fs):
    """The median full build for N documents on FS, from WORK/results-N-FS.json or else from REPORT."""
    path = work / f"results-{n}-{fs}.json"
    if path.is_file():
        return json.loads(path.read_text())["median"]["full"]
    if report.is_file():
        m = re.search(rf"<!-- results N={n} on {fs} (\{{.*?\}}) -->", report.read_text())
        if m:
            return json.loads(m.group(1))["median"]["full"]
    return None


def machine():
    cpuinfo = Path("/proc/cpuinfo").read_text()
    model = re.search(r"^model name\s*:\s*(.*)$", cpuinfo, re.M)
    mem_kb = int(re.search(r"^MemTotal:\s*(\d+)", Path("/proc/meminfo").read_text(), re.M).group(1))
    return f"{os.cpu_count()} CPUs ({model.group(1) if model else 'unknown CPU'}), {mem_kb / 1024 / 1024:.1f} GB memory"


def tools():
    hugo = run([shutil.which("hugo"), "version"]).split(" BuildDate")[0].strip()
    commit = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=REPO, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True).stdout.strip() or "unknown"
    return f"folio {commit}; {hugo}"


def spread(walls):
    """How far the runs of one build lie apart, relative to their median: the noise a difference must exceed."""
    return (max(walls) - min(walls)) / statistics.median(walls) if len(walls) > 1 else 0.0


def paired(walls, case, baseline):
    """CASE over BASELINE, the median of each run's own ratio: both ran in the same run, one after the other, so a
    machine that slows down between runs moves both (a ratio of medians can pair a fast run with a slow one)."""
    return statistics.median(a / b for a, b in zip(walls[case], walls[baseline]))


def verdict(ok):
    return "—" if ok is None else ("✓" if ok else "✗")


def section(summary, growth, load, out):
    n, fs, med, peak, cpu = summary["n"], summary["fs"], summary["median"], summary["peak_mb"], summary["cpu"]
    full = med["full"]
    ms = lambda s: f"{s * 1000:.0f} ms"
    secs = lambda s: f"{s:.2f} s" if s >= 1 else ms(s)
    walls = summary["walls"]
    ratio = lambda case, baseline: paired(walls, case, baseline)
    floor, plain, nosearch, nonav = ratio("full", "floor"), ratio("full", "plain"), ratio("full", "nosearch"), \
        ratio("full", "nonav")
    hugo = ratio("hugo", "full") if walls.get("hugo") else None
    noop = ratio("noop", "full")
    ratios = [
        ("folio full / floor", f"{floor:.2f} ×", "≤ 1.5 ×", floor <= 1.5),
        ("highlighting: full / full not highlighted", f"+{(plain - 1) * 100:.1f} %", "≤ 15 %", plain - 1 <= 0.15),
        ("folio full peak memory", f"{peak['full']:.0f} MB", "≤ 100 MB" if n <= 10000 else "≤ 250 MB",
         peak["full"] <= (100 if n <= 10000 else 250)),
        ("search index: full / full without it", f"+{(nosearch - 1) * 100:.1f} %", "≤ +10 %", nosearch <= 1.10),
        # Issue 12's "nothing measurable": within the spread of the full build's own runs, or 3 %, whichever is larger.
        ("navigation: full / full without it",
         f"{(nonav - 1) * 100:+.1f} % (CPU {(cpu['full'] / cpu['nonav'] - 1) * 100:+.1f} %)",
         f"≤ +{max(3.0, spread(walls['full']) * 100):.1f} %",
         nonav - 1 <= max(0.03, spread(walls["full"]))),
        ("hugo / folio full", f"{hugo:.2f} ×" if hugo else f"— (Hugo not run above N={HUGO_MAX_N:,})",
         "≥ 3 ×", hugo >= 3 if hugo else None),
        ("no-op / full", f"{noop * 100:.1f} %", "≤ 10 %", noop <= 0.10),
        ("one edit in `folio serve`", ms(med["serve"]), "≤ 100 ms", med["serve"] <= 0.100),
        ("one edit, a whole `folio build` process", ms(med["edit"]), "≤ 150 ms", med["edit"] <= 0.150),
        ("growth: 100k / 10k full", f"{growth:.2f} ×" if growth else "— (only `make bench N=100000`, after N=10000)",
         "≤ 10.5 ×", growth <= 10.5 if growth else None),
    ]
    lines = [
        f"<!-- bench N={n} on {fs} begin -->",
        f"## N = {n:,} documents, output on {fs}",
        "",
        f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC · {machine()} · "
        f"N = {n:,} · RUNS = {summary['runs']} · outputs in `{out}` ({fs}) · {tools()} · "
        f"load average {load[0]:.2f} before, {load[1]:.2f} after",
        "",
        "| | median wall | runs (s) | median CPU (user + sys) | peak RSS | pages rendered |",
        "|---|---:|---|---:|---:|---|",
    ]
    for case, label in CASES.items():
        if case not in med:
            lines.append(f"| {label} | — | not run above N={HUGO_MAX_N:,} | — | — | — |")
            continue
        runs = ", ".join(f"{w:.3f}" for w in summary["walls"][case])
        if case == "serve":
            runs += f" (first edit after start: {summary['serve_first']:.3f}, not in the median)"
        rendered = ", ".join(map(str, summary["rendered"].get(case, []))) or ("1 (each)" if case == "serve" else "—")
        cpu_text = secs(cpu[case]) if case in cpu else "—"
        peak_text = f"{peak[case]:.0f} MB" if case in peak else "—"
        lines.append(f"| {label} | {secs(med[case])} | {runs} | {cpu_text} | {peak_text} | {rendered} |")
    lines += ["", "| budget (SPEC §11) | measured | budget | |", "|---|---:|---:|:-:|"]
    lines += [f"| {name} | {value} | {budget} | {verdict(ok)} |" for name, value, budget, ok in ratios]
    compact = {k: summary[k] for k in ("n", "runs", "median", "cpu", "peak_mb", "serve_first")}
    lines += ["", f"<!-- results N={n} on {fs} {json.dumps(compact)} -->", f"<!-- bench N={n} on {fs} end -->", ""]
    return "\n".join(lines)


HEADER = """# Benchmarks

Written by `make bench` (`Benchmarks/bench.py`; N=10000 and RUNS=5 by default, `make bench
N=100000` for the growth check). One corpus of generated ~6 KB documents (`Benchmarks/make_corpus.py`),
measured in one run, alternating: the floor of SPEC §11 (`cmark-floor`: read, libcmark on every
core, write), `folio build --no-cache` into a fresh output, the same with `FOLIO_HIGHLIGHT=off` (code
not highlighted: the cost of highlighting), `folio build` with nothing changed,
`folio build` after appending a line to one page, and Hugo on the same Markdown (highlighting and
taxonomies off, one minimal layout; left out above N=20,000, as its memory grows about 2 GB per
10,000 pages). Then `folio serve` on the corpus: one page edited RUNS times, and the rebuild
time it prints each time (SPEC §11's one-edit budget is for `folio serve`). Then a second, list-heavy corpus
(`make_corpus.py --shape lists`: most text in list items, the rows of the model) with the floor, folio and Hugo,
and the site-shape pair (the same documents flat and in one folder). Medians of wall time and of CPU time (user + system);
peak RSS is the largest of the runs. A budget's ratio is the median of the runs' own ratios: the two builds it
compares ran in the same run, one after the other, so a machine that slows down between runs moves both. Each run replaces only the section for its N and output
file system (`make bench OUT=/dev/shm/folio-bench` writes the outputs to a tmpfs); notes outside
the sections are kept.

"""


def write_report(report, key, text):
    old = report.read_text() if report.is_file() else HEADER
    pattern = re.compile(rf"<!-- bench {key} begin -->.*?<!-- bench {key} end -->\n?", re.S)
    new = pattern.sub(lambda _: text, old) if pattern.search(old) else old.rstrip("\n") + "\n\n" + text
    report.write_text(new)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=10000, help="documents in the corpus")
    parser.add_argument("--runs", type=int, default=5, help="repetitions of each measurement")
    parser.add_argument("--work", type=Path, default=REPO / ".bench", help="corpus, outputs and binaries")
    parser.add_argument("--outputs", type=Path, help="where the builds write (default WORK/out-N)")
    parser.add_argument("--report", type=Path, default=REPO / "BENCHMARKS.md")
    args = parser.parse_args()
    work = args.work.resolve()
    work.mkdir(parents=True, exist_ok=True)

    ensure_tools()
    folio, floor = build_binaries(work)
    site = corpus(work, args.n)
    with_hugo = args.n <= HUGO_MAX_N
    hugo_dir = hugo_site(work, args.n, site / "Content")
    out = (args.outputs or work / f"out-{args.n}").resolve()
    out.mkdir(parents=True, exist_ok=True)
    fs = run(["df", "--output=fstype", out]).split()[-1]
    load_before = os.getloadavg()[0]
    results = measure(args.n, args.runs, folio, floor, site, hugo_dir, work, out, with_hugo)
    summary = summarize(args.n, args.runs, fs, results)
    (work / f"results-{args.n}-{fs}.json").write_text(json.dumps(summary, indent=1) + "\n")
    base = previous_full(work, args.report, 10000, fs) if args.n == 100000 else None
    growth = summary["median"]["full"] / base if base else None
    text = section(summary, growth, (load_before, os.getloadavg()[0]), out)
    if args.n <= HUGO_MAX_N:  # the site-shape pair: flat and in one folder (bounded navigation)
        log("site shape: the same documents flat and in one folder")
        generator = REPO / "Benchmarks/make_corpus.py"
        stamp = lambda n, shape: f"{n} {shape} {hashlib.sha256(generator.read_bytes()).hexdigest()}\n"
        pair = shapes.measure(args.n, min(args.runs, 3), folio, work, out, generator, stamp, timed, fresh, log)
        text = text.replace(f"<!-- bench N={args.n} on {fs} end -->", shapes.section(args.n, pair) + f"\n\n<!-- bench N={args.n} on {fs} end -->")
    log("the list-heavy corpus: floor, folio full and Hugo")
    list_site = corpus(work, args.n, lists.SHAPE)
    list_hugo = hugo_site(work, args.n, list_site / "Content", name="hugo-lists")
    list_result = lists.measure(args.n, min(args.runs, 3), folio, floor, list_site, list_hugo, hugo_command(work), out,
                                timed, fresh, log, with_hugo)
    text = text.replace(f"<!-- bench N={args.n} on {fs} end -->", lists.section(args.n, list_result) + f"\n\n<!-- bench N={args.n} on {fs} end -->")
    write_report(args.report, f"N={args.n} on {fs}", text)
    print(text)


if __name__ == "__main__":
    main()
