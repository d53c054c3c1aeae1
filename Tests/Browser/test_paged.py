"""Paged views in Chromium (SPEC §5 "paged"): what a person sees of the page control,
the buttons, the keyboard, swipes, resizes, deep links, the hash and reloads.

Fixture: Tests/Fixtures/views-paged — index.md (5 sections, `### Moon {#heading-in-page-3}`
inside page 3), fade.md (`transition: fade`), single.md (one page), gallery.md
(`## Gallery {view=paged}` inside an otherwise plain page).
"""

from __future__ import annotations

import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import REPO_ROOT, emulate_reduced_motion, set_window_size, wait_for, wait_until_settled

# The view's state as a person sees it: the page that covers most of the track, whether
# it sits flush with the track's edge, and what the DOM hooks say.
STATE_JS = """
const view = arguments[0], track = view.querySelector('[data-folio-track]');
const t = track.getBoundingClientRect();
let visible = -1, best = 0, aligned = false;
[...track.children].forEach((p, i) => {
  const r = p.getBoundingClientRect(), cs = getComputedStyle(p);
  if (cs.visibility === 'hidden' || +cs.opacity < 0.5) return;
  const w = Math.min(r.right, t.right) - Math.max(r.left, t.left);
  if (w > best) { best = w; visible = i; aligned = Math.abs(r.left - t.left) <= 1; }
});
const dots = [...view.querySelectorAll('[data-folio-dot]')].filter(d => d.closest('[data-folio-view]') === view);
return {visible, aligned, current: +view.getAttribute('data-folio-current'),
        selected: dots.map((d, i) => d.getAttribute('aria-selected') === 'true' ? i : -1).filter(i => i >= 0),
        tabindex: dots.map(d => d.tabIndex),
        hash: location.hash, history: history.length};
"""


def state(driver, view):
    return driver.execute_script(STATE_JS, view)


def wait_shown(driver, view, k, timeout=5):
    """Waits until page k is the one shown (most visible, aligned) and every hook agrees."""
    def ok():
        s = state(driver, view)
        return s if (s["visible"] == k and s["aligned"] and s["current"] == k
                     and s["selected"] == ([k] if s["tabindex"] else [])) else None
    return wait_for(ok, timeout, message=f"page {k} to be shown (last: {state(driver, view)})")


def frames_later(driver, view, n=4):
    """scrollLeft after n animation frames: enough for a smooth scroll to have started."""
    return driver.execute_async_script("""
        const [view, n, done] = arguments, track = view.querySelector('[data-folio-track]');
        let k = 0; const step = () => ++k >= n ? done(track.scrollLeft) : requestAnimationFrame(step);
        requestAnimationFrame(step);""", view, n)


@pytest.fixture(scope="module")
def site(build_site, serve):
    return serve(build_site("views-paged", templates=REPO_ROOT / "Templates"))


def open_view(driver, url):
    driver.get(url)
    return wait_for(lambda: driver.find_element(By.CSS_SELECTOR, "html.folio-js [data-folio-view=paged]"),
                    message="the enhanced paged view")


def dots(view):
    return view.find_elements(By.CSS_SELECTOR, "[data-folio-dot]")


def dot_fill(driver, dot):
    return driver.execute_script("return getComputedStyle(arguments[0]).backgroundColor", dot)


def test_one_dot_per_section_and_buttons_shown(driver, site):
    view = open_view(driver, site)
    assert len(view.find_elements(By.CSS_SELECTOR, "[data-folio-page]")) == 5
    assert len(dots(view)) == 5
    prev, nxt = view.find_element(By.CSS_SELECTOR, "[data-folio-prev]"), view.find_element(By.CSS_SELECTOR, "[data-folio-next]")
    assert prev.is_displayed() and nxt.is_displayed()
    s = wait_shown(driver, view, 0)
    assert s["selected"] == [0] and s["tabindex"] == [0, -1, -1, -1, -1]
    fills = [dot_fill(driver, d) for d in dots(view)]
    assert fills[0] != fills[1] and len(set(fills[1:])) == 1, f"current dot not highlighted: {fills}"
    size = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.width, r.height]", dots(view)[0])
    assert min(size) >= 24, f"a dot's target is {size}, under WCAG's 24×24 px"


@pytest.mark.parametrize("k", [2, 4, 1, 0])
def test_clicking_dot_k_shows_page_k(driver, site, k):
    view = open_view(driver, site)
    if k == 0:  # from elsewhere back to the first page
        dots(view)[3].click()
        wait_shown(driver, view, 3)
    dots(view)[k].click()
    s = wait_shown(driver, view, k)
    assert s["selected"] == [k]
    assert s["tabindex"] == [0 if i == k else -1 for i in range(5)]
    fills = [dot_fill(driver, d) for d in dots(view)]
    assert len({f for i, f in enumerate(fills) if i != k}) == 1 and fills[k] not in fills[:k] + fills[k + 1:]


