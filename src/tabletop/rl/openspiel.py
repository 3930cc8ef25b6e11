"""OpenSpiel games for every registered game: importing this module registers
`tabletop_<game id>` with `pyspiel.register_game` (`pyspiel.load_game("tabletop_quests",
{"players": 3})`).

Each is a sequential, imperfect-information game with *explicit* chance: every game starts
with one chance node, the deal, whose 65,536 equally likely outcomes each give the tabletop
game a seed (`derive_seed(seed, outcome)`); after it chance lives in the tabletop state's own
seeded RNG, so every later draw is fixed by the deal and the answers, and there are no more
chance nodes. The players observe nothing of the deal but what their views show.
`resample_from_infostate` (backed by `determinize`) re-draws everything the player cannot see,
future chance included, and changes nothing the player sees. The utility is identical where
the game's options make it cooperative (the Librarians, and Castle but in its Co-op
Competitive mode, are registered identical-utility), general-sum otherwise (the rewards of
docs/rl.md). A SECRET decision is asked one seat at a time; no seat's observation shows an
answer it could not see. Observation tensors are the game's encoder over the player's view
(the spectator's view for a public-only observer); observation strings are that view as JSON.
Information states (perfect recall; states keep their log for them) add the player's log and
own answers: the string exactly, the tensor as a bounded summary (`tabletop.rl.infostate`).
The game is truncated (returns 0) after `max_steps` answers.

Parameters: `players` (default: 2, or the game's fewest); `seed` (an int: the family of deals);
`max_steps` (0: the encoder's bound); and every option of the game under its own name, with
its default (a list or mapping option as text, items separated by `+` or `,`:
`heroes=eve-baird+ezekiel-jones`). `str(game)` writes them all and
`pyspiel.load_game(str(game))` loads the same game. OpenSpiel serializes a Python state by
pickling its attributes: a state pickles as its record (options, seed, answers, where the
seats stand in a pass) and loads by replaying it; a state re-drawn by
`resample_from_infostate`, which no record reaches, pickles its tabletop state.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from tabletop.engine import registry
from tabletop.engine.options import options_dict, parse_options
from tabletop.engine.record import digest
from tabletop.engine.rng import Rng, derive_seed
from tabletop.engine.state import State
from tabletop.rl.core import GameConfig, Match
from tabletop.rl.encoders import NoEncoderError, encoder
from tabletop.rl.infostate import InfoStateObserver

KERNEL_PARAMS = ("players", "seed", "max_steps")


def option_defaults(game_id: str) -> dict[str, object]:
    """Every option of the game with its default, as an OpenSpiel parameter value: bool, int
    or text (lists and mappings as `+`-separated text)."""
    spec = registry.get(game_id)
    out: dict[str, object] = {}
    for key, value in options_dict(parse_options(game_id, spec.options_type, None)).items():
        if key in KERNEL_PARAMS:
            raise ValueError(f"{game_id} option {key!r} clashes with an OpenSpiel parameter")
        out[key] = to_param(value)
    return out


def to_param(value: object) -> object:
    """An option's JSON-ready value as an OpenSpiel parameter value."""
    if isinstance(value, list):
        return "+".join(str(v) for v in value)
    if isinstance(value, dict):
        return "+".join(f"{k}:{v}" for k, v in value.items())
    return value


def options_from(game_id: str, params: dict[str, Any]) -> dict[str, object]:
    """The game's options from OpenSpiel parameters (unknown names refused by name)."""
    defaults = option_defaults(game_id)
    unknown = sorted(set(params) - set(defaults) - set(KERNEL_PARAMS))
    if unknown:
        allowed = ", ".join([*KERNEL_PARAMS, *defaults])
        names = ", ".join(unknown)
        raise ValueError(f"unknown parameter(s) {names}; the parameters are: {allowed}")
    out: dict[str, object] = {}
    for key, default in defaults.items():
        if key not in params:
            continue
        value = params[key]
        if isinstance(default, str) and not isinstance(value, str):
            value = str(value)  # OpenSpiel reads `x=3` as an int, even for a text option
        if isinstance(value, str) and isinstance(default, str):
            value = value.replace("+", ",")  # list and mapping items (command-line form)
        out[key] = value
    return out


