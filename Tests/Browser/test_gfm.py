"""GitHub-flavored Markdown as a README writes it (Tests/Fixtures/gfm-readme), in Chromium:
tables are tables with their cells and alignment, every same-page link has a target, a note
referred to in a tab or a page is in that tab or page, axe-core finds nothing in light and dark,
and at 390 px a wide table scrolls inside its box while the page does not scroll sideways."""

from __future__ import annotations

import pytest

from helpers import REPO_ROOT, axe_violations, emulate_color_scheme, format_violations, set_window_size, wait_for, wait_until_settled


@pytest.fixture()
def readme(driver, build_site, serve):
    out = build_site("gfm-readme", templates=REPO_ROOT / "Templates")
    driver.get(serve(out))
    wait_for(lambda: driver.execute_script("return document.documentElement.classList.contains('folio-js')"))
    wait_until_settled(driver)
    return driver


def test_tables_are_tables_with_cells_and_alignment(readme):
    tables = readme.execute_script("""
        return [...document.querySelectorAll('table')].map(t => ({
            head: [...t.querySelectorAll('thead th')].map(c => [c.textContent.trim(), getComputedStyle(c).textAlign]),
            rows: [...t.querySelectorAll('tbody tr')].map(r => [...r.cells].map(c => c.textContent.trim())),
            boxed: t.parentElement.classList.contains('table-scroll')}))""")
    assert len(tables) == 3
    features = tables[0]
    assert features["head"] == [["Feature", "left"], ["Status", "center"], ["Since", "right"]]
    assert features["rows"] == [["Tables", "done", "1.0"], ["Footnotes2", "done", "1.2"], ["Alerts", "planned", "—"]]
    assert all(t["boxed"] for t in tables)
    assert tables[2]["rows"] == [["1", "swift build"], ["2", "swift test"]]


def test_every_same_page_link_has_a_target(readme):
    assert readme.execute_script("return document.querySelector('a[href=\"#quoted-heading\"]') !== null")
    missing = readme.execute_script("""
        return [...document.querySelectorAll('a[href^="#"]')]
            .map(a => a.getAttribute('href').slice(1))
            .filter(id => id && !document.getElementById(decodeURIComponent(id)));""")
    assert missing == []
    counts = readme.execute_script("""
        return [document.querySelectorAll('[data-footnote-ref]').length,
                document.querySelectorAll('[data-footnote-backref]').length]""")
    assert counts == [5, 5]


def test_notes_are_in_the_tab_and_page_that_refer_to_them(readme):
    same = readme.execute_script("""
        const container = el => el.closest('[role=tabpanel], [data-folio-page], section[id]');
        return ['tab', 'page'].map(label => {
            const ref = document.querySelector(`a[href="#fn-${label}"]`);
            const note = document.getElementById(`fn-${label}`);
            const panel = ref.closest('[role=tabpanel]') || ref.closest('[data-folio-page]');
            return panel !== null && panel.contains(note);
        })""")
    assert same == [True, True]


def test_alerts_and_tasks_render_as_github_does(readme):
    alerts = readme.execute_script("""
        return [...document.querySelectorAll('.markdown-alert')].map(a =>
            [a.className, a.querySelector('.markdown-alert-title').textContent])""")
    assert alerts == [["markdown-alert markdown-alert-note", "Note"],
                      ["markdown-alert markdown-alert-warning", "Warning"],
                      ["markdown-alert markdown-alert-tip", "Tip"]]
    boxes = readme.execute_script("""
        return [...document.querySelectorAll('li input[type=checkbox]')].map(b => [b.checked, b.disabled, b.getAttribute('aria-label')])""")
    assert boxes == [[True, True, "Parse"], [False, True, "Render"], [False, True, "Task"]]
    links = readme.execute_script("return [...document.querySelectorAll('.folio-content a:not([data-footnote-ref]):not([data-footnote-backref])')].map(a => a.getAttribute('href'))")
    assert links[:3] == ["http://www.example.com", "https://example.com/docs", "mailto:help@example.com"]
    assert readme.execute_script("return document.querySelector('del').textContent") == "Version 1"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_axe_violations(readme, scheme):
    emulate_color_scheme(readme, scheme)
    wait_until_settled(readme)
    violations = axe_violations(readme)
    assert not violations, format_violations(violations)


def test_wide_table_scrolls_inside_its_box_on_a_phone(readme):
    set_window_size(readme, 390, 844)
    wait_until_settled(readme)
    sizes = readme.execute_script("""
        const box = document.querySelectorAll('.table-scroll')[1];
        box.scrollIntoView();
        return {page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
                box: [box.scrollWidth, box.clientWidth],
                overflow: getComputedStyle(box).overflowX}""")
    assert sizes["page"][0] == sizes["page"][1], sizes
    assert sizes["box"][0] > sizes["box"][1], sizes
    assert sizes["overflow"] == "auto"
    moved = readme.execute_script("""
        const box = document.querySelectorAll('.table-scroll')[1];
        box.scrollLeft = 200; return [box.scrollLeft, window.scrollX]""")
    assert moved[0] > 0 and moved[1] == 0


def test_raw_html_across_a_heading_stays_inside_its_section(readme):
    """A README's `<div align="center">` around a `## heading`, and a stray `</div>` on a page, closed Folio's view
    markup: the sections after them fell out of the list, the second page out of the carousel."""
    layout = readme.execute_script("""
        const sections = [...document.querySelectorAll('section[data-folio-section]')];
        const sponsors = document.getElementById('sponsors').closest('section');
        const second = document.getElementById('second').closest('[data-folio-page]');
        return {
            sections: sections.map(s => [s.dataset.folioSection, s.parentElement.dataset.folioView]),
            centred: getComputedStyle(sponsors.querySelector('p')).textAlign,
            pages: [...document.querySelectorAll('[data-folio-page]')].map(p => p.parentElement.classList.contains('folio-paged__track')),
            secondCentred: getComputedStyle(second.querySelector('p')).textAlign,
            after: sponsors.nextElementSibling && sponsors.nextElementSibling.dataset.folioSection}""")
    assert layout["sections"] == [[name, "list"] for name in ["features", "platforms", "sponsors", "tabs", "pages"]]
    assert layout["centred"] in ("center", "-webkit-center")  # what `align="center"` gives a div
    assert layout["after"] == "tabs"
    assert layout["pages"] == [True, True]
    assert layout["secondCentred"] in ("center", "-webkit-center")
