"""Helpers for Folio's browser tests (importable: `from helpers import ...`).

Everything here works on a Selenium 4 Chrome driver (headless Chromium, see
conftest.py) and uses the DevTools protocol for emulation, so no page needs to
cooperate:

    emulate_dark_mode(driver)          prefers-color-scheme: dark
    emulate_color_scheme(driver, s)    'light', 'dark' or None (no override)
    emulate_print(driver)              print media
    emulate_reduced_motion(driver)     prefers-reduced-motion: reduce
    emulate_media(driver, media=..., **features)   the general form
    disable_javascript(driver) / enable_javascript(driver)
    set_window_size(driver, width, height)         the viewport, exactly
    reset_browser_state(driver, origins)           what the `driver` fixture does between tests

Media emulation composes: emulate_dark_mode() then emulate_print() gives dark
print. Each call applies to the current tab and lasts across navigations.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any, Callable, Iterable
from urllib.parse import urljoin

REPO_ROOT = Path(__file__).resolve().parents[2]
FIXTURES_DIR = REPO_ROOT / "Tests" / "Fixtures"
ARTIFACTS_DIR = Path(__file__).resolve().parent / ".artifacts"

DEFAULT_WINDOW = (1200, 900)


def _executable(env: str, default: str, name: str) -> str | None:
    """$env if set (None if it is not an executable), else default, else `name` on PATH."""
    if os.environ.get(env):
        candidates = [os.environ[env]]
    else:
        candidates = [default, shutil.which(name)]
    for c in candidates:
        if c and Path(c).is_file() and os.access(c, os.X_OK):
            return c
    return None


# Debian's chromium and chromedriver; FOLIO_CHROMIUM / FOLIO_CHROMEDRIVER override.
CHROMIUM = _executable("FOLIO_CHROMIUM", "/usr/bin/chromium", "chromium")
CHROMEDRIVER = _executable("FOLIO_CHROMEDRIVER", "/usr/bin/chromedriver", "chromedriver")


# --------------------------------------------------------------------------- folio

def run_folio(folio_bin: str | Path, *args: str | Path, cwd: str | Path | None = None,
              timeout: float = 300) -> subprocess.CompletedProcess:
    """Runs folio with `args`; returns the CompletedProcess (text stdout/stderr), never raises on exit status."""
    return subprocess.run([str(folio_bin), *map(str, args)], cwd=cwd, capture_output=True,
                          text=True, timeout=timeout, stdin=subprocess.DEVNULL)


def page_paths(out_dir: str | Path) -> list[str]:
    """URL paths (relative, '' for the home page, 'guide/setup/' …) of every index.html under out_dir, sorted."""
    out_dir = Path(out_dir)
    paths = []
    for f in out_dir.rglob("index.html"):
        rel = f.parent.relative_to(out_dir).as_posix()
        paths.append("" if rel == "." else rel + "/")
    return sorted(paths, key=lambda p: (p.count("/"), p))


def page_urls(out_dir: str | Path, base_url: str) -> list[str]:
    """Absolute URLs of every page (index.html) of a built site served at base_url."""
    return [urljoin(base_url, p) for p in page_paths(out_dir)]


def file_url(path: str | Path) -> str:
    """file:// URL of a local file or directory (a directory gets its index.html)."""
    p = Path(path).resolve()
    if p.is_dir():
        p = p / "index.html"
    return p.as_uri()


# --------------------------------------------------------------------------- emulation

def _cdp(driver, cmd: str, params: dict | None = None) -> dict:
    return driver.execute_cdp_cmd(cmd, params or {})


def emulate_media(driver, media: str | None = None, **features: str | None) -> None:
    """Emulates a CSS media type ('print', 'screen'; '' = none) and media features.

    Feature names use underscores: emulate_media(driver, prefers_color_scheme='dark').
    A feature set to None stops being emulated. Unnamed settings keep their value.
    """
    state = driver.__dict__.setdefault("_folio_media", {"media": "", "features": {}})
    if media is not None:
        state["media"] = media
    for name, value in features.items():
        name = name.replace("_", "-")
        if value is None:
            state["features"].pop(name, None)
        else:
            state["features"][name] = value
    _cdp(driver, "Emulation.setEmulatedMedia", {
        "media": state["media"],
        "features": [{"name": k, "value": v} for k, v in state["features"].items()],
    })


