"""The kernel names no game: no module under `tabletop.engine` but the registry imports or
names `tabletop.games` (or a game's package), and the registry finds the games through
package entry points."""

from __future__ import annotations

import ast
from importlib.metadata import entry_points
from pathlib import Path

import tabletop.engine
from tabletop.engine import registry

ENGINE = Path(tabletop.engine.__file__).parent
GAMES = ("quests", "guardians", "librarians", "castle")


def names_a_game(tree: ast.AST) -> list[str]:
    """Every import of, and every string naming, `tabletop.games` or a game package."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.startswith("tabletop.games")]
        elif isinstance(node, ast.ImportFrom):
            mod = node.module or ""
            if mod.startswith("tabletop.games") or (
                mod == "tabletop" and any(a.name == "games" for a in node.names)
            ):
                found.append(mod)
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and (
                "tabletop.games" in node.value
                or any(f"tabletop/games/{g}" in node.value for g in GAMES)
            )
        ):
            found.append(repr(node.value))
    return found


def test_no_engine_module_but_the_registry_names_the_games() -> None:
    modules = sorted(ENGINE.rglob("*.py"))
    assert len(modules) > 10  # the scan sees the kernel
    offenders = {
        str(m.relative_to(ENGINE)): hits
        for m in modules
        if m.name != "registry.py" and (hits := names_a_game(ast.parse(m.read_text("utf-8"))))
    }
    assert offenders == {}


def test_the_scan_catches_what_it_looks_for() -> None:
    for src in (
        "import tabletop.games.quests",
        "from tabletop.games.castle import cards",
        "from tabletop import games",
        "PACKAGE = 'tabletop.games.guardians'",
    ):
        assert names_a_game(ast.parse(src)), src
    assert not names_a_game(ast.parse("from tabletop.engine import registry"))


def test_the_registry_finds_the_games_through_entry_points() -> None:
    points = {ep.name: ep.value for ep in entry_points(group=registry.GROUP)}
    assert {g: points.get(g) for g in GAMES} == {g: f"tabletop.games.{g}:SPEC" for g in GAMES}
    assert set(GAMES) <= set(registry.game_ids())
    for g in GAMES:
        assert registry.get(g).id == g
    # the registry's own source names no game module: only the entry-point group
    source = (ENGINE / "registry.py").read_text("utf-8")
    assert not any(f"tabletop.games.{g}" in source for g in GAMES)
