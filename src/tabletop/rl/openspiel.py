"""OpenSpiel games for every registered game: importing this module registers
`tabletop_<game id>` with `pyspiel.register_game` (`pyspiel.load_game("tabletop_quests",
{"players": 3})`).

Each is a sequential, imperfect-information game with *sampled stochastic* chance: chance
lives in the tabletop state's own seeded RNG, so there are no chance nodes; a state's future
draws are fixed by its seed and the actions so far, and `resample_from_infostate` (backed by
`determinize`) re-draws everything the player cannot see, fresh chance included. The utility
is general-sum (+1 to winners, -1 to the others), or identical where the options make the game
cooperative. A SECRET decision is asked one seat at a time; no seat's observation shows an
answer it could not see. Observation tensors are the game's encoder over the player's view
(the spectator's view for a public-only observer); observation strings are that view as JSON.
The game is truncated (returns 0) after `max_game_length` answers.

Parameters: `players` (default: 2, or the game's only count); `seed`, a whole number written
as text, since tabletop seeds are 63-bit and OpenSpiel's integer parameters 32-bit (the first
state's seed; the k-th state built afterwards gets `derive_seed(seed, k)`); `options`,
`key=value` pairs separated by `;` (as `tabletop play -o` takes them); `max_steps` (0: the
encoder's bound).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from tabletop.engine import registry
from tabletop.engine.record import digest
from tabletop.engine.rng import Rng, derive_seed
from tabletop.engine.state import State
from tabletop.rl.core import GameConfig, Match
from tabletop.rl.encoders import Array, NoEncoderError, encoder


def parse_options(text: str) -> dict[str, object]:
    """`"length=mid;turn_limit=50"` -> {"length": "mid", "turn_limit": "50"} (the options
    parser turns the values into their types and checks them)."""
    out: dict[str, object] = {}
    for part in text.split(";"):
        if not part.strip():
            continue
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"bad option {part!r}: write key=value")
        out[key.strip()] = value.strip()
    return out


class _Box:
    """The tabletop state inside an OpenSpiel state. OpenSpiel clones a Python state by
    deep-copying its attributes; this copies the tabletop state with `clone` instead."""

    __slots__ = ("match",)

    def __init__(self, match: Match) -> None:
        self.match = match

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return _Box(self.match.copy())

    def __getstate__(self) -> tuple[Any, ...]:
        m = self.match
        c = m.config
        return (c.game_id, c.players, c.options, c.max_steps, m.state, m.truncated, m.queue)

    def __setstate__(self, data: tuple[Any, ...]) -> None:
        game_id, players, options, max_steps, state, truncated, queue = data
        self.match = Match(GameConfig(game_id, players, options, max_steps), state)
        self.match.truncated = truncated
        self.match.queue = list(queue)


def _game_type(game_id: str, cooperative: bool) -> pyspiel.GameType:
    spec = registry.get(game_id)
    default_players = min(max(2, spec.min_players), spec.max_players)
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=f"tabletop_{game_id}",
        long_name=f"tabletop: {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.IDENTICAL if cooperative else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": default_players,
            "seed": "0",  # text: tabletop seeds are 63-bit, OpenSpiel integers 32-bit
            "options": "",
            "max_steps": 0,
        },
    )


class TabletopGame(pyspiel.Game):  # type: ignore[misc]
    """A registered game as an OpenSpiel game."""

    game_id = ""  # set by each game's subclass (`register_all`)

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game_id = self.game_id
        max_steps = int(params.get("max_steps", 0)) or None
        self.config = GameConfig(
            game_id,
            int(params.get("players", 2)),
            parse_options(str(params.get("options", ""))),
            max_steps,
        )
        self.seed = int(str(params.get("seed", "0")))
        self.built = 0  # states built so far (their seeds follow from `seed`)
        self._preview: tuple[int, Match] | None = None
        info = pyspiel.GameInfo(
            num_distinct_actions=self.config.num_actions,
            max_chance_outcomes=0,
            num_players=self.config.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=self.config.max_steps,
        )
        super().__init__(_game_type(game_id, self.config.cooperative), info, params)

    def __deepcopy__(self, memo: dict[int, Any]) -> TabletopGame:
        return self  # states keep a reference to their game; a clone shares it

    def _seed(self) -> int:
        k = self.built
        return self.seed if k == 0 else derive_seed(self.seed, k)

    def take_match(self) -> Match:
        """The next state's game: built now (or taken from `preview`), its seed used up."""
        seed = self._seed()
        self.built += 1
        cached = self._preview
        self._preview = None
        if cached is not None and cached[0] == seed:
            return cached[1]
        return self.config.new_match(seed)

    def preview(self) -> Match:
        """The game the next state will play, without using its seed up. OpenSpiel makes
        fresh states of its own (to clone one, to learn the tensor shape from one) and
        observes them; those must not move the seeds of the states a program makes."""
        seed = self._seed()
        if self._preview is None or self._preview[0] != seed:
            self._preview = (seed, self.config.new_match(seed))
        return self._preview[1]

    def new_initial_state(self) -> TabletopState:
        return TabletopState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> TabletopObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ValueError("tabletop observations are what a seat sees now: no perfect recall")
        public_only = iig_obs_type is not None and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        )
        return TabletopObserver(self.config, public_only)


