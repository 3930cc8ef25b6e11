"""Quests of the Librarian: the turn as steps on the kernel's flow stack (engine/flow.py).

The turn is a declared procedure, read like the rulebook's turn summary (the Meld and End
phases are in `meld.py`):

    TURN = (Fate, InitiativeRoll(everyone), SettleInitiative, Adventure, ActionPhase,
            MeldPhase, EndPhase, EndTurn)

Initiative modifications and the Action phase are priority windows (engine/windows.py): round
the table until everyone passes in a row. A card played for its ability asks its target, then
opens an Escape window, a reaction window whose chain of Escapes decides whether the card
stands. Each step kind is one small class: an automatic one `run`s, a question `ask`s and is
`answer`ed. Where the rulebook is silent the interpretation ids (docs/rules/quests.md) say
what was decided.
"""

from __future__ import annotations

from typing import NamedTuple

from tabletop.engine.decision import ONE, SECRET, Ask, Decision, Option
from tabletop.engine.events import DiceRolled, Event, PhaseStarted
from tabletop.engine.flow import NoFields, clockwise, push
from tabletop.engine.windows import Priority, Reaction
from tabletop.games.quests import artifacts, texts
from tabletop.games.quests.meld import EndPhase, MeldPhase
from tabletop.games.quests.rules import (
    COMPANION,
    DANGER,
    DECK,
    DISCARD_PILE,
    ESCAPE,
    ESCAPES_TEXT,
    FATE,
    FIRST_HAND,
    FOE,
    KNOWLEDGE,
    KNOWLEDGE_LOOK,
    LOCATION,
    NUM_ACTION,
    PASS,
    PASS_ONLY,
    PASS_OR_ESCAPE,
    PICK,
    PLAY,
    PLAYS_TEXT,
    PRIZE,
    PUZZLE,
    SUITS,
    TAKES_TEXT,
    TARGET,
    TRAVEL,
    USE_ART,
    WINDOW_PROMPT,
    OnePlayer,
    QuestsState,
    cards_word,
    who,
)


# -- the turn ---------------------------------------------------------------------------------
class Fate(NoFields):
    """quests.fate.roll, quests.fate.flip: the Fate roller rolls; that many cards turn up."""

    __slots__ = ()
    auto = True
    rule = "quests.fate.roll"

    def run(self, s: QuestsState) -> None:
        s.turn += 1
        if s.log is not None:
            limit = s.opts.turn_limit
            last = " (the last turn: the turn limit)" if limit and s.turn == limit else ""
            s.emit(PhaseStarted("quests.turn.phases", f"Turn {s.turn} begins{last}", phase="fate"))
        s.phase = "fate"
        roll = s.rng.die()
        bonus = sum(a for c, a in s.t.fate_bonus.items() if s.owns(s.roller, c))
        fate = roll + s.num_players + bonus
        if s.log is not None:
            s.emit(
                DiceRolled(
                    "quests.fate.roll",
                    f"{who(s.roller)} rolls {roll} for Fate"
                    + (f" (+{bonus} Spear of Destiny)" if bonus else "")
                    + f": {cards_word(fate, 'Fate card')}",
                    player=s.roller,
                    value=roll,
                )
            )
        for turned in range(fate):
            card = s._draw_card("quests.fate.flip")
            if card is None:
                if s.log is not None:
                    s.emit(
                        Event(
                            "quests.fate.flip",
                            f"Only {cards_word(turned, 'Action card')} "
                            + ("was" if turned == 1 else "were")
                            + " left to turn over",
                        )
                    )
                break
            s.move(card, DECK, FATE, "quests.fate.flip", "{card} is turned over as a Fate card")


class _Everyone(NamedTuple):
    everyone: bool


class InitiativeRoll(_Everyone):
    """quests.initiative.roll: every player still in the running rolls (everyone, or the tied
    players after a tie); then the modification window opens round the table from the Fate
    roller (quests.interpret.initiative-order, quests.interpret.initiative-tie)."""

    __slots__ = ()
    auto = True
    rule = "quests.initiative.roll"

    def run(self, s: QuestsState) -> None:
        s.phase = "initiative"
        if self.everyone:
            s.contenders = (1 << s.num_players) - 1
        for p in range(s.num_players):
            if (s.contenders >> p) & 1:
                s.rolls[p] = v = s.rng.die()
                if s.log is not None:
                    s.emit(
                        DiceRolled(
                            "quests.initiative.roll",
                            f"{who(p)} rolls {v} for Initiative",
                            player=p,
                            value=v,
                        )
                    )
        s.flow.append(Modify(clockwise(s.roller, s.num_players)))


