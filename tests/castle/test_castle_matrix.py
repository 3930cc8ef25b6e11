"""The rules coverage matrix (docs/rules/castle.md) stays true to the code and the tests."""

from __future__ import annotations

import re
from pathlib import Path

import tabletop.games.castle  # noqa: F401 (registers every module's handlers)
from matrix_refs import missing_tests, unresolved
from tabletop.games.castle import (
    abilities,
    anytime,
    bot,
    bot_anytime,
    bot_combat,
    bot_vote,
    campaign,
    cards,
    combat,
    combat_effects,
    combat_windows,
    content,
    effects,
    ending,
    enemy,
    evaluate,
    event,
    items,
    parse,
    records,
    refresh,
    rules,
    sequence,
    setup,
    space,
    story,
    story_effects,
    trade,
    turn,
    view,
)

ROOT = Path(__file__).resolve().parents[2]
MATRIX = ROOT / "docs" / "rules" / "castle.md"
CODE = ROOT / "src" / "tabletop" / "games" / "castle"
MODULES = {
    "abilities": abilities,
    "anytime": anytime,
    "bot_anytime": bot_anytime,
    "bot": bot,
    "bot_combat": bot_combat,
    "bot_vote": bot_vote,
    "campaign": campaign,
    "cards": cards,
    "combat": combat,
    "combat_effects": combat_effects,
    "combat_windows": combat_windows,
    "content": content,
    "effects": effects,
    "ending": ending,
    "enemy": enemy,
    "evaluate": evaluate,
    "event": event,
    "items": items,
    "parse": parse,
    "records": records,
    "refresh": refresh,
    "rules": rules,
    "sequence": sequence,
    "setup": setup,
    "space": space,
    "story": story,
    "story_effects": story_effects,
    "trade": trade,
    "turn": turn,
    "view": view,
}

ID = re.compile(r"castle\.[a-z0-9]+(?:[.-][a-z0-9]+)+")
TEST_REF = re.compile(r"`((?:[a-z]+/)?test_[a-z0-9_]+\.py)::(test_[a-z0-9_]+)`")
CODE_REF = re.compile(r"`([a-z_]+)\.py:([A-Za-z_][A-Za-z0-9_.]*)`")


def matrix() -> str:
    return MATRIX.read_text(encoding="utf-8")


def code_ids() -> set[str]:
    """Every rule id written in the code, and every rule id an effect handler applies (some
    are built from the effect's name)."""
    found: set[str] = set()
    for name in MODULES:
        found |= set(ID.findall((CODE / f"{name}.py").read_text(encoding="utf-8")))
    found |= {effects.EFFECTS.rule(i) for i in effects.EFFECTS.ids}
    return found


def section(title: str) -> str:
    text = matrix()
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end >= 0 else len(text)]


def test_every_rule_id_in_the_code_is_in_the_matrix() -> None:
    missing = sorted(code_ids() - set(ID.findall(matrix())))
    assert not missing, f"rule ids in the code but not in docs/rules/castle.md: {missing}"


def test_every_rule_id_in_the_matrix_is_in_the_code_or_an_interpretation() -> None:
    stray = sorted(
        i for i in set(ID.findall(matrix())) - code_ids() if not i.startswith("castle.interpret.")
    )
    assert not stray, f"rule ids in the matrix that the code never uses: {stray}"


def test_every_interpretation_has_a_row_with_tests() -> None:
    rows = [ln for ln in matrix().splitlines() if ln.startswith("| `castle.interpret.")]
    assert len(rows) >= 30
    for row in rows:
        tested = TEST_REF.search(row) or row.rstrip().endswith("| not yet tested |")
        assert tested, f"interpretation without a test (or 'not yet tested'): {row[:60]}"
    named = {r.split("`")[1] for r in rows}
    assert len(named) == len(rows), "an interpretation has two rows"
    mentioned = {i for i in ID.findall(matrix()) if i.startswith("castle.interpret.")}
    assert mentioned <= named
    assert {i for i in code_ids() if i.startswith("castle.interpret.")} <= named


def test_every_test_named_in_the_matrix_exists() -> None:
    refs = TEST_REF.findall(matrix())
    assert len(refs) > 100
    missing = missing_tests(refs, "castle")
    assert not missing, f"tests named in the matrix that do not exist: {missing}"


def test_every_function_named_in_the_matrix_exists() -> None:
    bad = unresolved(CODE_REF.findall(matrix()), MODULES.get)
    assert not bad, f"functions named in the matrix that do not exist: {bad}"


def test_every_effect_has_its_row_with_its_rule_id() -> None:
    """One row of the effect handlers' table per effect the content names, giving the rule
    id its handler applies."""
    table = section("Effect handlers")
    rows = {ln.split("`")[1]: ln for ln in table.splitlines() if ln.startswith("| `") and "`" in ln}
    assert set(rows) == set(records.EFFECTS), sorted(set(rows) ^ set(records.EFFECTS))
    for effect, row in rows.items():
        assert f"`{effects.EFFECTS.rule(effect)}`" in row, effect


def test_every_step_of_the_turn_and_the_combat_round_has_its_rule_id_in_the_matrix() -> None:
    text = matrix()
    kinds = [
        turn.TurnStart,
        turn.Phase,
        turn.AfterPhase,
        turn.Movement,
        *(getattr(combat, n) for n in ("StartOfCombat", "Draw", "Involuntary", "Execute")),
        *(getattr(combat, n) for n in ("Targets", "Activations", "EndRound", "Passives")),
        event.Vote,
        event.GroupVote,
        event.EndEvent,
        refresh.Choose,
        refresh.RefreshEnd,
        anytime.Anytime,
    ]
    for kind in kinds:
        rule = str(getattr(kind, "rule"))  # noqa: B009
        assert rule.startswith("castle."), kind
        assert f"`{rule}`" in text, (kind, rule)


def test_every_untested_rule_is_listed_as_such() -> None:
    """A rule row that names no test points to the "Not yet tested" list, which names its id."""
    text = matrix()
    untested = section("Not yet tested")
    for row in text.splitlines():
        if row.startswith("| ") and 'see "Not yet tested"' in row:
            ids = ID.findall(row.split("|")[2])
            assert ids, row[:60]
            named = any(f"`{i}`" in untested for i in ids)
            assert named, f"not in the Not yet tested list: {row[:70]}"
