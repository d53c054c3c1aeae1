"""The example site — the user guide in Content/, themed by Templates/ — in Chromium.

Every page is found by listing the index.html files of the built site, then checked
with axe-core in the light and the dark color scheme, for its landmarks and skip link,
and for requests outside the site. Each test checks every page and reports all the
pages that fail, not only the first.
"""

from __future__ import annotations

from urllib.parse import urldefrag

import pytest

from helpers import (axe_violations, emulate_color_scheme, external_requests,
                     format_violations, open_page, page_paths, page_urls, set_window_size)


def test_example_site_has_a_home_page_and_more(example_site_dir):
    paths = page_paths(example_site_dir)
    assert "" in paths, f"no index.html at the root of {example_site_dir}"
    assert len(paths) > 1, f"the example site has only a home page: {paths}"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_page_has_no_axe_violations(driver, example_site, example_site_dir, scheme):
    emulate_color_scheme(driver, scheme)
    failures = []
    for url in page_urls(example_site_dir, example_site):
        open_page(driver, url)
        dark = driver.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches")
        assert dark == (scheme == "dark"), f"color scheme emulation not in effect on {url}"
        violations = axe_violations(driver)
        if violations:
            ids = ", ".join(v["id"] for v in violations)
            failures.append(f"{url} ({scheme}): {ids}\n{format_violations(violations)}")
    if failures:
        pytest.fail(f"axe-core found violations on {len(failures)} page(s):\n\n"
                    + "\n\n".join(failures), pytrace=False)


# Counts the landmarks and finds the skip link: the first focusable element must be a
# link to `#id` whose target is <main> or inside it.
_STRUCTURE_JS = """
const main = document.querySelectorAll('main');
const focusable = Array.from(document.querySelectorAll(
    'a[href], area[href], button, input, select, textarea, summary, [tabindex]'))
  .filter(e => e.tabIndex >= 0 && !e.disabled && !e.closest('[inert]'));
const first = focusable[0] || null;
let skip = {first: first ? first.outerHTML.slice(0, 160) : null, ok: false};
if (first && first.tagName === 'A') {
  const href = first.getAttribute('href') || '';
  if (href.startsWith('#') && href.length > 1) {
    const target = document.getElementById(decodeURIComponent(href.slice(1)));
    skip.target = !!target;
    skip.text = first.textContent.trim();
    skip.ok = !!(target && main.length === 1 && (target === main[0] || main[0].contains(target))
                 && skip.text.length > 0);
  }
}
return {main: main.length, h1: document.querySelectorAll('h1').length, skip: skip};
"""


def test_every_page_has_one_main_one_h1_a_skip_link_and_no_external_requests(
        driver, example_site, example_site_dir):
    failures = []
    for url in page_urls(example_site_dir, example_site):
        open_page(driver, url)
        info = driver.execute_script(_STRUCTURE_JS)
        problems = []
        if info["main"] != 1:
            problems.append(f"{info['main']} <main> elements (want exactly 1)")
        if info["h1"] != 1:
            problems.append(f"{info['h1']} <h1> elements (want exactly 1)")
        if not info["skip"]["ok"]:
            problems.append("no skip link: the first focusable element must be a link with "
                            f"text to #id, the <main> or inside it; found {info['skip']}")
        outside = external_requests(driver, example_site)
        if outside:
            problems.append(f"requests outside {example_site}: {outside}")
        if problems:
            failures.append(f"{url}:\n  " + "\n  ".join(problems))
    if failures:
        pytest.fail("\n".join(failures), pytrace=False)


def test_every_nav_link_of_the_home_page_loads(driver, example_site, serve):
    open_page(driver, example_site)
    hrefs = driver.execute_script(
        "return Array.from(document.querySelectorAll('nav a[href]')).map(a => a.href)")
    targets = sorted({urldefrag(h).url for h in hrefs if h.startswith(example_site)})
    assert targets, "the home page has no links in a <nav> to pages of the site"
    failures = []
    for url in targets:
        seen = len(serve.requests(example_site))
        open_page(driver, url)
        errors = [r for r in serve.requests(example_site)[seen:] if r[2] >= 400]
        main_text = driver.execute_script(
            "const m = document.querySelector('main'); return m ? m.textContent.trim() : null")
        if errors:
            failures.append(f"{url}: failed requests {errors}")
        if not main_text:
            failures.append(f"{url}: {'empty' if main_text == '' else 'no'} <main>")
    if failures:
        pytest.fail("\n".join(failures), pytrace=False)


_NAV_JS = """
const nav = document.querySelector('.folio-nav'), links = [...nav.querySelectorAll('a')];
const current = nav.querySelector('[aria-current]');
const box = nav.getBoundingClientRect(), here = current.getBoundingClientRect();
const tops = new Set(links.map(a => Math.round(a.getBoundingClientRect().top)));
return {rows: tops.size, scrolls: nav.scrollWidth > nav.clientWidth, current: current.textContent.trim(),
        mark: current.getAttribute('aria-current'),
        inView: here.left >= box.left - 1 && here.right <= box.right + 1, count: links.length};
"""


def test_the_site_links_are_one_sideways_row_on_a_tablet_with_the_current_page_in_view(driver, example_site):
    # On a phone the site's links are in the Menu (test_navigation.py); from 768 px they are one row in the header.
    set_window_size(driver, 390, 800)
    open_page(driver, example_site + "demos/")
    assert driver.execute_script("return getComputedStyle(document.querySelector('.folio-nav')).display") == "none"
    assert driver.find_element("css selector", ".folio-menu__button").is_displayed()
    set_window_size(driver, 768, 800)
    open_page(driver, example_site + "demos/")
    nav = driver.execute_script(_NAV_JS)
    assert nav["count"] > 6, nav
    assert nav["rows"] == 1 and nav["scrolls"], f"the site links wrap or fit on a tablet: {nav}"
    assert nav["current"] == "Demos" and nav["inView"], f"the current page's link is scrolled out of view: {nav}"
    # A page below /demos/ marks and shows the Demos link as its section's.
    open_page(driver, example_site + "demos/messages/")
    inside = driver.execute_script(_NAV_JS)
    assert (inside["current"], inside["mark"], inside["inView"]) == ("Demos", "true", True), inside

    set_window_size(driver, 1920, 900)
    open_page(driver, example_site + "demos/")
    wide = driver.execute_script(_NAV_JS)
    assert not wide["scrolls"] and wide["inView"], f"on a wide screen every site link is shown: {wide}"
