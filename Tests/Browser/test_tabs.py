"""Tab containers in Chromium (SPEC §5 "tabs"): the APG tabs pattern, the sliding
indicator, swipes between panels, an overflowing tab bar, and linked tab groups
restored before first paint.

Fixture: Tests/Fixtures/views-tabs — index.md (4 tabs), many.md (10 tabs), install.md and
upgrade.md (`tabGroup: os`, the same titles in another order), both.md (two `{view=tabs}`
sections of one `tabGroup` page), nested.md (`tabs > paged`).
"""

from __future__ import annotations

import http.server
import threading
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import REPO_ROOT, set_window_size, wait_for

STATE_JS = """
const view = arguments[0], track = view.querySelector('[data-folio-track]');
const t = track.getBoundingClientRect();
let visible = -1, best = 0, aligned = false;
[...track.children].forEach((p, i) => {
  const r = p.getBoundingClientRect(), w = Math.min(r.right, t.right) - Math.max(r.left, t.left);
  if (w > best) { best = w; visible = i; aligned = Math.abs(r.left - t.left) <= 1; }
});
const tabs = [...view.querySelectorAll('[data-folio-tab]')].filter(a => a.closest('[data-folio-view]') === view);
return {visible, aligned, current: +view.getAttribute('data-folio-current'),
        selected: tabs.map((a, i) => a.getAttribute('aria-selected') === 'true' ? i : -1).filter(i => i >= 0),
        tabindex: tabs.map(a => a.tabIndex), focused: tabs.indexOf(document.activeElement),
        hash: location.hash};
"""

# Where the indicator is, against the titles: centres and widths in CSS px.
GEOMETRY_JS = """
const view = arguments[0], ind = view.querySelector('[data-folio-tab-indicator]');
const title = a => { const r = document.createRange(); r.selectNodeContents(a); return r.getBoundingClientRect(); };
const tabs = [...view.querySelectorAll('[data-folio-tab]')];
const i = ind.getBoundingClientRect(), bar = ind.parentElement.getBoundingClientRect();
return {ind: {c: i.left + i.width / 2, w: i.width, h: i.height, bottom: i.bottom, color: getComputedStyle(ind).backgroundColor},
        bar_bottom: bar.bottom,
        tabs: tabs.map(a => { const r = title(a), b = a.getBoundingClientRect();
          return {c: r.left + r.width / 2, w: r.width, left: b.left, right: b.right, color: getComputedStyle(a).color}; })};
"""


def state(driver, view):
    return driver.execute_script(STATE_JS, view)


def wait_tab(driver, view, k, timeout=5):
    def ok():
        s = state(driver, view)
        return s if (s["visible"] == k and s["aligned"] and s["current"] == k and s["selected"] == [k]) else None
    return wait_for(ok, timeout, message=f"tab {k} to be current (last: {state(driver, view)})")


@pytest.fixture(scope="module")
def site(build_site, serve):
    return serve(build_site("views-tabs", templates=REPO_ROOT / "Templates"))


def open_view(driver, url):
    driver.get(url)
    return wait_for(lambda: driver.find_element(By.CSS_SELECTOR, "html.folio-js [data-folio-view=tabs]"),
                    message="the enhanced tabs view")


def tabs(view):
    return view.find_elements(By.CSS_SELECTOR, "[data-folio-tab]")


def test_aria_roles_and_relations(driver, site):
    view = open_view(driver, site)
    info = driver.execute_script("""const v = arguments[0];
        const list = v.querySelector('[role=tablist]');
        const tabs = [...v.querySelectorAll('[data-folio-tab]')];
        return {inList: tabs.every(a => a.parentElement === list && a.getAttribute('role') === 'tab'),
                panels: tabs.map(a => { const p = document.getElementById(a.getAttribute('aria-controls'));
                  return p && p.getAttribute('role') === 'tabpanel' && p.hasAttribute('data-folio-tab-panel')
                         && p.getAttribute('aria-labelledby') === a.id; }),
                titles: tabs.map(a => a.textContent.trim())}""", view)
    assert info["inList"] and all(info["panels"]), info
    assert info["titles"] == ["Messages", "People", "Calls", "Settings"]
    s = wait_tab(driver, view, 0)
    assert s["tabindex"] == [0, -1, -1, -1], "roving tabindex: only the current tab is in the tab order"


