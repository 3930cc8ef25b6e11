"""The rules coverage matrix (docs/rules/guardians.md) stays true to the code and the tests."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from matrix_refs import unresolved
from tabletop.games.guardians import tables as T

ROOT = Path(__file__).resolve().parents[2]
MATRIX = ROOT / "docs" / "rules" / "guardians.md"
CODE = ROOT / "src" / "tabletop" / "games" / "guardians"
TESTS = ROOT / "tests"

ID = re.compile(r"guardians\.[a-z0-9]+(?:[.-][a-z0-9]+)+")
TEST_REF = re.compile(r"`((?:[a-z]+/)?test_[a-z0-9_]+\.py)::(test_[a-z0-9_]+)`|`(test_[a-z0-9_]+)")
MODULES = (
    "state",
    "drive",
    "setup",
    "phases",
    "steps",
    "city",
    "power",
    "cards",
    "battle",
    "locations",
    "bosses",
    "scoring",
    "tables",
    "view",
    "bot",
    "rules",
    "content",
    "evaluate",
)
CODE_REF = re.compile(r"`(" + "|".join(MODULES) + r")\.py:([A-Za-z_][A-Za-z0-9_.]*)")


def matrix() -> str:
    return MATRIX.read_text(encoding="utf-8")


def code_ids() -> set[str]:
    found: set[str] = set()
    for path in CODE.glob("*.py"):
        found |= set(ID.findall(path.read_text(encoding="utf-8")))
    # scoring.py logs each Secret Quest under an id built from its slug
    assert 'f"guardians.quest.{QUESTS[q].slug}"' in (CODE / "scoring.py").read_text("utf-8")
    return found | {f"guardians.quest.{q.slug}" for q in T.QUESTS}


def _test_sources() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in TESTS.rglob("test_*.py"))


def test_every_rule_id_in_the_code_is_in_the_matrix() -> None:
    missing = sorted(code_ids() - set(ID.findall(matrix())))
    assert not missing, f"rule ids used in the code but not in docs/rules/guardians.md: {missing}"


def test_every_rule_id_in_the_matrix_is_in_the_code_or_an_interpretation() -> None:
    stray = sorted(
        i
        for i in set(ID.findall(matrix())) - code_ids()
        if not i.startswith("guardians.interpret.")
    )
    assert not stray, f"rule ids in the matrix that the code never uses: {stray}"


def test_every_interpretation_id_has_a_row_with_tests() -> None:
    rows = [line for line in matrix().splitlines() if line.startswith("| `guardians.interpret.")]
    assert len(rows) >= 5
    sources = _test_sources()
    for row in rows:
        named = [m[1] or m[2] for m in TEST_REF.findall(row)]
        assert named, f"interpretation without a test: {row[:60]}"
        for name in named:
            if not name.endswith("_"):  # a shortened name (`test_borrow_never_...`) is a prefix
                assert f"def {name}" in sources, name
    own = {re.match(r"\| `([^`]+)`", r).group(1) for r in rows}  # type: ignore[union-attr]
    mentioned = {i for i in ID.findall(matrix()) if i.startswith("guardians.interpret.")}
    assert mentioned <= own, f"mentioned without a row of their own: {sorted(mentioned - own)}"
    assert {i for i in code_ids() if i.startswith("guardians.interpret.")} <= own


def test_every_test_named_in_the_matrix_exists() -> None:
    text = matrix()
    sources = _test_sources()
    refs = [m[1] or m[2] for m in TEST_REF.findall(text)]
    assert len(refs) > 20
    missing = []
    for name in set(refs):
        # the matrix shortens long names with "..." (`test_orc_final_act...`): a prefix
        prefix = name.rstrip("_").rstrip(".")
        if f"def {prefix}" not in sources:
            missing.append(name)
    assert not missing, f"tests named in docs/rules/guardians.md that do not exist: {missing}"


def test_every_function_named_in_the_matrix_exists() -> None:
    refs = set(CODE_REF.findall(matrix()))
    assert len(refs) > 80
    package = "tabletop.games.guardians"
    bad = unresolved(refs, lambda module: importlib.import_module(f"{package}.{module}"))
    assert not bad, f"functions named in docs/rules/guardians.md that do not exist: {bad}"


def test_where_cells_name_modules_not_the_old_methods() -> None:
    for line in matrix().splitlines():
        cols = line.split(" | ")
        if line.startswith("| ") and len(cols) == 4 and not line.startswith("| ---"):
            where = cols[2]
            for name in re.findall(r"`([^`]+)`", where):
                assert (
                    ".py:" in name or "/" in name or name.startswith(("second", "third", "pool"))
                ), f"a where cell names {name!r}: write module.py:Name ({line[:50]})"


@pytest.mark.parametrize(
    "name",
    [
        *(k.name for k in T.KINDS),
        *(m.name for m in T.MONSTERS),
        *(loc.name for loc in T.LOCS),
        *(b.name for b in T.BOSSES),
        *(q.name for q in T.QUESTS),
    ],
)
def test_every_card_monster_location_boss_and_quest_has_a_row(name: str) -> None:
    assert f"\n| {name} (" in matrix()


def test_each_quest_is_logged_and_checked_under_ids_of_the_matrix() -> None:
    from tabletop.games.guardians.scoring import QUEST_CHECKS

    text = matrix()
    for q in T.QUESTS:
        row = next(line for line in text.splitlines() if line.startswith(f"| {q.name} ("))
        assert f"`guardians.quest.{q.slug}`" in row  # the id its log event uses
        assert f"`{QUEST_CHECKS.rule(q.check)}`" in row  # the id its check names


def test_every_section_is_there() -> None:
    text = matrix()
    for section in (
        "## How the game runs",
        "## Set-up",
        "## Warm Up",
        "## Battle rounds",
        "## Monsters",
        "## Cards",
        "## Bosses and the Third Wave",
        "## Scoring",
        "## The content, one row each",
        "## Interpretations",
    ):
        assert section in text
