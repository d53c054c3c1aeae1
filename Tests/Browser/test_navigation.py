"""Finding one's way (issue 12): the sidebar and the phone menu, "On this page" opening tabs and pages with
scroll-spy, breadcrumbs, previous/next, generated folder pages, the one-row sticky header, axe in both schemes.

Fixture: Tests/Fixtures/navigation — guide/ (index.md and three steps by weight), posts/ (twelve dated posts,
no index.md, `paginate: 5`), paged.md (`view: paged`, five sections), tabs.md (a `{view=tabs}` section of three
tabs, then five long sections). The example site (the guide) for the header and axe.
"""

from __future__ import annotations

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from helpers import (REPO_ROOT, _cdp, axe_violations, file_url, disable_javascript, emulate_dark_mode, emulate_light_mode, emulate_print,
                     format_violations, open_page, set_window_size, wait_for)

WIDE, PHONE = (1280, 900), (390, 844)


@pytest.fixture(scope="module")
def site(build_site, serve):
    return serve(build_site("navigation", templates=REPO_ROOT / "Templates"))


def shown(driver, css):
    return driver.execute_script(
        "const e = document.querySelector(arguments[0]); if (!e) return false;"
        "const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'"
        " && !!e.checkVisibility()", css)


def in_view(driver, element):
    """The element's top is inside the viewport, below the sticky header."""
    return driver.execute_script(
        "const r = arguments[0].getBoundingClientRect(), h = document.querySelector('.folio-header').getBoundingClientRect();"
        "return r.top >= h.bottom - 1 && r.top < innerHeight && r.width > 0 && arguments[0].checkVisibility()", element)


def toc_marked(driver):
    return driver.execute_script(
        "const a = document.querySelector('.folio-toc [aria-current]'); return a && a.getAttribute('href')")


# --------------------------------------------------------------------------- sidebar and menu

def test_sidebar_marks_the_current_page_and_opens_its_branch(driver, site):
    set_window_size(driver, *WIDE)
    open_page(driver, site + "guide/step-2/")
    assert shown(driver, ".folio-sidebar .folio-tree")
    current = driver.find_elements(By.CSS_SELECTOR, ".folio-sidebar [aria-current='page']")
    assert [a.text for a in current] == ["Step 2"]
    assert current[0].is_displayed()
    folders = {d.find_element(By.TAG_NAME, "summary").text: d.get_attribute("open") is not None
               for d in driver.find_elements(By.CSS_SELECTOR, ".folio-sidebar details.folio-tree__folder")}
    assert folders == {"Guide": True}, folders
    # A closed folder of more than eight pages is a plain link to its page.
    assert driver.find_element(By.CSS_SELECTOR, ".folio-sidebar a[href='../../posts/']").text == "Posts"


def test_sidebar_of_a_folder_page_marks_its_overview(driver, site):
    set_window_size(driver, *WIDE)
    open_page(driver, site + "posts/")
    current = driver.find_element(By.CSS_SELECTOR, ".folio-sidebar [aria-current='page']")
    assert current.text == "Overview"
    assert current.get_attribute("href") == site + "posts/"


def test_sidebar_of_a_lists_next_page_marks_its_overview_as_where_the_reader_is(driver, site):
    """On posts/page/2/ no sidebar entry said where the reader was: the Overview of Posts now does, highlighted
    as the current page's entry is, with aria-current="true" (page 2 continues that page; it is not that page)."""
    set_window_size(driver, *WIDE)
    open_page(driver, site + "posts/")
    page_one = driver.find_element(By.CSS_SELECTOR, ".folio-sidebar [aria-current='page']")
    looks = "const s = getComputedStyle(arguments[0]); return [s.color, s.backgroundColor, s.fontWeight]"
    highlighted = driver.execute_script(looks, page_one)
    open_page(driver, site + "posts/page/2/")
    assert driver.find_elements(By.CSS_SELECTOR, ".folio-sidebar [aria-current='page']") == []
    marked = driver.find_elements(By.CSS_SELECTOR, ".folio-sidebar [aria-current='true']")
    assert [(a.text, a.get_attribute("href")) for a in marked] == [("Overview", site + "posts/")]
    assert driver.execute_script(looks, marked[0]) == highlighted


