"""tabletop.

Two builds from one source: the interpreted modules, and the compiled build (Cython over the
same `.py` files, built with the wheel when a C compiler is there: `setup.py`). A compiled
module sits beside its `.py` and Python loads it first; `TABLETOP_PURE=1` in the environment
makes this package load every module from its `.py` instead. `build()` says which runs.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from types import ModuleType


class _SourceFirst(importlib.abc.MetaPathFinder):
    """Finds `tabletop.*` modules from their `.py` files, skipping compiled ones."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not fullname.startswith("tabletop.") or path is None:
            return None
        leaf = fullname.rpartition(".")[2]
        for entry in path:
            source = os.path.join(entry, leaf + ".py")
            if os.path.isfile(source):
                return importlib.util.spec_from_file_location(fullname, source)
        return None  # a package (its __init__.py is never compiled) or not ours


if os.environ.get("TABLETOP_PURE") == "1" and not any(
    isinstance(f, _SourceFirst) for f in sys.meta_path
):
    sys.meta_path.insert(0, _SourceFirst())


def build() -> str:
    """`"compiled"` when the kernel runs compiled, else `"interpreted"`."""
    from tabletop.engine import state

    origin = getattr(state, "__file__", "") or ""
    return "interpreted" if origin.endswith(".py") else "compiled"
