"""Rewrite the card texts of src/tabletop/games/librarians/content/texts.toml from the content.

    .venv/bin/python scripts/librarians_texts.py          # rewrite the [[text]] entries
    .venv/bin/python scripts/librarians_texts.py --check  # exit 1 if they are out of date

Every Librarians record (hero, player card, Aid card, Effect, adventure card, Mission,
Disturbance, adventure) carries its own `text` in content/*.toml, the words the engine plays
by; tabletop.engine.texts reads one `[[text]]` entry per record from texts.toml, so those
entries repeat the records' texts (tests/librarians/test_librarians_texts.py checks they
agree). Run this after changing a record's text. The rules summary (the `[[section]]`
entries above the first card heading) is written by hand and kept as it is.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FILE = ROOT / "src" / "tabletop" / "games" / "librarians" / "content" / "texts.toml"
MARK = "# -- heroes "  # the first card heading: everything above it is kept

HEADS = {
    "hero": "heroes",
    "card": "player cards",
    "aid": "Aid from the Library cards",
    "effect": "Focus and Power Effects",
    "adventure-card": "adventure cards",
    "mission": "Missions",
    "disturbance": "Disturbances",
    "adventure": "adventures",
}
NOTES = {
    "hero": "The rulebook prints no hero text, only hints in the Hero Guides; this is the power "
    "content/heroes.toml gives the hero, in our words.",
    "card": "The rulebook prints no card text; this is the effect content/cards.toml gives the "
    "card, in the spirit of its name and Hero Guide.",
    "aid": "The rulebook names the three Aid cards and prints no text; this is what "
    "content/aid.toml gives this one.",
    "effect": "The rulebook prints no Focus or Power Effect; this is what content/aid.toml gives "
    "this one.",
    "adventure-card": "The rulebook prints no adventure card text; this is what the adventure "
    "files under content/adventures/ give it.",
    "mission": "The rulebook prints no Mission cards; this one is authored in content/adventures/.",
    "disturbance": "The rulebook prints no Disturbance cards; this one is authored in "
    "content/adventures/.",
    "adventure": "The rulebook names the four adventures and prints no Setup card; this set-up "
    "is authored in content/adventures/.",
}


def texts_by_key() -> dict[tuple[str, str], str]:
    """Every record's own text, by the (kind, id) of its texts entry."""
    sys.path.insert(0, str(ROOT / "src"))
    from tabletop.engine.content import slugify
    from tabletop.games.librarians.content import load

    data = load()
    own: dict[tuple[str, str], str] = {}
    for h in data.heroes:
        own[("hero", h.slug)] = h.text
    for c in data.cards:
        own[("card", c.slug)] = c.text
    for a in data.aid:
        own[("aid", f"aid-from-the-library-{a.difficulty}")] = a.text
    for e in data.effect_cards:
        own[("effect", slugify(e.name))] = e.text
    for adv in data.adventures:
        for card in adv.cards:
            own.setdefault(("adventure-card", card.slug), card.text)
        for m in adv.missions:
            own[("mission", slugify(m.name))] = m.text
        for d in adv.disturbances:
            own[("disturbance", slugify(d.name))] = d.text
        own[("adventure", slugify(adv.code))] = adv.text
    return own


def card_part() -> str:
    """The `[[text]]` entries, in the order of the game's catalog."""
    from tabletop.games.librarians.catalog import subjects

    own = texts_by_key()
    out: list[str] = []
    done: set[tuple[str, str]] = set()
    last = ""
    for s in subjects():
        if s.key in done:
            continue
        done.add(s.key)
        kind, tid = s.key
        if kind != last:
            head = HEADS[kind]
            out.append(f"# -- {head} " + "-" * (88 - 6 - len(head)) + "\n")
            last = kind
        out.append(
            f"[[text]]\nkind = {json.dumps(kind)}\nid = {json.dumps(tid)}\n"
            f'text = {json.dumps(own[s.key], ensure_ascii=False)}\nsource = "authored"\n'
            f"note = {json.dumps(NOTES[kind], ensure_ascii=False)}\n"
        )
    return "\n".join(out)


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(ROOT / "scripts"))
    from texts_file import rewrite

    return rewrite(FILE, MARK, card_part, "librarians_texts.py", argv)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
