"""Search in Chromium (issue 13): the header button and its combobox dialog, results as you type,
and a chosen result opening the tab, page or segment that holds its section with the words marked.

Fixture: Tests/Fixtures/search-site — tabs.md (`view: tabs`, "quokkaroo" only in tab 2, Linux),
paged.md (`view: paged`, "marmalizard" only on page 3, Earth), segmented.md (`view: segmented`,
"zephyrine" only in Gamma), languages.md (accents, Japanese, a word only in a code block).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.common.action_chains import ActionChains

from helpers import (FIXTURES_DIR, REPO_ROOT, axe_violations, disable_javascript, emulate_color_scheme,
                     external_requests, file_url, format_violations, wait_for)

# What a person sees of the dialog: open or not, the input's combobox state, the options.
DIALOG_JS = """
const dialog = document.querySelector('.folio-search__dialog'), input = dialog && dialog.querySelector('input');
if (!dialog) return null;
const options = [...dialog.querySelectorAll('[role=option]')];
return {open: dialog.open, focused: document.activeElement === input, expanded: input.getAttribute('aria-expanded'),
        active: input.getAttribute('aria-activedescendant'),
        status: dialog.querySelector('[role=status]').textContent,
        options: options.map(o => ({id: o.id, text: o.innerText, selected: o.getAttribute('aria-selected'),
                                    marked: [...o.querySelectorAll('mark')].map(m => m.textContent)}))};
"""

# The section a result landed on: the hash, the heading's place on screen, the marked words and what holds them.
LANDED_JS = """
const id = decodeURIComponent(location.hash.slice(1)), h = document.getElementById(id);
if (!h || document.readyState !== 'complete') return null;
const r = h.getBoundingClientRect();
const marks = [...document.querySelectorAll('mark.folio-search-hit')].map(m => {
  const b = m.getBoundingClientRect();
  return {text: m.textContent, visible: b.width > 0 && b.left >= 0 && b.right <= innerWidth && b.top >= 0 && b.bottom <= innerHeight};
});
const views = [...document.querySelectorAll('[data-folio-view]')].map(v => [v.getAttribute('data-folio-view'), v.getAttribute('data-folio-current')]);
return {path: location.pathname, hash: location.hash, inView: r.width > 0 && r.left >= 0 && r.right <= innerWidth && r.top >= 0 && r.top < innerHeight,
        marks, views};
