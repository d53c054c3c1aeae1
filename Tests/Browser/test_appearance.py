"""Scoped appearance proxies in Chromium (SPEC §6): what a person sees of the colors that
Content/appearance.yml and front matter `appearance:` resolve onto each control.

Fixture: Tests/Fixtures/appearance-scoped — built with the repository's Templates/ and
--strict (so no undeclared-container or contrast warning either). Its appearance.yml:

    PageControl                          lightGray / brown (UIKit's values, not CSS's)
    PageControl in PagedView in TabView  other dots #c0c0c0 | #505050, current systemPink
    PageControl in SegmentedView         current systemBlue
    PageControl in Gallery               current systemIndigo
    TabBar                               tint systemPurple, unselected #595959 | #b0b0b0
    TabBar in Gallery                    tint systemRed
    SegmentedControl                     pill systemYellow, background #e0e0e6 | #3a3a3c,
                                         titles #3a3a3c | #e5e5ea and black

Pages: index.md (view: paged), tabs.md (view: tabs), segmented.md (view: segmented),
two-paged.md (a paged section, and a paged view inside a `{view=tabs}` section),
gallery.md (`container: Gallery`, `view: tabs > paged`), page-level.md (as gallery.md,
plus front matter `appearance:` values).

Also: the guide's appearance chapter and commands reference show the real
`folio appearance` output and the real generated stylesheet.

The expected colors are written out here from UIKit's tables (light, dark), not read from
Folio: each is compared with the computed style (a dot's `background-color`, a tab's
`color`, the segmented pill's `background-color`) and, for the current dot and the pill,
with the pixels on screen. Colors are compared as normalised rgb()/rgba() strings.
"""

from __future__ import annotations

import base64
import re
import struct
import zlib

import pytest
from selenium.webdriver.common.by import By

import helpers
from helpers import REPO_ROOT, emulate_color_scheme, wait_for, wait_until_settled

SCHEMES = ["light", "dark"]

# UIKit's values, (light, dark); the fixed colors are the same in both schemes.
UIKIT = {
    "lightGray": ("#aaaaaa", "#aaaaaa"),
    "brown": ("#996633", "#996633"),
    "black": ("#000000", "#000000"),
    "systemBlue": ("#007aff", "#0a84ff"),
    "systemPink": ("#ff2d55", "#ff375f"),
    "systemIndigo": ("#5856d6", "#5e5ce6"),
    "systemPurple": ("#af52de", "#bf5af2"),
    "systemRed": ("#ff3b30", "#ff453a"),
    "systemYellow": ("#ffcc00", "#ffd60a"),
}

# The fixture's own dynamic colors, (light, dark).
TAB_DOTS = ("#c0c0c0", "#505050")             # PageControl in PagedView in TabView
UNSELECTED_TAB = ("#595959", "#b0b0b0")       # TabBar
SEGMENTED_BACKGROUND = ("#e0e0e6", "#3a3a3c")  # SegmentedControl
SEGMENT_TITLE = ("#3a3a3c", "#e5e5ea")        # SegmentedControl
PAGE_LEVEL_DOT = ("#b3261e", "#ffb4ab")       # page-level.md front matter
PAGE_LEVEL_TAB = ("#006400", "#7ee787")       # page-level.md front matter


# --------------------------------------------------------------------------- colors

_NUMBER = r"\s*([0-9.]+%?)\s*"


def rgba(text: str) -> tuple[int, int, int, float]:
    """(r, g, b, alpha) of '#rgb', '#rrggbb', '#rrggbbaa', 'rgb(…)' or 'rgba(…)' (comma or space syntax)."""
    text = text.strip().lower()
    if text.startswith("#"):
        digits = text[1:]
        if len(digits) in (3, 4):
            digits = "".join(d * 2 for d in digits)
        assert len(digits) in (6, 8), f"not a hex color: {text!r}"
        r, g, b = (int(digits[i:i + 2], 16) for i in (0, 2, 4))
        a = int(digits[6:8], 16) / 255 if len(digits) == 8 else 1.0
        return r, g, b, a
    match = re.fullmatch(r"rgba?\(" + _NUMBER + r"[,\s]" + _NUMBER + r"[,\s]" + _NUMBER
                         + r"(?:[,/]" + _NUMBER + r")?\)", text)
    assert match, f"not an rgb()/rgba() color: {text!r}"
    r, g, b = (round(float(v)) for v in match.groups()[:3])
    alpha = match.group(4)
    a = 1.0 if alpha is None else (float(alpha[:-1]) / 100 if alpha.endswith("%") else float(alpha))
    return r, g, b, a


