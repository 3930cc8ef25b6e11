"""Write the hashed 8-word runs of each game's rulebook to tests/data/rulebook-runs/<game>.txt.

    python scripts/rulebook_runs.py       # reads ../shared/rulebooks, beside the repository

tests/test_texts.py checks that no rules or card text of ours repeats 8 words in a row from a
rulebook. The rulebooks are not part of the repository, so the test reads these files: one
short hash per run of 8 words (not the words), enough to tell a copied run, and nothing a
reader could turn back into the rulebook's sentences.
"""

from __future__ import annotations

import hashlib
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "data" / "rulebook-runs"
RUN = 8
BOOKS = {
    "quests": "quests-of-the-librarian.txt",
    "guardians": "guardians-explore.txt",
    "librarians": "librarians-adventure-card-game.txt",
    "castle": "castle-von-loghan.txt",
}


def words(text: str) -> list[str]:
    text = text.casefold().replace("\u2019", "'").replace("'", "")
    return re.findall(r"[a-z0-9]+", text)


def run_hash(run: tuple[str, ...] | list[str]) -> str:
    return hashlib.blake2b(" ".join(run).encode(), digest_size=5).hexdigest()


def runs(text: str) -> set[str]:
    w = words(text)
    return {run_hash(w[i : i + RUN]) for i in range(len(w) - RUN + 1)}


def main() -> int:
    books = ROOT.parent / "shared" / "rulebooks"
    if not books.is_dir():
        print(f"no rulebooks at {books}", file=sys.stderr)
        return 1
    OUT.mkdir(parents=True, exist_ok=True)
    for game, name in BOOKS.items():
        hashes = sorted(runs((books / name).read_text("utf-8")))
        (OUT / f"{game}.txt").write_text("\n".join(hashes) + "\n", "utf-8")
        print(f"wrote {OUT / f'{game}.txt'} ({len(hashes)} runs)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
