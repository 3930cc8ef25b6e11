"""The compiled build: Cython over the unchanged pure-Python modules (docs/compiled.md).

`pyproject.toml` holds the package's metadata; this file only adds the extension modules. A
wheel compiles the hot modules listed in `HOT` (the kernel, each game's rules, the agents'
search and the RL encoders) when Cython (the build backend asks for it, pinned) and a C
compiler are there; otherwise, or with `TABLETOP_PURE=1`, or for an editable install, the
package is the interpreted modules alone. The `.py` files ship beside the compiled ones in any
case, so `TABLETOP_PURE=1` at run time can load them instead (`tabletop/__init__.py`).
"""

from __future__ import annotations

import os
import sys
from glob import glob

from setuptools import setup
from setuptools.command.build_ext import build_ext

SRC = "src"
# The hot modules, as globs under src/ (each package's __init__.py stays interpreted).
HOT = [
    "tabletop/engine/*.py",
    "tabletop/games/*/*.py",
    "tabletop/agents/*.py",
    "tabletop/rl/core.py",
    "tabletop/rl/infostate.py",
    "tabletop/rl/encoders/*.py",
]
# Cold modules under those globs: loading, describing and measuring, never in a game's loop.
COLD = {"__init__.py", "view.py", "impact.py", "campaign.py", "balance.py", "hint.py"}


class OptionalBuildExt(build_ext):
    """Compile in parallel; a module that fails to compile stays interpreted (its `.py` is in
    the wheel in any case), with a warning, instead of failing the install."""

    def initialize_options(self) -> None:
        super().initialize_options()
        self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        try:
            super().run()
        except Exception as e:  # no compiler, no headers: the interpreted build
            print(f"warning: tabletop is not compiled ({e}); it runs interpreted", file=sys.stderr)

    def build_extension(self, ext):  # type: ignore[no-untyped-def]
        try:
            super().build_extension(ext)
        except Exception as e:
            print(
                f"warning: {ext.name} is not compiled ({e}); it runs interpreted", file=sys.stderr
            )


def hot_modules() -> list[str]:
    found = []
    for pattern in HOT:
        for path in sorted(glob(os.path.join(SRC, pattern))):
            if os.path.basename(path) not in COLD:
                found.append(path)
    return found


def extensions() -> list[object]:
    if os.environ.get("TABLETOP_PURE") == "1" or "editable_wheel" in sys.argv:
        return []
    try:
        from Cython.Build import cythonize
        from setuptools import Extension
    except ImportError:
        return []
    exts = [
        Extension(
            path[len(SRC) + 1 : -3].replace("/", "."),
            [path],
            extra_compile_args=["-g0", "-O2", "-Wno-unused", "-Wno-unreachable-code"],
        )
        for path in hot_modules()
    ]
    return cythonize(
        exts,
        nthreads=os.cpu_count() or 1,
        quiet=True,
        compiler_directives={
            "language_level": 3,
            # Type annotations stay documentation: with typing on, Cython would coerce
            # arguments (a seat given as True or 1.0 would become 1 instead of an error).
            "annotation_typing": False,
            "emit_code_comments": False,
        },
        build_dir="build/cython",
    )


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
