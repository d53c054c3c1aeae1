"""The segmented view and nested views in Chromium (SPEC §5 "segmented", "tabs > paged").

Fixtures: Tests/Fixtures/views-segmented — index.md (4 sections, default segments),
renamed.md (`segments: [Cards, Everything]`); Tests/Fixtures/views-tabs/nested.md
(`view: tabs > paged`).
"""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import REPO_ROOT, wait_for

SEGMENTS_JS = """
const v = arguments[0];
const segs = [...v.querySelectorAll('[data-folio-segment]')].filter(a => a.closest('[data-folio-view]') === v);
const panels = [...v.querySelectorAll('[data-folio-segment-panel]')].filter(p => p.closest('[data-folio-view]') === v);
return {names: segs.map(a => a.textContent.trim()),
        selected: segs.map((a, i) => a.getAttribute('aria-selected') === 'true' ? i : -1).filter(i => i >= 0),
        tabindex: segs.map(a => a.tabIndex),
        shown: panels.map(p => p.getClientRects().length > 0 && getComputedStyle(p).visibility !== 'hidden'),
        current: +v.getAttribute('data-folio-current'), focused: segs.indexOf(document.activeElement)};
"""


def segments(driver, view):
    return driver.execute_script(SEGMENTS_JS, view)


def wait_segment(driver, view, k):
    def ok():
        s = segments(driver, view)
        return s if s["selected"] == [k] and s["current"] == k and s["shown"] == [k == 0, k == 1] else None
    return wait_for(ok, message=f"segment {k} to be shown (last: {segments(driver, view)})")


def text(s):
    return " ".join(s.split())


@pytest.fixture(scope="module")
def site(build_site, serve):
    return serve(build_site("views-segmented", templates=REPO_ROOT / "Templates"))


@pytest.fixture(scope="module")
def tabs_site(build_site, serve):
    return serve(build_site("views-tabs", templates=REPO_ROOT / "Templates"))


def open_view(driver, url, kind="segmented"):
    driver.get(url)
    return wait_for(lambda: driver.find_element(By.CSS_SELECTOR, f"html.folio-js [data-folio-view={kind}]"),
                    message=f"the enhanced {kind} view")


def test_two_segments_switch_between_paged_and_list(driver, site):
    view = open_view(driver, site)
    s = wait_segment(driver, view, 0)
    assert s["names"] == ["Pages", "All"] and s["tabindex"] == [0, -1]
    segs = view.find_elements(By.CSS_SELECTOR, "[data-folio-segment]")
    segs[1].click()
    wait_segment(driver, view, 1)
    assert view.find_element(By.CSS_SELECTOR, "[data-folio-view=list]").is_displayed()
    assert not view.find_element(By.CSS_SELECTOR, "[data-folio-view=paged]").is_displayed()
    segs[0].click()
    wait_segment(driver, view, 0)
    assert view.find_element(By.CSS_SELECTOR, "[data-folio-view=paged]").is_displayed()


def test_both_renderings_hold_the_same_sections(driver, site):
    view = open_view(driver, site)
    info = driver.execute_script("""const v = arguments[0];
        const pages = [...v.querySelectorAll('[data-folio-page]')], dots = v.querySelectorAll('[data-folio-dot]');
        const list = [...v.querySelectorAll('[data-folio-section]')];
        return {dots: dots.length, pages: pages.map(p => p.textContent), list: list.map(s => s.textContent),
                ids: list.map(s => s.getAttribute('data-folio-section')),
                pageIds: pages.map(p => p.querySelector('h1,h2,h3,h4,h5,h6').id),
                listIds: list.map(s => s.querySelector('h1,h2,h3,h4,h5,h6').id)}""", view)
    assert info["dots"] == len(info["pages"]) == len(info["list"]) == 4
    assert [text(t) for t in info["pages"]] == [text(t) for t in info["list"]]
    assert info["ids"] == info["pageIds"] == ["unus", "duo", "tres", "quattuor"]
    assert len(set(info["pageIds"] + info["listIds"])) == 8, "the list's heading ids stay unique"


def test_keyboard_and_reload_keep_the_segment(driver, site):
    view = open_view(driver, site)
    view.find_element(By.CSS_SELECTOR, "[data-folio-segment]").send_keys(Keys.ARROW_RIGHT)
    s = wait_segment(driver, view, 1)
    assert s["focused"] == 1
    driver.refresh()
    view = open_view(driver, site)
    wait_segment(driver, view, 1)
    driver.execute_script("history.replaceState(null, '', location.pathname)")  # the session remembers it too
    driver.refresh()
    view = open_view(driver, site)
    wait_segment(driver, view, 1)
    view.find_elements(By.CSS_SELECTOR, "[data-folio-segment]")[1].send_keys(Keys.ARROW_LEFT)
    wait_segment(driver, view, 0)