def css(text: str) -> str:
    """A color as one normalised string: 'rgb(r, g, b)', or 'rgba(r, g, b, a)' with a to 2 places."""
    r, g, b, a = rgba(text)
    a = round(a, 2)
    return f"rgb({r}, {g}, {b})" if a == 1 else f"rgba({r}, {g}, {b}, {a:g})"


def pick(pair: tuple[str, str], scheme: str) -> str:
    """The normalised variant of a (light, dark) pair for `scheme`."""
    return css(pair[0] if scheme == "light" else pair[1])


def uikit(name: str, scheme: str) -> str:
    return pick(UIKIT[name], scheme)


def test_color_normalisation():
    # The helpers above are what every other test stands on.
    assert css("#AAA") == css("#aaaaaa") == css("rgb(170, 170, 170)") == "rgb(170, 170, 170)"
    assert css("rgba(0, 0, 0, 0)") == css("#00000000") == "rgba(0, 0, 0, 0)"
    assert css("rgb(118 118 128 / 0.12)") == css("#7676801f") == "rgba(118, 118, 128, 0.12)"
    assert css("rgba(255, 204, 0, 1)") == css("#ffcc00") == "rgb(255, 204, 0)"


# --------------------------------------------------------------------------- pixels

def _decode_png(data: bytes) -> list[list[tuple[int, int, int]]]:
    """Rows of (r, g, b) of an 8-bit, non-interlaced RGB or RGBA PNG (what Chromium captures)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, b""
    width = height = bpp = 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and ctype in (2, 6) and interlace == 0, (depth, ctype, interlace)
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
    raw, stride = zlib.decompress(idat), width * bpp
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[k:k + 3]) for k in range(0, stride, bpp)])
        prev = line
    return rows


def pixel(driver, element, dx: float | None = None, dy: float | None = None) -> str:
    """The color on screen at (dx, dy) CSS px inside `element` (its centre by default; a negative
    dx counts from the right edge), as rgb()."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'nearest', behavior: 'instant'})",
                          element)
    wait_until_settled(driver)
    x, y, w, h, sx, sy = driver.execute_script(
        "const r = arguments[0].getBoundingClientRect();"
        "return [r.left, r.top, r.width, r.height, scrollX, scrollY]", element)
    px = x + (w / 2 if dx is None else dx if dx >= 0 else w + dx) + sx
    py = y + (h / 2 if dy is None else dy) + sy
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "clip": {"x": int(px), "y": int(py), "width": 1, "height": 1, "scale": 1}})
    r, g, b = _decode_png(base64.b64decode(shot["data"]))[0][0]
    return f"rgb({r}, {g}, {b})"


def assert_pixel(actual: str, expected: str, what: str, tolerance: int = 2):
    a, e = rgba(actual), rgba(expected)
    assert all(abs(p - q) <= tolerance for p, q in zip(a[:3], e[:3])), \
        f"{what}: the screen shows {actual}, expected {expected}"


# --------------------------------------------------------------------------- the site

@pytest.fixture(scope="module")
def public(build_site):
    # --strict: the fixture must build with no warning (every container declared, every current dot ≥ 3:1).
    return build_site("appearance-scoped", templates=REPO_ROOT / "Templates", strict=True)


@pytest.fixture(scope="module")
def site(public, serve):
    return serve(public)


def open_page(driver, url: str, scheme: str):
    """Loads `url` in `scheme`, waits for the enhanced views and for transitions to end."""
    emulate_color_scheme(driver, scheme)
    driver.get(url)
    wait_for(lambda: driver.find_element(By.CSS_SELECTOR, "html.folio-js"), message="folio.js to enhance the page")
    assert driver.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark"), \
        f"color scheme emulation ({scheme}) not in effect"
    wait_until_settled(driver)


def views(driver, kind: str):
    return driver.find_elements(By.CSS_SELECTOR, f"[data-folio-view={kind}]")


# Every dot of one paged view (not of views nested in it): selected or not, and its fill.
DOTS_JS = """
const view = arguments[0];
return [...view.querySelectorAll('[data-folio-dot]')]
  .filter(d => d.closest('[data-folio-view=paged]') === view)
  .map(d => ({selected: d.getAttribute('aria-selected'), fill: getComputedStyle(d).backgroundColor}));
"""