def _menu_open(driver):
    return driver.execute_script("return document.querySelector('[data-folio-menu]').open")


def test_phone_menu_opens_and_closes_by_keyboard(driver, site):
    set_window_size(driver, *PHONE)
    open_page(driver, site + "guide/step-1/")
    assert not shown(driver, ".folio-sidebar .folio-tree"), "the tree is folded on a phone"
    button = driver.find_element(By.CSS_SELECTOR, ".folio-menu__button")
    assert button.is_displayed() and button.text == "Menu"
    top = driver.execute_script("return arguments[0].getBoundingClientRect().top", button)
    assert top < driver.execute_script("return document.querySelector('.folio-header').getBoundingClientRect().bottom")
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.TAB)  # the skip link
    for _ in range(3):
        if driver.switch_to.active_element == button:
            break
        driver.switch_to.active_element.send_keys(Keys.TAB)
    assert driver.switch_to.active_element == button, "the menu button is reached by Tab"
    button.send_keys(Keys.ENTER)
    wait_for(lambda: shown(driver, ".folio-sidebar .folio-tree"), message="the menu to open")
    link = driver.find_element(By.CSS_SELECTOR, ".folio-sidebar [aria-current='page']")
    assert link.is_displayed() and link.text == "Step 1"
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait_for(lambda: not _menu_open(driver), message="Escape to close the menu")
    assert driver.switch_to.active_element == button, "focus returns to the button"
    button.send_keys(Keys.SPACE)
    wait_for(lambda: _menu_open(driver), message="Space to open the menu")
    button.send_keys(Keys.SPACE)
    wait_for(lambda: not _menu_open(driver), message="Space to close the menu")


