"""Play one game between agents and turn its result into rows, one per seat.

Everything here is a pure function of the run's settings and a game index: game `i` of a run
is played with seed `derive_seed(master_seed, i)` and the agent in seat `s` is seeded with
`derive_seed(game_seed, s)`, so a run gives the same rows whichever process plays which game.

Each game is played through a `Table` of agents (`Table(state, agents).drive()`, the drive
loop the terminal and the web server share). A game that has not ended after `max_steps`
answers (`DEFAULT_MAX_STEPS` unless the run says otherwise) stops the run with a
`StepLimitError`: a game whose options and agents let it go on for ever (Quests with
`turn_limit=0` between random bots) is a clear error, not a run that never ends.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tabletop.agents import check_spec, make_agent
from tabletop.engine import registry
from tabletop.engine.errors import PlayerCountError, TabletopError, UnknownAgentError
from tabletop.engine.options import options_dict, parse_options
from tabletop.engine.record import clip
from tabletop.engine.rng import derive_seed
from tabletop.engine.table import DriveLimitError, Table
from tabletop.sim import impact

# Separates seat specs in the `agents` column; specs themselves may contain commas.
AGENTS_SEPARATOR = " | "
# Answers a simulated game may take before the run gives up on it: about 40 times the longest
# game measured with default options (8-player Quests between random bots, 23,000 answers),
# reached in seconds by a game that never ends.
DEFAULT_MAX_STEPS = 1_000_000


class SimulationError(TabletopError):
    """Bad simulation settings (number of games, workers, backend) or a missing extra."""


class StepLimitError(SimulationError):
    """A simulated game did not end within the run's `max_steps` answers."""


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seat of one finished game."""

    index: int  # the game's number in its run
    game: str
    version: str
    options: str  # the game's full options as a JSON object (sorted keys)
    seed: int  # the game's seed
    agents: str  # every seat's spec, in seat order, joined by AGENTS_SEPARATOR
    agent: str  # this seat's spec
    seat: int
    score: float
    win: bool
    turns: int
    decisions: int  # answers applied in the whole game
    seconds: float  # wall time of the whole game
    team: str | None = None  # cooperative games: "won" / "lost"
    holdings: tuple[str, ...] = ()
    seat_stats: Mapping[str, float] = field(default_factory=dict)
    outcomes: Mapping[str, str] = field(default_factory=dict)
    # what this seat drew / held / played ("<label>|<card name>", see `sim.impact`); empty
    # when the run did not record card impact
    impact: tuple[str, ...] = ()
    limit: bool = False  # the game ended at a turn limit, not by its own end


@dataclass(frozen=True, slots=True)
class SimConfig:
    """What to play: game, seat agents, options, master seed. `rotate` (tournaments) seats
    game `i` with the agent list rotated by `i`, so every agent sits in every seat equally."""

    game: str
    players: int
    agents: tuple[str, ...]
    options: Mapping[str, Any]
    seed: int = 0
    rotate: bool = False
    max_steps: int = DEFAULT_MAX_STEPS  # answers a game may take before the run stops
    impact: bool = False  # record each seat's card events (`sim.impact`)
    content: Any = None  # a content patch (`tabletop.engine.patch.Patch`); None: shipped

    def seats_for(self, index: int) -> tuple[str, ...]:
        """The agent spec of each seat in game `index`."""
        if not self.rotate:
            return self.agents
        k = index % len(self.agents)
        return self.agents[k:] + self.agents[:k]

    def game_seed(self, index: int) -> int:
        return derive_seed(self.seed, index)

    def options_json(self) -> str:
        return json.dumps(dict(self.options), sort_keys=True)


def make_config(
    game: str,
    agents: Sequence[str],
    *,
    players: int | None = None,
    options: Mapping[str, object] | None = None,
    seed: int = 0,
    rotate: bool = False,
    max_steps: int = DEFAULT_MAX_STEPS,
    impact: bool = False,
    content: Any = None,
) -> SimConfig:
    """Check everything up front (game, player count, options, every agent spec) and return
    a config whose options are complete and typed, so workers never meet bad input."""
    if not agents:
        raise UnknownAgentError("give at least one agent")
    n = len(agents) if players is None else players
    check_players(game, n)
    if len(agents) != n:
        raise UnknownAgentError(
            f"{len(agents)} agent(s) given for {n} players: give one agent per seat"
        )
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SimulationError(f"the seed must be an integer, not {clip(repr(seed))}")
    if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
        raise SimulationError(
            f"the step cap (--max-steps) must be a whole number of at least 1, "
            f"not {clip(repr(max_steps))}"
        )
    spec = registry.get(game)
    opts = options_dict(parse_options(game, spec.options_type, options))
    for agent in agents:
        check_spec(agent, game)
    if content is not None and getattr(content, "game_id", game) != game:
        raise SimulationError(
            f"the content patch {getattr(content, 'source', '')} is for "
            f"{content.game_id}, not for {game}"
        )
    return SimConfig(
        game,
        n,
        tuple(a.strip() for a in agents),
        opts,
        seed,
        rotate,
        max_steps,
        impact,
        content,
    )


def check_players(game: str, players: object) -> None:
    """Raise `PlayerCountError` unless `players` is a number of players `game` supports."""
    spec = registry.get(game)
    if (
        isinstance(players, bool)
        or not isinstance(players, int)
        or not spec.min_players <= players <= spec.max_players
    ):
        raise PlayerCountError(
            f"{spec.title} takes {spec.min_players} to {spec.max_players} players, "
            f"not {clip(repr(players))}"
        )


def play_game(config: SimConfig, index: int) -> list[SeatRow]:
    """Play game `index` of the run described by `config`, without a log, and return its rows
    in seat order."""
    gseed = config.game_seed(index)
    specs = config.seats_for(index)
    start = time.perf_counter()
    if config.content is None:
        state = registry.new_game(config.game, config.players, gseed, config.options, log=False)
    else:
        state = registry.new_game(
            config.game, config.players, gseed, config.options, log=False, content=config.content
        )
    agents = [make_agent(s, config.game, derive_seed(gseed, seat)) for seat, s in enumerate(specs)]
    cap = config.max_steps
    decl = impact.declared(config.game)
    tracker = impact.Tracker(state, decl) if config.impact else None
    try:
        try:
            if tracker is None:
                Table(state, agents, max_steps=cap).drive()
            elif not impact.drive(state, agents, cap, tracker):
                raise DriveLimitError(cap)
        except DriveLimitError:
            raise StepLimitError(
                f"game {index} of the run (seed {gseed}) did not end within {cap:,} "
                f"answers (--max-steps {cap}): with these options and agents it may never "
                "end; give the game a limit in its options (see tabletop games) or "
                "raise --max-steps"
            ) from None
    except Exception as e:
        e.add_note(f"in game {index} of the run (game seed {gseed}, agents {specs})")
        raise
    seconds = time.perf_counter() - start
    result = state.result
    assert result is not None
    common: dict[str, Any] = {
        "index": index,
        "game": config.game,
        "version": state.version,
        "options": config.options_json(),
        "seed": gseed,
        "agents": AGENTS_SEPARATOR.join(specs),
        # turns, or rounds for a game played in rounds
        "turns": int(getattr(state, "turn", getattr(state, "round", 0))),
        "decisions": state.steps,
        "seconds": seconds,
        "team": result.team,
        "outcomes": dict(result.outcomes),
        "limit": impact.limit_reached(state, decl),
    }
    events = tracker.events() if tracker is not None else [()] * config.players
    rows = []
    for seat in range(config.players):
        rows.append(
            SeatRow(
                agent=specs[seat],
                seat=seat,
                score=float(result.scores[seat]),
                win=seat in result.winners,
                holdings=tuple(result.holdings[seat]) if seat < len(result.holdings) else (),
                seat_stats=dict(result.seat_stats[seat]) if seat < len(result.seat_stats) else {},
                impact=events[seat],
                **common,
            )
        )
    return rows


def play_games(config: SimConfig, indices: Iterable[int]) -> list[SeatRow]:
    """Play several games in this process; rows in the order of `indices`."""
    rows: list[SeatRow] = []
    for i in indices:
        rows.extend(play_game(config, i))
    return rows
