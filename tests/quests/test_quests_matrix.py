"""The rules coverage matrix (docs/rules/quests.md) stays true to the code and the tests."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from matrix_refs import missing_tests, unresolved
from tabletop.games.quests import artifacts, content, meld, rules, steps

ROOT = Path(__file__).resolve().parents[2]
MATRIX = ROOT / "docs" / "rules" / "quests.md"
CODE = ROOT / "src" / "tabletop" / "games" / "quests"

ID = re.compile(r"quests\.[a-z0-9]+(?:[.-][a-z0-9]+)+")
TEST_REF = re.compile(r"`((?:[a-z]+/)?test_[a-z0-9_]+\.py)::(test_[a-z0-9_]+)`")
CODE_REF = re.compile(r"`(rules|content|steps|meld|artifacts)\.py:([A-Za-z_][A-Za-z0-9_.]*)")


def matrix() -> str:
    return MATRIX.read_text(encoding="utf-8")


def code_ids() -> set[str]:
    found: set[str] = set()
    for path in CODE.glob("*.py"):
        found |= set(ID.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_rule_id_in_the_code_is_in_the_matrix() -> None:
    listed = set(ID.findall(matrix()))
    missing = sorted(code_ids() - listed)
    assert not missing, f"rule ids used in the code but not in docs/rules/quests.md: {missing}"


def test_every_rule_id_in_the_matrix_is_in_the_code_or_an_interpretation() -> None:
    stray = sorted(
        i for i in set(ID.findall(matrix())) - code_ids() if not i.startswith("quests.interpret.")
    )
    assert not stray, f"rule ids in the matrix that the code never uses: {stray}"


def test_every_interpretation_has_a_row_with_tests() -> None:
    rows = [line for line in matrix().splitlines() if line.startswith("| `quests.interpret.")]
    assert len(rows) >= 18
    for row in rows:
        assert TEST_REF.search(row), f"interpretation without a test: {row[:60]}"
    named = {re.match(r"\| `([^`]+)`", r).group(1) for r in rows}  # type: ignore[union-attr]
    for ref in {i for i in ID.findall(matrix()) if i.startswith("quests.interpret.")}:
        assert ref in named, f"{ref} is mentioned but has no row of its own"
    code_refs = {i for i in code_ids() if i.startswith("quests.interpret.")}
    assert code_refs <= named


def test_every_test_named_in_the_matrix_exists() -> None:
    refs = TEST_REF.findall(matrix())
    assert len(refs) > 100
    missing = missing_tests(refs, "quests")
    assert not missing, f"tests named in docs/rules/quests.md that do not exist: {missing}"


def test_every_function_named_in_the_matrix_exists() -> None:
    modules = {
        "rules": rules,
        "content": content,
        "steps": steps,
        "meld": meld,
        "artifacts": artifacts,
    }
    bad = unresolved(CODE_REF.findall(matrix()), modules.get)
    assert not bad, f"functions named in docs/rules/quests.md that do not exist: {bad}"


@pytest.mark.parametrize("artifact", [a.name for a in content.load().artifacts])
def test_every_artifact_has_a_row(artifact: str) -> None:
    assert f"| {artifact} (" in matrix()


def test_every_section_of_the_rulebook_is_covered() -> None:
    text = matrix()
    for section in (
        "## Victory",
        "## The decks",
        "## Setup",
        "## Turn sequence",
        "## Fate phase",
        "## Initiative phase",
        "## Adventure phase",
        "## Action phase",
        "## Escape",
        "## Meld phase",
        "## End phase",
        "## Artifact abilities",
        "## The artifacts, one by one",
        "## End of the game",
        "## Interpretations",
    ):
        assert section in text
    for suit in ("Location", "Danger", "Knowledge", "Foe", "Puzzle", "Travel", "Companion"):
        assert f"| {suit}" in text or f"{suit} card" in text or f"| {suit}:" in text