class TabletopState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state over a tabletop state. The tabletop state is built on first use, so
    the fresh states OpenSpiel makes in order to clone cost nothing."""

    def __init__(self, game: TabletopGame) -> None:
        super().__init__(game)
        self._tgame = game
        self._box: _Box | None = None

    @property
    def match(self) -> Match:
        if self._box is None:
            self._box = _Box(self._tgame.take_match())
        return self._box.match

    @property
    def built(self) -> bool:
        """Whether the state has its game yet (it is built on first use)."""
        return self._box is not None

    @property
    def game_of(self) -> TabletopGame:
        return self._tgame

    @property
    def tabletop(self) -> State:
        """The tabletop state (read it, do not apply answers to it directly)."""
        return self.match.state

    def current_player(self) -> int:
        seat = self.match.current()
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        return self.match.legal_actions(player)

    def _apply_action(self, action: int) -> None:
        m = self.match
        seat = m.current()
        assert seat is not None
        m.play(seat, action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self._tgame.config.spec.action_space.options[action].id

    def is_terminal(self) -> bool:
        return self.match.done

    def returns(self) -> list[float]:
        return self.match.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TabletopState:
        """A state `player_id` cannot tell from this one, everything hidden from it re-drawn
        (`determinize`), `probability_sampler()` (a float in [0, 1)) seeding the re-draw. In a
        SECRET decision `determinize` drops the answers of the seats asked before this one;
        they answer again at random, so the player is still the one to act."""
        m = self.match
        draw = probability_sampler() if callable(probability_sampler) else 0.5
        rng = Rng(int(float(draw) * 2**62) ^ m.state.steps)
        match = Match(m.config, m.state.determinize(player_id, rng))
        match.truncated = m.truncated
        match.queue = m.queue[:]
        while player_id in match.acting() and match.current() != player_id:
            seat = match.current()
            assert seat is not None
            options = match.options(seat)
            match.answer(seat, options[rng.below(len(options))].id)
        new = self.clone()
        new._box = _Box(match)
        return new  # type: ignore[no-any-return]

    def __str__(self) -> str:
        state = self.match.state
        return (
            f"tabletop_{state.game_id} seed {state.seed} answers {state.steps} "
            f"waiting for {list(self.match.acting())} digest {digest(state)}"
        )


class TabletopObserver:
    """Observation tensors (the encoder over `view(player)`, read from the state directly to
    the same vector) and strings (that view as JSON, without its log); a public-only observer
    reads the spectator's view."""

    def __init__(self, config: GameConfig, public_only: bool) -> None:
        self.config = config
        self.public_only = public_only
        self.tensor = np.zeros(config.encoder.size, dtype=np.float32)
        self.dict = {"observation": self.tensor}
        self._previewed: dict[tuple[int, int], Array] = {}

    def _view(self, state: TabletopState, player: int) -> dict[str, Any]:
        match = state.match if state.built else state.game_of.preview()
        return match.state.view(None if self.public_only else player)

    def set_from(self, state: TabletopState, player: int) -> None:
        if not state.built:  # OpenSpiel learning the tensor shape: the same preview each time
            preview = state.game_of.preview()
            key = (id(preview), player)
            cached = self._previewed.get(key)
            if cached is None:
                cached = self._encode(self._view(state, player), player)
                self._previewed = {key: cached}
            self.tensor[:] = cached
            return
        if self.public_only:
            self.tensor[:] = self._encode(self._view(state, player), player)
        else:
            match = state.match
            self.tensor[:] = self.config.encoder.observe(match.state, player, match.memo)

    def _encode(self, view: dict[str, Any], player: int) -> Array:
        return self.config.encoder.encode(view, player)

    def string_from(self, state: TabletopState, player: int) -> str:
        view = self._view(state, player)
        view.pop("log", None)
        pending = view.get("pending")
        if pending is not None:
            pending.pop("waiting_for", None)  # others' answers in a secret decision
        return json.dumps(view, sort_keys=True, separators=(",", ":"))


def game_class(game_id: str) -> type[TabletopGame]:
    """The OpenSpiel game class of `game_id` (registered with a class, not a closure: pyspiel
    keeps the creator until the process ends, and a class outlives the interpreter cleanly)."""
    name = "Tabletop" + "".join(w.title() for w in game_id.split("_")) + "Game"
    cls = type(name, (TabletopGame,), {"game_id": game_id, "__module__": __name__})
    return cls


_CLASSES: dict[str, type[TabletopGame]] = {}


def register_all() -> list[str]:
    """Register `tabletop_<id>` for every registered game with an encoder (once each);
    return the OpenSpiel names."""
    names = []
    known = set(pyspiel.registered_names())
    for game_id in registry.game_ids():
        try:
            encoder(game_id)
        except NoEncoderError:
            continue
        name = f"tabletop_{game_id}"
        if name not in known:
            _CLASSES[game_id] = game_class(game_id)
            pyspiel.register_game(_game_type(game_id, False), _CLASSES[game_id])
        names.append(name)
    return names


NAMES = register_all()

__all__ = ["NAMES", "TabletopGame", "TabletopObserver", "TabletopState", "register_all"]
