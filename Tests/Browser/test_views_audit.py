"""The views audit (issue 12): one swipe moves one page, whatever the input; a tab bar that
overflows shows which of its sides scroll; a fade view starts with its other pages hidden;
a remembered tab shifts nothing.

Input is synthesized the way the browser receives it from a device: touch flicks through
CDP `Input.dispatchTouchEvent` (with touch emulation
on), trackpad swipes as bursts of wheel events from `Input.synthesizeScrollGesture` (mouse
source: the browser sends them at its own pace, so a busy test machine cannot space them out),
and single `mouseWheel` events through `Input.dispatchMouseEvent`.

Fixtures: Tests/Fixtures/views-paged (index.md: 5 pages; fade.md: `transition: fade`),
Tests/Fixtures/views-tabs (index.md: 4 tabs; install.md/upgrade.md: `tabGroup: os`),
and the example site's /views/ page (a 5-tab bar).
"""

from __future__ import annotations

import time

import pytest
from selenium.webdriver.common.by import By

from helpers import (REPO_ROOT, axe_violations, emulate_color_scheme, format_violations,
                     set_window_size, wait_for, wait_until_settled)

# The page a person sees: the item covering most of the track (and not faded out), and
# whether the track has stopped moving.
SHOWN_JS = """
const view = arguments[0], track = view.querySelector('[data-folio-track]');
const t = track.getBoundingClientRect();
let visible = -1, best = 0;
[...track.children].forEach((p, i) => {
  const r = p.getBoundingClientRect(), cs = getComputedStyle(p);
  if (cs.visibility === 'hidden' || +cs.opacity < 0.5) return;
  const w = Math.min(r.right, t.right) - Math.max(r.left, t.left);
  if (w > best) { best = w; visible = i; }
});
return {visible, current: +view.getAttribute('data-folio-current'), scroll: track.scrollLeft,
        width: track.clientWidth};
"""


def shown(driver, view):
    return driver.execute_script(SHOWN_JS, view)


def settled(driver, view, quiet=0.4, timeout=8):
    """Waits until the track has not moved for `quiet` seconds (flings and smooth scrolls over);
    returns what is shown then."""
    last, since = None, time.monotonic()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        s = shown(driver, view)
        key = (s["scroll"], s["visible"], s["current"])
        if key != last:
            last, since = key, time.monotonic()
        elif time.monotonic() - since >= quiet:
            return s
        time.sleep(0.05)
    raise AssertionError(f"the view never settled (last: {shown(driver, view)})")


def start_on(driver, view, k):
    """Shows item k at once (as a click on its dot or tab would, without animation)."""
    driver.execute_script("""
        const [view, k] = arguments, t = view.querySelector('[data-folio-track]');
        t.style.scrollBehavior = 'auto';
        const c = [...view.querySelectorAll('[data-folio-dot], [data-folio-tab]')]
          .filter(n => n.closest('[data-folio-view]') === view)[k];
        c.click(); t.style.scrollBehavior = '';""", view, k)
    s = settled(driver, view)
    assert s["visible"] == k and s["current"] == k, s


def track_centre(driver, view):
    return driver.execute_script("""
        const r = arguments[0].querySelector('[data-folio-track]').getBoundingClientRect();
        return [Math.round(r.left + r.width / 2), Math.round(r.top + Math.min(r.height / 2, 120))];""", view)


@pytest.fixture
def touch(driver):
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    yield driver
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


@pytest.fixture(scope="module")
def paged_site(build_site, serve):
    return serve(build_site("views-paged", templates=REPO_ROOT / "Templates"))


@pytest.fixture(scope="module")
def tabs_site(build_site, serve):
    return serve(build_site("views-tabs", templates=REPO_ROOT / "Templates"))


def open_view(driver, url, kind):
    driver.get(url)
    view = wait_for(lambda: driver.find_element(By.CSS_SELECTOR, f"html.folio-js [data-folio-view={kind}]"),
                    message=f"the enhanced {kind} view")
    wait_until_settled(driver)
    return view


def flick(driver, view, dx, steps=8, start=250):
    """A fast touch flick across the track: the finger goes down `start` px from the track's centre
    (on the side it moves away from), travels dx CSS px in `steps` quick moves and lifts, so the
    browser flings on. Negative dx: towards the next page in LTR."""
    x, y = track_centre(driver, view)
    x0 = x + (start if dx < 0 else -start)
    send = lambda kind, points: driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
    send("touchStart", [{"x": x0, "y": y}])
    for i in range(1, steps + 1):
        send("touchMove", [{"x": x0 + dx * i / steps, "y": y}])
    send("touchEnd", [])