def emulate_color_scheme(driver, scheme: str | None) -> None:
    """'dark', 'light', or None for the browser's own (light in headless Chromium)."""
    emulate_media(driver, prefers_color_scheme=scheme)


def emulate_dark_mode(driver) -> None:
    emulate_color_scheme(driver, "dark")


def emulate_light_mode(driver) -> None:
    emulate_color_scheme(driver, "light")


def emulate_print(driver, enabled: bool = True) -> None:
    emulate_media(driver, media="print" if enabled else "")


def emulate_reduced_motion(driver, enabled: bool = True) -> None:
    emulate_media(driver, prefers_reduced_motion="reduce" if enabled else None)


def set_javascript_enabled(driver, enabled: bool) -> None:
    """Turns the page's own scripts off or on (Emulation.setScriptExecutionDisabled).

    Takes effect for documents loaded afterwards: call it, then driver.get(url).
    Selenium's own execute_script keeps working, so tests can still inspect the DOM.
    """
    _cdp(driver, "Emulation.setScriptExecutionDisabled", {"value": not enabled})
    driver.__dict__["_folio_js_disabled"] = not enabled


def disable_javascript(driver) -> None:
    set_javascript_enabled(driver, False)


def enable_javascript(driver) -> None:
    set_javascript_enabled(driver, True)


def viewport_size(driver) -> tuple[int, int]:
    """(innerWidth, innerHeight) of the current page."""
    w, h = driver.execute_script("return [window.innerWidth, window.innerHeight]")
    return int(w), int(h)


def set_window_size(driver, width: int, height: int) -> None:
    """Resizes the browser window so that the viewport is width × height CSS pixels.

    A real window resize (resize events fire, as on rotation). In headless Chromium the
    window has no frame, so this is normally exact; any difference is corrected once.
    """
    driver.set_window_size(width, height)
    try:
        w, h = viewport_size(driver)
    except Exception:  # no document to measure (e.g. a crashed tab): keep the window size
        return
    if (w, h) != (width, height) and w > 0 and h > 0:
        driver.set_window_size(width + (width - w), height + (height - h))


def reset_emulation(driver) -> None:
    """Clears every emulation the helpers above can set."""
    driver.__dict__["_folio_media"] = {"media": "", "features": {}}
    _cdp(driver, "Emulation.setEmulatedMedia", {"media": "", "features": []})
    _cdp(driver, "Emulation.setScriptExecutionDisabled", {"value": False})
    driver.__dict__["_folio_js_disabled"] = False


def reset_browser_state(driver, origins: Iterable[str] = ()) -> None:
    """Returns a session browser to a fresh state: one tab on about:blank, no emulation,
    the default window size, and no cookies or stored data (localStorage, sessionStorage,
    caches …) for the given origins (e.g. 'http://127.0.0.1:4321') and for file://."""
    handles = driver.window_handles
    for h in handles[1:]:
        driver.switch_to.window(h)
        driver.close()
    driver.switch_to.window(handles[0])
    driver.get("about:blank")
    reset_emulation(driver)
    _cdp(driver, "Network.clearBrowserCookies")
    for origin in [*origins, "file://"]:
        _cdp(driver, "Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
    set_window_size(driver, *DEFAULT_WINDOW)


# --------------------------------------------------------------------------- waiting & inspecting

def wait_for(condition: Callable[[], Any], timeout: float = 5.0, interval: float = 0.05,
             message: str = "condition") -> Any:
    """Polls condition() until it returns something truthy; returns that, or raises AssertionError."""
    deadline = time.monotonic() + timeout
    last_exc: Exception | None = None
    while True:
        try:
            value = condition()
            if value:
                return value
        except Exception as exc:  # e.g. element not there yet
            last_exc = exc
        if time.monotonic() >= deadline:
            detail = f" (last error: {last_exc!r})" if last_exc else ""
            raise AssertionError(f"timed out after {timeout}s waiting for {message}{detail}")
        time.sleep(interval)


def wait_for_js(driver, expression: str, timeout: float = 5.0) -> Any:
    """Waits until the JavaScript expression (evaluated with `return (expression)`) is truthy."""
    return wait_for(lambda: driver.execute_script(f"return ({expression})"), timeout,
                    message=f"JS `{expression}`")


def wait_until_settled(driver, timeout: float = 3.0) -> None:
    """Waits for web fonts and for every finite CSS animation/transition to finish."""
    wait_for(lambda: driver.execute_script(
        "return document.readyState === 'complete'"
        " && (!document.fonts || document.fonts.status === 'loaded')"
        " && (!document.getAnimations || document.getAnimations().every(a =>"
        "      a.playState !== 'running'"
        "      || a.effect.getComputedTiming().endTime === Infinity))"),
        timeout, message="the page to settle (fonts loaded, animations finished)")


def open_page(driver, url: str, timeout: float = 3.0) -> None:
    """driver.get(url), then wait_until_settled()."""
    driver.get(url)
    wait_until_settled(driver, timeout)


def resource_urls(driver) -> list[str]:
    """Names (URLs) of every resource the current page loaded (Resource Timing)."""
    return driver.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name)")