def _tap(driver, x, y):
    for kind, points in (("touchStart", [{"x": x, "y": y}]), ("touchEnd", [])):
        _cdp(driver, "Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def test_phone_menu_opens_and_closes_by_touch(driver, site):
    set_window_size(driver, *PHONE)
    _cdp(driver, "Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    try:
        open_page(driver, site + "guide/step-1/")
        box = driver.execute_script(
            "const r = document.querySelector('.folio-menu__button').getBoundingClientRect();"
            "return [r.left + r.width / 2, r.top + r.height / 2]")
        _tap(driver, *box)
        wait_for(lambda: shown(driver, ".folio-sidebar .folio-tree"), message="a tap to open the menu")
        _tap(driver, *box)
        wait_for(lambda: not _menu_open(driver), message="a second tap to close it")
        _tap(driver, *box)
        wait_for(lambda: _menu_open(driver), message="a tap to open it again")
        _tap(driver, 200, 800)  # on the page below the menu's panel
        wait_for(lambda: not _menu_open(driver), message="a tap outside to close it")
    finally:
        _cdp(driver, "Emulation.setTouchEmulationEnabled", {"enabled": False})


def test_phone_menu_works_without_javascript(driver, site):
    disable_javascript(driver)
    set_window_size(driver, *PHONE)
    open_page(driver, site + "guide/step-1/")
    assert "folio-js" not in driver.find_element(By.TAG_NAME, "html").get_attribute("class")
    button = driver.find_element(By.CSS_SELECTOR, ".folio-menu__button")
    button.click()
    wait_for(lambda: shown(driver, ".folio-sidebar .folio-tree"), message="the menu to open")
    driver.find_element(By.LINK_TEXT, "Step 3").click()
    wait_for(lambda: driver.current_url == site + "guide/step-3/", message="the menu's link to lead to its page")
    driver.find_element(By.CSS_SELECTOR, ".folio-menu__button").click()
    wait_for(lambda: _menu_open(driver))
    driver.find_element(By.CSS_SELECTOR, ".folio-menu__button").click()
    wait_for(lambda: not _menu_open(driver), message="a second click to close it")


# --------------------------------------------------------------------------- On this page

def _tabs_state(driver):
    return driver.execute_script(
        "const v = document.querySelector('[data-folio-view=tabs]');"
        "return [+v.getAttribute('data-folio-current'), [...v.querySelectorAll('[role=tab]')]"
        ".map(t => t.getAttribute('aria-selected'))]")


def test_a_toc_entry_inside_tab_two_selects_tab_two_and_shows_the_heading(driver, site):
    set_window_size(driver, *WIDE)
    open_page(driver, site + "tabs/")
    assert _tabs_state(driver)[0] == 0
    driver.find_element(By.CSS_SELECTOR, ".folio-toc a[href='#beta']").click()
    wait_for(lambda: _tabs_state(driver) == [1, ["false", "true", "false"]], message=f"tab 2 to be selected")
    heading = driver.find_element(By.ID, "beta")
    wait_for(lambda: in_view(driver, heading), message="the Beta heading to be shown")
    assert driver.execute_script("return location.hash") == "#beta"
    wait_for(lambda: toc_marked(driver) == "#beta", message="the entry to be marked")


def test_a_toc_entry_inside_page_three_shows_page_three(driver, site):
    set_window_size(driver, *WIDE)
    open_page(driver, site + "paged/")
    driver.find_element(By.CSS_SELECTOR, ".folio-toc a[href='#page-3']").click()
    wait_for(lambda: driver.execute_script(
        "return document.querySelector('[data-folio-view=paged]').getAttribute('data-folio-current')") == "2",
        message="page 3 to be current")
    heading = driver.find_element(By.ID, "page-3")
    wait_for(lambda: in_view(driver, heading) and driver.execute_script(
        "const t = document.querySelector('[data-folio-track]').getBoundingClientRect(),"
        " r = arguments[0].getBoundingClientRect(); return r.left >= t.left - 1 && r.right <= t.right + 1", heading),
        message="the heading of page 3 to be on screen")
    wait_for(lambda: toc_marked(driver) == "#page-3", message="the entry to be marked")


def test_scroll_spy_marks_the_section_in_view_after_scrolling(driver, site):
    set_window_size(driver, *WIDE)
    open_page(driver, site + "tabs/")
    assert toc_marked(driver) == "#platforms"
    driver.execute_script("document.getElementById('long-3').scrollIntoView({block: 'start'})")
    wait_for(lambda: toc_marked(driver) == "#long-3", message=f"long-3 to be marked (marked: {toc_marked(driver)})")
    driver.execute_script("document.getElementById('long-1').scrollIntoView({block: 'start'})")
    wait_for(lambda: toc_marked(driver) == "#long-1", message="long-1 to be marked after scrolling back")


def test_scroll_spy_follows_a_swipe_to_another_page(driver, site):
    set_window_size(driver, *WIDE)
    open_page(driver, site + "paged/")
    wait_for(lambda: toc_marked(driver) == "#page-1", message="page 1 marked at first")
    # A swipe: the track scrolls sideways by two pages, as a finger or trackpad would move it.
    driver.execute_script(
        "const t = document.querySelector('[data-folio-track]'); t.scrollTo({left: t.clientWidth * 2, behavior: 'instant'})")
    wait_for(lambda: toc_marked(driver) == "#page-3", message=f"page 3 marked after the swipe ({toc_marked(driver)})")


def test_toc_entries_are_plain_anchors_without_javascript(driver, site):
    disable_javascript(driver)
    set_window_size(driver, *WIDE)
    open_page(driver, site + "tabs/")
    assert shown(driver, ".folio-toc a[href='#gamma']"), "the list is shown beside the text on a wide screen"
    # Its <details> is closed without the script (so that it starts folded on a phone): click where a person would.
    link = driver.find_element(By.CSS_SELECTOR, ".folio-toc a[href='#gamma']")
    ActionChains(driver).move_to_element(link).click().perform()
    heading = driver.find_element(By.ID, "gamma")
    wait_for(lambda: in_view(driver, heading), message="the Gamma heading to be reached")


def test_toc_is_folded_at_the_top_on_a_phone(driver, site):
    set_window_size(driver, *PHONE)
    open_page(driver, site + "tabs/")
    assert not shown(driver, ".folio-toc__list")
    summary = driver.find_element(By.CSS_SELECTOR, ".folio-toc__summary")
    assert summary.text == "On this page"
    summary.click()
    wait_for(lambda: shown(driver, ".folio-toc__list"))
    driver.find_element(By.CSS_SELECTOR, ".folio-toc a[href='#long-4']").click()
    wait_for(lambda: in_view(driver, driver.find_element(By.ID, "long-4")), message="long-4 to be shown")


# --------------------------------------------------------------------------- breadcrumbs, previous/next, folders

def test_breadcrumbs_and_previous_next_link_to_the_right_pages(driver, site):
    set_window_size(driver, *WIDE)
    open_page(driver, site + "guide/step-2/")
    crumbs = driver.find_elements(By.CSS_SELECTOR, ".folio-breadcrumbs li")
    assert [c.text.rstrip(" /") for c in crumbs] == ["Home", "Guide", "Step 2"]
    assert [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, ".folio-breadcrumbs a")] == [
        site, site + "guide/"]
    assert crumbs[-1].find_element(By.CSS_SELECTOR, "[aria-current='page']").text == "Step 2"
    assert driver.find_element(By.CSS_SELECTOR, ".folio-breadcrumbs ol").get_attribute("itemtype") == \
        "https://schema.org/BreadcrumbList"
    previous = driver.find_element(By.CSS_SELECTOR, ".folio-pager a[rel='prev']")
    following = driver.find_element(By.CSS_SELECTOR, ".folio-pager a[rel='next']")
    assert previous.get_attribute("href") == site + "guide/step-1/" and "Step 1" in previous.text
    assert following.get_attribute("href") == site + "guide/step-3/" and "Step 3" in following.text
    following.click()
    wait_for(lambda: driver.current_url == site + "guide/step-3/")


def test_a_folder_without_index_has_a_paginated_page(driver, site):
    set_window_size(driver, *WIDE)
    open_page(driver, site + "posts/")
    assert driver.find_element(By.CSS_SELECTOR, "h1").text == "Posts"
    titles = [a.text for a in driver.find_elements(By.CSS_SELECTOR, ".folio-listing__link")]
    assert titles == ["Post 12", "Post 11", "Post 10", "Post 9", "Post 8"], "newest first, five a page"
    assert driver.find_element(By.CSS_SELECTOR, ".folio-pagination [aria-current='page']").text == "1"
    driver.find_element(By.CSS_SELECTOR, ".folio-pagination a[rel='next']").click()
    wait_for(lambda: driver.current_url == site + "posts/page/2/")
    assert [a.text for a in driver.find_elements(By.CSS_SELECTOR, ".folio-listing__link")][0] == "Post 7"
    assert driver.find_element(By.CSS_SELECTOR, ".folio-pagination [aria-current='page']").text == "2"
    driver.find_element(By.CSS_SELECTOR, ".folio-pagination a[aria-label='Page 3']").click()
    wait_for(lambda: driver.current_url == site + "posts/page/3/")
    assert [a.text for a in driver.find_elements(By.CSS_SELECTOR, ".folio-listing__link")] == ["Post 2", "Post 1"]
    driver.find_element(By.CSS_SELECTOR, ".folio-brand").click()
    wait_for(lambda: driver.current_url == site)
    assert driver.find_element(By.CSS_SELECTOR, "h1").text == "Home"


def test_print_shows_no_navigation(driver, site):
    set_window_size(driver, *WIDE)
    open_page(driver, site + "guide/step-2/")
    emulate_print(driver)
    for css in (".folio-sidebar", ".folio-breadcrumbs", ".folio-pager", ".folio-nav"):
        assert not shown(driver, css), css
    open_page(driver, site + "tabs/")
    assert not shown(driver, ".folio-toc")


# --------------------------------------------------------------------------- the example site

@pytest.mark.parametrize("width", [768, 1024, 1280, 1440, 1920])
def test_header_is_one_row_and_sticky_on_the_example_site(driver, example_site, width):
    set_window_size(driver, width, 900)
    open_page(driver, example_site + "views/")
    rows = driver.execute_script(
        "const h = document.querySelector('.folio-header__inner'), hb = h.getBoundingClientRect();"
        "const items = [document.querySelector('.folio-brand'), ...h.querySelectorAll('.folio-nav__link')]"
        "  .filter(e => e.getBoundingClientRect().width > 0);"
        "return {height: hb.height, tops: [...new Set(items.map(e => Math.round(e.getBoundingClientRect().top"
        "  + e.getBoundingClientRect().height / 2)))]}")
    assert rows["height"] <= 64, rows
    assert max(rows["tops"]) - min(rows["tops"]) <= 2, f"the header's items are on one row: {rows}"
    driver.execute_script("window.scrollTo(0, document.body.scrollHeight / 2)")
    assert driver.execute_script("return document.querySelector('.folio-header').getBoundingClientRect().top") == 0


@pytest.mark.parametrize("width", [320, 390, 768])
def test_the_headers_controls_never_overlap_down_to_320px(driver, example_site, width):
    """At 320 px (WCAG 1.4.10's reflow width) the search button ran 11 px under the Menu button."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": 800, "deviceScaleFactor": 1, "mobile": True})
    try:
        open_page(driver, example_site + "views/")
        boxes = driver.execute_script(
            "return ['.folio-brand', '.folio-search__button', '.folio-menu__button'].map(s => {"
            "  const r = document.querySelector(s).getBoundingClientRect();"
            "  return {name: s, left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width}; })")
        assert all(b["width"] > 0 for b in boxes), boxes
        for i, a in enumerate(boxes):
            assert a["right"] <= width and a["left"] >= 0, f"{a['name']} leaves the screen: {a}"
            for b in boxes[i + 1:]:
                apart = a["right"] <= b["left"] or b["right"] <= a["left"] or a["bottom"] <= b["top"] or b["bottom"] <= a["top"]
                assert apart, f"{a['name']} and {b['name']} overlap at {width}px: {a} {b}"
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_a_toc_entry_keeps_the_all_segment_the_reader_chose(driver, example_site):
    """With a segmented view showing its list ("All"), an "On this page" entry for a section in it switched the view
    back to its pages: the entry now opens the list's copy of the section."""
    set_window_size(driver, *WIDE)
    open_page(driver, example_site + "views/")
    segmented = driver.find_element(By.CSS_SELECTOR, "[data-folio-view=segmented]")
    segmented.find_elements(By.CSS_SELECTOR, "[data-folio-segment]")[1].click()
    wait_for(lambda: segmented.get_attribute("data-folio-current") == "1", message="the All segment")
    entry = driver.find_element(By.CSS_SELECTOR, "[data-folio-toc] a[href='#when-to-use-it']")
    driver.execute_script("arguments[0].click()", entry)
    copy = driver.find_element(By.ID, "all-when-to-use-it")
    wait_for(lambda: driver.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return location.hash === '#all-when-to-use-it'"
        " && r.height > 0 && r.top >= 0 && r.top < innerHeight", copy), message="the list's copy in view")
    assert segmented.get_attribute("data-folio-current") == "1", "the view stayed on All"