def test_next_and_previous_stop_at_the_ends(driver, site):
    view = open_view(driver, site)
    prev, nxt = view.find_element(By.CSS_SELECTOR, "[data-folio-prev]"), view.find_element(By.CSS_SELECTOR, "[data-folio-next]")
    wait_shown(driver, view, 0)
    assert prev.get_attribute("aria-disabled") == "true" and nxt.get_attribute("aria-disabled") == "false"
    before = frames_later(driver, view, 1)
    prev.click()  # no wrap-around: nothing moves
    assert frames_later(driver, view) == before and state(driver, view)["current"] == 0
    for k in range(1, 5):
        nxt.click()
        wait_shown(driver, view, k)
    assert nxt.get_attribute("aria-disabled") == "true" and prev.get_attribute("aria-disabled") == "false"
    before = frames_later(driver, view, 1)
    nxt.click()
    assert frames_later(driver, view) == before and state(driver, view)["current"] == 4
    prev.click()
    wait_shown(driver, view, 3)


def test_arrow_keys_move_when_focus_is_inside(driver, site):
    view = open_view(driver, site)
    first = dots(view)[0]
    first.send_keys(Keys.ARROW_RIGHT)
    wait_shown(driver, view, 1)
    assert driver.switch_to.active_element == dots(view)[1], "focus follows the selected dot (APG tabs)"
    driver.switch_to.active_element.send_keys(Keys.END)
    wait_shown(driver, view, 4)
    driver.switch_to.active_element.send_keys(Keys.ARROW_RIGHT)  # the last page: no wrap
    wait_shown(driver, view, 4)
    nxt = view.find_element(By.CSS_SELECTOR, "[data-folio-next]")
    nxt.send_keys(Keys.ARROW_LEFT)  # any focus inside the view
    wait_shown(driver, view, 3)
    driver.switch_to.active_element.send_keys(Keys.HOME)
    wait_shown(driver, view, 3)  # Home/End belong to the dots, not to the whole view
    driver.execute_script("document.activeElement.blur()")
    before = frames_later(driver, view, 1)
    ActionChains(driver).send_keys(Keys.ARROW_LEFT).perform()  # focus outside the view: not ours
    assert frames_later(driver, view) == before and state(driver, view)["current"] == 3


def test_arrow_keys_scroll_a_wide_code_block_rather_than_turn_the_page(driver, site):
    """←/→ on a focused code block wider than the page turned the page: the rest of the code was out of reach of
    the keyboard (WCAG 2.1.1). A box that scrolls sideways keeps the keys; elsewhere in the view they turn it."""
    set_window_size(driver, 420, 900)
    view = open_view(driver, site + "code/")
    wait_shown(driver, view, 0)
    pre = view.find_element(By.CSS_SELECTOR, "pre")
    assert driver.execute_script("return arguments[0].scrollWidth > arguments[0].clientWidth", pre)
    pre.send_keys(Keys.ARROW_RIGHT)
    wait_for(lambda: driver.execute_script("return arguments[0].scrollLeft > 0", pre),
             message="the code block scrolled sideways")
    time.sleep(0.3)
    assert state(driver, view)["current"] == 0, "the page did not turn"
    dots(view)[0].send_keys(Keys.ARROW_RIGHT)
    wait_shown(driver, view, 1)


def test_swiping_the_track_updates_the_current_dot(driver, site):
    view = open_view(driver, site)
    for k in (1, 2):  # two swipes to the left, each a real scroll gesture over the track
        swipe(driver, view, -1)
        wait_shown(driver, view, k)
        pause_between_gestures()
    swipe(driver, view, +1)
    s = wait_shown(driver, view, 1)
    assert s["hash"] == "#venus"


def pause_between_gestures():
    """Longer than folio.js's 250 ms burst window, so the next swipe is a gesture of its own (as a reader's is), not
    the trailing wheel events of the last one."""
    time.sleep(0.4)


def swipe(driver, view, direction):
    """A finger-like horizontal scroll gesture over the track (direction -1: to the next page)."""
    x, y, w = driver.execute_script("""const r = arguments[0].querySelector('[data-folio-track]').getBoundingClientRect();
        return [r.left + r.width / 2, r.top + Math.min(r.height, innerHeight - r.top) / 2, r.width]""", view)
    driver.execute_cdp_cmd("Input.synthesizeScrollGesture", {
        "x": x, "y": y, "xDistance": direction * w * 0.6, "yDistance": 0, "speed": 1600, "gestureSourceType": "mouse"})


