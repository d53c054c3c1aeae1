"""What a deployed site needs (issue 14): sitemap.xml, robots.txt, the Atom and JSON feeds,
canonical links, Open Graph and Twitter metadata, and the published table models, all
under a sub-path (--base-url https://example.org/docs/). Then `folio check --external`
against a local server. Files are read and parsed as a crawler, a feed reader or an app would."""

from __future__ import annotations

import html
import json
import re
import resource
import shutil
import subprocess
import threading
import time
import xml.etree.ElementTree as ET
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from helpers import FIXTURES_DIR, run_folio

BASE = "https://example.org/docs/"
ATOM = "{http://www.w3.org/2005/Atom}"
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"


@pytest.fixture(scope="module")
def published(build_site) -> Path:
    return build_site("publish-site", base_url=BASE)


def test_sitemap_lists_every_page_with_absolute_urls_and_lastmod(published):
    root = ET.parse(published / "sitemap.xml").getroot()
    assert root.tag == f"{SITEMAP}urlset"
    entries = {u.findtext(f"{SITEMAP}loc"): u.findtext(f"{SITEMAP}lastmod") for u in root.findall(f"{SITEMAP}url")}
    pages = ["", "blog/first/", "blog/second/", "blog/third/", "notes/dated/", "notes/tabs/", "blog/"]
    for page in pages:
        if (published / page / "index.html").exists():
            assert BASE + page in entries, f"{BASE + page} missing from the sitemap: {sorted(entries)}"
    assert all(url.startswith(BASE) for url in entries), entries
    assert entries[BASE + "blog/first/"] == "2026-01-10"
    assert entries[BASE + "blog/second/"] == "2026-03-01T12:30:00Z", "updated: wins over date"
    assert entries[BASE] is None


def test_robots_points_at_the_sitemap(published):
    robots = (published / "robots.txt").read_text()
    assert f"Sitemap: {BASE}sitemap.xml" in robots.splitlines()