def external_requests(driver, base_url: str) -> list[str]:
    """Resources the current page loaded from anywhere but base_url (data:/blob: are not requests)."""
    return [u for u in resource_urls(driver)
            if not u.startswith(base_url) and not u.startswith(("data:", "blob:"))]


def screenshot(driver, name: str) -> Path:
    """Saves a PNG of the viewport to Tests/Browser/.artifacts/<name>.png and returns its path."""
    ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS_DIR / f"{name}.png"
    driver.save_screenshot(str(path))
    return path


# --------------------------------------------------------------------------- axe-core

def axe_script() -> str:
    """Path of the newest axe-core bundled by the installed packages (axe.min.js)."""
    candidates = []
    try:
        import selenium_axe_python  # axe-core 4.x
        candidates.append(Path(selenium_axe_python.__file__).parent / "axe-core" / "axe.min.js")
    except ImportError:
        pass
    import axe_selenium_python.axe as legacy  # axe-core 3.1.1
    candidates.append(Path(legacy._DEFAULT_SCRIPT))
    for c in candidates:
        if c.is_file():
            return str(c)
    raise FileNotFoundError("no axe.min.js found in selenium-axe-python or axe-selenium-python")


def run_axe(driver, context: Any = None, options: dict | None = None) -> dict:
    """Injects axe-core into the current page, runs it and returns axe's results object.

    context: an axe context (a selector string, or {'include': [...], 'exclude': [...]}).
    options: axe run options (dict); by default every rule axe runs by default.
    """
    from axe_selenium_python import Axe

    axe = Axe(driver, script_url=axe_script())
    axe.inject()
    opts = {"resultTypes": ["violations"]}
    opts.update(options or {})
    # Axe.run pastes Python reprs into JavaScript; pass real arguments instead.
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(arguments[0] || document, arguments[1])"
        "   .then(r => done(r), e => done({error: String(e && e.stack || e)}));",
        context, opts)
    if "error" in result:
        raise RuntimeError(f"axe.run failed: {result['error']}")
    return result


def axe_violations(driver, context: Any = None, options: dict | None = None) -> list[dict]:
    return run_axe(driver, context, options)["violations"]


def format_violations(violations: list[dict], max_nodes: int = 5) -> str:
    """A readable report: rule id, impact, help, and the offending nodes with axe's summary."""
    lines = []
    for v in violations:
        lines.append(f"- {v['id']} ({v.get('impact')}): {v.get('help')}  [{v.get('helpUrl', '')}]")
        nodes = v.get("nodes", [])
        for n in nodes[:max_nodes]:
            target = " ".join(map(str, n.get("target", [])))
            lines.append(f"    at {target}")
            html = (n.get("html") or "").strip().replace("\n", " ")
            if html:
                lines.append(f"       {html[:200]}")
            summary = (n.get("failureSummary") or "").strip().replace("\n", " / ")
            if summary:
                lines.append(f"       {summary[:300]}")
        if len(nodes) > max_nodes:
            lines.append(f"    … and {len(nodes) - max_nodes} more")
    return "\n".join(lines)
