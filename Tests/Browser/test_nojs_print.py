"""Views without JavaScript and in print (SPEC §5 "Everywhere").

Without JavaScript every section can be brought into view and read (the tracks scroll,
dots and tabs are plain anchor links). In print every section shows once, in order, with
no controls — whatever state the script had left the views in.
"""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

from helpers import REPO_ROOT, disable_javascript, emulate_print, wait_for

PAGES = [("views-paged", p) for p in ("", "fade/", "gallery/", "single/")] + \
        [("views-tabs", p) for p in ("", "many/", "nested/", "install/", "both/")] + \
        [("views-segmented", p) for p in ("", "renamed/")]

# The sections a person must be able to reach: the heading of every page, tab panel and
# list section, each once (a list inside a segmented view repeats the pages' sections).
SECTIONS_JS = """
const seen = new Set(), out = [];
for (const part of document.querySelectorAll('[data-folio-page], [data-folio-tab-panel], [data-folio-section]')) {
  const h = part.querySelector('h1, h2, h3, h4, h5, h6');
  const id = part.getAttribute('data-folio-section') || h.id;
  if (seen.has(id)) continue;
  seen.add(id);
  out.push({id, heading: h.id, text: h.textContent.trim()});
}
return out;
"""

# Is the element really visible: displayed, opaque, inside the viewport and every clipping
# ancestor, and on top at its centre?
SEEN_JS = """
const el = arguments[0], r = el.getBoundingClientRect();
if (!r.width || !r.height) return 'not displayed';
for (let n = el; n; n = n.parentElement) {
  const cs = getComputedStyle(n);
  if (cs.visibility === 'hidden' || +cs.opacity < 0.99) return 'hidden or transparent (' + (n.id || n.className) + ')';
  if (n !== el && cs.overflowX !== 'visible') {
    const c = n.getBoundingClientRect();
    if (r.left < c.left - 1 || r.right > c.right + 1) return 'clipped by ' + (n.id || n.className);
  }
}
if (r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth) return 'outside the viewport';
const top = document.elementFromPoint(r.left + Math.min(r.width, 20) / 2, r.top + r.height / 2);
return top && (top === el || el.contains(top)) ? 'seen' : 'covered by ' + (top && top.outerHTML.slice(0, 80));
"""


@pytest.fixture(scope="module")
def sites(build_site, serve):
    return {name: serve(build_site(name, templates=REPO_ROOT / "Templates"))
            for name in ("views-paged", "views-tabs", "views-segmented")}


@pytest.mark.parametrize("fixture,path", PAGES)
def test_without_javascript_every_section_can_be_scrolled_into_view(driver, sites, fixture, path):
    disable_javascript(driver)
    driver.get(sites[fixture] + path)
    assert not driver.execute_script("return document.documentElement.classList.contains('folio-js')")
    sections = driver.execute_script(SECTIONS_JS)
    assert sections, "the page has views"
    problems = []
    for s in sections:
        h = driver.find_element(By.ID, s["heading"])
        # what a finger on the track (or the keyboard in it) does: scroll each scroller up the tree
        driver.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'start', behavior: 'instant'})", h)
        body = driver.execute_script("return arguments[0].nextElementSibling", h)
        for el, what in ((h, "heading"), (body, "text")):
            if el is None:
                continue
            seen = wait_for(lambda: driver.execute_script(SEEN_JS, el), message=f"{s['id']} {what}")
            if seen != "seen":
                try:  # scroll-snap may still be settling
                    wait_for(lambda: driver.execute_script(SEEN_JS, el) == "seen", timeout=2)
                except AssertionError:
                    problems.append(f"#{s['id']} {what}: {driver.execute_script(SEEN_JS, el)}")
    assert not problems, "\n".join(problems)