def own_dots(view):
    return [d for d in view.find_elements(By.CSS_SELECTOR, "[data-folio-dot]")
            if d.find_element(By.XPATH, "ancestor::*[@data-folio-view='paged'][1]") == view]


def expect_dots(driver, view, current: str, others: str, what: str):
    """The current dot's fill is `current`, every other dot's is `others` (computed, then on screen)."""
    dots = driver.execute_script(DOTS_JS, view)
    assert len(dots) > 1, f"{what}: no page control"
    selected = [i for i, d in enumerate(dots) if d["selected"] == "true"]
    assert len(selected) == 1, f"{what}: {len(selected)} dots are aria-selected: {dots}"
    fills = [css(d["fill"]) for d in dots]
    want = [current if i == selected[0] else others for i in range(len(dots))]
    assert fills == want, f"{what}: dot fills {fills}, expected {want} (current dot {selected[0]})"
    assert_pixel(pixel(driver, own_dots(view)[selected[0]]), current, f"{what}: the current dot")
    return selected[0]


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two opaque colors."""
    def luminance(color):
        def channel(c):
            c /= 255
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
        r, g, b, _ = rgba(color)
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    x, y = sorted([luminance(a), luminance(b)], reverse=True)
    return (x + 0.05) / (y + 0.05)


# What a dot is seen against: the first box under it with an opaque background.
BEHIND_DOT_JS = """
for (let n = arguments[0].parentElement; n; n = n.parentElement) {
  const c = getComputedStyle(n).backgroundColor;
  if (c !== 'transparent' && !/rgba\\(.*, 0\\)$/.test(c)) return c;
}
return getComputedStyle(document.body).backgroundColor;
"""


@pytest.mark.parametrize("scheme", SCHEMES)
def test_the_default_themes_dots_stand_out_3_to_1(driver, example_site, scheme):
    """A dot is a control (a tab of the page control): WCAG 1.4.11 asks 3:1 against what is around it. The default
    theme's other dots were #aaaaaa on the paged view's #f2f2f7 (2.1:1) and #636366 on #1c1c1e (2.8:1)."""
    open_page(driver, example_site + "getting-started/", scheme)
    paged = views(driver, "paged")
    assert paged, "the guide's getting-started page has a paged view"
    for view in paged:
        for dot, fill in zip(own_dots(view), driver.execute_script(DOTS_JS, view)):
            behind = driver.execute_script(BEHIND_DOT_JS, dot)
            assert contrast(fill["fill"], behind) >= 3, f"{scheme}: a dot {fill['fill']} on {behind}"


def show_page(driver, view, k: int):
    """Clicks the view's dot k and waits until it is the current one and its color has settled."""
    own_dots(view)[k].click()
    wait_for(lambda: [d["selected"] for d in driver.execute_script(DOTS_JS, view)].index("true") == k,
             message=f"dot {k} to be current")
    wait_until_settled(driver)


# Tabs of one tab view: selected or not, title color; and the indicator's fill.
TABS_JS = """
const view = arguments[0];
const tabs = [...view.querySelectorAll('[data-folio-tab]')].filter(t => t.closest('[data-folio-view=tabs]') === view);
const indicator = [...view.querySelectorAll('[data-folio-tab-indicator]')]
  .find(i => i.closest('[data-folio-view=tabs]') === view);
return {tabs: tabs.map(t => ({selected: t.getAttribute('aria-selected'), color: getComputedStyle(t).color})),
        indicator: getComputedStyle(indicator).backgroundColor};
"""


def expect_tabs(driver, view, tint: str, unselected: str, what: str):
    state = driver.execute_script(TABS_JS, view)
    selected = [i for i, t in enumerate(state["tabs"]) if t["selected"] == "true"]
    assert len(selected) == 1, f"{what}: {len(selected)} tabs are aria-selected: {state}"
    colors = [css(t["color"]) for t in state["tabs"]]
    want = [tint if i == selected[0] else unselected for i in range(len(colors))]
    assert colors == want, f"{what}: tab title colors {colors}, expected {want}"
    assert css(state["indicator"]) == tint, f"{what}: the indicator is {css(state['indicator'])}, expected {tint}"


# --------------------------------------------------------------------------- page controls

