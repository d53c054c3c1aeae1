"""Fixtures for Folio's browser tests: pytest + Selenium 4 + Debian's headless Chromium.

Fixtures
    folio_bin                     path of the folio binary (FOLIO_BIN, else .build/release, else .build/debug)
    build_site(name_or_path, **kw) -> Path   builds Tests/Fixtures/<name>/ (or a directory) into a temp Public/
    serve(directory) -> str       base URL ('http://127.0.0.1:PORT/') of a static server for directory
    example_site -> str           base URL of the repository's own Content/ + Templates/, built and served
    example_site_dir -> Path      the output directory behind example_site
    driver                        headless Chromium, 1200×900, reset to a clean state for every test
    browser                       the session's underlying WebDriver (no reset; prefer `driver`)

Helpers (emulation, axe, waiting) live in helpers.py.

Rules of this suite: no test skips itself — a skip is reported as a failure, and a
missing folio binary, chromium or chromedriver fails loudly.
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import shutil
import threading
from pathlib import Path

import pytest

# Never let Selenium Manager go looking for drivers or browsers: there is no internet,
# and Debian's chromium + chromedriver are what we test with.
os.environ.setdefault("SE_OFFLINE", "true")
os.environ.setdefault("SE_AVOID_STATS", "true")

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402

import helpers  # noqa: E402
from helpers import ARTIFACTS_DIR, DEFAULT_WINDOW, FIXTURES_DIR, REPO_ROOT  # noqa: E402


# --------------------------------------------------------------------------- no skips

@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"tests in Tests/Browser must not skip (skip reason: {reason})"
    if report.when == "call" and report.failed and "driver" in getattr(item, "funcargs", {}):
        _save_failure_artifacts(item.funcargs["driver"], item.nodeid)


def _save_failure_artifacts(driver, nodeid: str) -> None:
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", nodeid)[-150:]
    try:
        ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(ARTIFACTS_DIR / f"{name}.png"))
        (ARTIFACTS_DIR / f"{name}.html").write_text(driver.page_source, encoding="utf-8")
    except Exception:
        pass  # the browser may be the thing that broke


# --------------------------------------------------------------------------- folio

@pytest.fixture(scope="session")
def folio_bin() -> Path:
    """The folio binary under test. Fails (never skips) when there is none."""
    env = os.environ.get("FOLIO_BIN")
    if env:
        path = Path(env)
        if not (path.is_file() and os.access(path, os.X_OK)):
            pytest.fail(f"FOLIO_BIN={env} is not an executable file", pytrace=False)
        return path.resolve()
    for candidate in (REPO_ROOT / ".build/release/folio", REPO_ROOT / ".build/debug/folio"):
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate
    pytest.fail("no folio binary: set FOLIO_BIN or run `make build` "
                "(looked for .build/release/folio and .build/debug/folio)", pytrace=False)


def _fixture_dir(name_or_path: str | os.PathLike) -> Path:
    """A bare name is Tests/Fixtures/<name>; anything else is a path to a site directory."""
    p = Path(name_or_path)
    d = FIXTURES_DIR / p if len(p.parts) == 1 and not p.is_absolute() else p
    if not (d / "Content").is_dir():
        pytest.fail(f"site fixture {d} has no Content/ directory", pytrace=False)
    return d.resolve()


def _flag_args(kwargs: dict) -> list[str]:
    args: list[str] = []
    for key, value in kwargs.items():
        flag = "--" + key.replace("_", "-")
        if value is True:
            args.append(flag)
        elif value is False or value is None:
            continue
        else:
            args += [flag, str(value)]
    return args


@pytest.fixture(scope="session")
def build_site(folio_bin, tmp_path_factory):
    """Factory: build_site(name_or_path, **options) -> Path of the built Public/ directory.

    name_or_path: a directory name under Tests/Fixtures/, or a path to a site directory;
    either way it must contain Content/. Runs

        folio build --content <site>/Content --output <tmp>/Public [--templates <site>/Templates]

    with --templates only when the site has a Templates/ directory (otherwise folio uses
    its built-in default theme; folio runs in the temp directory, so no ./Templates is
    found by accident). Options become flags: base_url='/p/' → --base-url /p/,
    drafts=True → --drafts, strict=True → --strict; templates=PATH forces a theme,
    templates=False never passes one. Asserts exit status 0. Results are cached per
    (site, options) for the session: treat the returned directory as read-only.
    """
    cache: dict[tuple, Path] = {}

    def build(name_or_path, **options) -> Path:
        site = _fixture_dir(name_or_path)
        key = (str(site), tuple(sorted((k, str(v)) for k, v in options.items())))
        if key in cache:
            return cache[key]
        templates = options.pop("templates", None)
        if templates is None and (site / "Templates").is_dir():
            templates = site / "Templates"
        work = tmp_path_factory.mktemp(re.sub(r"[^A-Za-z0-9_-]+", "_", site.name) or "site")
        out = work / "Public"
        args = ["build", "--content", site / "Content", "--output", out]
        if templates:
            args += ["--templates", Path(templates).resolve()]
        args += _flag_args(options)
        proc = helpers.run_folio(folio_bin, *args, cwd=work)
        assert proc.returncode == 0, (
            f"`folio {' '.join(map(str, args))}` exited {proc.returncode}\n"
            f"--- stdout\n{proc.stdout}\n--- stderr\n{proc.stderr}")
        assert out.is_dir(), f"folio build succeeded but wrote no {out}"
        cache[key] = out
        return out

    return build


# --------------------------------------------------------------------------- static server

class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - signature from the base class
        pass

    def log_request(self, code="-", size="-"):
        self.server.requests.append((self.command, self.path, int(getattr(code, "value", code))))


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    requests: list


@pytest.fixture(scope="session")
def serve():
    """Factory: serve(directory) -> base URL 'http://127.0.0.1:PORT/' of a static HTTP
    server for that directory (one per directory, for the whole session).

    serve.requests(base_url) lists the (method, path, status) of every request that
    server answered, in order.
    """
    servers: dict[Path, tuple[_Server, str]] = {}
    by_url: dict[str, _Server] = {}

    def start(directory) -> str:
        directory = Path(directory).resolve()
        if not directory.is_dir():
            pytest.fail(f"serve(): {directory} is not a directory", pytrace=False)
        if directory in servers:
            return servers[directory][1]
        handler = functools.partial(_QuietHandler, directory=str(directory))
        server = _Server(("127.0.0.1", 0), handler)
        server.requests = []
        threading.Thread(target=server.serve_forever, name=f"serve {directory}", daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        servers[directory] = (server, url)
        by_url[url] = server
        return url

    start.requests = lambda base_url: list(by_url[base_url].requests)
    start.origins = lambda: [url.rstrip("/") for url in by_url]
    yield start
    for server, _ in servers.values():
        server.shutdown()
        server.server_close()


# --------------------------------------------------------------------------- the example site

@pytest.fixture(scope="session")
def example_site_dir(build_site) -> Path:
    """The repository's own Content/ built with its Templates/ (the user guide).
    FOLIO_EXAMPLE_SITE=DIR substitutes another site directory (to try the harness)."""
    return build_site(Path(os.environ.get("FOLIO_EXAMPLE_SITE") or REPO_ROOT).resolve())


@pytest.fixture(scope="session")
def example_site(example_site_dir, serve) -> str:
    """Base URL of the served example site."""
    return serve(example_site_dir)


# --------------------------------------------------------------------------- Chromium

def _chrome_options() -> webdriver.ChromeOptions:
    opts = webdriver.ChromeOptions()
    opts.binary_location = helpers.CHROMIUM
    for arg in (
        "--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
        f"--window-size={DEFAULT_WINDOW[0]},{DEFAULT_WINDOW[1]}",
        "--force-device-scale-factor=1", "--force-color-profile=srgb", "--lang=en-US",
        "--no-first-run", "--no-default-browser-check", "--disable-extensions",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-default-apps", "--disable-features=Translate,MediaRouter,OptimizationHints",
        "--mute-audio",
    ):
        opts.add_argument(arg)
    return opts


def _start_chromium() -> webdriver.Chrome:
    missing = [what for what, path in (("chromium", helpers.CHROMIUM),
                                       ("chromedriver", helpers.CHROMEDRIVER)) if not path]
    if missing:
        pytest.fail(f"{' and '.join(missing)} not found (expected /usr/bin/chromium and "
                    "/usr/bin/chromedriver): run `make deps`", pytrace=False)
    ARTIFACTS_DIR.mkdir(parents=True, exist_ok=True)
    service = Service(executable_path=helpers.CHROMEDRIVER,
                      log_output=str(ARTIFACTS_DIR / "chromedriver.log"))
    drv = webdriver.Chrome(service=service, options=_chrome_options())
    drv.set_page_load_timeout(30)
    drv.set_script_timeout(30)
    return drv


class _Browser:
    """Holds the session's Chromium and restarts it if it dies."""

    def __init__(self):
        self.driver: webdriver.Chrome | None = None

    def get(self) -> webdriver.Chrome:
        if self.driver is None:
            self.driver = _start_chromium()
        return self.driver

    def restart(self) -> webdriver.Chrome:
        self.quit()
        return self.get()

    def quit(self):
        if self.driver is not None:
            try:
                self.driver.quit()
            except Exception:
                pass
            self.driver = None


@pytest.fixture(scope="session")
def _browser_holder():
    holder = _Browser()
    yield holder
    holder.quit()


@pytest.fixture(scope="session")
def browser(_browser_holder) -> webdriver.Chrome:
    """The session's Chromium, as is. Prefer `driver`, which starts every test clean."""
    return _browser_holder.get()


@pytest.fixture
def driver(_browser_holder, serve) -> webdriver.Chrome:
    """Headless Chromium at 1200×900 on about:blank, with no emulation, JavaScript on,
    and no cookies or stored data for any served origin. Shared by the session's tests
    (one browser start) and reset before each test; a crashed browser is replaced."""
    drv = _browser_holder.get()
    try:
        helpers.reset_browser_state(drv, serve.origins())
    except Exception:  # WebDriverException, or no chromedriver to talk to any more
        drv = _browser_holder.restart()
        helpers.reset_browser_state(drv, serve.origins())
    yield drv
