"""A built site opened from disk (file://): folder links get their index.html, and the
views still work (no server, storage may be unavailable)."""

from __future__ import annotations

from selenium.webdriver.common.by import By

from helpers import REPO_ROOT, file_url, wait_for


def test_folder_links_open_from_disk(driver, build_site):
    out = build_site("views-paged", templates=REPO_ROOT / "Templates")
    driver.get(file_url(out))
    view = wait_for(lambda: driver.find_element(By.CSS_SELECTOR, "html.folio-js [data-folio-view=paged]"))
    view.find_elements(By.CSS_SELECTOR, "[data-folio-dot]")[1].click()
    wait_for(lambda: view.get_attribute("data-folio-current") == "1", message="a dot works from file://")
    link = driver.find_element(By.CSS_SELECTOR, "a[href='fade/']")
    link.click()
    wait_for(lambda: driver.current_url.endswith("/fade/index.html"), message=f"fade/index.html (at {driver.current_url})")
    assert driver.find_element(By.TAG_NAME, "h1").text == "Seasons"
    assert driver.find_element(By.CSS_SELECTOR, "[data-folio-view=paged]").get_attribute("data-folio-transition") == "fade"
