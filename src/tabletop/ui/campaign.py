"""`tabletop campaign GAME FILE`: start or continue a campaign kept in FILE, one chapter a run.

A game with a campaign offers `tabletop.games.<game>.campaign` with `new_campaign(players,
seed, options)`, `carry`, `describe(carried)`, `title(chapter)` and `CAMPAIGN_OPTIONS` (the
options the campaign sets itself), may name the option that tells its chapters apart in
`CHAPTER_OPTION` (default `adventure`) and the model of its carry-over in `CARRIED` (an
`engine.campaign.CarryOver`, checked against the whole file before any chapter is replayed):
The Librarians (C-1 to C-4, the Season One unlocks carried on) and Castle Von Loghan
(Missions 1 to 10, `mission`, Treasures and Upgrades carried on).

- Without FILE on disk: a new campaign of `--players` (default 3, or the campaign module's
  `DEFAULT_PLAYERS`; a count the game does not take, 0 included, is refused) and `--seed`
  (default a new random one) with the `-o` options for every chapter; FILE is written at
  once.
- With FILE: the campaign is read, every chapter played so far replayed and verified (its game
  record and what it carried on: a `RecordError` names the first divergence), and the next
  chapter is played. `-o` options given then change the chapters not played yet (a custom
  deck that uses a card just unlocked, another difficulty); players and seed stay the
  campaign's. `--seats` may change from run to run.
- During the chapter every answer is saved into FILE (the chapter in progress travels in it as
  a game record), so `quit`, the end of standard input or a crash lose nothing: the same
  command continues it. When the chapter ends its record and carry-over join the campaign.

The file is JSON: `{format, campaign: the engine's campaign record, seats, current: the record
of the chapter in progress or null}`, at most `MAX_CAMPAIGN_BYTES`, written atomically
(`record.write_json`, which removes the temporary files of a write killed before its rename).
"""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from rich.text import Text

from tabletop.engine import registry
from tabletop.engine.campaign import (
    Campaign,
    CampaignError,
    CampaignRecord,
    Chapter,
    check_carry_overs,
)
from tabletop.engine.errors import RecordError
from tabletop.engine.record import Record, clip, digest, replay, write_json
from tabletop.ui.prefs import choose
from tabletop.ui.seats import make_seats, plural
from tabletop.ui.terminal import Session, make_console, stdin_text

FORMAT = 1
MAX_CAMPAIGN_BYTES = 64 * 1024 * 1024
DEFAULT_PLAYERS = 3


def campaign_module(game: str) -> ModuleType:
    """The game's campaign module, or `CampaignError` when the game has none."""
    spec = registry.get(game)  # an unknown game: UnknownGameError, naming the games
    name = f"{spec.package}.campaign"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
    raise CampaignError(f"{game} has no campaign")


@dataclass
class CampaignFile:
    record: CampaignRecord
    seats: str | None
    current: Record | None

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "campaign": self.record.to_json(),
            "seats": self.seats,
            "current": None if self.current is None else self.current.to_json(),
        }

    @classmethod
    def from_json(cls, data: object) -> CampaignFile:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f"not a campaign file of format {FORMAT}")
        seats = data.get("seats")
        if seats is not None and not isinstance(seats, str):
            raise RecordError("the campaign file's 'seats' must be a string or null")
        current = data.get("current")
        return cls(
            CampaignRecord.from_json(data.get("campaign")),
            seats,
            None if current is None else Record.from_json(current),
        )