def test_a_users_own_robots_txt_is_left_alone(folio_bin, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(FIXTURES_DIR / "publish-site" / "Content", site / "Content")
    (site / "Content" / "robots.txt").write_text("User-agent: *\nDisallow: /private/\n")
    run = run_folio(folio_bin, "build", "--content", "Content", "--output", "Public", "--base-url", BASE, cwd=site)
    assert run.returncode == 0, run.stderr
    assert (site / "Public" / "robots.txt").read_text() == "User-agent: *\nDisallow: /private/\n"


def test_atom_feed_has_the_required_elements_and_the_newest_blog_posts(published):
    feed = ET.parse(published / "atom.xml").getroot()
    assert feed.tag == f"{ATOM}feed"
    for required in ("id", "title", "updated"):
        assert feed.find(f"{ATOM}{required}") is not None and feed.findtext(f"{ATOM}{required}").strip(), required
    assert feed.findtext(f"{ATOM}title") == 'Pub & "Co"'
    assert feed.find(f"{ATOM}author/{ATOM}name").text == "Ada <ada@example.org>"
    self_link = [link for link in feed.findall(f"{ATOM}link") if link.get("rel") == "self"]
    assert self_link and self_link[0].get("href") == BASE + "atom.xml"
    entries = feed.findall(f"{ATOM}entry")
    # folders: [blog], limit: 2 — the two newest posts; the dated note is outside the folders.
    assert [e.findtext(f"{ATOM}title") for e in entries] == ["Second post", 'First "quoted" & <post>']
    for entry in entries:
        for required in ("id", "title", "updated"):
            assert entry.findtext(f"{ATOM}{required}"), f"entry without {required}"
        assert entry.findtext(f"{ATOM}id").startswith(BASE + "blog/")
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", entry.findtext(f"{ATOM}updated"))
        link = entry.find(f"{ATOM}link")
        assert link.get("href") == entry.findtext(f"{ATOM}id")
    second, first = entries
    assert second.findtext(f"{ATOM}updated") == "2026-03-01T12:30:00Z"
    assert second.findtext(f"{ATOM}published") == "2026-02-01T00:00:00Z"
    content = first.find(f"{ATOM}content")
    assert content.get("type") == "html"
    assert f'href="{BASE}"' in content.text, f"relative links become absolute in a feed: {content.text}"
    assert f'src="{BASE}blog/first/cover.svg"' in content.text or f'src="{BASE}blog/cover.svg"' in content.text, content.text
    assert feed.findtext(f"{ATOM}updated") == "2026-03-01T12:30:00Z"


def test_json_feed_has_the_fields_of_json_feed_1_1(published):
    feed = json.loads((published / "feed.json").read_text())
    assert feed["version"] == "https://jsonfeed.org/version/1.1"
    assert feed["title"] == 'Pub & "Co"'
    assert feed["home_page_url"] == BASE
    assert feed["feed_url"] == BASE + "feed.json"
    assert feed["language"] == "en-GB"
    assert feed["authors"] == [{"name": "Ada <ada@example.org>"}]
    items = feed["items"]
    assert [item["title"] for item in items] == ["Second post", 'First "quoted" & <post>']
    for item in items:
        assert isinstance(item["id"], str) and item["id"]
        assert item["url"].startswith(BASE + "blog/")
        assert "content_html" in item or "content_text" in item
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", item["date_published"])
    assert items[0]["summary"] == "The second post's own description."
    assert items[0]["date_modified"] == "2026-03-01T12:30:00Z"


def _head(page: Path) -> str:
    text = page.read_text()
    return text[: text.index("</head>")]


def _meta(head: str) -> dict[str, str]:
    values = {}
    for tag in re.findall(r"<meta [^>]*>", head):
        key = re.search(r'(?:property|name)="([^"]*)"', tag)
        content = re.search(r'content="([^"]*)"', tag)
        if key and content:
            values[key.group(1)] = html.unescape(content.group(1))
    return values


def test_open_graph_and_twitter_tags_are_present_and_escaped(published):
    head = _head(published / "blog" / "first" / "index.html")
    meta = _meta(head)
    assert meta["og:title"] == 'First "quoted" & <post>'
    assert 'content="First &quot;quoted&quot; &amp; &lt;post&gt;"' in head, "the raw title would break the attribute"
    assert meta["og:site_name"] == 'Pub & "Co"'
    assert meta["og:type"] == "article"
    assert meta["og:locale"] == "en_GB"
    assert meta["og:url"] == BASE + "blog/first/"
    assert meta["og:image"] == BASE + "blog/cover.svg", "front matter image:, relative to the page's file"
    assert meta["twitter:card"] == "summary_large_image"
    assert meta["twitter:image"] == meta["og:image"]
    assert meta["description"].startswith("The first post, with a link home and a picture.")
    assert meta["og:description"] == meta["description"]
    assert f'<link rel="canonical" href="{BASE}blog/first/">' in head
    assert re.search(r'<link rel="alternate" type="application/atom\+xml" [^>]*href="\.\./\.\./atom\.xml"', head)
    assert re.search(r'<link rel="alternate" type="application/feed\+json" [^>]*href="\.\./\.\./feed\.json"', head)


def test_description_comes_from_front_matter_and_the_image_from_the_page(published):
    meta = _meta(_head(published / "blog" / "second" / "index.html"))
    assert meta["description"] == "The second post's own description."
    assert meta["og:image"] == BASE + "blog/dot.svg", "the page's first image"
    home = _meta(_head(published / "index.html"))
    assert home["description"] == 'Welcome to the <home> of “Pub” & Co: read the first post.', "the intro's text (smart quotes, as cmark renders them)"
    assert home["og:type"] == "website"
    assert "og:image" not in home


def test_without_an_absolute_base_url_one_note_says_what_was_skipped(folio_bin, tmp_path):
    out = tmp_path / "Public"
    run = run_folio(folio_bin, "build", "--content", FIXTURES_DIR / "publish-site" / "Content", "--output", out,
                    "--strict", cwd=tmp_path)
    assert run.returncode == 0, f"the note is no warning, even under --strict:\n{run.stdout}{run.stderr}"
    notes = [line for line in run.stdout.splitlines() if line.startswith("note:")]
    assert len(notes) == 1, run.stdout
    for skipped in ("sitemap.xml", "robots.txt", "feeds", "canonical", "og:url"):
        assert skipped in notes[0], notes[0]
    assert run.stderr == ""
    for name in ("sitemap.xml", "robots.txt", "atom.xml", "feed.json"):
        assert not (out / name).exists(), name
    head = _head(out / "blog" / "first" / "index.html")
    assert "og:url" not in head and 'rel="canonical"' not in head and "og:image" not in head
    assert _meta(head)["og:title"] == 'First "quoted" & <post>'
    assert (out / "models.json").exists(), "models need no baseURL"


def test_models_are_published_with_their_schema(published):
    index = json.loads((published / "models.json").read_text())
    assert index["version"] == 1
    assert index["schema"] == "model.schema.json"
    assert index["site"]["title"] == 'Pub & "Co"'
    urls = [page["url"] for page in index["pages"]]
    assert "/notes/tabs/" in urls and "/" in urls
    schema = json.loads((published / "model.schema.json").read_text())
    for page in index["pages"]:
        model = json.loads((published / page["model"]).read_text())
        _validate(model, schema, schema)
        assert model["url"] == page["url"]
        assert model["absoluteURL"] == BASE + page["url"].lstrip("/")
    tabs = json.loads((published / "notes" / "tabs" / "model.json").read_text())
    assert tabs["view"] == "tabs > paged"
    assert [s["title"] for s in tabs["sections"]] == ["Tab one", "Tab two"]
    assert tabs["sections"][0]["container"] == ["tabs"]
    assert [s["container"] for s in tabs["sections"][0]["sections"]] == [["tabs", "paged"], ["tabs", "paged"]]
    page_a = tabs["sections"][0]["sections"][0]
    assert [row["kind"] for row in page_a["rows"]] == ["paragraph", "list-item", "list-item"]
    assert [row["text"] for row in page_a["rows"]] == ["Row A.", "item 1", "item 2"]
    assert tabs["introRows"][0]["text"] == "Intro rows."


def _validate(value, schema, root, where="$"):
    """The subset of JSON Schema that model.schema.json uses: type, const, enum, required, properties,
    items, $ref, pattern, minimum, maximum, minItems."""
    if "$ref" in schema:
        name = schema["$ref"].split("/")[-1]
        return _validate(value, root["$defs"][name], root, where)
    kinds = schema.get("type")
    if kinds:
        kinds = kinds if isinstance(kinds, list) else [kinds]
        python = {"object": dict, "array": list, "string": str, "integer": int, "null": type(None)}
        assert any(isinstance(value, python[k]) for k in kinds), f"{where}: {value!r} is not {kinds}"
    if "const" in schema:
        assert value == schema["const"], where
    if "enum" in schema:
        assert value in schema["enum"], f"{where}: {value!r} not in {schema['enum']}"
    if "pattern" in schema:
        assert re.search(schema["pattern"], value), f"{where}: {value!r}"
    if "minimum" in schema:
        assert value >= schema["minimum"], where
    if "maximum" in schema:
        assert value <= schema["maximum"], where
    if isinstance(value, dict):
        for key in schema.get("required", []):
            assert key in value, f"{where}: no {key}"
        for key, sub in schema.get("properties", {}).items():
            if key in value:
                _validate(value[key], sub, root, f"{where}.{key}")
    if isinstance(value, list):
        assert len(value) >= schema.get("minItems", 0), where
        if "items" in schema:
            for index, item in enumerate(value):
                _validate(item, schema["items"], root, f"{where}[{index}]")


# --------------------------------------------------------------------------- folio check --external

class _Links(BaseHTTPRequestHandler):
    head = False

    def do_HEAD(self):  # noqa: N802 - the base class's name
        self.head = True
        if self.path == "/nohead":
            self._send(405)
        else:
            self._answer()

    def do_GET(self):  # noqa: N802 - the base class's name
        self.head = False
        self._answer()

    def _answer(self):
        if self.path in ("/ok", "/nohead"):
            self._send(200)
        elif self.path == "/moved":
            self.send_response(301)
            self.send_header("Location", "/ok")
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif self.path == "/slow":
            time.sleep(3)
            self._send(200)
        elif self.path == "/endless":
            # A download without end: only the status counts, and the body is never read.
            self.send_response(200)
            self.end_headers()
            try:
                while not self.head:
                    self.wfile.write(b"x" * 65536)
            except OSError:
                pass
        elif self.path == "/trickle":
            # Never done with its headers, a byte at a time: the session's time-out measures only silence.
            self.wfile.write(b"HTTP/1.1 200 OK\r\n")
            try:
                for _ in range(100):
                    self.wfile.write(b"X")
                    self.wfile.flush()
                    time.sleep(0.1)
            except OSError:
                pass
        else:
            self._send(404)

    def _send(self, status):
        body = b"hello"
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if not self.head:
            self.wfile.write(body)

    def log_message(self, format, *args):  # noqa: A002
        pass


def test_check_external_reports_each_failing_link_at_its_place(folio_bin, tmp_path):
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Links)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}"
        content = tmp_path / "site" / "Content"
        content.mkdir(parents=True)
        (content / "site.yml").write_text("title: External\n")
        (content / "index.md").write_text(
            f"# Links\n\n- [ok]({base}/ok)\n- [missing]({base}/missing)\n- [moved]({base}/moved)\n"
            f"- [slow]({base}/slow)\n- [ok again]({base}/ok#part)\n- [download]({base}/endless)\n"
            f"- [trickle]({base}/trickle)\n- [no HEAD]({base}/nohead)\n")
        args = ["check", "--content", "Content", "--output", "Public"]
        listed = run_folio(folio_bin, *args, "--format", "json", cwd=tmp_path / "site")
        assert listed.returncode == 0, listed.stderr
        report = json.loads(listed.stdout)
        assert [(link["url"], link["line"]) for link in report["externalLinks"]] == [
            (f"{base}/ok", 3), (f"{base}/missing", 4), (f"{base}/moved", 5), (f"{base}/slow", 6), (f"{base}/ok#part", 7),
            (f"{base}/endless", 8), (f"{base}/trickle", 9), (f"{base}/nohead", 10)]
        assert report["diagnostics"] == [], "nothing is fetched without --external"

        # Under 2 GB of address space and two minutes: a regression that reads the endless body fails here
        # instead of taking the machine's memory.
        run = subprocess.run(
            [str(folio_bin), *args, "--external", "--timeout", "1", "--concurrency", "2"], cwd=tmp_path / "site",
            capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL,
            preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30)))
        assert run.returncode == 0, f"failures are warnings without --strict:\n{run.stderr}"
        warnings = sorted(line for line in run.stderr.splitlines() if ": warning: " in line)
        assert len(warnings) == 3, run.stderr
        assert warnings[0].startswith("Content/index.md:4:3: warning: external link") and "404" in warnings[0], warnings
        assert warnings[1].startswith("Content/index.md:6:3: warning: external link") and "within 1 s" in warnings[1], warnings
        assert warnings[2].startswith("Content/index.md:9:3: warning: external link") and "within 1 s" in warnings[2], warnings
        # The summary's time is the whole check's: the fetches waited at least the one-second deadline.
        summary = re.search(r"^Check passed: .* in ([0-9.]+) s$", run.stdout + run.stderr, re.MULTILINE)
        assert summary and float(summary.group(1)) >= 1, run.stdout + run.stderr
        strict = run_folio(folio_bin, *args, "--external", "--timeout", "1", "--strict", cwd=tmp_path / "site")
        assert strict.returncode == 1, strict.stderr
        assert not (tmp_path / "site" / "Public").exists()
    finally:
        server.shutdown()
