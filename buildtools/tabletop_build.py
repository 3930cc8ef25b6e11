"""The package's build backend: setuptools, plus Cython for a wheel (the compiled build).

A wheel (`pip install .`, `pip wheel .`) asks for the pinned Cython and `setup.py` compiles
the hot modules with it when a C compiler is there. An editable install (`pip install -e .`,
what `make play` and the tests' virtual environment use) never asks for Cython and never
compiles: a compiled module built beside its `.py` in the working tree would shadow every
later edit of that file. `TABLETOP_PURE=1` at build time builds a wheel without compiling.
"""

from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta as _orig
from setuptools.build_meta import *  # noqa: F403 (the backend's other hooks, unchanged)

CYTHON = "Cython==3.3.0"  # pinned: the compiled build is tested with this version


def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    extra = [] if os.environ.get("TABLETOP_PURE") == "1" else [CYTHON]
    return [*_orig.get_requires_for_build_wheel(config_settings), *extra]
