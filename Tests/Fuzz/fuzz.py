#!/usr/bin/env python3
"""A structure-aware fuzzer for folio: generates and mutates whole sites and runs folio on them.

Each run builds a small site from a seeded random generator — pages (front matter, headings with
{#id} and {view=…} attributes, lists, code, links, raw HTML), site.yml, appearance.yml and a theme
of templates — then breaks some of it the way files break in the wild: CRLF, CR, a byte-order mark,
invalid UTF-8, YAML aliases, recursive partials, truncation, random bytes. It runs `folio build`,
`folio model` and `folio appearance` on the result, each under a time-out and a memory limit.

A run fails when folio dies by a signal, exits with a status other than 0, 1 or 2 (1 and 2 are
folio's answers to bad input), or runs past the time-out. The site, the command and its output
are saved in the crash folder; run N of seed S is reproduced by `fuzz.py --seed S --first N --runs 1`.

    fuzz.py --seconds 60                 fuzz for a minute (exit 1 if anything crashed or hung)
    fuzz.py --replay Tests/Fuzz/regressions   run every saved site again (exit 1 on a crash or hang)

Only the standard library is used.
"""

import argparse
import os
import random
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPOSITORY = os.path.dirname(os.path.dirname(HERE))
ALLOWED_STATUS = {0, 1, 2}

# ---------------------------------------------------------------------------------------------- words

WORDS = ["alpha", "Beta", "gamma", "Δέλτα", "日本語", "emoji 🎉", "a&b", "<x>", "\"quoted\"", "tab\there",
         "x" * 40, "-", "_", "#", "*", "`", "[", "]", "{", "}", "|", "~", "\\", "%", "::", "ZWJ\u200d", "e\u0301"]
VIEWS = ["list", "paged", "tabs", "segmented", "tabs > paged", "paged > tabs", "segmented > list",
         "carousel", "", "tabs >", "> paged", "list > list > list > list"]
COMPONENTS = {
    "PageControl": ["pageIndicatorTintColor", "currentPageIndicatorTintColor"],
    "TabBar": ["tintColor", "unselectedItemTintColor", "barTintColor"],
    "SegmentedControl": ["selectedSegmentTintColor", "backgroundColor", "titleColor", "selectedTitleColor"],
    "PagedView": ["backgroundColor"],
}
CONTAINERS = ["ListView", "PagedView", "TabView", "SegmentedView", "Page", "Layout:default", "Gallery", "Nope"]
COLORS = ["systemBlue", "lightGray", "#fff", "#12345", "#00ff0080", "rgb(0 122 255 / 50%)", "rgb(1,2,3)",
          "hsl(211 100% 50%)", "hsl(1e999 1% 1%)", "rgb(1e400 0 0)", "red", "sytemBlue", "#", "rgb()",
          "{light: white, dark: \"#1c1c1e\"}", "{light: x}", "[1, 2]", "''", "null", "#ggg"]


def word(rng):
    return rng.choice(WORDS) if rng.random() < 0.3 else "".join(
        rng.choice("abcdefghijklmnopqrstuvwxyz ") for _ in range(rng.randint(1, 12))).strip() or "w"


def sentence(rng):
    return " ".join(word(rng) for _ in range(rng.randint(1, 8)))


# ---------------------------------------------------------------------------------------------- YAML

def yaml_scalar(rng):
    return rng.choice([
        word(rng), str(rng.randint(-10, 10)), "true", "false", "maybe", "null", "~", "''", "\"\"",
        "2024-05-01", "2024-13-45", "2024-05-01T09:30:00+02:00", "1e999", "0x1F", str(2 ** 70),
        "[a, b]", "{a: 1}", "[]", "{}", "|\n  block\n  text", ">-\n  folded", "\"unterminated", "'it''s'",
        "&anchor value", "*anchor", "!!binary aGk=", "!!str 1", "!custom x", "@reserved", "`tick",
    ])