class Modify(Priority):
    """quests.initiative.modify: play a Travel (+1 to your own die, only while it is in the
    running) or a Companion (re-roll a die in the running), or pass."""

    __slots__ = ()
    kind = "initiative"
    rule = "quests.initiative.modify"

    def prompt(self, s: QuestsState, p: int) -> str:
        if s.log is None:  # a simulation's copy: nobody reads it (see texts)
            return texts.INITIATIVE_PROMPT
        return texts.initiative_prompt(s, p)

    def options(self, s: QuestsState, p: int) -> tuple[Option, ...]:
        counts = s.suit_count(p)
        opts = [PASS]
        if counts[TRAVEL] and (s.contenders >> p) & 1:  # +1 only to a die still rolling
            opts.append(PLAY[TRAVEL])
        if counts[COMPANION]:
            opts.append(PLAY[COMPANION])
        return tuple(opts)

    def act(self, s: QuestsState, p: int, option: Option) -> None:
        play_card(s, p, option.arg, -1 if option.arg == TRAVEL else None)


class SettleInitiative(NoFields):
    """quests.initiative.leader, quests.initiative.tie: the highest roll leads; tied highest
    rolls roll again among themselves."""

    __slots__ = ()
    auto = True
    rule = "quests.initiative.leader"

    def run(self, s: QuestsState) -> None:
        contenders = [p for p in range(s.num_players) if (s.contenders >> p) & 1]
        best = max(s.rolls[p] for p in contenders)
        top = [p for p in contenders if s.rolls[p] == best]
        if len(top) > 1:
            s.contenders = sum(1 << p for p in top)
            if s.log is not None:
                s.emit(
                    Event(
                        "quests.initiative.tie",
                        "Tie for Leader between "
                        + ", ".join(who(p) for p in top)
                        + ": they roll again",
                    )
                )
            push(s, InitiativeRoll(False), SettleInitiative())
            return
        s.leader = top[0]
        if s.log is not None:
            s.emit(Event("quests.initiative.leader", f"{who(s.leader)} is the Leader"))


class Adventure(NoFields):
    """quests.adventure.pick: from the Leader round the table, each takes a Fate card until
    none is left (quests.interpret.fate-picks)."""

    __slots__ = ()
    auto = True
    rule = "quests.adventure.pick"

    def run(self, s: QuestsState) -> None:
        s.phase = "adventure"
        if not s.zones.cards[FATE]:
            # The Action deck and its discard pile were both empty: no Fate card to take.
            if s.log is not None:
                s.emit(Event("quests.adventure.no-fate", "There are no Fate cards to take"))
            return
        s.flow.append(Pick(s.leader))


class Pick(OnePlayer):
    __slots__ = ()
    auto = False
    rule = "quests.adventure.pick"

    def ask(self, s: QuestsState) -> Decision:
        fate = s.zones.cards[FATE]
        opts = tuple([PICK[c] for c in sorted(fate)])
        # (tuple.__new__: asked at almost every answer)
        d = ((self.player,), "adventure", "Take a Fate card", opts, self.rule, ONE, None)
        return tuple.__new__(Decision, d)

    def answer(self, s: QuestsState, player: int, option: Option) -> None:
        s.move(option.arg, FATE, FIRST_HAND + player, self.rule, TAKES_TEXT[player])
        if s.zones.cards[FATE]:
            s.flow.append(Pick(s._next_player(player)))


class ActionPhase(NoFields):
    """quests.action.turns: from the Leader, play one Action card or artifact ability at a
    time, or pass, until everyone passes in a row."""

    __slots__ = ()
    auto = True
    rule = "quests.action.turns"

    def run(self, s: QuestsState) -> None:
        s.phase = "action"
        s.used = 0
        if s.log is not None:
            s.emit(PhaseStarted("quests.action.turns", "The Action phase begins", phase="action"))
        s.flow.append(ActionTurns(clockwise(s.leader, s.num_players)))


