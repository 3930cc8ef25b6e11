"""Rewrite the card texts of src/tabletop/games/castle/content/texts.toml from the content.

    .venv/bin/python scripts/castle_texts.py          # rewrite the [[text]] entries
    .venv/bin/python scripts/castle_texts.py --check  # exit 1 if they are out of date

Every Castle Von Loghan record a player may look up (Agent and Skill, combat card, Treasure,
Ally, Upgrade, enemy, Random Event, board, Mission, Contract, Loghan Chase and Warden card,
mode) carries its own `text` in content/*.toml, in our words; tabletop.engine.texts reads one
`[[text]]` entry per thing from texts.toml, so those entries repeat the records' texts
(tests/castle/test_castle_texts.py checks they agree). Run this after changing a record's text.
The rules summary (the `[[section]]` entries above the first card heading) is written by hand
and kept as it is.

`castle_subjects()` is what the game's content offers to look up, with each thing's numbers as
a one-line summary: the game's catalog (`catalog.subjects`, its `GameSpec.catalog`), built
with `Subject` and the helpers of engine/texts.py. Story cards are left out:
a player reads each when the Story reaches it, and the view shows it then.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FILE = ROOT / "src" / "tabletop" / "games" / "castle" / "content" / "texts.toml"
MARK = "# -- Agents "  # the first card heading: everything above it is kept

HEADS = {
    "agent": "Agents",
    "skill": "Skills",
    "combat-card": "combat cards",
    "treasure": "Treasures",
    "ally": "Allies",
    "upgrade": "Upgrades",
    "enemy": "enemies",
    "event": "Random Events",
    "board": "boards",
    "mission": "Missions",
    "deck-card": "Contract, Loghan Chase and Warden cards",
    "mode": "modes",
}
NOTE = "Our own words for this card, the text its record in content/ gives it{where}."


def castle_subjects() -> list[Any]:
    """Every thing of Castle Von Loghan a player may look up, in content order."""
    sys.path.insert(0, str(ROOT / "src"))
    from tabletop.games.castle.catalog import subjects

    return subjects()


def texts_by_key() -> dict[tuple[str, str], tuple[str, str]]:
    """Every record's own text and its source (rulebook or authored), by texts entry key."""
    sys.path.insert(0, str(ROOT / "src"))
    from tabletop.engine.content import slugify
    from tabletop.games.castle.content import load

    data = load()
    own: dict[tuple[str, str], tuple[str, str]] = {}

    def src(rec: Any) -> str:
        return str(rec.field_sources.get("text", rec.source))

    for a in data.agents:
        own[("agent", a.slug)] = (a.text, src(a))
        for s in a.skills:
            own.setdefault(("skill", slugify(s.name)), (s.text, src(a)))
    for kind, recs in (
        ("combat-card", data.combat_cards),
        ("treasure", data.treasures),
        ("ally", data.allies),
        ("upgrade", data.upgrades),
        ("enemy", data.enemies),
        ("event", data.events),
        ("deck-card", data.decks),
    ):
        for r in recs:
            own.setdefault((kind, r.slug), (r.text, src(r)))
    for b in data.boards:
        own[("board", b.timeline)] = (b.text, src(b))
    for m in data.missions:
        own[("mission", f"mission-{m.number}")] = (m.text, src(m))
    for mo in data.modes:
        own[("mode", mo.id)] = (mo.text, src(mo))
    return own


def card_part() -> str:
    """The `[[text]]` entries, in the order of the game's catalog."""
    own = texts_by_key()
    out: list[str] = []
    last = ""
    for s in castle_subjects():
        kind, tid = s.key
        if kind != last:
            head = HEADS[kind]
            out.append(f"# -- {head} " + "-" * (88 - 6 - len(head)) + "\n")
            last = kind
        text, source = own[s.key]
        entry = (
            f"[[text]]\nkind = {json.dumps(kind)}\nid = {json.dumps(tid)}\n"
            f"text = {json.dumps(text, ensure_ascii=False)}\nsource = {json.dumps(source)}\n"
        )
        if source == "authored":
            where = " (authored where the rulebook prints no text)"
            entry += f"note = {json.dumps(NOTE.format(where=where), ensure_ascii=False)}\n"
        out.append(entry)
    return "\n".join(out)


def main(argv: list[str]) -> int:
    sys.path.insert(0, str(ROOT / "scripts"))
    from texts_file import rewrite

    return rewrite(FILE, MARK, card_part, "castle_texts.py", argv)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