"""


def dialog(driver):
    return driver.execute_script(DIALOG_JS)


def landed(driver):
    return driver.execute_script(LANDED_JS)


@pytest.fixture(scope="module")
def site_dir(build_site):
    return build_site("search-site", templates=REPO_ROOT / "Templates")


@pytest.fixture(scope="module")
def site(site_dir, serve):
    return serve(site_dir)


def type_query(driver, text):
    """Opens the dialog with the / key and types, as a person would."""
    driver.find_element(By.TAG_NAME, "body").send_keys("/")
    wait_for(lambda: (s := dialog(driver)) and s["open"] and s["focused"], message="the dialog to open with focus in its input")
    driver.switch_to.active_element.send_keys(text)


def wait_results(driver, predicate, message):
    return wait_for(lambda: (s := dialog(driver)) and s["options"] and predicate(s) and s, timeout=10,
                    message=f"{message} (last: {dialog(driver)})")


def choose_and_land(driver, site, query, expect_text, hash_, views):
    driver.get(site)
    type_query(driver, query)
    s = wait_results(driver, lambda s: expect_text in s["options"][0]["text"], f"a first result about {expect_text!r}")
    assert s["options"][0]["selected"] == "true" and s["active"] == s["options"][0]["id"]
    assert s["options"][0]["marked"] == [query], s
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    at = wait_for(lambda: (l := landed(driver)) and l["hash"] == hash_ and l["views"] == views and l["inView"]
                  and l["marks"] and l, timeout=10, message=f"{hash_} shown with its words marked (last: {landed(driver)})")
    assert [m["text"] for m in at["marks"]] == [query], at
    assert all(m["visible"] for m in at["marks"]), at
    return at


def test_a_word_only_in_tab_2_lists_that_section_and_opens_tab_2(driver, site):
    at = choose_and_land(driver, site, "quokkaroo", "tab “Linux”", "#linux", [["tabs", "1"]])
    assert at["path"] == "/tabs/"


def test_a_word_on_page_3_of_a_paged_view_opens_page_3(driver, site):
    at = choose_and_land(driver, site, "marmalizard", "page 3 of 4", "#earth", [["paged", "2"]])
    assert at["path"] == "/paged/"


def test_a_word_in_a_segmented_view_opens_the_all_segment(driver, site):
    # The segmented view holds a paged view (Pages) and a list (All); the result opens All at the section.
    at = choose_and_land(driver, site, "zephyrine", "All", "#all-gamma", [["segmented", "1"], ["paged", "0"], ["list", None]])
    assert at["path"] == "/segmented/"


def test_a_result_on_the_page_already_open_lands_where_a_link_to_it_does(driver, example_site):
    """On the page that holds it, a result scrolled to its heading before folio.js had switched to the tab holding
    it (the new hash's hashchange comes later): on the guide's views page the heading ended up far down the screen."""
    top = "return Math.round(document.getElementById('banner-slot').getBoundingClientRect().top)"
    driver.get(example_site + "views/#banner-slot")
    wait_for(lambda: (l := landed(driver)) and l["inView"], message="the banner slot by link")
    time.sleep(0.5)
    by_link = driver.execute_script(top)
    driver.get(example_site + "views/")
    wait_for(lambda: driver.execute_script("return document.readyState === 'complete'"))
    type_query(driver, "banner slot")
    wait_results(driver, lambda s: "Banner slot" in s["options"][0]["text"], "the banner slot first")
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    wait_for(lambda: (l := landed(driver)) and l["hash"] == "#banner-slot" and l["marks"], timeout=10,
             message="the banner slot by search")
    time.sleep(0.5)
    assert abs(driver.execute_script(top) - by_link) <= 2, (driver.execute_script(top), by_link)


def test_marks_are_cleared_by_the_next_interaction(driver, site):
    choose_and_land(driver, site, "quokkaroo", "tab “Linux”", "#linux", [["tabs", "1"]])
    ActionChains(driver).send_keys(Keys.SHIFT).perform()
    wait_for(lambda: landed(driver)["marks"] == [], message="the marks to go after a key press")
    assert "quokkaroo" in driver.find_element(By.ID, "linux").find_element(By.XPATH, "..").text


def test_keyboard_only_ctrl_k_arrows_enter_and_escape(driver, site):
    driver.get(site + "paged/")
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.CONTROL, "k")
    wait_for(lambda: (s := dialog(driver)) and s["open"] and s["focused"], message="Ctrl-K to open the dialog")
    box = driver.switch_to.active_element
    assert box.get_attribute("role") == "combobox"
    box.send_keys("install")
    s = wait_results(driver, lambda s: len(s["options"]) >= 3, "three results for 'install'")
    assert s["expanded"] == "true" and s["active"] == s["options"][0]["id"]
    box.send_keys(Keys.ARROW_DOWN)
    s = wait_for(lambda: (s := dialog(driver)) and s["active"] == s["options"][1]["id"] and s, message="↓ to move to result 2")
    assert [o["selected"] for o in s["options"][:3]] == ["false", "true", "false"] and s["focused"]
    box.send_keys(Keys.ARROW_UP, Keys.ARROW_UP)
    s = wait_for(lambda: (s := dialog(driver)) and s["active"] == s["options"][-1]["id"] and s, message="↑ from the first to wrap to the last")
    box.send_keys(Keys.ESCAPE)
    wait_for(lambda: not dialog(driver)["open"], message="Escape to close the dialog")
    # The dialog's close event moves the focus: waited for, not read at once (a loaded machine runs it a little later).
    wait_for(lambda: driver.switch_to.active_element.get_attribute("class") == "folio-search__button", message="focus to return to the button")
    # The button itself, from the keyboard: Enter opens, the last query is still there, ↓ and Enter open a result.
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    wait_for(lambda: (s := dialog(driver)) and s["open"] and s["focused"] and len(s["options"]) >= 3, message="the dialog again")
    second = dialog(driver)["options"][1]["text"]
    box.send_keys(Keys.ARROW_DOWN, Keys.ENTER)
    wait_for(lambda: (l := landed(driver)) and l["marks"], timeout=10, message=f"result 2 ({second!r}) to open")


def test_the_results_list_is_no_tab_stop(driver, example_site):
    """Chromium makes a box that scrolls a Tab stop of its own: Tab went from the input to Close, then into the
    results list, where ↑/↓ and Enter did nothing. The APG combobox keeps focus in the input; the list is reached
    with the arrows."""
    driver.get(example_site)
    type_query(driver, "page")
    wait_results(driver, lambda s: len(s["options"]) == 10, "ten results for 'page'")
    assert driver.execute_script(
        "const l = document.getElementById('folio-search-results'); return l.scrollHeight > l.clientHeight"), \
        "the list scrolls (else it is no Tab stop anyway)"
    stops = []
    for _ in range(3):
        driver.switch_to.active_element.send_keys(Keys.TAB)
        stops.append(driver.execute_script(
            "const e = document.activeElement; return e.getAttribute('role') || e.className || e.tagName"))
    assert "listbox" not in stops, stops


def test_accents_cjk_prefixes_and_code_are_found(driver, site):
    driver.get(site)
    for query, expected in [("creme brulee", "Crème brûlée"), ("NAIVE", "Crème brûlée"), ("東京", "東京"),
                            ("都に住", "東京"), ("frobnic", "Code"), ("quokk", "Linux")]:
        if dialog(driver)["open"]:
            driver.switch_to.active_element.send_keys(Keys.ESCAPE)
            wait_for(lambda: not dialog(driver)["open"], message="the dialog to close")
        driver.find_element(By.TAG_NAME, "body").send_keys("/")
        wait_for(lambda: dialog(driver)["focused"], message="the input to take focus")
        box = driver.switch_to.active_element
        box.send_keys(Keys.CONTROL, "a")
        box.send_keys(query)
        wait_results(driver, lambda s: expected in s["options"][0]["text"], f"{query!r} to find {expected!r} first")


def test_a_word_typed_whole_ranks_above_a_rarer_word_it_begins(driver, example_site):
    """In the guide, 'tab' listed a section of 'Table models' first and the 'Tab bar' fourth: a word found only by
    its beginning counted as rare as the longer word ('table') made it, so it outranked the common word typed."""
    for query, word in [("tab", "tabs?"), ("table", "tables?"), ("seg", "segment(s|ed)?")]:
        driver.get(example_site)  # no results of the query before on screen
        type_query(driver, query)
        first = wait_results(driver, lambda s: True, f"results for {query!r}")
        heading = first["options"][0]["text"].split("\n")[1:2] or [""]
        assert re.search(rf"\b{word}\b", heading[0], re.I), (query, first["options"][0]["text"])


def test_the_section_headed_by_the_words_typed_comes_first(driver, example_site):
    """'tabs' listed the Views chapter's Tabs section tenth, 'color' the Colors section below the tenth: longer
    sections that say the word more often scored higher, and a page already listed halves its other sections."""
    for query, heading in [("tabs", "Tabs"), ("color", "Colors"), ("tab", "Tabs"), ("keyboard", "Keyboard")]:
        driver.get(example_site)
        type_query(driver, query)
        wait_results(driver, lambda s: True, f"results for {query!r}")
        path = driver.execute_script(
            "const p = document.querySelector('[role=option] .folio-search__path'); return p && p.textContent")
        assert path and path.split(" › ")[-1] == heading, (query, path)


def test_a_page_found_by_its_title_has_the_word_marked_there(driver, example_site):
    """A result that is a page's intro, found by a word only its title holds, arrived with nothing marked: the
    marks looked in the page's text alone."""
    driver.get(example_site)
    type_query(driver, "keyboards")
    wait_results(driver, lambda s: s["options"][0]["text"].startswith("Note 25"), "the keyboards note first")
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    marked = wait_for(lambda: driver.execute_script(
        "return [...document.querySelectorAll('.folio-title mark.folio-search-hit')].map(m => m.textContent)"),
        timeout=10, message="the word marked in the page's title")
    assert [m.lower() for m in marked] == ["keyboards"], marked


def test_the_button_is_absent_without_javascript(driver, site):
    disable_javascript(driver)
    driver.get(site)
    buttons = driver.find_elements(By.CSS_SELECTOR, ".folio-search__button")
    assert buttons and not buttons[0].is_displayed()
    assert driver.find_element(By.CSS_SELECTOR, "[data-folio-search]").get_attribute("hidden") is not None


def test_search_makes_no_request_outside_the_site(driver, site):
    driver.get(site + "tabs/")
    type_query(driver, "letter")
    wait_results(driver, lambda s: len(s["options"]) == 4, "the four letters")
    assert external_requests(driver, site) == []
    loaded = [u for u in driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name)") if "/search/" in u]
    assert site + "search/index.js" in loaded and site + "search/s/le.js" in loaded, loaded


def test_search_works_from_file_urls(driver, site_dir):
    driver.get(file_url(site_dir / "tabs" / "index.html"))
    type_query(driver, "marmalizard")
    wait_results(driver, lambda s: "Earth" in s["options"][0]["text"], "the Earth section")
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    at = wait_for(lambda: (l := landed(driver)) and l["hash"] == "#earth" and l["marks"] and l, timeout=10,
                  message=f"the paged page from disk (last: {landed(driver)})")
    assert at["path"].endswith("/paged/index.html") and at["views"] == [["paged", "2"]]


def test_search_works_from_a_sub_path(driver, build_site, serve, tmp_path_factory):
    out = build_site("search-site", templates=REPO_ROOT / "Templates", base_url="/docs/")
    root = tmp_path_factory.mktemp("subpath")
    (root / "docs").symlink_to(out, target_is_directory=True)
    base = serve(root)
    driver.get(base + "docs/paged/")
    type_query(driver, "quokkaroo")
    wait_results(driver, lambda s: "Linux" in s["options"][0]["text"], "the Linux tab")
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    at = wait_for(lambda: (l := landed(driver)) and l["hash"] == "#linux" and l["marks"] and l, timeout=10,
                  message=f"the tabs page under /docs/ (last: {landed(driver)})")
    assert at["path"] == "/docs/tabs/"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_open_dialog_has_no_axe_violations(driver, site, scheme):
    emulate_color_scheme(driver, scheme)
    driver.get(site)
    type_query(driver, "letter")
    wait_results(driver, lambda s: len(s["options"]) == 4, "results")
    driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
    violations = axe_violations(driver)
    assert violations == [], f"{scheme}:\n" + format_violations(violations)


# --------------------------------------------------------------------------- folio serve

@pytest.fixture
def served(folio_bin, tmp_path):
    """`folio serve --port 0` on a copy of search-site; yields (base URL, site dir)."""
    site = tmp_path / "site"
    shutil.copytree(FIXTURES_DIR / "search-site", site)
    out_path, err_path = tmp_path / "serve.stdout", tmp_path / "serve.stderr"
    with open(out_path, "w") as out, open(err_path, "w") as err:
        proc = subprocess.Popen([str(folio_bin), "serve", "--port", "0"], cwd=site,
                                stdin=subprocess.DEVNULL, stdout=out, stderr=err)
    try:
        def url():
            m = re.search(r"Serving (http://127\.0\.0\.1:\d+/)", out_path.read_text())
            if proc.poll() is not None:
                pytest.fail(f"folio serve exited {proc.returncode}:\n{out_path.read_text()}\n{err_path.read_text()}")
            return m and m.group(1)
        yield wait_for(url, timeout=60, message="folio serve to print its URL"), site
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def test_in_folio_serve_a_word_just_added_is_found(driver, served):
    base, site = served
    driver.get(base + "tabs/")
    type_query(driver, "quokkaroo")
    wait_results(driver, lambda s: "Linux" in s["options"][0]["text"], "the Linux tab before the edit")
    driver.switch_to.active_element.send_keys(Keys.ESCAPE)
    driver.execute_script("window.__folioTestMark = true")

    page = site / "Content" / "tabs.md"
    page.write_text(page.read_text().replace("Install it with winget.", "Install it with winget or wallabyte."))
    wait_for(lambda: driver.execute_script("return window.__folioTestMark !== true && document.readyState === 'complete'")
             and "wallabyte" in driver.find_element(By.TAG_NAME, "body").get_attribute("textContent"),
             timeout=20, message="the page to reload after the rebuild")
    type_query(driver, "wallabyte")
    s = wait_results(driver, lambda s: "Windows" in s["options"][0]["text"], "the new word in the Windows tab")
    assert s["options"][0]["marked"] == ["wallabyte"]
