"""`make bench`'s second corpus: list-heavy documents (`make_corpus.py --shape lists`).

Every list item is a row of the table model, so this shape has about three times the rows of the main
corpus. SPEC §11's budgets hold on it too: folio's full build ≤ 1.5 × the floor, Hugo ≥ 3 × slower.
Imported by bench.py, which passes its own helpers (timed, fresh, log, the Hugo site).
"""
import statistics

SHAPE = "lists"
CASES = ("floor", "full", "hugo")


def measure(n, runs, folio, floor, site, hugo_dir, hugo_cmd, out, timed, fresh, log, with_hugo):
    """Median wall time, CPU and peak RSS of the floor, `folio build --no-cache` and Hugo, alternating."""
    content = site / "Content"
    cases = [c for c in CASES if with_hugo or c != "hugo"]
    results = {c: {"wall": [], "cpu": [], "rss": []} for c in cases}
    commands = {
        "floor": lambda target: ([floor, content, target], None),
        "full": lambda target: ([folio, "build", "--content", content, "--output", target, "--no-cache",
                                 "--format", "json"], site),
        "hugo": lambda target: ([*hugo_cmd, "--source", hugo_dir, "--destination", target], None),
    }
    for r in range(runs):
        for case in cases:
            target = out / f"lists-{case}"
            fresh(target)
            cmd, cwd = commands[case](target)
            wall, rss, cpu, _ = timed(cmd, cwd)
            results[case]["wall"].append(wall)
            results[case]["cpu"].append(cpu)
            results[case]["rss"].append(rss)
            log(f"  lists {case:5} {wall:8.3f} s {rss:8.1f} MB {cpu:8.2f} s CPU")
    page = out / "lists-full/d000/p00000/index.html"
    if not page.is_file():
        raise SystemExit(f"bench: the list-heavy build wrote no {page}")
    return {c: {"median": statistics.median(v["wall"]), "cpu": statistics.median(v["cpu"]),
                "peak": max(v["rss"]), "walls": v["wall"]} for c, v in results.items()}


def section(n, result):
    ok = lambda good: "✓" if good else "✗"
    lines = ["", f"List-heavy corpus: {n:,} documents of 6–10 sections, each a short paragraph and 3–7 list "
             "items (`make_corpus.py --shape lists`), measured alternating:", "",
             "| | median wall | runs (s) | median CPU | peak RSS |", "|---|---:|---|---:|---:|"]
    for case, r in result.items():
        runs = ", ".join(f"{w:.3f}" for w in r["walls"])
        lines.append(f"| {case} | {r['median']:.2f} s | {runs} | {r['cpu']:.2f} s | {r['peak']:.0f} MB |")
    # Each ratio is the median of the runs' own ratios (the two builds of a run ran one after the other).
    ratio = lambda case, baseline: statistics.median(
        a / b for a, b in zip(result[case]["walls"], result[baseline]["walls"]))
    floor = ratio("full", "floor")
    lines += ["", "| budget (SPEC §11) | measured | budget | |", "|---|---:|---:|:-:|",
              f"| folio full / floor | {floor:.2f} × | ≤ 1.5 × | {ok(floor <= 1.5)} |"]
    if "hugo" in result:
        hugo = ratio("hugo", "full")
        lines.append(f"| hugo / folio full | {hugo:.2f} × | ≥ 3 × | {ok(hugo >= 3)} |")
    return "\n".join(lines)
