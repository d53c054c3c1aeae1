"""`make bench`'s shape check: the same N documents flat in Content/ and inside one folder.

Navigation must not grow with the number of pages (SPEC §9), so the two shapes build within
1.3 × of each other in wall time and in output bytes. Imported by bench.py.
"""
import statistics
import subprocess
import sys
from pathlib import Path

LIMIT = 1.3
SHAPES = ("flat", "folder")


def corpus(work, n, shape, generator, stamp_of):
    site = work / f"corpus-{n}-{shape}"
    stamp = stamp_of(n, shape)
    stamp_file = site / ".corpus-stamp"
    if not (stamp_file.is_file() and stamp_file.read_text() == stamp):
        subprocess.run(["rm", "-rf", str(site)], check=True)
        subprocess.run([sys.executable, str(generator), str(n), str(site), "--shape", shape], check=True)
        stamp_file.write_text(stamp)
    return site


def output_bytes(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def measure(n, runs, folio, work, out, generator, stamp_of, timed, fresh, log):
    """Median wall time and output bytes of `folio build --no-cache` for each shape, alternating."""
    sites = {shape: corpus(work, n, shape, generator, stamp_of) for shape in SHAPES}
    walls = {shape: [] for shape in SHAPES}
    sizes = {}
    for r in range(runs):
        for shape in SHAPES:
            target = out / f"shape-{shape}"
            fresh(target)
            wall, _, _, _ = timed([folio, "build", "--content", sites[shape] / "Content", "--output", target,
                                   "--no-cache", "--format", "json"], cwd=sites[shape])
            walls[shape].append(wall)
            sizes[shape] = output_bytes(target)
            log(f"  {shape:6} {wall:8.3f} s {sizes[shape] / 1e6:8.1f} MB output")
    return {"median": {s: statistics.median(walls[s]) for s in SHAPES}, "walls": walls, "bytes": sizes}


def section(n, result):
    med, size = result["median"], result["bytes"]
    time_ratio = max(med.values()) / min(med.values())
    byte_ratio = max(size.values()) / min(size.values())
    ok = lambda r: "✓" if r <= LIMIT else "✗"
    lines = ["", f"Site shape: the same {n:,} documents flat in `Content/` and in one folder "
             "(`make_corpus.py --shape flat|folder`), `folio build --no-cache`:", "",
             "| shape | median wall | runs (s) | output |", "|---|---:|---|---:|"]
    for shape in SHAPES:
        runs = ", ".join(f"{w:.3f}" for w in result["walls"][shape])
        lines.append(f"| {shape} | {med[shape]:.2f} s | {runs} | {size[shape] / 1e6:.1f} MB |")
    lines += ["", "| budget (issue 12) | measured | budget | |", "|---|---:|---:|:-:|",
              f"| flat / folder wall time (larger over smaller) | {time_ratio:.2f} × | ≤ {LIMIT} × | {ok(time_ratio)} |",
              f"| flat / folder output bytes (larger over smaller) | {byte_ratio:.2f} × | ≤ {LIMIT} × | {ok(byte_ratio)} |"]
    return "\n".join(lines)