def test_keyboard_map_wraps_and_activates_automatically(driver, site):
    view = open_view(driver, site)
    tabs(view)[0].send_keys(Keys.ARROW_RIGHT)
    s = wait_tab(driver, view, 1)
    assert s["focused"] == 1 and s["tabindex"] == [-1, 0, -1, -1]
    for key, k in [(Keys.END, 3), (Keys.ARROW_RIGHT, 0), (Keys.ARROW_LEFT, 3), (Keys.HOME, 0), (Keys.ARROW_LEFT, 3)]:
        driver.switch_to.active_element.send_keys(key)
        s = wait_tab(driver, view, k)
        assert s["focused"] == k, f"after {key!r} focus is on tab {s['focused']}, not {k}"


def test_indicator_sits_under_the_clicked_tab(driver, site):
    view = open_view(driver, site)
    tabs(view)[2].click()
    wait_tab(driver, view, 2)
    g = driver.execute_script(GEOMETRY_JS, view)
    t = g["tabs"][2]
    assert abs(g["ind"]["c"] - t["c"]) <= 2 and abs(g["ind"]["w"] - t["w"]) <= 2, g
    assert 2 <= g["ind"]["h"] <= 3 and abs(g["ind"]["bottom"] - g["bar_bottom"]) <= 1, g
    assert t["color"] == g["ind"]["color"], "the current title and the indicator share the tint"
    assert {x["color"] for i, x in enumerate(g["tabs"]) if i != 2} == {g["tabs"][0]["color"]} != {t["color"]}


def test_indicator_moves_in_proportion_mid_swipe(driver, site):
    view = open_view(driver, site)
    wait_tab(driver, view, 0)
    # hold the panels a quarter of the way from panel 1 to panel 2, as a finger does mid-swipe
    driver.execute_script("""const t = arguments[0].querySelector('[data-folio-track]');
        t.style.scrollSnapType = 'none'; t.style.scrollBehavior = 'auto';
        t.scrollLeft = t.clientWidth * 1.25;""", view)
    def between():
        g = driver.execute_script(GEOMETRY_JS, view)
        a, b = g["tabs"][1], g["tabs"][2]
        want_c, want_w = a["c"] + (b["c"] - a["c"]) * 0.25, a["w"] + (b["w"] - a["w"]) * 0.25
        return g if abs(g["ind"]["c"] - want_c) <= 2 and abs(g["ind"]["w"] - want_w) <= 2 else None
    wait_for(between, message="the indicator a quarter of the way from tab 1 to tab 2")
    wait_tab_current = wait_for(lambda: state(driver, view)["current"] == 1 or None)
    assert wait_tab_current


def test_the_most_visible_panel_becomes_current(driver, site):
    view = open_view(driver, site)
    driver.execute_script("""const t = arguments[0].querySelector('[data-folio-track]');
        t.scrollTo({left: t.clientWidth * 3, behavior: 'instant'});""", view)
    s = wait_tab(driver, view, 3)
    assert s["hash"] == "#settings"


def test_panels_do_not_capture_overscroll(driver, site):
    view = open_view(driver, site)
    assert driver.execute_script(
        "return getComputedStyle(arguments[0].querySelector('[data-folio-track]')).overscrollBehaviorX", view) == "auto"


def test_the_track_is_as_tall_as_the_shown_panel(driver, site):
    view = open_view(driver, site)
    for k in (0, 3, 1):
        tabs(view)[k].click()
        wait_tab(driver, view, k)
        wait_for(lambda: driver.execute_script("""const t = arguments[0].querySelector('[data-folio-track]');
            return Math.abs(t.getBoundingClientRect().height - t.children[arguments[1]].getBoundingClientRect().height) <= 1""", view, k),
            message=f"the panels as tall as panel {k}")


def test_an_overflowing_tab_bar_keeps_the_current_tab_in_view(driver, site):
    set_window_size(driver, 420, 900)
    view = open_view(driver, site + "many/")
    bar = view.find_element(By.CSS_SELECTOR, "[role=tablist]")
    assert driver.execute_script("return arguments[0].scrollWidth > arguments[0].clientWidth", bar), "10 tabs overflow at 420px"
    tabs(view)[0].send_keys(Keys.END)
    wait_tab(driver, view, 9)
    inside = """const b = arguments[0].getBoundingClientRect(), r = arguments[1].getBoundingClientRect();
        return r.left >= b.left - 1 && r.right <= b.right + 1"""
    wait_for(lambda: driver.execute_script(inside, bar, tabs(view)[9]), message="the last tab scrolled into view")
    driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)  # wraps to the first
    wait_tab(driver, view, 0)
    wait_for(lambda: driver.execute_script(inside, bar, tabs(view)[0]), message="the first tab scrolled back into view")


