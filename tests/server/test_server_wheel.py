"""A wheel install serves every page and script: the package data holds every static file
(`static/games/*.js` were left out, so an installed server drew every game with the generic
renderer). Builds the wheel, installs it alone into a fresh folder, and has that copy serve
each game's script."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

ROOT = Path(__file__).parents[2]
STATIC = ROOT / "src" / "tabletop" / "server" / "static"


def test_a_wheel_install_serves_every_static_file(tmp_path: Path) -> None:
    wheels = tmp_path / "wheels"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "-w",
            str(wheels),
            str(ROOT),
        ],
        check=True,
        capture_output=True,
        timeout=600,
        # the interpreted wheel: the package data is the same, and compiling takes minutes
        env={**os.environ, "TABLETOP_PURE": "1"},
    )
    (wheel,) = wheels.glob("tabletop-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    wanted = {
        f"tabletop/server/static/{p.relative_to(STATIC).as_posix()}"
        for p in STATIC.rglob("*")
        if p.is_file()
    }
    assert wanted <= names, sorted(wanted - names)
    # installed alone into a fresh folder, that copy (not the source tree) serves the scripts
    site = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--target",
            str(site),
            str(wheel),
        ],
        check=True,
        capture_output=True,
        timeout=600,
    )
    probe = textwrap.dedent(
        """
        import sys
        import tabletop
        from fastapi.testclient import TestClient
        from tabletop.engine import registry
        from tabletop.server.app import create_app
        assert tabletop.__file__.startswith(sys.argv[1]), tabletop.__file__
        with TestClient(create_app("sqlite://")) as client:
            for game in registry.game_ids():
                r = client.get(f"/static/games/{game}.js")
                assert r.status_code == 200 and "RENDERERS" in r.text, game
            for page in ("/", "/t/x", "/static/render.js", "/static/games/common.js"):
                assert client.get(page).status_code == 200, page
        print("served")
        """
    )
    env = {**os.environ, "PYTHONPATH": str(site)}
    out = subprocess.run(
        [sys.executable, "-c", probe, str(site)],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0 and "served" in out.stdout, out.stderr[-2000:]
