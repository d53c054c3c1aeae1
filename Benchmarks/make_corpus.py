#!/usr/bin/env python3
"""Writes a deterministic corpus of Markdown documents for `make bench`.

usage: make_corpus.py N OUT_DIR [--shape nested|flat|folder|lists]
nested (the default): 100 documents a folder (d000/p00000.md, ...); flat: every document at the top of
Content/; folder: every document in one folder (notes/). The flat and folder shapes have the same
documents, so their builds compare what the site's shape alone costs (navigation must stay bounded).
lists: laid out as nested, but list-heavy documents: each section is a short paragraph and 3-7 list
items, so most of the text is in rows (every list item is a row of the table model).
Each document is about 6 KB: front matter, 4-8 sections with paragraphs (emphasis,
links, code spans), lists, fenced code and quotes. A fifth of the pages are paged or tabs.
Every document, index.md included, has a `title` in its front matter, so Hugo reads the
same files (`view:` is just a parameter to Hugo).
"""
import os
import random
import sys

WORDS = ("lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor "
         "incididunt ut labore et dolore magna aliqua enim ad minim veniam quis nostrud "
         "exercitation ullamco laboris nisi aliquip ex ea commodo consequat duis aute irure "
         "in reprehenderit voluptate velit esse cillum fugiat nulla pariatur excepteur sint "
         "occaecat cupidatat non proident sunt culpa qui officia deserunt mollit anim id est").split()


def sentence(rng, n_words):
    words = [rng.choice(WORDS) for _ in range(n_words)]
    i = rng.randrange(n_words)
    words[i] = f"*{words[i]}*"
    j = rng.randrange(n_words)
    words[j] = f"`{words[j]}()`"
    return " ".join(words).capitalize() + "."


SHAPE = "nested"


def link_to(target):
    return f"../d{target // 100:03d}/p{target:05d}.md" if SHAPE in ("nested", "lists") else f"p{target:05d}.md"


def paragraph(rng, index, total):
    parts = [sentence(rng, rng.randint(8, 16)) for _ in range(rng.randint(3, 5))]
    target = rng.randrange(total)
    parts.insert(1, f"See [page {target}]({link_to(target)}#section-1).")
    parts.append("Read [more](https://example.com/docs).")
    return " ".join(parts)


def document(rng, index, total):
    view = "list"
    if index % 5 == 0:
        view = "paged" if index % 10 == 0 else "tabs"
    lines = ["---", f"title: Document {index}", f"date: 2024-{1 + index % 12:02d}-{1 + index % 28:02d}",
             f"description: Generated document number {index}.", f"tags: [bench, t{index % 7}]",
             f"view: {view}", f"weight: {index}", "---", "", paragraph(rng, index, total), ""]
    for s in range(1, rng.randint(4, 8) + 1):
        lines += [f"## Section {s}", "", paragraph(rng, index, total), ""]
        kind = rng.randrange(4)
        if kind == 0:
            lines += [f"- {sentence(rng, 6)}" for _ in range(rng.randint(3, 6))] + [""]
        elif kind == 1:
            lines += ["```swift", f"let value{s} = {index} * {s}", "print(value)", "```", ""]
        elif kind == 2:
            lines += [f"> {sentence(rng, 12)}", ""]
        else:
            lines += [f"{n}. {sentence(rng, 5)}" for n in range(1, rng.randint(3, 5) + 1)] + [""]
        lines += [paragraph(rng, index, total), ""]
    return "\n".join(lines)


def list_document(rng, index, total):
    """The list-heavy shape: most of the text in list items (rows), a few short paragraphs."""
    lines = ["---", f"title: Document {index}", f"date: 2024-{1 + index % 12:02d}-{1 + index % 28:02d}",
             f"description: Generated list-heavy document number {index}.", f"tags: [bench, t{index % 7}]",
             f"weight: {index}", "---", "", sentence(rng, 12), ""]
    for s in range(1, rng.randint(6, 10) + 1):
        lines += [f"## Section {s}", "", sentence(rng, 10), ""]
        ordered = rng.randrange(3) == 0
        for n in range(1, rng.randint(3, 7) + 1):
            text = sentence(rng, rng.randint(8, 16))
            if rng.randrange(4) == 0:
                target = rng.randrange(total)
                text += f" See [page {target}]({link_to(target)}#section-1)."
            lines.append(f"{n}. {text}" if ordered else f"- {text}")
        lines.append("")
    return "\n".join(lines)


def folder_of(content, i):
    if SHAPE == "flat":
        return content
    return os.path.join(content, "notes" if SHAPE == "folder" else f"d{i // 100:03d}")


def main():
    global SHAPE
    total = int(sys.argv[1])
    out = sys.argv[2]
    if len(sys.argv) > 4 and sys.argv[3] == "--shape":
        SHAPE = sys.argv[4]
    if SHAPE not in ("nested", "flat", "folder", "lists"):
        sys.exit(f"make_corpus.py: unknown shape {SHAPE!r} (nested, flat, folder or lists)")
    rng = random.Random(20261122)
    content = os.path.join(out, "Content")
    os.makedirs(content, exist_ok=True)
    with open(os.path.join(content, "site.yml"), "w") as f:
        f.write("title: Bench\nnav:\n  - {title: Home, url: /}\n")
    with open(os.path.join(content, "index.md"), "w") as f:
        f.write("---\ntitle: Bench\n---\n\n# Bench\n\nA generated corpus.\n")
    for i in range(total):
        folder = folder_of(content, i)
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, f"p{i:05d}.md"), "w") as f:
            f.write(list_document(rng, i, total) if SHAPE == "lists" else document(rng, i, total))


if __name__ == "__main__":
    main()
