"""Quests of the Librarian: what each artifact ability does, in one place per ability.

Artifacts are data (content/artifacts.toml); an ability that is an action of the Action phase
(`Flip`, `Action:`) has one handler here, registered under its ability id with its rule id.
Passive abilities (Bonus, hand sizes, the Spear's Fate bonus, Medusa's immunity, "also counts
as", Limited Meld) are numbers the rules read where they apply, and are declared plain. A test
checks that every ability in the content is one or the other.
"""

from __future__ import annotations

from tabletop.engine.decision import Decision, Option
from tabletop.engine.events import Event
from tabletop.engine.flow import push
from tabletop.engine.handlers import Handlers
from tabletop.games.quests import rules as R
from tabletop.games.quests import steps as S  # (partly loaded here: read at call time)
from tabletop.games.quests.rules import OnePlayer, QuestsState, who

ACTIONS = Handlers("quests.artifact")
# read where they apply: rules.victory_value, hand_limit, Fate, Foe targets, can_meld
ACTIONS.plain("also", "bonus", "fate-bonus", "foe-immunity", "hand-size", "opponent-hand-size")
ACTIONS.plain("limited-meld")


@ACTIONS.handler("flip", rule="quests.artifact.flip")
def flip(s: QuestsState, p: int, card: int) -> None:
    """Turn over the top Action card: keep it if it is of the artifact's suits."""
    top = s._draw_card("quests.artifact.flip")
    assert top is not None
    s.move(top, R.DECK, R.REVEALED, "quests.artifact.flip", "{card} is turned over")
    if s.t.suit[top] in s.t.flip[card]:
        s.flow.append(FlipKeep(p))
    else:
        s.move(
            top,
            R.REVEALED,
            R.DISCARD_PILE,
            "quests.artifact.flip",
            "{card} does not match and is discarded",
        )


@ACTIONS.handler("look-artifact-deck", rule="quests.artifact.hg-wells")
def look_artifact_deck(s: QuestsState, p: int, card: int) -> None:
    top = s.zones.cards[R.ADECK][-1]
    s.zones.learn(p, [top])
    if s.log is not None:
        s.emit(
            Event(
                "quests.artifact.hg-wells",
                f"{who(p)} looks at the next artifact",
                player=p,
                secret=f"{who(p)} sees the next artifact: {R.NAMES[top]}",
                seen_by=1 << p,
            )
        )


@ACTIONS.handler("look-hand", rule="quests.artifact.crystal-skull")
def look_hand(s: QuestsState, p: int, card: int) -> None:
    push(s, S.Target(-1, p))  # whose hand: then the look, with no Escape window


@ACTIONS.handler("swap-card", rule="quests.artifact.book-of-solomon")
def swap_card(s: QuestsState, p: int, card: int) -> None:
    s.flow.append(Swap(p))


@ACTIONS.handler("look-action-deck", rule="quests.artifact.tree-of-knowledge")
def look_action_deck(s: QuestsState, p: int, card: int) -> None:
    s._look_deck(p, s.art(card).amount, "quests.artifact.tree-of-knowledge")


class FlipKeep(OnePlayer):
    """quests.artifact.flip: the turned card matches: keep it or discard it."""

    __slots__ = ()
    auto = False
    rule = "quests.artifact.flip"

    def ask(self, s: QuestsState) -> Decision:
        name = R.NAMES[s.zones.cards[R.REVEALED][-1]]
        return Decision(
            (self.player,),
            "flip-keep",
            f"{who(self.player)}: keep {name}?",
            (R.KEEP, R.TOSS),
            self.rule,
        )

    def answer(self, s: QuestsState, p: int, option: Option) -> None:
        card = s.zones.cards[R.REVEALED][-1]
        if option is R.KEEP:
            s.move(card, R.REVEALED, s.hand(p), self.rule, f"{who(p)} keeps {{card}}")
        else:
            s.move(card, R.REVEALED, R.DISCARD_PILE, self.rule, "{card} is discarded")


class Swap(OnePlayer):
    """quests.artifact.book-of-solomon: discard a card, then draw one."""

    __slots__ = ()
    auto = False
    rule = "quests.artifact.book-of-solomon"

    def ask(self, s: QuestsState) -> Decision:
        counts = s.suit_count(self.player)
        return Decision(
            (self.player,),
            "swap-discard",
            f"{who(self.player)}: discard a card to draw one",
            tuple(R.DISCARD[x] for x in range(8) if counts[x]),
            self.rule,
        )

    def answer(self, s: QuestsState, p: int, option: Option) -> None:
        s._discard_suit(p, option.arg, self.rule)
        s._draw_to_hand(p, self.rule)