def test_resizing_keeps_the_current_page_aligned(driver, site):
    view = open_view(driver, site)
    dots(view)[2].click()
    wait_shown(driver, view, 2)
    for width in (420, 1200, 700):
        set_window_size(driver, width, 900)
        wait_shown(driver, view, 2)


def test_hash_opens_the_page_holding_the_heading(driver, site):
    driver.get(site + "#heading-in-page-3")
    view = wait_for(lambda: driver.find_element(By.CSS_SELECTOR, "html.folio-js [data-folio-view=paged]"))
    wait_shown(driver, view, 2)
    heading = driver.find_element(By.ID, "heading-in-page-3")
    assert driver.execute_script("""const r = arguments[0].getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth""", heading)
    # a hash change on the open page does the same
    driver.execute_script("location.hash = '#ceres'")
    wait_shown(driver, view, 4)


def test_moving_updates_the_hash_without_history_entries(driver, site):
    view = open_view(driver, site)
    start = state(driver, view)["history"]
    nxt = view.find_element(By.CSS_SELECTOR, "[data-folio-next]")
    nxt.click()
    wait_shown(driver, view, 1)
    dots(view)[3].click()
    s = wait_shown(driver, view, 3)
    assert s["hash"] == "#mars" and s["history"] == start


def test_reload_restores_the_page(driver, site):
    view = open_view(driver, site)
    dots(view)[3].click()
    wait_shown(driver, view, 3)
    driver.refresh()
    view = open_view(driver, site)
    wait_shown(driver, view, 3)
    # without the hash, the tab's session remembers the page
    driver.execute_script("history.replaceState(null, '', location.pathname)")
    driver.refresh()
    view = open_view(driver, site)
    wait_shown(driver, view, 3)


def test_fade_cross_fades_in_place(driver, site):
    view = open_view(driver, site + "fade/")
    assert view.get_attribute("data-folio-transition") == "fade"
    wait_shown(driver, view, 0)
    dots(view)[2].click()
    wait_shown(driver, view, 2)
    wait_until_settled(driver)
    info = driver.execute_script("""const v = arguments[0], t = v.querySelector('[data-folio-track]');
        return {scroll: t.scrollLeft, lefts: [...t.children].map(p => Math.round(p.getBoundingClientRect().left)),
                shown: [...t.children].map(p => getComputedStyle(p).visibility)}""", view)
    assert info["scroll"] == 0 and len(set(info["lefts"])) == 1, f"fade pages must not slide: {info}"
    assert info["shown"] == ["hidden", "hidden", "visible"]
    # the outgoing page fades out over time rather than vanishing at once
    dots(view)[0].click()
    mid = driver.execute_script("return +getComputedStyle(arguments[0].querySelectorAll('[data-folio-page]')[2]).opacity", view)
    assert 0 < mid <= 1
    wait_shown(driver, view, 0)


def test_reduced_motion_moves_at_once(driver, site):
    emulate_reduced_motion(driver)
    view = open_view(driver, site)
    width = driver.execute_script("return arguments[0].querySelector('[data-folio-track]').clientWidth", view)
    dots(view)[4].click()
    assert frames_later(driver, view, 1) == pytest.approx(4 * width, abs=1)
    wait_shown(driver, view, 4)
    assert driver.execute_script("return getComputedStyle(arguments[0].querySelector('[data-folio-track]')).scrollBehavior", view) == "auto"


def test_a_single_page_has_no_control(driver, site):
    view = open_view(driver, site + "single/")
    assert view.find_elements(By.CSS_SELECTOR, "[data-folio-page-control], [data-folio-dot], [data-folio-prev], [data-folio-next]") == []
    assert len(view.find_elements(By.CSS_SELECTOR, "[data-folio-page]")) == 1
    wait_shown(driver, view, 0)


def test_a_heading_marked_view_paged_pages_its_subsections(driver, site):
    view = open_view(driver, site + "gallery/")
    titles = driver.execute_script(
        "return [...arguments[0].querySelectorAll('[data-folio-page] > :first-child')].map(h => h.textContent.trim())", view)
    assert titles == ["First picture", "Second picture", "Third picture"]
    assert len(dots(view)) == 3
    assert len(driver.find_elements(By.CSS_SELECTOR, "[data-folio-view=paged]")) == 1
    outside = driver.execute_script("""const v = arguments[0];
        return ['introduction', 'closing'].map(id => { const h = document.getElementById(id); return !!h && !v.contains(h); })""", view)
    assert outside == [True, True], "the plain sections stay outside the paged view"
    dots(view)[1].click()
    wait_shown(driver, view, 1)
