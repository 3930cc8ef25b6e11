"""The rules coverage matrix (docs/rules/librarians.md) stays true to the code and the tests."""

from __future__ import annotations

import re
from pathlib import Path

from matrix_refs import missing_tests, unresolved
from tabletop.games.librarians import (
    actions,
    adventure,
    anytime,
    bot,
    card_effects,
    cards,
    change,
    check,
    copies,
    damage,
    effects,
    enemy,
    phases,
    play,
    prepare,
    rules,
    space,
    triggers,
    view,
)

ROOT = Path(__file__).resolve().parents[2]
MATRIX = ROOT / "docs" / "rules" / "librarians.md"
CODE = ROOT / "src" / "tabletop" / "games" / "librarians"
MODULES = {
    "actions": actions,
    "prepare": prepare,
    "enemy": enemy,
    "adventure": adventure,
    "phases": phases,
    "change": change,
    "rules": rules,
    "check": check,
    "copies": copies,
    "effects": effects,
    "view": view,
    "bot": bot,
    "anytime": anytime,
    "card_effects": card_effects,
    "cards": cards,
    "damage": damage,
    "play": play,
    "space": space,
    "triggers": triggers,
}

ID = re.compile(r"librarians\.[a-z0-9]+(?:[.-][a-z0-9]+)+")
TEST_REF = re.compile(r"`((?:[a-z]+/)?test_[a-z0-9_]+\.py)::(test_[a-z0-9_]+)`")
CODE_REF = re.compile(r"`([a-z_]+)\.py:([A-Za-z_][A-Za-z0-9_.]*)`")


def matrix() -> str:
    return MATRIX.read_text(encoding="utf-8")


def code_ids() -> set[str]:
    found: set[str] = set()
    for name in MODULES:
        found |= set(ID.findall((CODE / f"{name}.py").read_text(encoding="utf-8")))
    return {i for i in found if not i.startswith("librarians.deck.")}


def test_every_rule_id_in_the_code_is_in_the_matrix() -> None:
    missing = sorted(code_ids() - set(ID.findall(matrix())))
    assert not missing, f"rule ids in the code but not in docs/rules/librarians.md: {missing}"


def test_every_rule_id_in_the_matrix_is_in_the_code_or_an_interpretation() -> None:
    stray = sorted(
        i
        for i in set(ID.findall(matrix())) - code_ids()
        if not i.startswith("librarians.interpret.")
    )
    assert not stray, f"rule ids in the matrix that the code never uses: {stray}"


def test_every_interpretation_has_a_row_with_tests() -> None:
    rows = [ln for ln in matrix().splitlines() if ln.startswith("| `librarians.interpret.")]
    assert len(rows) >= 10
    for row in rows:
        assert TEST_REF.search(row), f"interpretation without a test: {row[:60]}"
    named = {r.split("`")[1] for r in rows}
    mentioned = {i for i in ID.findall(matrix()) if i.startswith("librarians.interpret.")}
    assert mentioned <= named
    assert {i for i in code_ids() if i.startswith("librarians.interpret.")} <= named


def test_every_test_named_in_the_matrix_exists() -> None:
    refs = TEST_REF.findall(matrix())
    assert len(refs) > 40
    missing = missing_tests(refs, "librarians")
    assert not missing, f"tests named in the matrix that do not exist: {missing}"


def test_every_function_named_in_the_matrix_exists() -> None:
    bad = unresolved(CODE_REF.findall(matrix()), MODULES.get)
    assert not bad, f"functions named in the matrix that do not exist: {bad}"


def test_every_step_kind_of_the_check_has_a_rule_id_in_the_matrix() -> None:
    text = matrix()
    for kind in check.CHECK_STEPS:
        assert kind.rule.startswith("librarians.check."), kind
        assert f"`{kind.rule}`" in text, kind
