"""Quests of the Librarian: the Meld and End phases of the turn (`steps.TURN`): each player in
turn melds artifacts (a Limited meld asks which cards make it), then every hand over its limit
discards down to it. Step kinds as in `steps.py`.
"""

from __future__ import annotations

from typing import NamedTuple

from tabletop.engine.decision import ONE, Decision, Option
from tabletop.engine.events import Event
from tabletop.engine.flow import NoFields, push
from tabletop.games.quests import texts
from tabletop.games.quests.rules import (
    DISCARD,
    HOLD,
    MELD,
    NAMES,
    NUM_ACTION,
    PASS,
    PASS_ONLY,
    PRIZE,
    SUITS,
    USE_AS,
    OnePlayer,
    QuestsState,
    who,
)


# -- the Meld and End phases --------------------------------------------------------------
class MeldPhase(NoFields):
    """quests.meld.make: from the Leader, each may meld; the first meld claims the Prize."""

    __slots__ = ()
    auto = True
    rule = "quests.meld.make"

    def run(self, s: QuestsState) -> None:
        s.phase = "meld"
        s.flow.append(MeldTurn(s.leader, 0))


class _PlayerPasses(NamedTuple):
    player: int
    passes: int


class MeldTurn(_PlayerPasses):
    __slots__ = ()
    auto = False
    rule = "quests.meld.make"

    def ask(self, s: QuestsState) -> Decision:
        p = self.player
        prompt = f"{who(p)}: make a meld for the Prize, {NAMES[s.zones.cards[PRIZE][-1]]}?"
        opts = (MELD, PASS) if s.can_meld(p) else PASS_ONLY  # the meld first: it is why you ask
        return tuple.__new__(Decision, ((p,), "meld", prompt, opts, self.rule, ONE, None))

    def answer(self, s: QuestsState, p: int, option: Option) -> None:
        if option is PASS:
            if self.passes + 1 < s.num_players:
                s.flow.append(MeldTurn(s._next_player(p), self.passes + 1))
            return
        s.flow.append(LimitedMeld(p, tuple(s._unused_limited(p)), ()))


class _LimitedFields(NamedTuple):
    player: int
    todo: tuple[int, ...]  # Limited Meld artifacts still to decide on
    plan: tuple[tuple[int, int], ...]  # (artifact card, suit) placed in the meld so far


class LimitedMeld(_LimitedFields):
    """quests.artifact.limited-meld: each unused Limited Meld artifact may stand for a
    missing suit, once per game (quests.interpret.limited-meld); then the meld is made."""

    __slots__ = ()
    rule = "quests.artifact.limited-meld"

    @property
    def auto(self) -> bool:
        return not self.todo

    def run(self, s: QuestsState) -> None:
        meld(s, self.player, self.plan)

    def ask(self, s: QuestsState) -> Decision:
        p, todo, plan = self
        c = todo[0]
        covered = {x for _, x in plan}
        rest = list(todo[1:])
        opts = []
        if s.can_meld(p, plan, rest):
            opts.append(HOLD)
        for x in s.t.limited[c]:
            if x not in covered and s.can_meld(p, (*plan, (c, x)), rest):
                opts.append(USE_AS[x])
        return Decision(
            (p,),
            "limited-meld",
            f"{who(p)}: use {NAMES[c]} (Limited Meld, once per game) in this meld?",
            tuple(opts),
            self.rule,
        )

    def answer(self, s: QuestsState, p: int, option: Option) -> None:
        plan = self.plan if option is HOLD else (*self.plan, (self.todo[0], option.arg))
        s.flow.append(LimitedMeld(p, self.todo[1:], plan))


def meld(s: QuestsState, p: int, plan: tuple[tuple[int, int], ...]) -> None:
    """quests.meld.first-claims: one card of each suit is discarded (Limited Meld artifacts
    standing in for some) and the Prize is claimed; the Meld phase is over."""
    z = s.zones
    covered = {x for _, x in plan}
    for c, x in plan:
        s.limited_used |= 1 << (c - NUM_ACTION)
        if s.log is not None:
            s.emit(
                Event(
                    "quests.artifact.limited-meld",
                    f"{who(p)} uses {NAMES[c]} as the {SUITS[x].title()} card of the meld",
                )
            )
    for x in range(8):
        if x not in covered:
            s._discard_suit(p, x, "quests.meld.discard")
    prize = z.cards[PRIZE][-1]
    s.move(
        prize,
        PRIZE,
        s.library(p),
        "quests.meld.first-claims",
        f"{who(p)} melds and claims {{card}}",
    )
    value = s.victory_value(p)
    if value >= s.opts.target:
        s._finish("quests.victory.artifacts", f"{who(p)} holds {value} artifacts", winner=p)
        return
    have = f"{who(p)} now has {value} of the {s.opts.target} artifacts needed to win; "
    s._new_prize("quests.meld.new-prize", have)


class EndPhase(NoFields):
    """quests.end.hand-limit: from the Leader round the table, players over their hand limit
    discard down to it (quests.interpret.hand-limit)."""

    __slots__ = ()
    auto = True
    rule = "quests.end.hand-limit"

    def run(self, s: QuestsState) -> None:
        s.phase = "end"
        s.flow.append(HandLimits(s.leader))


class HandLimits(OnePlayer):
    """Look for the next player, from `player` up to the Leader, over the hand limit."""

    __slots__ = ()
    auto = True
    rule = "quests.end.hand-limit"

    def run(self, s: QuestsState) -> None:
        p = self.player
        while True:
            if len(s.zones.cards[s.hand(p)]) > s.hand_limit(p):
                push(s, HandLimit(p), HandLimits(p))
                return
            p = s._next_player(p)
            if p == s.leader:
                return


class HandLimit(OnePlayer):
    __slots__ = ()
    auto = False
    rule = "quests.end.hand-limit"

    def ask(self, s: QuestsState) -> Decision:
        p = self.player
        counts = s.suit_count(p)
        return Decision(
            (p,),
            "hand-limit",
            texts.hand_limit_prompt(p, sum(counts), s.hand_limit(p)),
            tuple(DISCARD[x] for x in range(8) if counts[x]),
            self.rule,
        )

    def answer(self, s: QuestsState, p: int, option: Option) -> None:
        s._discard_suit(p, option.arg, self.rule)
