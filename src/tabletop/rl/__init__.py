"""Research environments for every registered game (the `rl` extra: gymnasium, pettingzoo,
open_spiel).

- `tabletop.rl.pettingzoo.env(game, players=..., options=...)`: a PettingZoo AEC environment
  (seats are agents, observations `{"observation", "action_mask"}`), and `parallel_env(...)`;
  versioned modules in PettingZoo's style, `tabletop.rl.pettingzoo.quests_v0.env()`...
- `tabletop.rl.gym.make(game, seat=0, opponents="heuristic")`: a Gymnasium environment for one
  seat against agent seats, with `action_masks()`; importing `tabletop.rl.gym` registers
  `tabletop/Quests-v0`... with Gymnasium.
- `import tabletop.rl.openspiel` registers `tabletop_<game>` with OpenSpiel.
- `tabletop.rl.observe(state, player)`: a seat's observation vector, built from its view only
  by the game's encoder (`tabletop.rl.encoders.<game>`).

A game gets every environment by registering and writing its encoder module; docs/rl.md
describes each game's encoding, the rewards and the figures.
"""

from __future__ import annotations

from tabletop.engine.state import State
from tabletop.rl.encoders import Array, Encoder, encoder


def observe(state: State, player: int) -> Array:
    """`player`'s observation of `state`: the game's encoder over `state.view(player)` (read
    from the state directly where the encoder can, to the same vector)."""
    return encoder(state.game_id).observe(state, player)


__all__ = ["Encoder", "encoder", "observe"]
