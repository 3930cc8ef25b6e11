"""What every adapter shares: one game of a registered game seen as an RL episode.

`Match` holds the kernel state and answers the questions every environment asks: who acts
now, what each seat observes (the game's encoder over `view(seat)`, read from the state
directly to the same vector, with a memo per episode: `Encoder.observe`), the legal-action
mask over the game's fixed action space (exactly the pending decision's options for that
seat), how an action index becomes an answer, and the returns once the game is over.

Returns (`Match.returns`, docs/rl.md "Rewards"): +1 to a seat among the winners, -1 to every
other seat; in a cooperative game (the encoder says which options make one) the team's outcome
gives every seat the same return; a team loss (Guardians' final boss surviving) gives -1 to all;
a game that ended with no winner and no team outcome (Quests at its turn limit with no
artifact anywhere) is a draw, 0 to all. A game still going after the encoder's bound on answers
(`max_decisions`, or the `max_steps` an environment is given) is truncated with return 0 for
everyone. With `illegal="lose"` an action outside the mask ends the episode: -1 to the seat
that played it, 0 to the others (PettingZoo classic's rule). Chance lives in the state's seeded
RNG: the same seed and the same actions give the same game through every adapter and through
`tabletop simulate`; an environment reset without a seed draws one from fresh entropy.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from tabletop.engine import registry
from tabletop.engine.decision import Option
from tabletop.engine.errors import IllegalOptionError, PlayerCountError
from tabletop.engine.options import options_dict, parse_options
from tabletop.engine.state import State
from tabletop.rl.encoders import Array, Encoder, Memo, encoder

Mask = npt.NDArray[np.int8]
ILLEGAL = ("raise", "lose")  # what an action outside the mask does (`illegal=`)


def fresh_seed() -> int:
    """A game seed from fresh entropy (63 bits), for a reset without a seed."""
    return secrets.randbits(63)


def check_illegal(illegal: object) -> str:
    if illegal not in ILLEGAL:
        raise ValueError(f"illegal must be one of {', '.join(ILLEGAL)}, not {illegal!r}")
    return str(illegal)


class IllegalActionError(IllegalOptionError):
    """An action index that is not one of the acting seat's options now."""


class GameConfig:
    """A game id, player count and complete options, with the game's encoder and sizes."""

    __slots__ = (
        "cooperative",
        "encoder",
        "game_id",
        "max_steps",
        "num_actions",
        "options",
        "players",
        "spec",
    )

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        options: Mapping[str, object] | None = None,
        max_steps: int | None = None,
    ) -> None:
        spec = registry.get(game_id)
        if players is None:
            n = min(max(2, spec.min_players), spec.max_players)
        elif isinstance(players, bool) or not isinstance(players, int):
            raise PlayerCountError(f"players must be a whole number, not {players!r}")
        else:
            n = players
        if not spec.min_players <= n <= spec.max_players:
            raise PlayerCountError(
                f"{spec.title} takes {spec.min_players} to {spec.max_players} players, not {n}"
            )
        self.spec = spec
        self.game_id = game_id
        self.players = n
        self.options: dict[str, Any] = options_dict(
            parse_options(game_id, spec.options_type, options)
        )
        self.encoder: Encoder = encoder(game_id)
        self.num_actions = len(spec.action_space)
        self.cooperative = self.encoder.cooperative(self.options)
        bound = self.encoder.max_decisions(n, self.options)
        self.max_steps = bound if max_steps is None else max_steps
        if isinstance(self.max_steps, bool) or not isinstance(self.max_steps, int):
            raise ValueError(f"max_steps must be a whole number, not {max_steps!r}")
        if self.max_steps < 1:
            raise ValueError(f"max_steps must be at least 1, not {max_steps!r}")

    def new_match(self, seed: int, log: bool = False) -> Match:
        state = registry.new_game(self.game_id, self.players, seed, self.options, log=log)
        return Match(self, state)


