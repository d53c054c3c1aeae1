"""The user guide (the repository's Content/) never ships a broken link: it builds and checks
with --strict, so any broken link or anchor — or any other warning — fails `make test`."""

from __future__ import annotations

from helpers import REPO_ROOT, run_folio


def test_the_guide_builds_with_strict(folio_bin, tmp_path):
    run = run_folio(folio_bin, "build", "--content", REPO_ROOT / "Content", "--templates", REPO_ROOT / "Templates",
                    "--output", tmp_path / "Public", "--strict", "--no-cache", cwd=tmp_path)
    assert run.returncode == 0, f"the guide has problems:\n{run.stderr}"
    assert run.stderr == "", run.stderr


def test_the_guide_passes_folio_check_strict_including_its_links(folio_bin, tmp_path):
    run = run_folio(folio_bin, "check", "--content", REPO_ROOT / "Content", "--templates", REPO_ROOT / "Templates",
                    "--output", tmp_path / "Public", "--strict", "--base-url", "https://example.org/folio/", cwd=tmp_path)
    assert run.returncode == 0, f"folio check --strict failed on the guide:\n{run.stderr}"
    summary = run.stdout.splitlines()[-1]
    assert summary.startswith("Check passed:") and " 0 errors, 0 warnings" in summary, summary
    links = int(summary.split(" internal link")[0].rsplit(" ", 1)[-1])
    assert links > 50, f"the guide's links were not all checked: {summary}"
    assert not (tmp_path / "Public").exists(), "folio check wrote the output folder"