def test_tab_goes_into_the_shown_panel_never_into_one_beside_it(driver, site):
    """Tab after choosing a tab went to the first focusable thing in the DOM, in a panel beside the shown one: the
    track scrolled to it, that tab became current and, in a tab group, the reader's remembered choice changed."""
    view = open_view(driver, site + "install/")
    tabs(view)[0].click()
    wait_tab(driver, view, 0)
    tabs(view)[0].send_keys(Keys.ARROW_RIGHT)  # Linux, remembered for the group
    wait_tab(driver, view, 1)
    in_panel = """const v = arguments[0], p = document.activeElement.closest('[data-folio-tab-panel]');
        return p && p.closest('[data-folio-view]') === v ? [...p.parentNode.children].indexOf(p) : -1"""
    for _ in range(3):
        driver.switch_to.active_element.send_keys(Keys.TAB)
        time.sleep(0.3)  # time for a scroll to the focused element to make its panel current
        assert driver.execute_script(in_panel, view) in (-1, 1), "focus went into a panel beside the shown one"
        s = state(driver, view)
        assert s["current"] == 1 and s["visible"] == 1, s
    assert driver.execute_script("return localStorage.getItem('folio-tab-group:os')") == "Linux"
    inert = "return [...arguments[0].querySelector('[data-folio-track]').children].map(p => p.inert)"
    assert driver.execute_script(inert, view) == [True, False, True], "panels beside the shown one are inert"


def test_after_a_resize_the_current_tab_stays_in_view(driver, site):
    view = open_view(driver, site + "many/")
    tabs(view)[0].send_keys(Keys.END)
    wait_tab(driver, view, 9)
    set_window_size(driver, 420, 900)
    bar = view.find_element(By.CSS_SELECTOR, "[role=tablist]")
    inside = """const b = arguments[0].getBoundingClientRect(), r = arguments[1].getBoundingClientRect();
        return arguments[0].scrollWidth > arguments[0].clientWidth && r.left >= b.left - 1 && r.right <= b.right + 1"""
    wait_for(lambda: driver.execute_script(inside, bar, tabs(view)[9]), message="the current tab in view at 420px")


def test_resize_keeps_the_tab(driver, site):
    view = open_view(driver, site)
    tabs(view)[2].click()
    wait_tab(driver, view, 2)
    set_window_size(driver, 420, 900)
    wait_tab(driver, view, 2)
    set_window_size(driver, 1200, 900)
    wait_tab(driver, view, 2)


def test_hash_opens_a_tab_and_reload_restores_it(driver, site):
    driver.get(site + "#calls")
    view = wait_for(lambda: driver.find_element(By.CSS_SELECTOR, "html.folio-js [data-folio-view=tabs]"))
    wait_tab(driver, view, 2)
    start = driver.execute_script("return history.length")
    tabs(view)[1].click()
    s = wait_tab(driver, view, 1)
    assert s["hash"] == "#people" and driver.execute_script("return history.length") == start
    driver.refresh()
    view = open_view(driver, site)
    wait_tab(driver, view, 1)


# Records, from the first frame on, what a person would see of every tabs view, and the
# layout shifts; installed before the page's own scripts run.
FIRST_PAINT_PROBE = """
window.__frames = []; window.__shift = 0;
new PerformanceObserver(l => l.getEntries().forEach(e => { if (!e.hadRecentInput) window.__shift += e.value; }))
  .observe({type: 'layout-shift', buffered: true});
(function frame() {
  const v = document.querySelector('[data-folio-view=tabs]');
  if (v) {
    const t = v.querySelector('[data-folio-track]'), tabs = [...v.querySelectorAll('[data-folio-tab]')];
    const sel = tabs.findIndex(a => a.getAttribute('aria-selected') === 'true');
    window.__frames.push({shown: t && t.clientWidth ? Math.round(t.scrollLeft / t.clientWidth * 100) / 100 : null,
                          selected: sel, title: sel >= 0 ? tabs[sel].textContent.trim() : null,
                          height: Math.round(v.getBoundingClientRect().height)});
  }
  if (window.__frames.length < 5) requestAnimationFrame(frame);
})();
"""


def choose_windows(driver, base):
    """Chooses "Windows" on the install page: the `os` group's remembered title from now on."""
    view = open_view(driver, base + "install/")
    assert [t.text for t in tabs(view)] == ["macOS", "Linux", "Windows"]
    tabs(view)[2].click()
    wait_tab(driver, view, 2)