@pytest.mark.parametrize("scheme", SCHEMES)
def test_unscoped_rule_colors_the_dots_with_uikit_values(driver, site, scheme):
    # `PageControl:` alone, like UIPageControl.appearance(): brown is UIKit's #996633 (CSS's is
    # #a52a2a) and lightGray UIKit's #aaaaaa (CSS's is #d3d3d3), in both schemes.
    open_page(driver, site, scheme)
    [view] = views(driver, "paged")
    current, others = uikit("brown", scheme), uikit("lightGray", scheme)
    assert expect_dots(driver, view, current, others, f"index.md ({scheme})") == 0
    # The highlight follows the current page, and the dot left behind takes the other color.
    show_page(driver, view, 2)
    assert expect_dots(driver, view, current, others, f"index.md, page 3 ({scheme})") == 2


@pytest.mark.parametrize("scheme", SCHEMES)
def test_scoped_rule_applies_only_inside_its_container(driver, site, scheme):
    # two-paged.md: one paged view in the page's list, one inside a tab. Only the second sits
    # in `PagedView in TabView`, so only its dots take that rule; the first keeps the unscoped one.
    open_page(driver, site + "two-paged/", scheme)
    plain, tabbed = views(driver, "paged")
    assert not driver.execute_script("return !!arguments[0].closest('[data-folio-view=tabs]')", plain)
    assert driver.execute_script("return !!arguments[0].closest('[data-folio-view=tabs]')", tabbed)
    expect_dots(driver, plain, uikit("brown", scheme), uikit("lightGray", scheme), f"the plain paged view ({scheme})")
    expect_dots(driver, tabbed, uikit("systemPink", scheme), pick(TAB_DOTS, scheme),
                f"the paged view in a tab ({scheme})")
    # The tab bar on a page with no `container: Gallery` is not reached by `TabBar in Gallery`.
    [tabs] = views(driver, "tabs")
    expect_tabs(driver, tabs, uikit("systemPurple", scheme), pick(UNSELECTED_TAB, scheme), f"two-paged.md ({scheme})")


@pytest.mark.parametrize("scheme", SCHEMES)
def test_outermost_container_wins_not_the_nearest(driver, site, scheme):
    # gallery.md (`container: Gallery`, tabs > paged): the dots sit at
    # Page › Layout:default › Gallery › TabView › PagedView › PageControl. `PageControl in Gallery`
    # reaches higher than `PageControl in PagedView in TabView`, so its systemIndigo wins (UIKit's
    # rule, not CSS's nearest-wins). It sets no pageIndicatorTintColor, so the other dots still
    # take the TabView rule's: resolution is per property.
    open_page(driver, site + "gallery/", scheme)
    paged = views(driver, "paged")
    assert len(paged) == 2
    for k, view in enumerate(paged):
        if k:  # the second paged view is in the second tab: show it first
            driver.find_elements(By.CSS_SELECTOR, "[data-folio-tab]")[k].click()
            wait_for(lambda: driver.execute_script(
                "const v = arguments[0], tabs = v.closest('[data-folio-view=tabs]');"
                "const r = v.getBoundingClientRect(), t = tabs.getBoundingClientRect();"
                "return tabs.getAttribute('data-folio-current') === arguments[1]"
                "    && r.left >= t.left - 1 && r.right <= t.right + 1", view, str(k)),
                message=f"tab {k + 1} to be shown")
            wait_until_settled(driver)
        expect_dots(driver, view, uikit("systemIndigo", scheme), pick(TAB_DOTS, scheme),
                    f"gallery.md, paged view {k + 1} ({scheme})")
    [tabs] = views(driver, "tabs")
    expect_tabs(driver, tabs, uikit("systemRed", scheme), pick(UNSELECTED_TAB, scheme), f"gallery.md ({scheme})")


@pytest.mark.parametrize("scheme", SCHEMES)
def test_page_level_values_win_over_every_rule(driver, site, scheme):
    # page-level.md is a Gallery page like gallery.md, but its front matter `appearance:` sets
    # the current dot and the tab tint: those beat `PageControl in Gallery` and `TabBar in Gallery`.
    # The other dots are not set by the page, so they still come from the rules.
    open_page(driver, site + "page-level/", scheme)
    [first, _] = views(driver, "paged")
    expect_dots(driver, first, pick(PAGE_LEVEL_DOT, scheme), pick(TAB_DOTS, scheme), f"page-level.md ({scheme})")
    [tabs] = views(driver, "tabs")
    expect_tabs(driver, tabs, pick(PAGE_LEVEL_TAB, scheme), pick(UNSELECTED_TAB, scheme), f"page-level.md ({scheme})")


# --------------------------------------------------------------------------- tab bars

