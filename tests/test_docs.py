"""docs/adding-a-game.md names only files, classes and functions that exist.

Every backticked path under `src/`, `tests/`, `docs/`, `scripts/` or `bench/` must exist (with
`<id>` read as `quests`, the game the page is written from; a `*` must match something), a
backticked `path.py::test_name` must name a test in that file, and every backticked dotted name
starting with `tabletop.` must import (the longest module prefix) and resolve (the rest, as
attributes). docs/views.md is checked the same way.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ("docs/adding-a-game.md", "docs/views.md")
TICKED = re.compile(r"`([^`\n]+)`")
PATH = re.compile(r"^(?:src|tests|docs|scripts|bench)/[\w<>*./-]+?(?:::(test_\w+))?$")
NAME = re.compile(r"^tabletop(?:\.[A-Za-z_]\w*)+$")


def ticked(doc: str) -> list[str]:
    return TICKED.findall((ROOT / doc).read_text(encoding="utf-8"))


def exists(ref: str) -> bool:
    """A path (`<id>` read as `quests`, `*` a glob), or `path.py::test_name`, exists."""
    path, _, test = ref.replace("<id>", "quests").partition("::")
    found = sorted(ROOT.glob(path)) if "*" in path else [ROOT / path]
    if not found or not all(p.exists() for p in found):
        return False
    return not test or bool(re.search(rf"^def {test}\(", found[0].read_text("utf-8"), re.M))


def resolve(dotted: str) -> object:
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr)  # AttributeError: the name does not exist
        return obj
    raise ModuleNotFoundError(dotted)


@pytest.mark.parametrize("doc", DOCS)
def test_every_path_named_exists(doc: str) -> None:
    refs = [t for t in ticked(doc) if PATH.match(t)]
    assert doc != DOCS[0] or len(refs) >= 30, "the checklist names fewer files than expected"
    missing = [ref for ref in refs if not exists(ref)]
    assert not missing, f"{doc} names files or tests that do not exist: {missing}"


@pytest.mark.parametrize("doc", DOCS)
def test_every_module_name_named_exists(doc: str) -> None:
    refs = [t for t in ticked(doc) if NAME.match(t)]
    assert doc != DOCS[0] or len(refs) >= 50, "the checklist names fewer names than expected"
    missing = []
    for ref in refs:
        try:
            resolve(ref)
        except (ImportError, AttributeError):
            missing.append(ref)
    assert not missing, f"{doc} names classes or functions that do not exist: {missing}"


def test_the_checks_catch_what_does_not_exist() -> None:
    assert exists("src/tabletop/games/<id>/steps.py")
    assert not exists("src/tabletop/games/<id>/nothing.py")
    assert not exists("src/tabletop/games/<id>/content/*.json")
    assert exists("tests/quests/test_quests_matrix.py::test_every_test_named_in_the_matrix_exists")
    assert not exists("tests/quests/test_quests_matrix.py::test_nothing")
    with pytest.raises(AttributeError):
        resolve("tabletop.engine.flow.no_such_function")
    with pytest.raises(ModuleNotFoundError):
        resolve("tabletopx.engine")
    assert (
        resolve("tabletop.engine.flow.settle")
        is importlib.import_module("tabletop.engine.flow").settle
    )


def test_readme_and_design_link_the_guides() -> None:
    assert "docs/adding-a-game.md" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/adding-a-game.md" in (ROOT / "DESIGN.md").read_text(encoding="utf-8")
