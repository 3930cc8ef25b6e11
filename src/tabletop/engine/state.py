"""The game-agnostic state: the kernel side of the game contract.

A game subclasses `State` and fills a few hooks: `_answer` (one player answered), `_answers`
(all players of a SECRET decision answered), `_copy_game` (clone its own fields),
`_view` (its JSON picture for one viewer), `fingerprint` and optionally `_determinize` and
`_seen` (hidden facts kept outside the zones, for the table's undo rule). The
kernel checks every answer (game over, malformed, wrong player, illegal option, already
answered) before the game sees it, so a rejected answer never touches the state.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tabletop.engine.decision import SECRET, Decision, Option
from tabletop.engine.errors import (
    AlreadyAnsweredError,
    GameOverError,
    IllegalOptionError,
    MalformedAnswerError,
    SeatError,
    WrongPlayerError,
)
from tabletop.engine.events import CardMoved, Event
from tabletop.engine.fields import Fields, copier, printer
from tabletop.engine.flow import fingerprint as flow_fingerprint
from tabletop.engine.rng import Rng
from tabletop.engine.zones import PUBLIC, Zones

# What every seat sees or knows of the game (`State.seen`): per card, the mask of seats that
# see or know it; then, per seat, the hidden facts a game keeps outside its zones that the
# seat sees (None where a game keeps none).
Seen = tuple[list[int], tuple[frozenset[Any], ...] | None]


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended. `scores` per seat; `winners` the seats that won (several on a shared
    win, none on a draw); `team` the outcome of a cooperative game ("won"/"lost") or None;
    `reason` in words."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    reason: str
    team: str | None = None
    # What each seat held at the end (artifact or card ids), for balance reports.
    holdings: tuple[tuple[str, ...], ...] = ()
    # Per-seat numeric facts a game reports (quests completed...), and game-level outcomes
    # (which boss was beaten...), both summarised by the simulator.
    seat_stats: tuple[dict[str, float], ...] = ()
    outcomes: dict[str, str] = field(default_factory=dict)


class State(ABC):
    """Base class of every game's state. Plain data: copies, pickles, serialises."""

    __slots__ = (
        "_answers_in",
        "_pending",
        "flow",
        "history",
        "log",
        "num_players",
        "opts",
        "patch",
        "result",
        "rng",
        "seed",
        "steps",
        "zones",
    )

    game_id: ClassVar[str] = ""
    version: ClassVar[str] = ""
    # The version of the game's view schema (docs/views.md): bumped whenever what `view`
    # returns changes shape, so clients can rely on it.
    view_schema: ClassVar[int] = 1
    # The game's own fields, when it declares them (`__slots__ = declare(...)`): `clone` and
    # `fingerprint` are then generated from that one list.
    _fields: ClassVar[Fields | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        declared = cls.__dict__.get("__slots__")
        if isinstance(declared, Fields):
            cls._fields = declared
            if "_copy_game" not in cls.__dict__:
                setattr(cls, "_copy_game", copier(declared))  # noqa: B010 (generated)
            if "fingerprint" not in cls.__dict__:
                setattr(cls, "fingerprint", printer(declared, "self._kernel_fingerprint()"))  # noqa: B010

    def __init__(self, num_players: int, seed: int, opts: Any, zones: Zones, log: bool) -> None:
        self.num_players = num_players
        self.seed = seed
        self.opts = opts
        # The content patch the game is played with (a `tabletop.engine.patch.Patch`), None
        # for the shipped content; set by `registry.new_game`, shared by clones.
        self.patch: Any = None
        self.rng = Rng(seed)
        self.zones = zones
        self.log: list[Event] | None = [] if log else None
        self.history: list[tuple[int, str]] | None = [] if log else None
        self._pending: Decision | None = None
        self._answers_in: dict[int, Option] = {}
        self.result: Result | None = None
        self.steps = 0
        self.flow: list[Any] = []  # the stack of pending steps (see engine/flow.py)

    # -- the contract ----------------------------------------------------------------------
    @property
    def pending(self) -> Decision | None:
        return self._pending

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def to_move(self) -> tuple[int, ...]:
        """Players whose answer the game still waits for."""
        d = self._pending
        if d is None:
            return ()
        if d.mode == SECRET:
            answers = self._answers_in
            if answers:
                return tuple([p for p in d.players if p not in answers])
        return d.players

    def apply(self, player: int, option_id: str) -> None:
        """Answer the pending decision for `player`. Raises a typed `AnswerError` and leaves
        the state untouched when the answer is not acceptable."""
        d = self._pending
        if d is None:
            raise GameOverError("the game is over; no answer can be applied")
        if player.__class__ is not int:  # bool is not a seat number either
            raise MalformedAnswerError(f"player must be a seat number, not {player!r}")
        if option_id.__class__ is not str:
            raise MalformedAnswerError(f"option must be an option id string, not {option_id!r}")
        if player not in d.players:
            who = ", ".join(str(p) for p in self.to_move())
            raise WrongPlayerError(
                f"it is not player {player}'s decision; waiting for player(s) {who}"
            )
        for opt in d.options if d.asks is None else d.options_for(player):
            if opt.id == option_id:
                break
        else:
            allowed = ", ".join(d.option_ids(player))
            raise IllegalOptionError(
                f"{option_id!r} is not an option now; the options are: {allowed}"
            )
        history = self.history
        if d.mode == SECRET:
            answers = self._answers_in
            if player in answers:
                raise AlreadyAnsweredError(f"player {player} has already answered this decision")
            if history is not None:
                history.append((player, option_id))
            self.steps += 1
            answers[player] = opt
            if len(answers) < len(d.players):
                return
            self._answers_in = {}
            self._answers(d, answers)
        else:
            if history is not None:
                history.append((player, option_id))
            self.steps += 1
            self._answer(d, player, opt)

    def clone(self) -> State:
        """An independent copy (the log and history are shared up to now, then diverge)."""
        cls = type(self)
        new = cls.__new__(cls)
        new.num_players = self.num_players
        new.seed = self.seed
        new.opts = self.opts
        new.patch = self.patch
        new.rng = self.rng.copy()
        new.zones = self.zones.copy()
        new.log = None if self.log is None else self.log[:]
        new.history = None if self.history is None else self.history[:]
        new._pending = self._pending
        new._answers_in = dict(self._answers_in)
        new.result = self.result
        new.steps = self.steps
        new.flow = self.flow[:]  # steps are immutable: copies share them
        self._copy_game(new)
        return new

    def determinize(self, player: int, rng: Rng) -> State:
        """A copy in which everything hidden from `player` is re-drawn consistently with what
        `player` knows, with fresh chance, and other players' unrevealed answers dropped."""
        self._check_seat(player, spectator=False)
        new = self.clone()
        new.rng = Rng(rng.next64())
        new.zones.determinize(player, rng)
        new._answers_in = {p: o for p, o in new._answers_in.items() if p == player}
        new._determinize(player, rng)
        return new

    def view(self, player: int | None) -> dict[str, Any]:
        """JSON-ready picture of what `player` (None: a spectator) may know."""
        self._check_seat(player)
        d = self._pending
        pending: dict[str, Any] | None = None
        if d is not None:
            pending = {
                "kind": d.kind,
                "rule": d.rule,
                "waiting_for": list(self.to_move()),
                "mode": d.mode,
            }
            if player is not None and player in self.to_move():
                mine = d.ask(player)
                pending["kind"] = mine.kind
                pending["rule"] = mine.rule
                pending["prompt"] = mine.prompt
                pending["options"] = [{"id": o.id, "label": o.label} for o in mine.options]
        out: dict[str, Any] = {
            "game": self.game_id,
            "version": self.version,
            "schema": f"{self.game_id}/{self.view_schema}",
            "players": self.num_players,
            "viewer": player,
            "pending": pending,
            "result": None
            if self.result is None
            else {
                "scores": list(self.result.scores),
                "winners": list(self.result.winners),
                "reason": self.result.reason,
                "team": self.result.team,
            },
        }
        out.update(self._view(player))
        out["log"] = [{"rule": e.rule, "text": e.text_for(player)} for e in (self.log or [])[-40:]]
        return out

    def seen(self) -> Seen:
        """What each seat sees or knows now: per card the mask of seats that see or know it
        (`Zones.seen`), then the game's hidden facts outside its zones per seat (`_seen`).
        A table compares these to refuse an undo once anything was revealed to anyone."""
        return self.zones.seen(), self._seen()

    def log_for(self, player: int | None) -> list[tuple[str, str]]:
        """The whole log as (rule id, text) as `player` may read it."""
        self._check_seat(player)
        return [(e.rule, e.text_for(player)) for e in (self.log or [])]

    def _check_seat(self, player: object, spectator: bool = True) -> None:
        """Raise `SeatError` unless `player` is a seat number (or None, for a spectator)."""
        if player is None and spectator:
            return
        # bool is an int but never a seat: view(True) must not show seat 1's hand
        if player.__class__ is not int or not 0 <= player < self.num_players:
            allowed = f"a seat number from 0 to {self.num_players - 1}"
            if isinstance(player, int) and player.bit_length() > 64:
                shown = "a number too large"  # (and too long to print)
            else:
                shown = repr(player)
            if len(shown) > 40:
                shown = shown[:40] + "..."
            raise SeatError(
                f"{shown} is not a seat of this game: expected {allowed}"
                + (" or None for a spectator" if spectator else "")
            )

    # -- kernel services for games -----------------------------------------------------------
    def emit(self, event: Event) -> None:
        if self.log is not None:
            self.log.append(event)

    def move(
        self,
        card: int,
        src: int,
        dst: int,
        rule: str,
        public: str,
        secret: str | None = None,
        witnesses: int = -1,
    ) -> None:
        """Move a card and log it. `public` and `secret` may use {card} for its name."""
        seen = self.zones.move(card, src, dst, witnesses=witnesses)
        if self.log is not None:
            layout = self.zones.layout
            name = layout.names[card]
            # The name is for everyone, spectators included, only when the card lies face up
            # before or after the move; otherwise only those who saw it may read it.
            face_up = layout.specs[src].kind == PUBLIC or layout.specs[dst].kind == PUBLIC
            if secret is None and face_up:
                text, sec = public.format(card=name), None
            else:
                text = public.format(card="a card")
                sec = (secret or public).format(card=name)
            self.log.append(
                CardMoved(
                    rule,
                    text,
                    secret=sec,
                    seen_by=seen,
                    card=card,
                    src=layout.specs[src].name,
                    dst=layout.specs[dst].name,
                )
            )

    def _kernel_fingerprint(self) -> tuple[Any, ...]:
        """The kernel's part of a fingerprint: the step stack, zones, knowledge, chance,
        hidden answers and the result."""
        return (
            *((flow_fingerprint(self.flow),) if self.flow else ()),
            tuple(tuple(z) for z in self.zones.cards),
            tuple(self.zones.known),
            self.rng.state,
            tuple(sorted((p, o.id) for p, o in self._answers_in.items())),
            self.result,
        )

    def check_invariants(self) -> None:
        self.zones.check_conservation()
        if self.result is None and self._pending is None:
            raise AssertionError("game not over but no decision pending")

    # -- hooks a game fills ------------------------------------------------------------------
    @abstractmethod
    def _answer(self, decision: Decision, player: int, option: Option) -> None:
        """`player` chose `option` in `decision` (mode ONE or PARALLEL: applied at once)."""

    def _answers(self, decision: Decision, answers: dict[int, Option]) -> None:
        """Every player of the SECRET `decision` has answered; reveal and go on."""
        raise AssertionError(f"{self.game_id} asked no secret decision")

    def _copy_game(self, new: Any) -> None:
        """Copy the game's own fields into `new` (a fresh object of the same class): generated
        from the game's declared fields (`__slots__ = declare(...)`), or written by hand."""
        raise NotImplementedError(f"{type(self).__name__} declares no fields and copies none")

    @abstractmethod
    def _view(self, player: int | None) -> dict[str, Any]:
        """The game's part of `view`."""

    def _determinize(self, player: int, rng: Rng) -> None:  # noqa: B027 (optional hook)
        """Re-draw game-specific hidden facts (zones are already done)."""

    def _seen(self) -> tuple[frozenset[Any], ...] | None:
        """Hidden facts the game keeps outside its zones (a die rolled behind a screen, a
        face-down choice), per seat the frozenset of those it knows, each a hashable that
        names what is known (a card id, a (seat, value) pair); None (the default) when every
        hidden thing is a card in a zone, as in the four games. Whatever a seat's view or log
        tells it of those facts must be here, but not what it knows anyway (its own secret,
        changed by its own answers): a table refuses to undo an answer once any seat's set
        gains a fact (engine/table.py). Kept cheap: asked after each of a person's answers."""
        return None

    def fingerprint(self) -> tuple[Any, ...]:
        """A canonical tuple of the whole state, for record verification: generated from the
        game's declared fields (then the kernel's part), or written by hand."""
        raise NotImplementedError(f"{type(self).__name__} declares no fields to fingerprint")