def test_a_deep_link_heading_is_not_hidden_by_the_sticky_header(driver, example_site):
    set_window_size(driver, *WIDE)
    open_page(driver, example_site + "templates/#overriding")
    heading = driver.find_element(By.ID, "overriding")
    wait_for(lambda: in_view(driver, heading), message="the linked heading below the header")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [390, 1280])
def test_axe_is_clean_on_navigation_pages(driver, example_site, scheme, width):
    set_window_size(driver, width, 900)
    (emulate_dark_mode if scheme == "dark" else emulate_light_mode)(driver)
    for path in ("navigation/", "demos/notes/", "demos/notes/page/2/", "demos/notes/note-07/"):
        open_page(driver, example_site + path)
        if width < 1024:
            driver.find_element(By.CSS_SELECTOR, ".folio-menu__button").click()
            wait_for(lambda: _menu_open(driver))
        violations = axe_violations(driver)
        assert not violations, f"{path} at {width}px, {scheme}:\n{format_violations(violations)}"


def test_navigation_works_from_disk(driver, build_site):
    out = build_site("navigation", templates=REPO_ROOT / "Templates")
    set_window_size(driver, *WIDE)
    open_page(driver, file_url(out / "guide/step-2/index.html"))
    driver.find_element(By.CSS_SELECTOR, ".folio-pager a[rel='next']").click()
    wait_for(lambda: driver.current_url == file_url(out / "guide/step-3/index.html"), message="next, from disk")
    driver.find_element(By.CSS_SELECTOR, ".folio-sidebar a[href$='posts/']").click()
    wait_for(lambda: driver.current_url == file_url(out / "posts/index.html"), message="the generated folder page, from disk")