def alias_bomb(rng, depth=None):
    depth = depth or rng.randint(2, 9)
    lines = ["lol0: &lol0 [" + ", ".join(["lol"] * 9) + "]"]
    for level in range(1, depth):
        lines.append(f"lol{level}: &lol{level} [" + ", ".join([f"*lol{level - 1}"] * 9) + "]")
    return "\n".join(lines)


def deep_nesting(rng):
    depth = rng.choice([10, 70, 200, 5000])
    return "deep: " + "[" * depth + "]" * depth


def front_matter(rng):
    keys = {
        "title": lambda: rng.choice([sentence(rng), yaml_scalar(rng)]),
        "date": lambda: rng.choice(["2024-05-01", "2024-02-30", "yesterday", "2024-05-01T09:30", yaml_scalar(rng)]),
        "draft": lambda: rng.choice(["true", "false", "maybe"]),
        "layout": lambda: rng.choice(["default", "404", "missing", "../x", yaml_scalar(rng)]),
        "view": lambda: rng.choice(VIEWS),
        "sectionLevel": lambda: rng.choice(["1", "2", "3", "6", "0", "7", "-1", str(2 ** 63), "two"]),
        "segments": lambda: rng.choice(["[Pages, All]", "[One]", "[a, b, c]", "x", "[[a], b]"]),
        "transition": lambda: rng.choice(["scroll", "fade", "slide"]),
        "tabGroup": lambda: word(rng),
        "container": lambda: rng.choice(CONTAINERS),
        "appearance": lambda: "\n  " + rng.choice(list(COMPONENTS)) + ":\n    " + rng.choice(
            sum(COMPONENTS.values(), [])) + ": " + rng.choice(COLORS),
        "tags": lambda: rng.choice(["[a, b]", "a", "[[x]]", "{a: b}"]),
        "weight": lambda: rng.choice(["1", "-5", str(2 ** 63 - 1), str(-2 ** 63), "heavy"]),
        "slug": lambda: rng.choice(["custom", "", "a/b", ".", "..", "index", "日本", "a b"]),
        "description": lambda: sentence(rng),
        "params": lambda: "{nested: {deeper: [1, 2, {x: y}]}}",
    }
    lines = []
    for key in rng.sample(list(keys), rng.randint(0, 8)):
        lines.append(f"{key}: {keys[key]()}")
    if rng.random() < 0.1:
        lines.append(alias_bomb(rng))
    if rng.random() < 0.05:
        lines.append(deep_nesting(rng))
    if rng.random() < 0.1 and lines:
        lines.append(rng.choice(lines))  # a duplicate key
    if rng.random() < 0.05:
        lines.append("  bad: indentation\n\t tab: x")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------------- Markdown

def heading(rng, pages):
    level = rng.randint(1, 6)
    text = sentence(rng)
    attributes = []
    if rng.random() < 0.3:
        attributes.append("#" + rng.choice(["my-id", "dup", "", "a b", "日本", "x" * 80, "-", "1"]))
    if rng.random() < 0.3:
        attributes.append("view=" + rng.choice(VIEWS).replace(" ", ""))
    if rng.random() < 0.1:
        attributes.append(rng.choice([".class", "key=value", "{", "}", "#", "view="]))
    suffix = " {" + " ".join(attributes) + "}" if attributes else ""
    if rng.random() < 0.1:
        suffix += " <a name=\"" + word(rng) + "\"></a>"
    return "#" * level + " " + text + suffix


def link(rng, pages):
    target = rng.choice([
        rng.choice(pages) if pages else "x.md", "../" + (rng.choice(pages) if pages else "x.md"),
        (rng.choice(pages) if pages else "x.md") + "#" + word(rng), "#" + word(rng), "missing.md",
        "javascript:alert(1)", "JaVaScRiPt:x", "data:text/html,x", "https://example.com/", "/abs/path/",
        "mailto:a@b", "", "<>", "img.png", "..", "../../../../etc/passwd", "%00", "a.md?x=1#y",
    ])
    text = sentence(rng)
    return rng.choice([f"[{text}]({target})", f"![{text}]({target})", f"<{target}>", f"[{text}][ref]\n\n[ref]: {target}"])