class _Box:
    """The tabletop state inside an OpenSpiel state. OpenSpiel clones a Python state by
    deep-copying its attributes; this copies the tabletop state with `clone` instead. OpenSpiel
    serializes a Python state by pickling its attributes; this pickles the game's record
    (config, seed, answers, where the seats stand in a pass), replayed when loaded, or, for a
    re-drawn state that no record reaches, the tabletop state itself."""

    __slots__ = ("match",)

    def __init__(self, match: Match) -> None:
        self.match = match

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return _Box(self.match.copy())

    def __getstate__(self) -> dict[str, Any]:
        m = self.match
        c = m.config
        data: dict[str, Any] = {
            "game": c.game_id,
            "players": c.players,
            "options": c.options,
            "max_steps": c.max_steps,
            "truncated": m.truncated,
            "forfeit": m.forfeit,
            "queue": m.queue,
        }
        if m.answers is None:
            data["state"] = m.state
        else:
            data["seed"] = m.state.seed
            data["answers"] = m.answers
        return data

    def __setstate__(self, data: dict[str, Any]) -> None:
        config = GameConfig(data["game"], data["players"], data["options"], data["max_steps"])
        if "state" in data:
            match = Match(config, data["state"])
            match.answers = None
        else:
            match = config.new_match(data["seed"], log=True)
            for seat, option_id in data["answers"]:
                match.answer(seat, option_id)
        match.truncated = data["truncated"]
        match.forfeit = data["forfeit"]
        match.queue = list(data["queue"])
        self.match = match


def _default_players(game_id: str) -> int:
    spec = registry.get(game_id)
    return min(max(2, spec.min_players), spec.max_players)


def _game_type(game_id: str, cooperative: bool) -> pyspiel.GameType:
    spec = registry.get(game_id)
    default_players = _default_players(game_id)
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=f"tabletop_{game_id}",
        long_name=f"tabletop: {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility.IDENTICAL if cooperative else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": default_players,
            "seed": 0,
            "max_steps": 0,
            **option_defaults(game_id),
        },
    )


DEALS = 1 << 16  # the outcomes of the chance node that starts every game


