"""Campaigns: a series of games of one game id, each handing the next what it carries over.

A campaign is a game id, its chapters (each a game: players, seed and the chapter's own
options) and a *carry-over* dict: JSON-ready data (unlocks, upgrades, gold...) that a game hook
makes from a finished chapter and that is fed into the next chapter's options.

    campaign = Campaign("librarians", [Chapter(2, 1), Chapter(2, 2)], carry=my_carry)
    state = campaign.start()            # chapter 1, its options fed from the carry-over
    ...                                 # play it to the end (a Table, agents...)
    campaign.finish(state)              # the carry-over it hands on, and its record, kept
    state = campaign.start()            # chapter 2
    record = campaign.record()          # CampaignRecord: to_json() / from_json()
    replay_campaign(record, carry=my_carry)   # replays and verifies every chapter

Hooks, passed in or found on the game's `GameSpec` when it has them (`spec.carry`,
`spec.feed`):
- `carry(state, carried) -> dict`: from a finished chapter and what was carried into it, what
  the next chapter gets. Required: a campaign without it raises `CampaignError`.
- `feed(carried, options) -> options`: the next chapter's options from the carry-over and the
  chapter's own options. By default the chapter's options, overlaid with the carried entries
  whose names are options of the game (the rest, campaign bookkeeping, only travels on).
  The options are then validated as any game's are (`OptionError`).

A game may declare the shape of its carry-over as a `CarryOver` model (pydantic: every list
and string bounded, no key it does not name) and hand it to the campaign (`model=`): what is
carried into the first chapter and every chapter's carry-over in a record are then checked
against it before any hook reads them (`check_carry_overs`), so a damaged file is a clear
error naming the field, never a traceback in `carry` or `describe`.

The campaign record holds the chapters, what was carried into the first, and for each
finished chapter its game record (`engine/record.py`) and the carry-over after it.
`replay_campaign` replays each chapter with `replay(record, verify=True)`, checks that it
started from the chapter's players, seed and fed options, that it ended, and that the carry
hook gives again the recorded carry-over; any divergence raises `RecordError` naming the
chapter (counted from 1). `Campaign.resume(record)` verifies a record and plays on from it.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from pydantic import BaseModel, ConfigDict, ValidationError

from tabletop.engine.errors import RecordError, TabletopError
from tabletop.engine.record import Record, clip, clip_message, digest, record_of, replay
from tabletop.engine.registry import GameSpec, get, new_game
from tabletop.engine.state import State

FORMAT = 1

Carry = Callable[[State, Mapping[str, Any]], Mapping[str, Any]]
Feed = Callable[[Mapping[str, Any], Mapping[str, Any]], Mapping[str, Any]]


class CampaignError(TabletopError):
    """A campaign used out of order (finishing a game not over, starting past the last
    chapter), without a carry hook, or a carry-over that is not JSON-ready."""


class CarryOver(BaseModel):
    """The shape of a game's carry-over: a game's campaign module subclasses it with its
    fields (strict ones: `StrictInt`, `StrictBool`, `StrictStr`, every list and string
    bounded) and a `SHAPE` line for people."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    SHAPE: ClassVar[str] = "a JSON object"

    @classmethod
    def check(cls, value: object, what: str) -> Self:
        """`value` as this model, or `CampaignError` saying which fields are wrong, how, and
        what a carry-over of the game is (`what` names the value: "chapter 2's carry-over")."""
        try:
            return cls.model_validate(value)
        except ValidationError as e:
            found = []
            for err in e.errors(include_input=False, include_url=False)[:3]:
                where = ".".join(str(x) for x in err["loc"]) or "the whole"
                found.append(f"{clip(where, 80)}: {clip(str(err['msg']), 200)}")
            raise CampaignError(f"{what} is not valid ({'; '.join(found)}): {cls.SHAPE}") from None


def check_carry_overs(record: CampaignRecord, model: type[CarryOver]) -> None:
    """What `record` carries into its first chapter and after each chapter played, checked
    against the game's `model`: `RecordError` naming the first that is not valid."""
    try:
        model.check(record.start, "what the campaign carries into its first chapter")
        for i, played in enumerate(record.played):
            model.check(played.carried, f"chapter {i + 1}'s carry-over")
    except CampaignError as e:
        raise RecordError(str(e)) from None


@dataclass(frozen=True)
class Chapter:
    """One game of a campaign: players, seed and the chapter's own options."""

    players: int
    seed: int
    options: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "seed": self.seed, "options": dict(self.options)}


@dataclass
class ChapterRecord:
    """A finished chapter: its game record and the carry-over it handed on."""

    record: Record
    carried: dict[str, Any]