ACTION_PROMPT = "Play an Action card, use an artifact, or pass"


class ActionTurns(Priority):
    __slots__ = ()
    kind = "action"
    rule = "quests.action.turns"

    def ask(self, s: QuestsState) -> Decision:
        p = self.order[self.at]
        opts = s._action_options(p)
        d = ((p,), "action", ACTION_PROMPT, opts, "quests.action.turns", ONE, None)
        return tuple.__new__(Decision, d)  # (asked at almost every answer)

    def act(self, s: QuestsState, p: int, option: Option) -> None:
        if option.id in USE_ART_IDS:
            card = option.arg
            s.used |= 1 << (card - NUM_ACTION)
            a = s.art(card)
            if s.log is not None:
                s.emit(Event("quests.artifact.action", f"{who(p)} uses {a.name}", player=p))
            artifacts.ACTIONS[a.ability](s, p, card)
            return
        suit = option.arg
        play_card(s, p, suit, -1 if suit in (KNOWLEDGE, PUZZLE) else None)


USE_ART_IDS = frozenset(o.id for o in USE_ART.values())


# -- playing a card: its target, the Escape window, its effect --------------------------------
def play_card(s: QuestsState, p: int, suit: int, target: int | None) -> None:
    """`p` plays (discards) a card of `suit` for its ability: its target first if it needs
    one (None), then the Escape window."""
    card = s._card_of_suit(p, suit)
    s.move(
        card,
        FIRST_HAND + p,
        DISCARD_PILE,
        "quests.action.play",
        PLAYS_TEXT[p][suit],
    )
    if target is None:
        s.flow.append(Target(suit, p))
    else:
        s.flow.append(Escape((p,), (suit, p, target), s.num_players))


class _SuitPlayer(NamedTuple):
    suit: int  # the suit played, or -1 for the Crystal Skull
    player: int


VERBS = {
    COMPANION: "whose die is re-rolled",
    LOCATION: "whose hand you look at",
    DANGER: "who discards a random card",
    FOE: "whom you steal a random card from",
    -1: "whose hand you look at",
}


class Target(_SuitPlayer):
    """quests.action.target: who the card (or the Crystal Skull) is aimed at
    (quests.interpret.targets, quests.interpret.companion-target)."""

    __slots__ = ()
    auto = False
    rule = "quests.action.target"

    def ask(self, s: QuestsState) -> Decision:
        suit, p = self
        targets = s._target_choices(suit if suit >= 0 else LOCATION, p)
        opts = tuple([TARGET[q] for q in targets])
        d = ((p,), "target", f"{who(p)}: choose {VERBS[suit]}", opts, self.rule, ONE, None)
        return tuple.__new__(Decision, d)  # (asked at almost every card played)

    def answer(self, s: QuestsState, player: int, option: Option) -> None:
        suit, p = self
        if suit < 0:  # the Crystal Skull: no Escape answers an artifact
            s._look_hand(p, option.arg, "quests.artifact.crystal-skull")
            return
        s.flow.append(Escape((p,), (suit, p, option.arg), s.num_players))