def wheel_burst(driver, view, dx):
    """A trackpad swipe: the browser itself sends a quick burst of horizontal wheel events over the
    track (`synthesizeScrollGesture` with a mouse source), scrolling 3 track widths' worth in all
    at 4000 px/s. dx > 0: towards the next page in LTR."""
    x, y = track_centre(driver, view)
    width = shown(driver, view)["width"]
    driver.execute_cdp_cmd("Input.synthesizeScrollGesture", {
        "x": x, "y": y, "xDistance": -3 * width if dx > 0 else 3 * width, "yDistance": 0, "speed": 4000,
        "gestureSourceType": "mouse", "preventFling": True})


# --------------------------------------------------------------------------- one swipe, one page

@pytest.mark.parametrize("kind", ["paged", "tabs"])
def test_a_fast_flick_moves_one_page(touch, paged_site, tabs_site, kind):
    driver = touch
    view = open_view(driver, paged_site if kind == "paged" else tabs_site, kind)
    for trial in range(5):
        start_on(driver, view, 1)
        flick(driver, view, -800)
        s = settled(driver, view)
        assert s["visible"] == 2 and s["current"] == 2, f"trial {trial}: a flick from page 1 ended on {s}"
        flick(driver, view, 800)
        s = settled(driver, view)
        assert s["visible"] == 1 and s["current"] == 1, f"trial {trial}: a flick back from page 2 ended on {s}"


def test_a_short_slow_drag_stays_on_its_page(touch, paged_site):
    driver = touch
    view = open_view(driver, paged_site, "paged")
    start_on(driver, view, 1)
    x, y = track_centre(driver, view)
    send = lambda kind, points: driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
    send("touchStart", [{"x": x, "y": y}])
    for i in range(1, 11):
        time.sleep(0.03)
        send("touchMove", [{"x": x - 6 * i, "y": y}])
    time.sleep(0.2)  # the finger rests before it lifts: no fling
    send("touchEnd", [])
    s = settled(driver, view)
    assert s["visible"] == 1 and s["current"] == 1, f"a 60 px drag moved the view: {s}"


@pytest.mark.parametrize("page, kind", [("", "paged"), ("fade/", "paged"), ("", "tabs")])
def test_a_burst_of_wheel_events_moves_one_page(driver, paged_site, tabs_site, page, kind):
    view = open_view(driver, (paged_site if kind == "paged" else tabs_site) + page, kind)
    start_on(driver, view, 0)
    wheel_burst(driver, view, 60)
    s = settled(driver, view)
    assert s["visible"] == 1 and s["current"] == 1, f"one trackpad swipe from page 0 ended on {s}"
    # the next swipe, after a pause, moves on by one more; a swipe back returns by one
    wheel_burst(driver, view, 60)
    s = settled(driver, view)
    assert s["visible"] == 2 and s["current"] == 2, f"a second swipe ended on {s}"
    wheel_burst(driver, view, -60)
    s = settled(driver, view)
    assert s["visible"] == 1 and s["current"] == 1, f"a swipe back ended on {s}"


def test_vertical_wheel_scrolling_still_scrolls_the_page(driver, paged_site):
    view = open_view(driver, paged_site, "paged")
    set_window_size(driver, 1200, 400)
    x, y = track_centre(driver, view)
    before = driver.execute_script("return scrollY")
    for _ in range(5):
        driver.execute_cdp_cmd("Input.dispatchMouseEvent",
                               {"type": "mouseWheel", "x": x, "y": y, "deltaX": 0, "deltaY": 80})
    wait_for(lambda: driver.execute_script("return scrollY") > before, message="the page to scroll down")
    assert shown(driver, view)["current"] == 0


# --------------------------------------------------------------------------- fade: hidden from the start

# Installed before the page's scripts: from the frame in which the script has enhanced the fade
# view, records the pages that are not current (their opacity and running transitions).
FADE_PROBE = """
window.__fade = [];
(function frame() {
  const v = document.querySelector('html.folio-js [data-folio-transition=fade]');
  if (v) {
    const pages = [...v.querySelector('[data-folio-track]').children];
    window.__fade.push(pages.filter(p => !p.classList.contains('is-current')).map(p => ({
      opacity: +getComputedStyle(p).opacity, visibility: getComputedStyle(p).visibility,
      running: p.getAnimations().filter(a => a.playState === 'running').length})));
  }
  if (window.__fade.length < 3) requestAnimationFrame(frame);
})();
"""


def test_a_fade_view_starts_with_the_other_pages_hidden(driver, paged_site):
    probe = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FADE_PROBE})
    try:
        for attempt in range(3):  # every load, not just the first
            driver.get(paged_site + "fade/")
            frames = wait_for(lambda: driver.execute_script("return window.__fade.length >= 3 && window.__fade"),
                              message="three frames of the enhanced fade view")
            first = frames[0]
            assert len(first) == len(driver.find_elements(By.CSS_SELECTOR, "[data-folio-page]")) - 1, first
            assert all(p["opacity"] == 0 and p["visibility"] == "hidden" for p in first), \
                f"load {attempt}: in the first frame the pages that are not current must be hidden: {first}"
            assert all(p["running"] == 0 for p in first), f"load {attempt}: nothing may fade on load: {first}"
    finally:
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": probe["identifier"]})
    # and after load, moving still cross-fades
    view = open_view(driver, paged_site + "fade/", "paged")
    view.find_elements(By.CSS_SELECTOR, "[data-folio-dot]")[1].click()
    running = driver.execute_script("return arguments[0].querySelector('.is-current').getAnimations().length", view)
    assert running >= 1, "a person's move must still fade"


