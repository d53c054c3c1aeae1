"""A generated site for the search relevance comparison (test_search_relevance.py): pages on made-up topics
with a Zipf-like vocabulary, headings, lists, code blocks, and tabbed and paged views. Deterministic.

usage: python3 search_corpus.py OUT_DIR [PAGES]
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

SYLLABLES = ("ka lo mi ra te su no vi pa ze do ru fa gi be tho lan mer sil dor ven qua xi bro")


def vocabulary(rng: random.Random, n: int) -> list[str]:
    parts = SYLLABLES.split()
    words: list[str] = []
    while len(words) < n:
        w = "".join(rng.choice(parts) for _ in range(rng.randint(2, 4)))
        if w not in words:
            words.append(w)
    return words


def write(out: Path, pages: int = 60) -> None:
    rng = random.Random(1313)
    words = vocabulary(rng, 500)
    common, topical = words[:80], words[80:]
    weights = [1 / (i + 1) for i in range(len(common))]
    content = out / "Content"
    content.mkdir(parents=True, exist_ok=True)
    (content / "site.yml").write_text("title: Generated\n")
    (content / "index.md").write_text("---\ntitle: Generated\n---\n\nA generated site for search.\n")

    def sentence(topic: list[str]) -> str:
        n = rng.randint(8, 16)
        picked = [rng.choice(topic) if rng.random() < 0.25 else rng.choices(common, weights)[0] for _ in range(n)]
        return " ".join(picked).capitalize() + "."

    for p in range(pages):
        topic = rng.sample(topical, 6)
        view = "tabs" if p % 4 == 1 else "paged" if p % 5 == 2 else "list"
        lines = ["---", f"title: {topic[0].capitalize()} {topic[1]}", f"view: {view}", "---", "",
                 " ".join(sentence(topic) for _ in range(2)), ""]
        for s in range(rng.randint(3, 6)):
            heading = rng.choice(topic[2:]).capitalize() + (" " + rng.choice(common) if rng.random() < 0.5 else "")
            lines += [f"## {heading} {s + 1}", "", " ".join(sentence(topic) for _ in range(rng.randint(2, 4))), ""]
            kind = rng.randrange(3)
            if kind == 0:
                lines += [f"- {sentence(topic)}" for _ in range(3)] + [""]
            elif kind == 1:
                lines += ["```sh", f"{rng.choice(topic)}_{rng.choice(common)} --{rng.choice(topical)}", "```", ""]
            lines += [" ".join(sentence(topic) for _ in range(2)), ""]
        (content / f"p{p:03d}.md").write_text("\n".join(lines))


if __name__ == "__main__":
    write(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 60)