class Match:
    """One game in progress, as the adapters see it."""

    __slots__ = ("_current", "answers", "config", "forfeit", "memo", "queue", "state", "truncated")

    def __init__(self, config: GameConfig, state: State) -> None:
        self.config = config
        self.state = state
        self.truncated = False
        self.forfeit: int | None = None  # the seat that played an illegal action (`lose`)
        # (seat, option id) of every answer since the seed: the game's record. None for a
        # state that no record reaches (one re-drawn by `determinize`).
        self.answers: list[tuple[int, str]] | None = []
        self.queue: list[int] = []  # the seats still to act in this pass (see `current`)
        self.memo: Memo = {}  # the encoder's sections from the last observations
        # `current` as of (answers so far, truncated)
        self._current: tuple[int, bool, int | None] = (-1, False, None)

    def copy(self) -> Match:
        new = Match(self.config, self.state.clone())
        new.truncated = self.truncated
        new.forfeit = self.forfeit
        new.queue = self.queue[:]
        new.answers = None if self.answers is None else self.answers[:]
        return new

    @property
    def done(self) -> bool:
        return self.state.is_over or self.truncated or self.forfeit is not None

    def acting(self) -> tuple[int, ...]:
        """Seats the game waits for (none once it is over or truncated)."""
        return () if self.done else self.state.to_move()

    def current(self) -> int | None:
        """The seat that acts next in turn-based play, in the order the simulator's table
        asks them (`Table.drive`): passes over the seats the game waits for, each pass in
        seat order. A SECRET decision asks each of its seats once, none seeing another's
        answer; a PARALLEL one asks its seats in turn until each is done."""
        steps, truncated, seat = self._current
        if steps == self.state.steps and truncated == self.truncated:
            return seat  # asked again before anything was answered
        acting = self.acting()
        if acting:
            queue = self.queue
            while queue and queue[0] not in acting:
                queue.pop(0)
            if not queue:
                queue.extend(acting)
            seat = queue[0]
        else:
            seat = None
        self._current = (self.state.steps, self.truncated, seat)
        return seat

    def options(self, seat: int) -> tuple[Option, ...]:
        d = self.state.pending
        if d is None or self.done or seat not in self.state.to_move():
            return ()
        return d.options_for(seat)

    def mask(self, seat: int, dtype: type[np.generic] = np.int8) -> npt.NDArray[Any]:
        """`seat`'s legal actions now, 1 (True) each: a fresh array of `dtype`."""
        m = np.zeros(self.config.num_actions, dtype=dtype)
        d = self.state.pending
        if d is None or self.done or seat not in self.state.to_move():
            return m
        opts = d.options_for(seat)
        if len(opts) == 1:
            m[opts[0].action] = 1
        else:
            m[[o.action for o in opts]] = 1
        return m

    def legal_actions(self, seat: int) -> list[int]:
        return sorted(o.action for o in self.options(seat))

    def observe(self, seat: int) -> Array:
        """`seat`'s observation (the encoder's direct path where it has one: the same vector
        as the encoder over `view(seat)`)."""
        return self.config.encoder.observe(self.state, seat, self.memo)

    def option_for(self, seat: int, action: int) -> Option | None:
        for o in self.options(seat):
            if o.action == action:
                return o
        return None

    def play(self, seat: int, action: int) -> None:
        """Answer for `seat` with the option at `action` (IllegalActionError if it is not one
        of the seat's options now)."""
        opt = self.option_for(seat, int(action))
        if opt is None:
            legal = ", ".join(str(a) for a in self.legal_actions(seat)) or "none"
            raise IllegalActionError(
                f"action {action!r} is not an option of seat {seat} now; legal actions: {legal}"
            )
        self.answer(seat, opt.id)

    def answer(self, seat: int, option_id: str) -> None:
        """Apply an answer (an option id) for `seat`, keeping the pass order and the bound."""
        self.state.apply(seat, option_id)
        if self.answers is not None:
            self.answers.append((seat, option_id))
        if seat in self.queue:
            self.queue.remove(seat)
        if not self.state.is_over and self.state.steps >= self.config.max_steps:
            self.truncated = True

    def lose(self, seat: int) -> None:
        """End the episode because `seat` played an action outside its mask (`illegal="lose"`):
        -1 to it, 0 to the others."""
        self.forfeit = seat
        self._current = (-1, False, None)  # nobody acts now

    def returns(self) -> list[float]:
        """Each seat's return: 0 until the game is over (and when it was truncated); the
        scheme is in the module docstring."""
        n = self.config.players
        if self.forfeit is not None:
            return [-1.0 if p == self.forfeit else 0.0 for p in range(n)]
        result = self.state.result
        if result is None:
            return [0.0] * n
        if result.team is not None and (self.config.cooperative or result.team == "lost"):
            r = 1.0 if result.team == "won" else -1.0
            return [r] * n
        if not result.winners and result.team is None:
            return [0.0] * n  # nobody won, nobody lost as a team: a draw
        return [1.0 if p in result.winners else -1.0 for p in range(n)]


def agent_name(seat: int) -> str:
    return f"player_{seat}"


__all__ = [
    "ILLEGAL",
    "GameConfig",
    "IllegalActionError",
    "Mask",
    "Match",
    "agent_name",
    "check_illegal",
    "fresh_seed",
]
