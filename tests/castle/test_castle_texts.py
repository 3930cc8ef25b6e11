"""Castle Von Loghan's texts (content/texts.toml, written by scripts/castle_texts.py): a rules
summary in our own words and one text per thing a player may look up, each the `text` of its
record in content/, valid against the game's catalog and up to date with the content."""

from __future__ import annotations

import importlib.util
import tomllib
from pathlib import Path
from types import ModuleType

from tabletop.engine import texts

ROOT = Path(__file__).resolve().parents[2]
FILE = ROOT / "src" / "tabletop" / "games" / "castle" / "content" / "texts.toml"


def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "castle_texts", ROOT / "scripts" / "castle_texts.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_texts_file_is_valid_against_the_catalog() -> None:
    ct = script()
    parsed = texts.parse_texts(
        tomllib.loads(FILE.read_text("utf-8")), ct.castle_subjects(), "castle"
    )
    assert [s.id for s in parsed.sections][:3] == ["play-here", "goal", "turn"]
    kinds = {c.kind for c in parsed.cards}
    assert {"agent", "skill", "combat card", "weapon", "enemy", "random event"} <= kinds
    names = {c.name for c in parsed.cards}
    assert {"Pill", "Virus", "Attack", "Whip", "Lost Warrior"} <= names


def test_every_text_is_its_records_and_the_file_is_up_to_date() -> None:
    ct = script()
    own = ct.texts_by_key()
    data = tomllib.loads(FILE.read_text("utf-8"))
    for entry in data["text"]:
        text, source = own[(entry["kind"], entry["id"])]
        assert entry["text"] == text and entry["source"] == source
    assert len(data["text"]) == len(own)
    assert ct.main(["--check"]) == 0


def test_the_numbers_come_from_the_content() -> None:
    by = {(s.kind, s.slug): s for s in script().castle_subjects()}
    assert by[("agent", "pill")].summary.endswith(
        "Skills: Virus (3 Energy, Clarity 6+), Rejuvenate (4 Energy, Clarity 2+)"
    )
    assert by[("skill", "virus")].summary.startswith("Pill's Skill · 3 Energy · needs Clarity 6+")
    assert "Timing Cost 1" in by[("combat card", "attack")].summary
    assert "Ranged Combat Power 1" in by[("weapon", "whip")].summary


def test_the_engine_serves_the_texts() -> None:
    cards = texts.all_cards("castle")
    assert any(c.name == "Virus" for c in cards)
    assert texts.card_text("castle", "lost warr")[0].name == "Lost Warrior"
    assert texts.rules_text("castle")[0].id == "play-here"