@pytest.mark.parametrize("scheme", SCHEMES)
def test_current_tab_title_and_indicator_take_the_tint_color(driver, site, scheme):
    open_page(driver, site + "tabs/", scheme)
    [view] = views(driver, "tabs")
    tint, unselected = uikit("systemPurple", scheme), pick(UNSELECTED_TAB, scheme)
    expect_tabs(driver, view, tint, unselected, f"tabs.md ({scheme})")
    view.find_elements(By.CSS_SELECTOR, "[data-folio-tab]")[1].click()
    wait_for(lambda: view.get_attribute("data-folio-current") == "1", message="tab 2 to be current")
    wait_until_settled(driver)
    expect_tabs(driver, view, tint, unselected, f"tabs.md, tab 2 ({scheme})")


# --------------------------------------------------------------------------- segmented controls

SEGMENTED_JS = """
const view = arguments[0], control = view.querySelector('.folio-segmented__control');
const segs = [...view.querySelectorAll('[data-folio-segment]')].filter(s => s.closest('[data-folio-view=segmented]') === view);
return {pill: getComputedStyle(control, '::before').backgroundColor,
        pillContent: getComputedStyle(control, '::before').content,
        background: getComputedStyle(control).backgroundColor,
        segments: segs.map(s => ({selected: s.getAttribute('aria-selected'), color: getComputedStyle(s).color,
                                  background: getComputedStyle(s).backgroundColor}))};
"""


def expect_segmented(driver, view, scheme: str, what: str):
    # views.css paints the selected pill as the control's ::before, slid under the selected
    # segment; the segment itself is transparent. So: the pill's fill, and the pixels under the
    # selected segment (at its inner left edge, clear of the title) show selectedSegmentTintColor;
    # the pixels under the other segment show the control's backgroundColor.
    state = driver.execute_script(SEGMENTED_JS, view)
    pill, background = uikit("systemYellow", scheme), pick(SEGMENTED_BACKGROUND, scheme)
    assert state["pillContent"] not in ("none", "normal"), f"{what}: no selection pill is drawn: {state}"
    assert css(state["pill"]) == pill, f"{what}: the pill is {css(state['pill'])}, expected {pill}"
    assert css(state["background"]) == background, f"{what}: the control is {css(state['background'])}"
    selected = [i for i, s in enumerate(state["segments"]) if s["selected"] == "true"]
    assert len(selected) == 1, f"{what}: {state['segments']}"
    k = selected[0]
    for i, segment in enumerate(state["segments"]):
        title = uikit("black", scheme) if i == k else pick(SEGMENT_TITLE, scheme)
        assert css(segment["color"]) == title, f"{what}: segment {i + 1}'s title is {css(segment['color'])}, expected {title}"
        assert rgba(segment["background"])[3] == 0, \
            f"{what}: segment {i + 1} paints its own background {segment['background']} over the pill"
    segments = [s for s in view.find_elements(By.CSS_SELECTOR, "[data-folio-segment]")
                if s.find_element(By.XPATH, "ancestor::*[@data-folio-view='segmented'][1]") == view]
    for i, segment in enumerate(segments):
        # 6px inside the edge away from the pill's neighbour, clear of its shadow.
        seen = pixel(driver, segment, dx=6 if i <= k else -6)
        assert_pixel(seen, pill if i == k else background,
                     f"{what}: under segment {i + 1} ({'selected' if i == k else 'not selected'})")


@pytest.mark.parametrize("scheme", SCHEMES)
def test_selected_segment_shows_the_selected_segment_tint_color(driver, site, scheme):
    open_page(driver, site + "segmented/", scheme)
    [view] = views(driver, "segmented")
    expect_segmented(driver, view, scheme, f"segmented.md ({scheme})")
    # The paged rendering inside is in a SegmentedView: `PageControl in SegmentedView` reaches it.
    [paged] = views(driver, "paged")
    expect_dots(driver, paged, uikit("systemBlue", scheme), uikit("lightGray", scheme),
                f"the paged view in segmented.md ({scheme})")
    # Switch to "All": the pill slides under the second segment and keeps its color.
    view.find_elements(By.CSS_SELECTOR, "[data-folio-segment]")[1].click()
    wait_for(lambda: view.get_attribute("data-folio-current") == "1", message="the second segment to be selected")
    wait_until_settled(driver)
    expect_segmented(driver, view, scheme, f"segmented.md, second segment ({scheme})")


# --------------------------------------------------------------------------- the generated stylesheet

CLASS = re.compile(r"folio-appearance-[0-9a-f]{8}")