def test_renamed_segments(driver, site):
    view = open_view(driver, site + "renamed/")
    s = wait_segment(driver, view, 0)
    assert s["names"] == ["Cards", "Everything"]
    assert len(view.find_elements(By.CSS_SELECTOR, "[data-folio-dot]")) == 3


def test_a_link_into_the_list_opens_the_all_segment(driver, site):
    driver.get(site + "#all-tres")
    view = wait_for(lambda: driver.find_element(By.CSS_SELECTOR, "html.folio-js [data-folio-view=segmented]"))
    wait_segment(driver, view, 1)
    driver.execute_script("location.hash = '#duo'")  # a page of the paged rendering
    wait_segment(driver, view, 0)
    paged = view.find_element(By.CSS_SELECTOR, "[data-folio-view=paged]")
    wait_for(lambda: paged.get_attribute("data-folio-current") == "1")


def test_the_paged_segment_is_aligned_after_coming_back(driver, site):
    view = open_view(driver, site)
    dots = view.find_elements(By.CSS_SELECTOR, "[data-folio-dot]")
    dots[2].click()
    segs = view.find_elements(By.CSS_SELECTOR, "[data-folio-segment]")
    paged = view.find_element(By.CSS_SELECTOR, "[data-folio-view=paged]")
    wait_for(lambda: paged.get_attribute("data-folio-current") == "2")
    segs[1].click()
    wait_segment(driver, view, 1)
    segs[0].click()
    wait_segment(driver, view, 0)
    wait_for(lambda: driver.execute_script("""const v = arguments[0], t = v.querySelector('[data-folio-track]');
        const p = t.children[2].getBoundingClientRect(), r = t.getBoundingClientRect();
        return v.getAttribute('data-folio-current') === '2' && Math.abs(p.left - r.left) <= 1""", paged),
        message="page 3 still shown and aligned")


# ---- nesting: tabs > paged ----

def test_tabs_hold_paged_views(driver, tabs_site):
    view = open_view(driver, tabs_site + "nested/", "tabs")
    info = driver.execute_script("""const v = arguments[0];
        return [...v.querySelectorAll('[data-folio-tab-panel]')].map(p => {
          const inner = p.querySelector('[data-folio-view=paged]');
          return {dots: inner.querySelectorAll('[data-folio-dot]').length, pages: inner.querySelectorAll('[data-folio-page]').length}; })""", view)
    assert info == [{"dots": 3, "pages": 3}, {"dots": 2, "pages": 2}]


def test_deep_link_opens_the_tab_and_the_page(driver, tabs_site):
    driver.get(tabs_site + "nested/#hanoi")
    view = wait_for(lambda: driver.find_element(By.CSS_SELECTOR, "html.folio-js [data-folio-view=tabs]"))
    shown = """const [v, tab, page] = arguments, t = v.querySelector('[data-folio-track]');
        const panel = t.children[tab], inner = panel.querySelector('[data-folio-view=paged]');
        const it = inner.querySelector('[data-folio-track]'), pr = it.children[page].getBoundingClientRect(), ir = it.getBoundingClientRect();
        return v.getAttribute('data-folio-current') === String(tab) && inner.getAttribute('data-folio-current') === String(page)
          && Math.abs(panel.getBoundingClientRect().left - t.getBoundingClientRect().left) <= 1 && Math.abs(pr.left - ir.left) <= 1"""
    wait_for(lambda: driver.execute_script(shown, view, 1, 1), message="Asia, page 2 (Hanoi)")
    driver.execute_script("location.hash = '#rome'")
    wait_for(lambda: driver.execute_script(shown, view, 0, 1), message="Europe, page 2 (Rome)")
    # arrows inside the inner paged view move its pages, not the tabs
    inner = view.find_elements(By.CSS_SELECTOR, "[data-folio-view=paged]")[0]
    inner.find_elements(By.CSS_SELECTOR, "[data-folio-dot]")[1].send_keys(Keys.ARROW_RIGHT)
    wait_for(lambda: driver.execute_script(shown, view, 0, 2), message="Europe, page 3 (Vienna)")
    assert driver.execute_script("return location.hash") == "#vienna"