def test_without_javascript_controls_are_links_or_hidden(driver, sites):
    disable_javascript(driver)
    driver.get(sites["views-paged"])
    buttons = driver.find_elements(By.CSS_SELECTOR, "[data-folio-prev], [data-folio-next]")
    assert buttons and not any(b.is_displayed() for b in buttons), "prev/next need the script: hidden without it"
    dots = driver.find_elements(By.CSS_SELECTOR, "[data-folio-dot]")
    assert all(d.is_displayed() and d.tag_name == "a" for d in dots)
    dots[3].click()  # a plain anchor: the browser scrolls the track to the page
    mars = driver.find_element(By.ID, "mars")
    wait_for(lambda: driver.execute_script(SEEN_JS, mars) == "seen", message="page 4 scrolled into view by its dot")

    driver.get(sites["views-tabs"])
    tab = driver.find_elements(By.CSS_SELECTOR, "[data-folio-tab]")[2]
    assert tab.is_displayed()
    tab.click()
    calls = driver.find_element(By.ID, "calls")
    wait_for(lambda: driver.execute_script(SEEN_JS, calls) == "seen", message="panel 3 scrolled into view by its tab")

    driver.get(sites["views-segmented"])
    control = driver.find_element(By.CSS_SELECTOR, ".folio-segmented [role=tablist]")
    assert not control.is_displayed(), "the segmented control cannot switch without the script: hidden"
    shown = driver.execute_script("""return [...document.querySelectorAll('[data-folio-segment-panel]')]
        .map(p => p.getClientRects().length > 0)""")
    assert shown == [True, False], "only the paged rendering shows, so nothing shows twice"


# Every heading that print shows, in document order, with its position and, for the first
# heading of a page, tab panel or list section, that section's id.
PRINTED_JS = """
const out = [];
for (const h of document.querySelectorAll('.folio-content :is(h2, h3, h4, h5, h6)')) {
  const r = h.getBoundingClientRect(); let shown = r.width > 0 && r.height > 0;
  for (let n = h; n && shown; n = n.parentElement) {
    const cs = getComputedStyle(n); if (cs.visibility === 'hidden' || +cs.opacity < 0.99) shown = false;
  }
  const part = h.closest('[data-folio-page], [data-folio-tab-panel], [data-folio-section]');
  const section = part && part.querySelector('h1, h2, h3, h4, h5, h6') === h ? (part.getAttribute('data-folio-section') || h.id) : null;
  if (shown) out.push({text: h.textContent.trim(), section, top: r.top + scrollY, left: r.left, right: r.right});
}
const controls = [...document.querySelectorAll('[data-folio-page-control], [data-folio-dot], [data-folio-prev], ' +
  '[data-folio-next], [data-folio-tab], [data-folio-tab-indicator], [data-folio-segment]')]
  .filter(c => c.getClientRects().length > 0).map(c => c.outerHTML.slice(0, 80));
return {headings: out, controls, width: document.documentElement.clientWidth};
"""


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "nojs"])
@pytest.mark.parametrize("fixture,path", PAGES)
def test_print_shows_every_section_once_in_order_without_controls(driver, sites, fixture, path, javascript):
    if not javascript:
        disable_javascript(driver)
    driver.get(sites[fixture] + path)
    sections = driver.execute_script(SECTIONS_JS)
    if javascript:  # leave every view somewhere else than at its start, as a reader would
        wait_for(lambda: driver.execute_script("return document.documentElement.classList.contains('folio-js')"))
        driver.execute_script("""
            for (const s of document.querySelectorAll('[data-folio-segment]:last-child')) s.click();
            for (const v of document.querySelectorAll('[data-folio-view=paged], [data-folio-view=tabs]')) {
              const c = [...v.querySelectorAll('[data-folio-dot], [data-folio-tab]')]; if (c.length) c[c.length - 1].click(); }""")
    emulate_print(driver)
    printed = driver.execute_script(PRINTED_JS)
    ids = [h["section"] for h in printed["headings"]]
    for s in sections:
        assert ids.count(s["id"]) == 1, f"{s['text']!r} printed {ids.count(s['id'])} times: {printed['headings']}"
    tops = [h["top"] for h in printed["headings"]]
    assert tops == sorted(tops) and len(set(tops)) == len(tops), f"sections not one below the other: {printed['headings']}"
    assert all(h["left"] >= 0 and h["right"] <= printed["width"] + 1 for h in printed["headings"]), printed["headings"]
    assert printed["controls"] == [], f"controls in print: {printed['controls']}"