def test_each_control_carries_one_class_of_the_generated_stylesheet_and_no_inline_style(public):
    stylesheet = (public / "assets" / "appearance.css").read_text(encoding="utf-8")
    defined = set(re.findall(r"^\.(folio-appearance-[0-9a-f]{8}) \{", stylesheet, re.M))
    assert defined, f"assets/appearance.css defines no folio-appearance-… class:\n{stylesheet}"
    assert "@media (prefers-color-scheme: dark)" in stylesheet
    hooks = {  # the element each component's class goes on
        "paged root (PagedView)": r'<div class="folio-paged ([^"]*)"',
        "page control (PageControl)": r'<div class="folio-page-control ([^"]*)" data-folio-page-control',
        "tabs root (TabBar)": r'<div class="folio-tabs ([^"]*)"',
        "segmented root (SegmentedControl)": r'<div class="folio-segmented ([^"]*)"',
    }
    seen = {name: 0 for name in hooks}
    for page in sorted(public.rglob("index.html")):
        html = page.read_text(encoding="utf-8")
        where = page.relative_to(public)
        assert not re.search(r"<[^>]+\sstyle\s*=", html), f"{where}: an inline style attribute"
        assert re.search(r'<link rel="stylesheet" href="(\./|(\.\./)+)assets/appearance\.css">', html), \
            f"{where} does not link assets/appearance.css"
        for name, pattern in hooks.items():
            for classes in re.findall(pattern, html):
                seen[name] += 1
                found = CLASS.findall(classes)
                assert len(found) == 1, f"{where}: the {name} has classes {classes!r}"
                assert found[0] in defined, f"{where}: {found[0]} (on the {name}) is not in assets/appearance.css"
    assert all(seen.values()), f"some controls were not found in the fixture's pages: {seen}"


def test_equal_styles_share_one_class(public):
    # gallery.md's two page controls resolve alike: one class, written once.
    html = (public / "gallery" / "index.html").read_text(encoding="utf-8")
    controls = re.findall(r'<div class="folio-page-control (folio-appearance-[0-9a-f]{8})"', html)
    assert len(controls) == 2 and controls[0] == controls[1], controls
    # two-paged.md's two page controls resolve differently: two classes.
    html = (public / "two-paged" / "index.html").read_text(encoding="utf-8")
    controls = re.findall(r'<div class="folio-page-control (folio-appearance-[0-9a-f]{8})"', html)
    assert len(controls) == 2 and controls[0] != controls[1], controls


# --------------------------------------------------------------------------- the guide

@pytest.mark.parametrize("doc, page", [
    ("Content/appearance.md", "Content/appearance.md"),
    ("Content/commands.md", "Content/demos/latin.md"),
])
def test_the_guide_shows_the_real_folio_appearance_output(folio_bin, doc, page):
    # The guide pastes `folio appearance PAGE` output beside the controls it explains: it must be
    # what the command prints today, run from the repository as the guide says.
    text = (REPO_ROOT / doc).read_text(encoding="utf-8")
    command = f"$ folio appearance {page}\n"
    assert command in text, f"{doc} shows no `folio appearance {page}` output"
    shown = text.split(command, 1)[1].split("\n```", 1)[0] + "\n"
    run = helpers.run_folio(folio_bin, "appearance", page, cwd=REPO_ROOT)
    assert run.returncode == 0 and not run.stderr, f"exit {run.returncode}\n{run.stderr}"
    assert shown == run.stdout, f"{doc} shows an output that differs from `folio appearance {page}`:\n{run.stdout}"


def test_the_guide_quotes_its_own_generated_stylesheet(example_site_dir):
    # The chapter's excerpt of assets/appearance.css is this site's: each rule of it, as built.
    text = (REPO_ROOT / "Content/appearance.md").read_text(encoding="utf-8")
    excerpt = text.split("From this site's stylesheet:\n\n```css\n", 1)[1].split("\n```", 1)[0]
    light, dark = excerpt.split("@media (prefers-color-scheme: dark) {\n", 1)
    built = (example_site_dir / "assets" / "appearance.css").read_text(encoding="utf-8")
    built_light, built_dark = built.split("@media (prefers-color-scheme: dark) {\n", 1)
    assert light.strip() and light in built_light, f"the chapter quotes a rule the stylesheet does not have:\n{light}"
    dark = dark.rsplit("}", 1)[0]  # without the media query's closing brace
    assert dark.strip() and dark in built_dark, f"the chapter quotes a dark rule the stylesheet does not have:\n{dark}"