def painted(driver, url):
    """Loads `url` with FIRST_PAINT_PROBE: the enhanced tab view and its first five painted frames."""
    probe = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FIRST_PAINT_PROBE})
    try:
        driver.get(url)
        view = wait_for(lambda: driver.find_element(By.CSS_SELECTOR, "html.folio-js [data-folio-view=tabs]"))
        frames = wait_for(lambda: driver.execute_script("return window.__frames.length >= 5 && window.__frames"),
                          message="five frames recorded")
        return view, frames
    finally:
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": probe["identifier"]})


def test_tab_group_follows_across_pages_before_first_paint(driver, site):
    choose_windows(driver, site)
    view, frames = painted(driver, site + "upgrade/")
    assert [t.text for t in tabs(view)] == ["Linux", "macOS", "Windows", "Closing words"]
    wait_tab(driver, view, 2)
    assert frames[0]["title"] == "Windows" and frames[0]["shown"] == 2, \
        f"the first painted frame must already show the remembered tab: {frames}"
    assert len({f["height"] for f in frames}) == 1, f"the view's height changed after first paint: {frames}"
    assert driver.execute_script("return window.__shift") == 0, "layout shifted"
    # and back: choosing on this page is remembered for the first one
    tabs(view)[1].click()  # macOS
    wait_tab(driver, view, 1)
    view, frames = painted(driver, site + "install/")
    assert frames[0]["title"] == "macOS" and frames[0]["shown"] == 0, frames
    wait_tab(driver, view, 0)


@pytest.fixture(scope="module")
def slow_site(build_site):
    """The same site from a server that answers every script a second late, as a slow network does."""
    directory = str(build_site("views-tabs", templates=REPO_ROOT / "Templates"))

    class Slow(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=directory, **kwargs)

        def do_GET(self):
            if self.path.split("?")[0].endswith(".js"):
                time.sleep(1.0)
            super().do_GET()

        def end_headers(self):
            self.send_header("Cache-Control", "no-store")
            super().end_headers()

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Slow)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def test_a_late_script_still_paints_the_remembered_tab_first(driver, slow_site):
    """The scripts load in <head>, deferred and render-blocking: with them a second late, the browser paints
    nothing until they ran, so its first frame shows the remembered tab, not the first one (SPEC §5: no flicker)."""
    choose_windows(driver, slow_site)
    _, frames = painted(driver, slow_site + "upgrade/")
    assert frames[0]["title"] == "Windows" and frames[0]["shown"] == 2, \
        f"the first painted frame must already show the remembered tab: {frames}"

def test_a_title_missing_from_the_group_leaves_the_tab_alone(driver, site):
    view = open_view(driver, site + "upgrade/")
    tabs(view)[3].click()  # "Closing words" exists only on this page
    wait_tab(driver, view, 3)
    view = open_view(driver, site + "install/")
    wait_tab(driver, view, 0)


def test_tab_group_switches_containers_on_the_same_page(driver, site):
    driver.get(site + "both/")
    views = wait_for(lambda: len(driver.find_elements(By.CSS_SELECTOR, "html.folio-js [data-folio-view=tabs]")) == 2
                     and driver.find_elements(By.CSS_SELECTOR, "[data-folio-view=tabs]"))
    title = lambda v: v.find_element(By.CSS_SELECTOR, "[data-folio-tab][aria-selected=true]").text  # noqa: E731
    first, second = views
    assert [t.text for t in tabs(first)] == ["macOS", "Linux"] and [t.text for t in tabs(second)] == ["Linux", "macOS"]
    tabs(first)[1].click()  # Linux
    wait_tab(driver, first, 1)
    wait_tab(driver, second, 0)
    tabs(second)[1].click()  # macOS
    wait_tab(driver, second, 1)
    wait_tab(driver, first, 0)
    assert title(first) == title(second) == "macOS"


@pytest.mark.parametrize("width", [1200, 420])
def test_no_page_scrolls_sideways(driver, site, width):
    set_window_size(driver, width, 900)
    wide = []
    for path in ("", "many/", "install/", "upgrade/", "both/", "nested/"):
        open_view(driver, site + path)
        sizes = driver.execute_script("return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        if sizes[0] > sizes[1]:
            wide.append(f"/{path}: {sizes[0]}px wide in a {sizes[1]}px window")
    assert not wide, "\n".join(wide)
