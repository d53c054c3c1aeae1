"""axe-core on every view fixture page, in the light and the dark color scheme, after the
script has run and also with a view moved off its first item (so the selected and the
unselected states of dots, tabs and segments are all checked)."""

from __future__ import annotations

import pytest

from helpers import REPO_ROOT, axe_violations, emulate_color_scheme, format_violations, page_urls, wait_for, wait_until_settled

FIXTURES = ("views-paged", "views-tabs", "views-segmented")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_view_fixtures_have_no_axe_violations(driver, build_site, serve, scheme):
    emulate_color_scheme(driver, scheme)
    failures = []
    for name in FIXTURES:
        out = build_site(name, templates=REPO_ROOT / "Templates")
        for url in page_urls(out, serve(out)):
            for moved in (False, True):
                driver.get(url)
                wait_for(lambda: driver.execute_script("return document.documentElement.classList.contains('folio-js')"))
                if moved:
                    driver.execute_script("""
                        for (const s of document.querySelectorAll('[data-folio-segment]:last-child')) s.click();
                        for (const c of document.querySelectorAll('[data-folio-dot]:nth-child(2), [data-folio-tab]:nth-child(2)')) c.click();""")
                wait_until_settled(driver)
                violations = axe_violations(driver)
                if violations:
                    failures.append(f"{url} ({scheme}{', moved' if moved else ''}):\n{format_violations(violations)}")
    assert not failures, "\n\n".join(failures)
