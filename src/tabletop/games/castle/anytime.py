"""The windows "at any time" outside Combat (castle.agent.any-time): Skills, Treasure effects
and Allies may be used, and Treasures burnt, at any time, unless an effect needs a phase of its
own (General FAQ, "Skills, Treasures, and Allies?"; Burning Treasure). Outside Combat and the
trading window after a phase (`trade.py`), the phases offer them here:

- the Event Phase, once the card is drawn and before the Decision cards are picked (the
  Agents know its front only), and again once the outcomes are resolved and before the End
  Event (the card is turned over: its End Event is known): window `event`, so Sera's Evasion,
  the Lantern, the Smoke Bomb, Von Loghan's Monocle and The Ghost Child can change the summon;
- the Refresh Phase, once cooldowns and exhausted cards are refreshed and before the Refresh
  actions are chosen: window `refresh` (Brannoc's Field Repairs, the Star Map).

Each window also offers what works at any time (`any`) or outside Combat, and burning. Every
Agent of the phase (every voter of the Event, every Agent refreshing) who has something to use
is asked, together and openly (a PARALLEL ask); one with nothing to use is not asked, and the
log says it passes (castle.interpret.window-asks: everything an Agent holds is public, so
whom a window asks tells nothing hidden, as in Combat). An Agent acts until it says `done`;
the window allows `trade.WINDOW_ACTIONS` actions per Agent in it
(castle.interpret.window-limit).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from tabletop.engine.decision import PARALLEL, Ask, Decision, Option
from tabletop.engine.events import Event
from tabletop.engine.flow import push
from tabletop.games.castle import abilities
from tabletop.games.castle.cards import who
from tabletop.games.castle.labels import labelled
from tabletop.games.castle.space import OPT

if TYPE_CHECKING:
    from tabletop.games.castle.rules import CastleState

WINDOW_ACTIONS = 8  # as trade.WINDOW_ACTIONS: actions per Agent a window allows
PROMPT = {
    "vote": "before the Decision cards are picked",
    "end": "before the End Event",
    "refresh": "before the Refresh actions",
}
WINDOW = {"vote": "event", "end": "event", "refresh": "refresh"}


def window(s: CastleState, when: str, seats: tuple[int, ...]) -> list[object]:
    """The window `when` ('vote', 'end', 'refresh') for the standing Agents of `seats`, as
    steps to push (none when no Agent is standing)."""
    standing = tuple(p for p in seats if s.health[s.pool(p)] > 0)
    return [OpenAnytime(when, standing, WINDOW_ACTIONS * len(standing))] if standing else []


def options(s: CastleState, seat: int, when: str, left: int) -> tuple[Option, ...]:
    opts = abilities.options(s, seat, WINDOW[when]) if left > 0 else []
    return (*opts, OPT["done"])


def passes(seats: list[int]) -> str:
    """`A2 has`, `A2 and A3 have`, `A1, A2 and A4 have`: who passes a window."""
    names = [who(p) for p in seats]
    if len(names) == 1:
        return f"{names[0]} has"
    return f"{', '.join(names[:-1])} and {names[-1]} have"


class _Anytime(NamedTuple):
    when: str  # 'vote', 'end' or 'refresh'
    seats: tuple[int, ...]
    left: int  # actions the window still allows (castle.interpret.window-limit)


class OpenAnytime(_Anytime):
    """Open the window for the Agents of `seats` who have something to use now; each of the
    others passes, and the log says so (castle.interpret.window-asks)."""

    __slots__ = ()
    auto = True
    rule = "castle.agent.any-time"

    def run(self, s: CastleState) -> None:
        if s.result is not None:
            return
        per = {}
        for p in self.seats:
            opts = options(s, p, self.when, self.left)
            if len(opts) > 1:
                per[p] = opts
        passing = [p for p in self.seats if p not in per]
        if passing:
            s.emit(Event(self.rule, f"{passes(passing)} nothing to use {PROMPT[self.when]}"))
        if per:
            # the options worked out here are handed on to the question, asked at once
            # (issue 26)
            question = Anytime(self.when, tuple(per), self.left)
            push(s, question)
            abilities.hand_on(s, question, per)


class Anytime(_Anytime):
    """Every Agent of the phase may use what works now, openly, until it is done."""

    __slots__ = ()
    auto = False
    rule = "castle.agent.any-time"

    def ask(self, s: CastleState) -> Decision:
        text = PROMPT[self.when]
        made = abilities.handed(s, self)
        asks = tuple(
            Ask(
                "anytime",
                f"{who(p)}: use a Skill, Treasure or Ally, or burn a Treasure {text}, or done",
                made[p] if made is not None else options(s, p, self.when, self.left),
                self.rule,
            )
            for p in self.seats
        )
        return labelled(
            s,
            Decision(
                self.seats,
                "anytime",
                f"Skills, Treasures and Allies {text}",
                asks[0].options,
                self.rule,
                PARALLEL,
                asks,
            ),
        )

    def answer(self, s: CastleState, player: int, option: Option) -> None:
        if option.id == "done":
            rest = tuple(p for p in self.seats if p != player)
            if rest and s.result is None:
                push(s, OpenAnytime(self.when, rest, self.left))
            return
        push(s, OpenAnytime(self.when, self.seats, self.left - 1))
        abilities.use(s, player, option, WINDOW[self.when])


__all__ = ["Anytime", "OpenAnytime", "window"]