# --------------------------------------------------------------------------- the tab bar on a phone

CLIP_JS = """
const list = arguments[0].querySelector('.folio-tabs__list'), bar = list.parentElement;
const tabs = [...list.querySelectorAll('[data-folio-tab]')], b = list.getBoundingClientRect();
const mask = getComputedStyle(list).maskImage || getComputedStyle(list).webkitMaskImage;
return {overflows: list.scrollWidth > list.clientWidth + 1, clip: list.getAttribute('data-folio-clip'),
        left: getComputedStyle(bar, '::before').display !== 'none',
        right: getComputedStyle(bar, '::after').display !== 'none',
        cut: tabs.filter(a => { const r = a.getBoundingClientRect(); return r.left < b.left - 1 || r.right > b.right + 1; }).length,
        mask};
"""


def phone_views_page(driver, example_site):
    set_window_size(driver, 390, 844)
    driver.get(example_site + "views/")
    views = wait_for(lambda: [v for v in driver.find_elements(By.CSS_SELECTOR, "html.folio-js [data-folio-view=tabs]")
                              if len(v.find_elements(By.CSS_SELECTOR, "[data-folio-tab]")) == 5],
                     message="the 5-tab view of /views/")
    view = views[0]
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", view)
    wait_until_settled(driver)
    return view


def clip(driver, view):
    return driver.execute_script(CLIP_JS, view)


def scroll_bar(driver, view, to):
    driver.execute_script("""
        const l = arguments[0].querySelector('.folio-tabs__list');
        l.style.scrollBehavior = 'auto';
        l.scrollLeft = arguments[1] === 'end' ? l.scrollWidth : arguments[1] === 'middle' ? (l.scrollWidth - l.clientWidth) / 2 : 0;""",
        view, to)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_clipped_tab_bar_shows_on_which_side_it_scrolls(driver, example_site, scheme):
    emulate_color_scheme(driver, scheme)
    view = phone_views_page(driver, example_site)
    s = clip(driver, view)
    assert s["overflows"] and s["cut"] >= 1, f"the bar should overflow at 390 px: {s}"
    assert s["clip"] == "right" and s["right"] and not s["left"], f"at the start only the right side is clipped: {s}"
    assert "3.5rem" in s["mask"] or "56px" in s["mask"], f"the clipped side fades: {s}"

    scroll_bar(driver, view, "middle")
    s = wait_for(lambda: (c := clip(driver, view))["clip"] == "left right" and c, message="both sides clipped")
    assert s["left"] and s["right"], s

    scroll_bar(driver, view, "end")
    s = wait_for(lambda: (c := clip(driver, view))["clip"] == "left" and c, message="only the left side clipped")
    assert s["left"] and not s["right"], s

    violations = axe_violations(driver, {"include": [["[data-folio-view=tabs]"]]})
    assert not violations, format_violations(violations)


def test_a_tab_bar_that_fits_shows_no_fade(driver, tabs_site):
    view = open_view(driver, tabs_site, "tabs")
    s = clip(driver, view)
    assert not s["overflows"] and s["clip"] == "" and not s["left"] and not s["right"], s


# --------------------------------------------------------------------------- a remembered tab shifts nothing

CLS_PROBE = """
window.__cls = 0; window.__shifts = [];
new PerformanceObserver(l => l.getEntries().forEach(e => { window.__cls += e.value; window.__shifts.push(e.value); }))
  .observe({type: 'layout-shift', buffered: true});
"""


def test_no_layout_shift_on_load_with_a_remembered_tab(driver, tabs_site):
    view = open_view(driver, tabs_site + "install/", "tabs")
    view.find_elements(By.CSS_SELECTOR, "[data-folio-tab]")[2].click()  # Windows, remembered for the group
    wait_for(lambda: driver.execute_script("return localStorage.getItem('folio-tab-group:os')") == "Windows")
    probe = driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CLS_PROBE})
    try:
        for url in ("upgrade/", "install/"):
            view = open_view(driver, tabs_site + url, "tabs")
            time.sleep(0.3)  # later shifts (after load) would count too
            selected = driver.execute_script(
                "return [...arguments[0].querySelectorAll('[aria-selected=true]')].map(a => a.textContent.trim())", view)
            assert selected == ["Windows"], f"{url}: the remembered tab is not shown: {selected}"
            shifts = driver.execute_script("return window.__shifts")
            assert driver.execute_script("return window.__cls") == 0, f"{url}: layout shifts on load: {shifts}"
    finally:
        driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": probe["identifier"]})