def block(rng, pages, depth=0):
    kind = rng.randint(0, 16)
    if kind == 0:
        return heading(rng, pages)
    if kind == 1:
        return "\n".join(f"{rng.choice(['-', '*', '+', '1.', '2)'])} {sentence(rng)}" for _ in range(rng.randint(1, 6)))
    if kind == 2 and depth < 4:
        return "- " + sentence(rng) + "\n" + "\n".join("  " + line for line in block(rng, pages, depth + 1).split("\n"))
    if kind == 3:
        fence = rng.choice(["```", "~~~", "````"])
        language = rng.choice(["", "swift", "python", "js", "html", "unknown", "c++", "sh {.x}"])
        code = "\n".join(sentence(rng) for _ in range(rng.randint(0, 5)))
        return f"{fence}{language}\n{code}\n" + (fence if rng.random() < 0.9 else "")
    if kind == 4:
        return link(rng, pages) + " " + sentence(rng)
    if kind == 5:
        return rng.choice([
            "<div>raw <b>html</b></div>", "<script>alert(1)</script>", "<iframe src=x></iframe>",
            "<a href=\"javascript:x\">j</a>", "<img src=x onerror=alert(1)>", "<!-- comment", "<details><summary>s",
            "<style>body{}</style>", "&#0; &#x110000; &#xD800; &amp; &bogus;", "<a name=\"anchor\"></a>",
        ])
    if kind == 6:
        columns = rng.randint(1, 4)
        rows = ["| " + " | ".join(word(rng) for _ in range(columns)) + " |" for _ in range(rng.randint(1, 4))]
        return "\n".join([rows[0], "|" + "---|" * columns] + rows[1:])
    if kind == 7:
        return "> " + rng.choice(["[!NOTE]", "[!WARNING]", "[!BOGUS]", ""]) + "\n> " + sentence(rng)
    if kind == 8:
        return "Footnote[^" + word(rng) + "].\n\n[^" + word(rng) + "]: " + sentence(rng)
    if kind == 9:
        return "- [ ] task\n- [x] done"
    if kind == 10:
        return rng.choice(["---", "***", "___", "===", "Setext\n===", "Setext\n---"])
    if kind == 11:
        depth = rng.choice([5, 50, 500, 3000, 250000])
        return rng.choice([">" * depth + " deep", "*" * depth + "x", "[" * depth + "x", "  " * 10 + "- x",
                           "\n".join("  " * i + "- n" for i in range(min(depth, 300)))])
    if kind == 12:
        return "~~" + sentence(rng) + "~~ **" + sentence(rng) + "** _" + sentence(rng) + "_ `" + word(rng) + "`"
    if kind == 13:
        return "www.example.com https://example.com/x?y=1 user@example.com"
    return sentence(rng)


def page(rng, pages):
    parts = []
    if rng.random() < 0.7:
        parts.append("---\n" + front_matter(rng) + "\n" + rng.choice(["---", "...", "---", "--- ", ""]))
    for _ in range(rng.randint(0, 14)):
        parts.append(block(rng, pages))
    return "\n\n".join(parts) + rng.choice(["\n", "", "\n\n"])


# ---------------------------------------------------------------------------------------------- config files

def site_yml(rng):
    lines = [f"title: {rng.choice([sentence(rng), yaml_scalar(rng)])}"] if rng.random() < 0.95 else []
    options = {
        "baseURL": lambda: rng.choice(["/", "/project/", "https://host/x/", "javascript:x", "", "[x]"]),
        "language": lambda: word(rng),
        "sectionLevel": lambda: rng.choice(["1", "2", "3", "7", "x"]),
        "unsafeHTML": lambda: rng.choice(["true", "false", "1"]),
        "nav": lambda: rng.choice(["\n  - {title: A, url: /a/}\n  - {title: B}", "[]", "x", "\n  - javascript:x"]),
        "search": lambda: rng.choice(["true", "false"]),
        "paginate": lambda: rng.choice(["1", "20", "0", "-1", str(2 ** 63)]),
        "models": lambda: rng.choice(["true", "false"]),
        "maxPageSize": lambda: rng.choice(["10 MB", "1 KB", "100", "0", "-5", "x", "1 TB", str(2 ** 63)]),
        "followSymlinks": lambda: rng.choice(["true", "false"]),
        "description": lambda: sentence(rng),
    }
    for key in rng.sample(list(options), rng.randint(0, 5)):
        lines.append(f"{key}: {options[key]()}")
    if rng.random() < 0.05:
        lines.append(alias_bomb(rng))
    return "\n".join(lines) + "\n"