def read(path: Path) -> CampaignFile:
    """Read a campaign file; anything else raises `RecordError` naming the file."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_CAMPAIGN_BYTES + 1)
    except OSError as e:
        raise RecordError(f"cannot read {path}: {e.strerror or e}") from None
    if len(raw) > MAX_CAMPAIGN_BYTES:
        raise RecordError(f"{path} is too large: a campaign file is at most 64 MiB")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as e:
        raise RecordError(f"{path} is not a campaign file: {clip(str(e))}") from None
    try:
        return CampaignFile.from_json(data)
    except RecordError as e:
        raise RecordError(f"{path}: {e}") from None


def write(path: Path, cf: CampaignFile) -> None:
    """Write atomically (a crash never leaves half a file, and the temporary files of a write
    killed earlier are removed: `record.write_json`); `CampaignError` if it cannot."""
    try:
        write_json(path, cf.to_json())
    except OSError as e:
        raise CampaignError(f"cannot write the campaign file {path}: {e}") from None


class CampaignSession(Session):
    """A terminal session whose game is a campaign's chapter: every answer is saved into the
    campaign file, and leaving says how to continue the campaign."""

    def __init__(self, *args: Any, path: Path, cf: CampaignFile, game: str, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.path, self.cf, self.game = path, cf, game

    def keep(self) -> None:
        self.cf.current = self.table.record()
        write(self.path, self.cf)

    def seed_line(self) -> str:
        # a chapter's seed comes from the campaign's: --seed starts a new campaign only
        return (
            f"Chapter seed {self.state.seed}, from the campaign's seed (the same deals again: "
            "a new campaign with the same --seed)."
        )

    def continue_hint(self) -> str:
        return f"continue it with: tabletop campaign {self.game} {self.path}"

    def farewell(self, ended: bool) -> None:
        self.say(
            f"The campaign is saved in {self.path}, this chapter with it; {self.continue_hint()}"
        )

    def saved_note(self) -> str:
        return f"the campaign is saved in {self.path}: {self.continue_hint()}"


def _replace_options(
    record: CampaignRecord, mod: ModuleType, options: dict[str, str]
) -> CampaignRecord:
    """The record with `options` laid over every chapter not played yet."""
    for key in mod.CAMPAIGN_OPTIONS:
        if key in options:
            raise CampaignError(f"option {key!r} is set by the campaign: leave it out")
    done = len(record.played)
    chapters = [
        c if i < done else Chapter(c.players, c.seed, {**c.options, **options})
        for i, c in enumerate(record.chapters)
    ]
    return CampaignRecord(record.game, chapters, record.start, list(record.played))


def _open(
    game: str,
    path: Path,
    mod: ModuleType,
    players: int | None,
    seed: int | None,
    options: dict[str, str],
) -> tuple[CampaignFile, Campaign]:
    if not path.exists():
        from tabletop.ui.commands import random_seed

        seed = random_seed() if seed is None else seed
        if players is None:  # --players 0 is refused by the game, not taken for the default
            players = getattr(mod, "DEFAULT_PLAYERS", DEFAULT_PLAYERS)
        campaign = mod.new_campaign(players, seed, options)
        campaign.start()  # the first chapter's options are valid
        return CampaignFile(campaign.record(), None, None), campaign
    cf = read(path)
    record = cf.record
    if record.game != game:
        raise CampaignError(f"{path} is a campaign of {clip(record.game)}, not of {game}")
    model = getattr(mod, "CARRIED", None)
    if model is not None:  # the game's part of the file: what it carries, checked whole
        try:
            check_carry_overs(record, model)
        except RecordError as e:
            raise RecordError(f"{path}: {e}") from None
    first = record.chapters[0] if record.chapters else None
    if first is not None and players is not None and players != first.players:
        raise CampaignError(f"the campaign in {path} is for {plural(first.players, 'player')}")
    if seed is not None:
        raise CampaignError(f"the campaign in {path} has its seeds already: leave --seed out")
    if options:
        if cf.current is not None:
            raise CampaignError(
                "a chapter is in progress: options change between chapters only "
                f"(play it on with: tabletop campaign {game} {path})"
            )
        record = _replace_options(record, mod, options)
        cf.record = record
    campaign = Campaign.resume(record, carry=mod.carry, model=model)
    if not campaign.is_over:
        campaign.start()  # the next chapter's options are valid
    return cf, campaign


def run_campaign(
    game: str,
    path: Path,
    players: int | None,
    seats: str | None,
    seed: int | None,
    options: dict[str, str],
    prefs: list[str] | None = None,
) -> int:
    """`tabletop campaign GAME FILE`: see the module's doc. Returns the exit status."""
    mod = campaign_module(game)
    console = make_console()
    new = not path.exists()
    cf, campaign = _open(game, path, mod, players, seed, options)
    if seats is not None:
        cf.seats = seats
    title = registry.get(game).title
    n, total = campaign.chapter, len(campaign.chapters)
    verb = "New campaign" if new else "Campaign"
    console.print(Text(f"{verb} of {title} in {path}: {n} of {total} chapters played.", "bold"))
    for line in mod.describe(campaign.carried):
        console.print(Text("  " + line))
    if campaign.is_over:
        write(path, cf)
        console.print(Text("The campaign is over: every chapter is played."))
        return 0
    start = campaign.start()
    state = start
    log_from = 0
    if cf.current is not None:
        if not cf.current.digests or cf.current.digests[0] != digest(start):
            raise RecordError(f"{path}: the chapter in progress is not chapter {n + 1}'s game")
        state = replay(cf.current, verify=True)
        log_from = max(0, len(state.log or []) - 20)
    chapter = campaign.chapters[n]
    on = choose(game, prefs or [])
    agents, specs = make_seats(game, chapter.players, cf.seats, chapter.seed)
    write(path, cf)  # seats and preferences are good: the campaign may be kept
    key = getattr(mod, "CHAPTER_OPTION", "adventure")  # the option naming a chapter
    adventure = str(campaign.options().get(key, ""))
    console.print(Text(f"Chapter {n + 1} of {total}: {mod.title(adventure)}", "bold"))
    session = CampaignSession(
        state,
        agents,
        specs,
        console,
        stdin_text(),
        log_from=log_from,
        prefs=on,
        path=path,
        cf=cf,
        game=game,
    )
    code = 0 if state.is_over else session.run()
    state = session.state
    if not state.is_over:
        return code
    carried = campaign.finish(state)
    cf.record, cf.current = campaign.record(), None
    write(path, cf)
    console.print(Text(f"Chapter {n + 1} is over; the campaign is saved in {path}.", "bold"))
    for line in mod.describe(carried)[-2:]:
        console.print(Text("  " + line))
    if not campaign.is_over:
        nxt = campaign.chapters[campaign.chapter].options.get(key, "")
        console.print(Text(f"Next: {mod.title(str(nxt))}: tabletop campaign {game} {path}"))
    return code


__all__ = ["CampaignFile", "campaign_module", "read", "run_campaign", "write"]
