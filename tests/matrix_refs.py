"""What every game's rules-matrix test (tests/<game>/test_<game>_matrix.py) checks alike: that
the tests and the functions docs/rules/<game>.md names exist."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def missing_tests(refs: Iterable[tuple[str, str]], game: str) -> list[str]:
    """`file::name` of every (file, test name) named that does not exist: a bare file is in
    tests/<game>/, one with a folder (`rl/test_rl_direct.py`) is under tests/."""
    missing = []
    for file, name in set(refs):
        path = TESTS / file if "/" in file else TESTS / game / file
        if not path.exists() or f"def {name}(" not in path.read_text(encoding="utf-8"):
            missing.append(f"{file}::{name}")
    return sorted(missing)


def unresolved(refs: Iterable[tuple[str, str]], module_of: Callable[[str], object]) -> list[str]:
    """`module.py:dotted` of every (module, dotted name) named that does not resolve:
    `module_of(module)` gives the module (None: there is no such module)."""
    bad = []
    for module, dotted in set(refs):
        obj = module_of(module)
        if obj is None:
            bad.append(f"{module}.py:{dotted}")
            continue
        for part in dotted.split("."):
            if not hasattr(obj, part):
                bad.append(f"{module}.py:{dotted}")
                break
            obj = getattr(obj, part)
    return sorted(bad)
