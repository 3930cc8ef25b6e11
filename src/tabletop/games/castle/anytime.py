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

Each window also offers what works at any time (`any`) or outside Combat, and burning. It
follows the kernel's window policy: every Agent of the phase (every voter of the Event,
every Agent refreshing) is asked by position, together and openly (a PARALLEL ask), whether or
not it holds anything; one with nothing to use has the single option `done`. An Agent acts
until it says `done`; the window allows `trade.WINDOW_ACTIONS` actions per Agent in it
(castle.interpret.window-limit).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from tabletop.engine.decision import PARALLEL, Ask, Decision, Option
from tabletop.engine.flow import push
from tabletop.games.castle import abilities
from tabletop.games.castle.cards import who
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
    return [Anytime(when, standing, WINDOW_ACTIONS * len(standing))] if standing else []


def options(s: CastleState, seat: int, when: str, left: int) -> tuple[Option, ...]:
    opts = abilities.options(s, seat, WINDOW[when]) if left > 0 else []
    return (*opts, OPT["done"])


class _Anytime(NamedTuple):
    when: str  # 'vote', 'end' or 'refresh'
    seats: tuple[int, ...]
    left: int  # actions the window still allows (castle.interpret.window-limit)


class Anytime(_Anytime):
    """Every Agent of the phase may use what works now, openly, until it is done."""

    __slots__ = ()
    auto = False
    rule = "castle.agent.any-time"

    def ask(self, s: CastleState) -> Decision:
        text = PROMPT[self.when]
        asks = tuple(
            Ask(
                "anytime",
                f"{who(p)}: use a Skill, Treasure or Ally, or burn a Treasure {text}, or done",
                options(s, p, self.when, self.left),
                self.rule,
            )
            for p in self.seats
        )
        return Decision(
            self.seats,
            "anytime",
            f"Skills, Treasures and Allies {text}",
            asks[0].options,
            self.rule,
            PARALLEL,
            asks,
        )

    def answer(self, s: CastleState, player: int, option: Option) -> None:
        if option.id == "done":
            rest = tuple(p for p in self.seats if p != player)
            if rest and s.result is None:
                push(s, Anytime(self.when, rest, self.left))
            return
        push(s, Anytime(self.when, self.seats, self.left - 1))
        abilities.use(s, player, option, WINDOW[self.when])


__all__ = ["Anytime", "window"]