def appearance_yml(rng):
    lines = []
    for _ in range(rng.randint(1, 5)):
        component = rng.choice(list(COMPONENTS) + ["PageContrl", "Nothing"])
        chain = " in ".join(rng.sample(CONTAINERS, rng.randint(0, 3)))
        key = component + (" in " + chain if chain else "")
        if rng.random() < 0.1:
            key = rng.choice(["TabBar in", "in PagedView", "TabBar TabView", "\"quoted in x\"", ""])
        lines.append(f"{key}:")
        for _ in range(rng.randint(0, 3)):
            properties = COMPONENTS.get(component, ["tintColor"]) + ["bogusColor"]
            lines.append(f"  {rng.choice(properties)}: {rng.choice(COLORS)}")
    if rng.random() < 0.05:
        lines.append(alias_bomb(rng))
    return "\n".join(lines) + "\n"


def theme(rng):
    """A Templates/ folder: some default-theme files changed, partials that may include each other."""
    files = {}
    partials = ["a", "b", "tree", "footer", "header"]
    for name in rng.sample(partials, rng.randint(1, 4)):
        pieces = []
        for _ in range(rng.randint(1, 4)):
            other = rng.choice(partials + ["missing"])
            pieces.append(rng.choice([
                "{{> " + other + "}}", "{{#page}}{{> " + other + "}}{{/page}}", "{{#children}}{{> tree}}{{/children}}",
                "{{^nothing}}{{> " + other + "}}{{/nothing}}", "{{site.title}}", "{{{page.content}}}", "text\n",
                "{{#pages}}{{title}}{{/pages}}", "{{<" + other + "}}{{$block}}x{{/block}}{{/" + other + "}}",
                "{{$block}}default{{/block}}", "{{=<% %>=}}<% site.title %><%={{ }}=%>", "{{#unclosed}}", "{{/x}}",
                "{{", "}}", "{{! comment }}", "{{> " + other + "}}{{> " + other + "}}", "{{uppercased(page.title)}}",
            ]))
        files[f"partials/{name}.mustache"] = "".join(pieces)
    if rng.random() < 0.7:
        include = rng.choice(partials)
        files["layouts/default.mustache"] = (
            "<!doctype html><title>{{page.title}}</title>{{> " + include + "}}<main>{{{page.content}}}</main>\n")
    if rng.random() < 0.2:
        files["layouts/404.mustache"] = "{{> " + rng.choice(partials) + "}}"
    if rng.random() < 0.3:
        files["appearance.yml"] = appearance_yml(rng)
    if rng.random() < 0.2:
        files["components/list.mustache"] = rng.choice(
            ["{{#sections}}<section>{{{content}}}</section>{{/sections}}", "{{> a}}", "{{#sections}}"])
    return files


# ---------------------------------------------------------------------------------------------- breaking bytes

def encode(rng, text):
    """Text as bytes the way editors and accidents save it."""
    choice = rng.random()
    if choice < 0.15:
        text = text.replace("\n", "\r\n")
    elif choice < 0.22:
        text = text.replace("\n", "\r")
    elif choice < 0.27:
        text = "".join(rng.choice(["\n", "\r\n", "\r"]) if c == "\n" else c for c in text)
    data = text.encode("utf-8")
    if rng.random() < 0.15:
        data = b"\xef\xbb\xbf" + data
    if rng.random() < 0.08:
        position = rng.randint(0, len(data))
        data = data[:position] + rng.choice([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\x00",
                                             b"\xe2\x82", b"\xc0\xaf"]) + data[position:]
    if rng.random() < 0.08:
        data = mutate(rng, data)
    return data


