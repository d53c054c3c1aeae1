"""`folio serve` in Chromium (SPEC §5 "a reload … restores the tab and page", §8): an open page
reloads by itself after an edit and is still on the page it showed; a broken build shows its
errors in an overlay over the last good page, and the fix clears it.

Fixture: Tests/Fixtures/serve-site — index.md (`view: paged`, 5 sections: Mercury … Jupiter),
about.md. Each test serves its own copy, so edits never touch the repository.
"""

from __future__ import annotations

import re
import shutil
import signal
import subprocess
import time

import pytest
from selenium.webdriver.common.by import By

from helpers import FIXTURES_DIR, wait_for

# The paged view as a person sees it: the page covering most of the track, and the hooks.
STATE_JS = """
const view = document.querySelector('[data-folio-view=paged]');
if (!view || !document.documentElement.classList.contains('folio-js')) return null;
const track = view.querySelector('[data-folio-track]'), t = track.getBoundingClientRect();
let visible = -1, best = 0;
[...track.children].forEach((p, i) => {
  const r = p.getBoundingClientRect(), cs = getComputedStyle(p);
  if (cs.visibility === 'hidden' || +cs.opacity < 0.5) return;
  const w = Math.min(r.right, t.right) - Math.max(r.left, t.left);
  if (w > best) { best = w; visible = i; }
});
return {visible, current: view.getAttribute('data-folio-current'), hash: location.hash,
        marked: window.__folioTestMark === true};
"""


@pytest.fixture
def served(folio_bin, tmp_path):
    """Starts `folio serve --port 0` on a copy of serve-site; yields (base URL, site dir); stops it."""
    site = tmp_path / "site"
    shutil.copytree(FIXTURES_DIR / "serve-site", site)
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
        base = wait_for(url, timeout=60, message="folio serve to print its URL")
        yield base, site
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def state(driver):
    return driver.execute_script(STATE_JS)


def open_on_page_3(driver, base):
    driver.get(base)
    wait_for(lambda: state(driver), timeout=10, message="the enhanced paged view")
    view = driver.find_element(By.CSS_SELECTOR, "[data-folio-view=paged]")
    view.find_elements(By.CSS_SELECTOR, "[data-folio-dot]")[2].click()
    wait_for(lambda: (s := state(driver)) and s["visible"] == 2 and s["current"] == "2", timeout=10,
             message=f"page 3 to be shown (last: {state(driver)})")
    # A mark that a reload wipes out: how the test knows the page reloaded by itself.
    driver.execute_script("window.__folioTestMark = true")


def edit(site, *replacements):
    """Replaces (old, new) pairs in Content/index.md, in one write."""
    page = site / "Content" / "index.md"
    text = page.read_text()
    for old, new in replacements:
        assert old in text, f"{old!r} not in {page}"
        text = text.replace(old, new)
    page.write_text(text)


def wait_reloaded_with(driver, text, timeout=20):
    def reloaded():
        s = state(driver)
        return s and not s["marked"] and text in driver.find_element(By.TAG_NAME, "body").text
    wait_for(reloaded, timeout=timeout, message=f"the page to reload by itself and show {text!r}")


def test_an_edit_reloads_the_page_and_keeps_page_3(driver, served):
    base, site = served
    open_on_page_3(driver, base)

    edit(site, ("Earth is the only planet known to hold life.", "Earth, edited while the preview was open."))
    wait_reloaded_with(driver, "Earth, edited while the preview was open.")

    # Still on page 3, once the view has settled: the hooks and what is on screen agree.
    s = wait_for(lambda: (s := state(driver)) and s["visible"] == 2 and s["current"] == "2" and s,
                 timeout=5, message=f"page 3 after the reload (last: {state(driver)})")
    assert s["hash"] == "#earth", s
    dots = driver.find_elements(By.CSS_SELECTOR, "[data-folio-view=paged] [data-folio-dot]")
    assert [d.get_attribute("aria-selected") for d in dots] == ["false", "false", "true", "false", "false"]
    assert driver.find_elements(By.CSS_SELECTOR, "[data-folio-error-overlay]") == []


def test_a_broken_build_shows_an_overlay_and_the_fix_clears_it(driver, served):
    base, site = served
    open_on_page_3(driver, base)

    edit(site, ("view: paged", "view: paged\ndraft: maybe"))
    overlay = wait_for(lambda: driver.find_element(By.CSS_SELECTOR, "[data-folio-error-overlay]"),
                       timeout=20, message="the error overlay")
    assert overlay.get_attribute("role") == "alertdialog"
    assert re.search(r"Content/index\.md:4:8: error: ", overlay.text), overlay.text
    # The last good page is still there underneath, on page 3, not reloaded.
    s = state(driver)
    assert s["marked"] and s["current"] == "2", s

    # A page opened now (after the failed build) shows the overlay too.
    driver.execute_script("window.open(arguments[0], 'late')", base)
    driver.switch_to.window("late")
    late = wait_for(lambda: driver.find_element(By.CSS_SELECTOR, "[data-folio-error-overlay]"),
                    timeout=10, message="the overlay on a page opened after the failed build")
    assert "Content/index.md:4:8" in late.text
    late.find_element(By.TAG_NAME, "button").click()  # dismissible
    assert driver.find_elements(By.CSS_SELECTOR, "[data-folio-error-overlay]") == []
    driver.close()
    driver.switch_to.window(driver.window_handles[0])

    edit(site, ("view: paged\ndraft: maybe", "view: paged"),
         ("Earth is the only planet known to hold life.", "Earth, fixed."))
    wait_reloaded_with(driver, "Earth, fixed.")
    assert driver.find_elements(By.CSS_SELECTOR, "[data-folio-error-overlay]") == []
    wait_for(lambda: (s := state(driver)) and s["visible"] == 2 and s["current"] == "2",
             timeout=5, message=f"page 3 after the fix (last: {state(driver)})")


def test_a_dozen_open_tabs_all_load_and_all_reload(driver, served):
    """A browser opens at most six connections to one server, and each open page's live-reload stream held one
    for as long as the page was open: the seventh tab of the preview never loaded. One tab listens and passes
    the events on to the others, so every tab loads, and every tab reloads after an edit."""
    base, site = served
    first = driver.current_window_handle
    driver.set_page_load_timeout(10)
    try:
        driver.get(base + "about/")
        for _ in range(11):
            driver.switch_to.new_window("tab")
            driver.get(base + "about/")  # a tab that cannot connect times out here
        tabs = driver.window_handles
        assert len(tabs) == 12
        for tab in tabs:
            driver.switch_to.window(tab)
            assert "The first version of the about page." in driver.find_element(By.TAG_NAME, "body").text
            driver.execute_script("window.__folioTestMark = true")

        about = site / "Content" / "about.md"
        about.write_text(about.read_text().replace("The first version", "The edited version"))
        for number, tab in enumerate(tabs):
            driver.switch_to.window(tab)
            wait_for(lambda: driver.execute_script("return window.__folioTestMark !== true")
                     and "The edited version of the about page." in driver.find_element(By.TAG_NAME, "body").text,
                     timeout=20, message=f"tab {number + 1} of 12 to reload by itself")
    finally:
        driver.set_page_load_timeout(30)
        for tab in driver.window_handles:
            if tab != first:
                driver.switch_to.window(tab)
                driver.close()
        driver.switch_to.window(first)