class Escape(Reaction):
    """quests.escape.negate, quests.escape.chain: everyone else may negate the card just
    played with an Escape, and an Escape with another; asked of all at once, holders or not
    (quests.interpret.escape-window, quests.interpret.escape-simultaneous)."""

    __slots__ = ()
    kind = "escape"
    rule = "quests.escape.negate"

    def prompt(self, s: QuestsState) -> str:
        if s.log is None:  # a simulation's copy: nobody reads it (see texts)
            return WINDOW_PROMPT[self.about[0] if len(self.chain) == 1 else ESCAPE]
        return texts.escape_summary(s, self.about, self.chain)

    def ask(self, s: QuestsState) -> Decision:
        """Everyone's question names the card, who played it and at whom (`texts`)."""
        d = Reaction.ask(self, s)
        if d.asks is None or s.log is None:
            return d
        asks = tuple(
            [
                tuple.__new__(
                    Ask,
                    (a.kind, texts.escape_prompt(s, self.about, self.chain, q), a.options, a.rule),
                )
                for q, a in zip(d.players, d.asks, strict=True)
            ]
        )
        return tuple.__new__(
            Decision, (d.players, d.kind, d.prompt, d.options, d.rule, SECRET, asks)
        )

    def options(self, s: QuestsState, q: int) -> tuple[Option, ...]:
        hand = s.zones.cards[FIRST_HAND + q]
        return PASS_OR_ESCAPE if ESCAPE in map(s.t.suit.__getitem__, hand) else PASS_ONLY

    def every_option(
        self, s: QuestsState, per: tuple[tuple[Option, ...], ...]
    ) -> tuple[Option, ...]:
        return PASS_OR_ESCAPE  # (what a spectator sees asked: the same whoever holds one)

    def respond(self, s: QuestsState, q: int) -> None:
        s.move(
            s._card_of_suit(q, ESCAPE),
            FIRST_HAND + q,
            DISCARD_PILE,
            "quests.escape.negate",
            ESCAPES_TEXT[q],
        )

    def close(self, s: QuestsState) -> None:
        suit, p, target = self.about
        if self.answered:
            if s.log is not None:
                s.emit(
                    Event(
                        "quests.escape.chain", f"{who(p)}'s {SUITS[suit].title()} card is negated"
                    )
                )
        else:
            resolve(s, suit, p, target)


def resolve(s: QuestsState, suit: int, p: int, target: int) -> None:
    """The card stands: its ability happens."""
    z = s.zones
    if suit == TRAVEL:
        s.rolls[p] += 1
        if s.log is not None:
            s.emit(Event("quests.initiative.travel", f"{who(p)}'s Initiative is now {s.rolls[p]}"))
    elif suit == COMPANION:
        s.rolls[target] = v = s.rng.die()
        if s.log is not None:
            s.emit(
                DiceRolled(
                    "quests.initiative.companion",
                    f"{who(target)} re-rolls: {v}",
                    player=target,
                    value=v,
                )
            )
    elif suit == LOCATION:
        s._look_hand(p, target, "quests.action.location")
    elif suit == DANGER:
        hand = z.cards[s.hand(target)]
        if hand:
            card = hand[s.rng.below(len(hand))]
            s.move(
                card,
                s.hand(target),
                DISCARD_PILE,
                "quests.action.danger",
                f"{who(target)} discards {{card}} at random",
            )
    elif suit == FOE:
        hand = z.cards[s.hand(target)]
        if hand:
            card = hand[s.rng.below(len(hand))]
            s.move(
                card,
                s.hand(target),
                s.hand(p),
                "quests.action.foe",
                f"{who(p)} steals a card from {who(target)}",
                f"{who(p)} steals {{card}} from {who(target)}",
                witnesses=(1 << p) | (1 << target),
            )
    elif suit == KNOWLEDGE:
        s._look_deck(p, KNOWLEDGE_LOOK, "quests.action.knowledge")
    elif suit == PUZZLE:
        s._draw_to_hand(p, "quests.action.puzzle")


class EndTurn(NoFields):
    """quests.interpret.game-end: the game ends when no Prize can be turned up or at the turn
    limit; otherwise the Leader rolls for Fate next turn (quests.interpret.fate-roller)."""

    __slots__ = ()
    auto = True
    rule = "quests.victory.turn-limit"

    def run(self, s: QuestsState) -> None:
        limit = s.opts.turn_limit
        if not s.zones.cards[PRIZE]:
            s._finish("quests.victory.artifact-deck-out", "the Artifact deck ran out")
        elif limit and s.turn >= limit:
            s._finish("quests.victory.turn-limit", f"the turn limit of {limit} was reached")
        else:
            s.roller = s.leader
            start_turn(s)


# quests.turn.phases: the six phases of a turn, in order
TURN = (
    Fate(),
    InitiativeRoll(True),
    SettleInitiative(),
    Adventure(),
    ActionPhase(),
    MeldPhase(),
    EndPhase(),
    EndTurn(),
)


def start_turn(s: QuestsState) -> None:
    push(s, *TURN)