@dataclass
class CampaignRecord:
    game: str
    chapters: list[Chapter]
    start: dict[str, Any]  # carried into the first chapter
    played: list[ChapterRecord] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "campaign": self.game,
            "chapters": [c.to_json() for c in self.chapters],
            "start": self.start,
            "played": [{"record": p.record.to_json(), "carried": p.carried} for p in self.played],
        }

    @classmethod
    def from_json(cls, data: object) -> CampaignRecord:
        if not isinstance(data, dict):
            raise RecordError("a campaign record must be a JSON object")
        want = {
            "format": int,
            "campaign": str,
            "chapters": list,
            "start": dict,
            "played": list,
        }
        for key, typ in want.items():
            if key not in data:
                raise RecordError(f"the campaign record has no {key!r} field")
            if not isinstance(data[key], typ) or isinstance(data[key], bool):
                raise RecordError(f"the campaign record's {key!r} field must be a {typ.__name__}")
        if data["format"] != FORMAT:
            raise RecordError(
                f"campaign record format {clip(str(data['format']))} is not supported "
                f"(want {FORMAT})"
            )
        chapters = []
        for i, c in enumerate(data["chapters"]):
            if (
                not isinstance(c, dict)
                or not all(type(c.get(k)) is int for k in ("players", "seed"))
                or not isinstance(c.get("options", {}), dict)
            ):
                raise RecordError(
                    f"chapter {i + 1} must be {{players, seed, options}}, not {clip(repr(c))}"
                )
            chapters.append(Chapter(c["players"], c["seed"], dict(c.get("options", {}))))
        played = []
        for i, p in enumerate(data["played"]):
            if not isinstance(p, dict) or not isinstance(p.get("carried"), dict):
                raise RecordError(f"chapter {i + 1}'s entry must be {{record, carried}}")
            try:
                record = Record.from_json(p.get("record"))
            except RecordError as e:
                raise RecordError(f"chapter {i + 1}: {e}") from None
            played.append(ChapterRecord(record, p["carried"]))
        return cls(data["campaign"], chapters, data["start"], played)


def json_ready(value: object, what: str = "the carry-over") -> dict[str, Any]:
    """`value` as plain JSON data (a dict with string keys), or `CampaignError`."""
    if not isinstance(value, Mapping):
        raise CampaignError(f"{what} must be a mapping, not {type(value).__name__}")
    try:
        text = json.dumps(dict(value), sort_keys=True, allow_nan=False)
    except (TypeError, ValueError) as e:
        raise CampaignError(f"{what} is not JSON-ready: {clip_message(str(e))}") from None
    out: dict[str, Any] = json.loads(text)
    return out


def players_options(
    options: Mapping[str, Any] | None, reserved: Iterable[str], how: str
) -> dict[str, Any]:
    """The options the players give every chapter, as a new dict: `CampaignError` for any of
    the `reserved` options, which the campaign sets itself (`how` says how, in the message)."""
    options = dict(options or {})
    for key in reserved:
        if key in options:
            raise CampaignError(f"option {key!r} is set by the campaign ({how}): leave it out")
    return options


def default_feed(spec: GameSpec) -> Feed:
    """The chapter's options, overlaid with the carried entries named like game options."""
    names = {f.name for f in dataclasses.fields(spec.options_type)}

    def feed(carried: Mapping[str, Any], options: Mapping[str, Any]) -> Mapping[str, Any]:
        return {**options, **{k: v for k, v in carried.items() if k in names}}

    return feed


def _hooks(game: str, carry: Carry | None, feed: Feed | None) -> tuple[GameSpec, Carry, Feed]:
    spec = get(game)
    carry = carry or getattr(spec, "carry", None)
    if carry is None:
        raise CampaignError(
            f"{game} has no carry-over hook: pass carry=(state, carried) -> dict to the campaign"
        )
    feed = feed or getattr(spec, "feed", None) or default_feed(spec)
    return spec, carry, feed