def mutate(rng, data):
    data = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        operation = rng.randint(0, 4)
        position = rng.randint(0, len(data))
        if operation == 0 and data:
            del data[position:position + rng.randint(1, 16)]
        elif operation == 1:
            data[position:position] = bytes(rng.randint(0, 255) for _ in range(rng.randint(1, 8)))
        elif operation == 2 and data:
            start = rng.randint(0, len(data) - 1)
            chunk = data[start:start + rng.randint(1, 64)]
            data[position:position] = chunk * rng.randint(1, 20)
        elif operation == 3:
            data[position:position] = rng.choice([b"---\n", b"\r", b"{{", b"}}", b"*a", b"&a ", b"\n#", b"[", b"{#"])
        else:
            data = data[:position]
    return bytes(data)


# ---------------------------------------------------------------------------------------------- one run

def generate(rng, root):
    """Writes a random site under root: Content/ and, often, Templates/."""
    content = os.path.join(root, "Content")
    os.makedirs(content)
    names = ["index.md", "a.md", "b/index.md", "b/c.md", "d e.md", "日本.md", "_hidden.md", "a/index.md"]
    chosen = rng.sample(names, rng.randint(1, 6))
    for name in chosen:
        path = os.path.join(content, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as handle:
            handle.write(encode(rng, page(rng, chosen)))
    if rng.random() < 0.97:
        with open(os.path.join(content, "site.yml"), "wb") as handle:
            handle.write(encode(rng, site_yml(rng)))
    if rng.random() < 0.4:
        with open(os.path.join(content, "appearance.yml"), "wb") as handle:
            handle.write(encode(rng, appearance_yml(rng)))
    if rng.random() < 0.1:
        with open(os.path.join(content, "static.txt"), "wb") as handle:
            handle.write(b"static")
    if rng.random() < 0.02:
        with open(os.path.join(content, "huge.md"), "wb") as handle:
            handle.write(b"# Huge\n\n" + b"word " * (2_200_000 + rng.randint(0, 10)))
    templates = None
    if rng.random() < 0.5:
        templates = os.path.join(root, "Templates")
        for name, text in theme(rng).items():
            path = os.path.join(templates, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as handle:
                handle.write(encode(rng, text))
        os.makedirs(templates, exist_ok=True)
    return chosen


def commands(root, pages):
    """The commands each site is put through, run inside its folder."""
    has_templates = os.path.isdir(os.path.join(root, "Templates"))
    build = ["build", "--content", "Content", "--output", "Public"]
    if has_templates:
        build += ["--templates", "Templates"]
    runs = [build]
    for name in pages[:2]:
        runs.append(["model", os.path.join("Content", name)])
        appearance = ["appearance", os.path.join("Content", name)]
        if has_templates:
            appearance += ["--templates", "Templates"]
        runs.append(appearance)
    return runs


def limit_resources(memory_mb):
    def apply():
        os.setsid()
        resource.setrlimit(resource.RLIMIT_AS, (memory_mb << 20, memory_mb << 20))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    return apply


def run_folio(folio, arguments, cwd, timeout, memory_mb):
    """(verdict, status, stderr): verdict is None when folio answered normally."""
    process = subprocess.Popen([folio] + arguments, cwd=cwd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, preexec_fn=limit_resources(memory_mb),
                               env=dict(os.environ, NO_COLOR="1"))
    try:
        _, stderr = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        _, stderr = process.communicate()
        return "hang", None, stderr
    status = process.returncode
    if status < 0:
        return f"signal {-status} ({signal.Signals(-status).name})", status, stderr
    if status not in ALLOWED_STATUS:
        return f"exit status {status}", status, stderr
    return None, status, stderr


def save(crashes, root, label, arguments, verdict, stderr):
    os.makedirs(crashes, exist_ok=True)
    target = os.path.join(crashes, label)
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(root, target, symlinks=True, ignore=shutil.ignore_patterns("Public", ".folio-cache"))
    with open(os.path.join(target, "command"), "w") as handle:
        handle.write(" ".join(arguments) + "\n")
    with open(os.path.join(target, "verdict.txt"), "w") as handle:
        text = stderr.decode("utf-8", "replace")
        handle.write(verdict + "\n\n" + (text if len(text) < 6000 else text[:3000] + "\n…\n" + text[-3000:]))
    return target


def check_site(folio, root, arguments_list, timeout, memory_mb):
    """The first failing command of a site, or None."""
    for arguments in arguments_list:
        verdict, _, stderr = run_folio(folio, arguments, root, timeout, memory_mb)
        if verdict:
            return verdict, arguments, stderr
    return None


# ---------------------------------------------------------------------------------------------- modes

def fuzz(options):
    deadline = time.monotonic() + options.seconds
    work = tempfile.mkdtemp(prefix="folio-fuzz-")
    failures = 0
    runs = 0
    index = options.first
    try:
        while time.monotonic() < deadline and (options.runs is None or runs < options.runs):
            rng = random.Random(f"{options.seed}:{index}")
            root = os.path.join(work, f"run-{index}")
            pages = generate(rng, root)
            failure = check_site(options.folio, root, commands(root, pages), options.timeout, options.memory)
            if failure:
                verdict, arguments, stderr = failure
                failures += 1
                target = save(options.crashes, root, f"seed-{options.seed}-run-{index}", arguments, verdict, stderr)
                print(f"CRASH run {index}: folio {' '.join(arguments)} → {verdict}; saved in {target}", flush=True)
            shutil.rmtree(root, ignore_errors=True)
            runs += 1
            index += 1
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"fuzz: {runs} sites (runs {options.first}…{index - 1} of seed {options.seed}), "
          f"{failures} crashed or hung", flush=True)
    return 1 if failures else 0


def replay(options):
    folders = sorted(name for name in os.listdir(options.replay) if os.path.isdir(os.path.join(options.replay, name)))
    failures = 0
    for name in folders:
        source = os.path.join(options.replay, name)
        with tempfile.TemporaryDirectory(prefix="folio-replay-") as work:
            root = os.path.join(work, "site")
            shutil.copytree(source, root, symlinks=True)
            with open(os.path.join(source, "command")) as handle:
                first = handle.read().split()
            pages = [p[len("Content/"):] for p in first[1:2] if p.startswith("Content/")]
            failure = check_site(options.folio, root, [first] + commands(root, pages), options.timeout, options.memory)
        if failure:
            failures += 1
            print(f"FAIL {name}: folio {' '.join(failure[1])} → {failure[0]}", flush=True)
    print(f"replay: {len(folders)} saved sites, {failures} crashed or hung", flush=True)
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--folio", default=os.environ.get("FOLIO_BIN", os.path.join(REPOSITORY, ".build/release/folio")))
    parser.add_argument("--seconds", type=float, default=60, help="how long to fuzz")
    parser.add_argument("--seed", default="folio", help="the generator's seed; the same seed gives the same sites")
    parser.add_argument("--first", type=int, default=0, help="the first run number")
    parser.add_argument("--runs", type=int, help="stop after this many sites")
    parser.add_argument("--timeout", type=float, default=20, help="seconds one folio command may take")
    parser.add_argument("--memory", type=int, default=2048, help="address-space limit of one folio run, in MB")
    parser.add_argument("--crashes", default=os.path.join(REPOSITORY, ".fuzz", "crashes"),
                        help="where crashing or hanging sites are saved")
    parser.add_argument("--replay", help="run the saved sites in this folder again instead of fuzzing")
    options = parser.parse_args()
    options.folio = os.path.abspath(options.folio)
    if not os.access(options.folio, os.X_OK):
        sys.exit(f"fuzz: no folio binary at {options.folio}: run `swift build -c release --product folio`")
    sys.exit(replay(options) if options.replay else fuzz(options))


if __name__ == "__main__":
    main()