class TabletopGame(pyspiel.Game):  # type: ignore[misc]
    """A registered game as an OpenSpiel game."""

    game_id = ""  # set by each game's subclass (`register_all`)

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game_id = self.game_id
        max_steps = int(params.get("max_steps", 0)) or None
        self.config = GameConfig(
            game_id,
            int(params.get("players", _default_players(game_id))),
            options_from(game_id, params),
            max_steps,
        )
        seed = params.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise ValueError(f"seed must be a whole number from 0, not {seed!r}")
        self.seed = seed
        # Given options as written back (`str(game)`): lists with `+`, so that it loads back.
        for key in params:
            if key not in KERNEL_PARAMS:
                params[key] = to_param(self.config.options[key])
        info = pyspiel.GameInfo(
            num_distinct_actions=self.config.num_actions,
            max_chance_outcomes=DEALS,
            num_players=self.config.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=self.config.max_steps + 1,  # the deal, then the answers
        )
        super().__init__(_game_type(game_id, self.config.cooperative), info, params)

    def __deepcopy__(self, memo: dict[int, Any]) -> TabletopGame:
        return self  # states keep a reference to their game; a clone shares it

    def deal_seed(self, outcome: int) -> int:
        """The tabletop seed of the deal `outcome` of the starting chance node."""
        return derive_seed(self.seed, outcome)

    def new_initial_state(self) -> TabletopState:
        return TabletopState(self)

    def state_for_seed(self, seed: int) -> TabletopState:
        """A state past the deal whose tabletop game has exactly this seed (to replay a
        `tabletop simulate` record, say); its history does not show the deal."""
        state = TabletopState(self)
        state._box = _Box(self.config.new_match(seed, log=True))
        return state

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> TabletopObserver | InfoStateObserver:
        """The observer of the present (the default), or with `perfect_recall` the
        information-state observer (`tabletop.rl.infostate`)."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        public_only = iig_obs_type is not None and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        )
        now = TabletopObserver(self.config, public_only)
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return InfoStateObserver(self.config, now)
        return now


class TabletopState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state over a tabletop state: first the chance node of the deal (no
    tabletop state yet), then the tabletop game the deal's seed starts."""

    def __init__(self, game: TabletopGame) -> None:
        super().__init__(game)
        self._box: _Box | None = None

    @property
    def dealt(self) -> bool:
        """Whether the deal is done (the state has its tabletop game)."""
        return self._box is not None

    @property
    def match(self) -> Match:
        if self._box is None:
            raise ValueError("the chance node of the deal has no tabletop game yet")
        return self._box.match

    @property
    def game_of(self) -> TabletopGame:
        game: TabletopGame = self.get_game()
        return game

    @property
    def tabletop(self) -> State:
        """The tabletop state (read it, do not apply answers to it directly)."""
        return self.match.state

    def current_player(self) -> int:
        if self._box is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self._box.match.current()
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / DEALS
        return [(i, p) for i in range(DEALS)] if self._box is None else []

    def _legal_actions(self, player: int) -> list[int]:
        return self.match.legal_actions(player)

    def _apply_action(self, action: int) -> None:
        if self._box is None:
            seed = self.game_of.deal_seed(action)
            self._box = _Box(self.game_of.config.new_match(seed, log=True))
            return
        m = self._box.match
        seat = m.current()
        assert seat is not None
        m.play(seat, action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        return self.game_of.config.spec.action_space.options[action].id

    def is_terminal(self) -> bool:
        return self._box is not None and self._box.match.done

    def returns(self) -> list[float]:
        if self._box is None:
            return [0.0] * self.game_of.config.players
        return self._box.match.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TabletopState:
        """A state `player_id` cannot tell from this one, everything hidden from it re-drawn
        (`determinize`), `probability_sampler()` (a float in [0, 1)) seeding the re-draw. In a
        SECRET decision `determinize` drops the answers of other seats (hidden from the
        player); they answer again at random, so the same seats wait and the same seat acts."""
        if self._box is None:
            return self.clone()  # type: ignore[no-any-return]
        m = self._box.match
        draw = probability_sampler() if callable(probability_sampler) else 0.5
        rng = Rng(int(float(draw) * 2**62) ^ m.state.steps)
        match = Match(m.config, m.state.determinize(player_id, rng))
        match.truncated = m.truncated
        match.forfeit = m.forfeit
        match.queue = m.queue[:]
        match.answers = None  # no record reaches a re-drawn state
        # Only the dropped SECRET answers are given again; every public answer stays.
        waiting = m.acting()
        for seat in match.acting():
            if seat not in waiting:
                options = match.options(seat)
                match.answer(seat, options[rng.below(len(options))].id)
        new = self.clone()
        new._box = _Box(match)
        return new  # type: ignore[no-any-return]

    def __str__(self) -> str:
        if self._box is None:
            return f"tabletop_{self.game_of.game_id} before the deal"
        state = self._box.match.state
        return (
            f"tabletop_{state.game_id} seed {state.seed} answers {state.steps} "
            f"waiting for {list(self._box.match.acting())} digest {digest(state)}"
        )


class TabletopObserver:
    """Observation tensors (the encoder over `view(player)`, read from the state directly to
    the same vector) and strings (that view as JSON, without its log); a public-only observer
    reads the spectator's view. Before the deal: zeros, and `{}`."""

    def __init__(self, config: GameConfig, public_only: bool) -> None:
        self.config = config
        self.public_only = public_only
        self.tensor = np.zeros(config.encoder.size, dtype=np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: TabletopState, player: int) -> None:
        if not state.dealt:
            self.tensor[:] = 0.0
        elif self.public_only:
            view = state.tabletop.view(None)
            self.tensor[:] = self.config.encoder.encode(view, player)
        else:
            match = state.match
            self.tensor[:] = self.config.encoder.observe(match.state, player, match.memo)

    def string_from(self, state: TabletopState, player: int) -> str:
        if not state.dealt:
            return "{}"
        view = state.tabletop.view(None if self.public_only else player)
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
            config = GameConfig(game_id)  # the default options: cooperative or not
            pyspiel.register_game(_game_type(game_id, config.cooperative), _CLASSES[game_id])
        names.append(name)
    return names


NAMES = register_all()

__all__ = [
    "NAMES",
    "TabletopGame",
    "TabletopObserver",
    "TabletopState",
    "option_defaults",
    "options_from",
    "register_all",
]
