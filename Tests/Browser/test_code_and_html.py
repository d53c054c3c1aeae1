"""Markdown written for GitHub (Tests/Fixtures/github-readme): highlighted code shows coloured tokens in light and
dark mode without relying on script, `<a name>` anchors in headings are link targets (also inside a paged view),
every same-page link has a target, and axe-core finds nothing."""

from __future__ import annotations

import pytest

from helpers import (REPO_ROOT, axe_violations, emulate_color_scheme, format_violations, set_javascript_enabled,
                     wait_for, wait_until_settled)

LANGUAGES = ("sh", "console", "json", "yaml", "swift", "python", "javascript", "go", "rust", "diff", "c")


@pytest.fixture
def readme(build_site, serve):
    out = build_site("github-readme", templates=REPO_ROOT / "Templates")
    return serve(out)


COLOURS = """
const result = {};
for (const code of document.querySelectorAll('pre code[class^="language-"]')) {
  const language = code.className.replace('language-', '');
  const plain = getComputedStyle(code).color;
  const tokens = [...code.querySelectorAll('span[class^="hljs-"]')];
  const coloured = tokens.filter(t => getComputedStyle(t).color !== plain).map(t => [t.className, getComputedStyle(t).color]);
  result[language] = {plain, tokens: tokens.length, coloured};
}
return result;
"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("javascript", [True, False])
def test_highlighted_code_has_coloured_tokens(driver, readme, scheme, javascript):
    set_javascript_enabled(driver, javascript)
    emulate_color_scheme(driver, scheme)
    driver.get(readme)
    blocks = driver.execute_script(COLOURS)
    for language in LANGUAGES:
        assert language in blocks, f"no code block for {language}: {sorted(blocks)}"
        assert blocks[language]["coloured"], f"{language} ({scheme}) has no token coloured apart from its text: {blocks[language]}"
    assert blocks["klingon"]["tokens"] == 0, "an unknown language must stay plain"
    assert driver.execute_script("return document.querySelectorAll('pre [style], pre code [style]').length") == 0
    # Light and dark give different token colours: the dark palette is not the light one.
    if scheme == "dark":
        assert "rgb(255, 123, 114)" in {c for _, c in blocks["swift"]["coloured"]}, blocks["swift"]
    else:
        assert "rgb(196, 17, 42)" in {c for _, c in blocks["swift"]["coloured"]}, blocks["swift"]


def test_every_same_page_link_has_a_target(driver, readme):
    for page in ("", "paged/"):
        driver.get(readme + page)
        missing = driver.execute_script("""
            return [...document.querySelectorAll('a[href^="#"]')].map(a => decodeURIComponent(a.getAttribute('href').slice(1)))
              .filter(id => id && !document.getElementById(id));""")
        assert missing == [], f"{page or 'index'}: links without a target: {missing}"
    driver.get(readme)
    for anchor, heading in (("intro", "introduction"), ("installing", "install"), ("toolsetjson-files", "toolsetjson-files")):
        owner = driver.execute_script(f"return document.getElementById('{anchor}').closest('h1,h2,h3,h4,h5,h6').id")
        assert owner == heading, f"#{anchor} is in #{owner}, expected #{heading}"


def test_anchor_in_a_paged_heading_opens_its_page(driver, readme):
    driver.get(readme + "paged/")
    wait_for(lambda: driver.execute_script("return document.documentElement.classList.contains('folio-js')"))
    driver.find_element("css selector", 'a[href="#finish"]').click()
    # The view turns on the hash change, which can come after the click returns: wait for it, then check.
    script = "return document.querySelector('[data-folio-view=paged]').dataset.folioCurrent"
    wait_for(lambda: driver.execute_script(script) == "1", message="the paged view to show page 1")
    current = driver.execute_script(script)
    assert current == "1", f"#finish should open the second page, the view shows page {current}"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_readme_pages_have_no_axe_violations(driver, readme, scheme):
    emulate_color_scheme(driver, scheme)
    failures = []
    for page in ("", "paged/"):
        driver.get(readme + page)
        wait_until_settled(driver)
        violations = axe_violations(driver)
        if violations:
            failures.append(f"{page or 'index'} ({scheme}):\n{format_violations(violations)}")
    assert not failures, "\n\n".join(failures)