class Campaign:
    """A campaign being played: the next chapter, what is carried into it, the records of
    the chapters played. See the module's doc."""

    def __init__(
        self,
        game: str,
        chapters: Sequence[Chapter],
        *,
        carry: Carry | None = None,
        feed: Feed | None = None,
        start: Mapping[str, Any] | None = None,
        model: type[CarryOver] | None = None,
    ) -> None:
        self.spec, self._carry, self._feed = _hooks(game, carry, feed)
        self.model = model
        if not chapters:
            raise CampaignError("a campaign needs at least one chapter")
        self.game = game
        self.chapters = tuple(
            Chapter(c.players, c.seed, json_ready(c.options, f"chapter {i + 1}'s options"))
            for i, c in enumerate(chapters)
        )
        self.start_carried = json_ready(start or {}, "what is carried into the first chapter")
        if model is not None:
            model.check(self.start_carried, "what is carried into the first chapter")
        self.carried = dict(self.start_carried)
        self.played: list[ChapterRecord] = []

    @property
    def chapter(self) -> int:
        """Index of the chapter to play next (len(chapters) once all are played)."""
        return len(self.played)

    @property
    def is_over(self) -> bool:
        return self.chapter == len(self.chapters)

    def options(self) -> dict[str, Any]:
        """The next chapter's options, fed from the carry-over."""
        self._check_not_over()
        chapter = self.chapters[self.chapter]
        return dict(self._feed(self.carried, chapter.options))

    def start(self) -> State:
        """The next chapter's game, set up (with its log and history: it will be recorded)."""
        self._check_not_over()
        c = self.chapters[self.chapter]
        return new_game(self.game, c.players, c.seed, self.options())

    def finish(self, state: State) -> dict[str, Any]:
        """Close the chapter `state` finished: keep its record and return the carry-over."""
        self._check_not_over()
        n = self.chapter + 1
        if not state.is_over:
            raise CampaignError(f"chapter {n} cannot be finished: its game is not over")
        record = record_of(state)
        if record.digests[0] != digest(self.start()):
            raise CampaignError(
                f"this game is not chapter {n} of the campaign: it did not start from the "
                "chapter's players, seed and options"
            )
        carried = json_ready(self._carry(state, dict(self.carried)))
        self.played.append(ChapterRecord(record, carried))
        self.carried = carried
        return dict(carried)

    def record(self) -> CampaignRecord:
        return CampaignRecord(
            self.game, list(self.chapters), dict(self.start_carried), list(self.played)
        )

    @classmethod
    def resume(
        cls,
        record: CampaignRecord,
        *,
        carry: Carry | None = None,
        feed: Feed | None = None,
        model: type[CarryOver] | None = None,
    ) -> Campaign:
        """Replay and verify `record` (`RecordError` on divergence, or on a carry-over that is
        not of the `model`'s shape), then play on from it."""
        replay_campaign(record, carry=carry, feed=feed, model=model)
        campaign = cls(
            record.game, record.chapters, carry=carry, feed=feed, start=record.start, model=model
        )
        campaign.played = list(record.played)
        if record.played:
            campaign.carried = dict(record.played[-1].carried)
        return campaign

    def _check_not_over(self) -> None:
        if self.is_over:
            raise CampaignError(f"the campaign is over: all {len(self.chapters)} chapters played")


def replay_campaign(
    record: CampaignRecord,
    *,
    carry: Carry | None = None,
    feed: Feed | None = None,
    verify: bool = True,
    model: type[CarryOver] | None = None,
) -> list[State]:
    """Replay every finished chapter of `record` and return their final states. With
    `verify`, each chapter must replay exactly (`replay(verify=True)`), start from the
    chapter's players, seed and options fed from the carry-over, end, and carry over what the
    record says; the first divergence raises `RecordError` naming the chapter. With `model`,
    every carry-over in the record is checked against it first (`check_carry_overs`)."""
    try:
        _, carry, feed = _hooks(record.game, carry, feed)
    except TabletopError as e:
        raise RecordError(f"the campaign cannot be replayed: {clip_message(str(e))}") from None
    if model is not None:
        check_carry_overs(record, model)
    if len(record.played) > len(record.chapters):
        raise RecordError(
            f"the campaign record has {len(record.played)} played chapters for "
            f"{len(record.chapters)} chapters"
        )
    carried = json_ready(record.start, "the record's start")
    states = []
    for i, played in enumerate(record.played):
        n = i + 1
        chapter = record.chapters[i]
        game = played.record
        if game.game != record.game:
            raise RecordError(f"campaign chapter {n} is a game of {clip(game.game)}")
        if (game.players, game.seed) != (chapter.players, chapter.seed):
            raise RecordError(
                f"campaign chapter {n} was played with {game.players} players and seed "
                f"{game.seed}; the chapter has {chapter.players} players and seed {chapter.seed}"
            )
        if verify:
            try:
                fresh = new_game(
                    record.game, chapter.players, chapter.seed, feed(carried, chapter.options)
                )
            except TabletopError as e:
                raise RecordError(
                    f"campaign chapter {n} cannot start from what was carried into it: "
                    f"{clip_message(str(e))}"
                ) from None
            if not game.digests or game.digests[0] != digest(fresh):
                raise RecordError(
                    f"campaign chapter {n} diverges at set-up: its game did not start from the "
                    "chapter's options and what was carried into it"
                )
        try:
            state = replay(game, verify=verify)
        except RecordError as e:
            raise RecordError(f"campaign chapter {n}: {e}") from None
        if not state.is_over:
            raise RecordError(f"campaign chapter {n}: its game is not over")
        got = json_ready(carry(state, dict(carried)))
        if verify and got != json_ready(played.carried, f"chapter {n}'s carry-over"):
            raise RecordError(
                f"campaign chapter {n} diverges in its carry-over: the game hands on "
                f"{clip(json.dumps(got, sort_keys=True), 200)}, the record says "
                f"{clip(json.dumps(played.carried, sort_keys=True), 200)}"
            )
        carried = got
        states.append(state)
    return states
