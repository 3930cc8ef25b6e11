"""docs/rl.md states each game's observation size in its encoder heading ("(`castle`, 9,196
values)"): every registered game has one, and it is the encoder's size."""

from __future__ import annotations

import re
from pathlib import Path

from rl_cases import games

from tabletop.rl.encoders import encoder

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def test_documented_vector_sizes_are_the_encoders() -> None:
    found = {
        m.group(1): int(m.group(2).replace(",", ""))
        for m in re.finditer(r"^### .*\(`(\w+)`, ([\d,]+) values\)", DOC.read_text(), re.M)
    }
    assert sorted(found) == sorted(games())
    for game_id, size in found.items():
        assert size == encoder(game_id).size, game_id
