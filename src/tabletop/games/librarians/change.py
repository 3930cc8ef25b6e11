"""The Librarians: step 2 of the attribute check, changing results: the priority window in
which every player may play cards, use abilities and devote one card (Expert: a reroll that
locks the die), and the question of which die an effect changes.
"""

from __future__ import annotations

from typing import NamedTuple

from tabletop.engine.decision import Decision, Option
from tabletop.engine.events import Event
from tabletop.engine.windows import Priority
from tabletop.games.librarians import effects as E
from tabletop.games.librarians import labels as L
from tabletop.games.librarians.check import (
    BLANK_FACE,
    CHALLENGE,
    CHARACTER,
    DIE_KINDS,
    DOUBLE_FACE,
    FACES,
    SUCCESS_FACE,
    Check,
    current,
    describe,
    face_text,
    response_cards,
)
from tabletop.games.librarians.rules import (
    ABILITY,
    DEVOTE,
    DIE,
    DISCARD,
    DONE,
    HAND,
    PASS,
    LibrariansState,
    who,
    zone,
)


def devotable(s: LibrariansState) -> list[int]:
    c = current(s)
    return [i for i, (k, _) in enumerate(c.dice) if k == CHARACTER and not (c.locked >> i) & 1]


class Change(Priority):
    """librarians.check.change: after the roll, every player in turn may change results: play
    a card, use an ability, or devote a card (librarians.check.devote, one per player per
    check), in any order, until all pass."""

    __slots__ = ()
    kind = "check-change"
    rule = "librarians.check.change"

    def prompt(self, s: LibrariansState, p: int) -> str:
        c = current(s)
        return L.change_prompt(s, c, describe(c))

    def options(self, s: LibrariansState, p: int) -> tuple[Option, ...]:
        c = current(s)
        opts = [PASS, *response_cards(s, p, "check-rolled")]
        hero = s.record(s.t.heroes[p])
        if hero.name in ABILITY and s.clues[p] > 0 and c.dice and _unlocked(c):
            opts.append(ABILITY[hero.name])
        if not (c.devoted >> p) & 1 and devotable(s):
            opts += dict.fromkeys(DEVOTE[s.name(card)] for card in sorted(s.hand(p)))
        return tuple(opts)

    def act(self, s: LibrariansState, p: int, option: Option) -> None:
        if option.id.startswith("devote:"):
            devote(s, p, option.arg)
        elif option.id.startswith("ability:"):
            s.clues[p] -= 1
            s.emit(
                Event(
                    "librarians.hero.clue-reroll", f"{who(p)} spends a Clue token to reroll a die"
                )
            )
            s.flow.append(ChooseDie(p, "reroll-any", 1, False))
        else:
            E.play_response(s, p, option.arg, "check-rolled")


def _unlocked(c: Check) -> bool:
    return any(not (c.locked >> i) & 1 for i in range(len(c.dice)))


def devote(s: LibrariansState, p: int, name: str) -> None:
    """librarians.check.devote: the card goes to its owner's discard pile; a Character die is
    rotated to a single Success (Standard, Narrative), or the acting player rerolls one that
    can't be modified again (librarians.check.expert-reroll)."""
    c = current(s)
    card = min(x for x in s.hand(p) if s.name(x) == name)
    s.move(
        card,
        zone(p, HAND),
        zone(p, DISCARD),
        "librarians.check.devote",
        f"{who(p)} devotes {{card}}",
    )
    s.check = c._replace(devoted=c.devoted | (1 << p))
    if s.opts.difficulty == "expert":
        s.flow.append(ChooseDie(c.player, "expert-reroll", 1, True))
    else:
        s.flow.append(ChooseDie(p, "devote", 1, True))


EFFECT_KINDS = {  # a die effect -> the die kind it may change (None: any)
    "devote": CHARACTER,
    "expert-reroll": CHARACTER,
    "set-success": CHARACTER,
    "set-double-success": CHARACTER,
    "blank-character": CHARACTER,
    "blank-challenge": CHALLENGE,
    "reroll-any": None,
    "reroll-character": CHARACTER,
    "reroll-challenge": CHALLENGE,
}
EFFECT_WORDS = {
    "devote": "rotate to a Success",
    "expert-reroll": "reroll (it then can't be modified again)",
    "set-success": "turn to a Success",
    "set-double-success": "turn to the double Success",
    "blank-character": "turn to a blank face",
    "blank-challenge": "turn to a blank face",
    "reroll-any": "reroll",
    "reroll-character": "reroll",
    "reroll-challenge": "reroll",
}


class _DieFields(NamedTuple):
    player: int
    effect: str
    left: int  # dice still to choose
    must: bool  # False: "up to", so Done is an option


class ChooseDie(_DieFields):
    """Which die an effect changes (librarians.check.die-effects): never a locked die."""

    __slots__ = ()
    auto = False
    rule = "librarians.check.die-effects"

    def eligible(self, s: LibrariansState) -> list[int]:
        c = current(s)
        want = EFFECT_KINDS[self.effect]
        return [
            i
            for i, (k, _) in enumerate(c.dice)
            if not (c.locked >> i) & 1 and (want is None or k == want)
        ]

    def ask(self, s: LibrariansState) -> Decision:
        c = current(s)
        dice = self.eligible(s)
        opts = [DIE[i] for i in dice]
        if not self.must or not opts:
            opts.append(DONE)
        label = ", ".join(
            f"{i + 1}: {DIE_KINDS[c.dice[i][0]]} {face_text(*c.dice[i])}" for i in dice
        )
        return Decision(
            (self.player,),
            "check-die",
            f"{who(self.player)}: choose a die to {EFFECT_WORDS[self.effect]} ({label})",
            tuple(opts),
            self.rule,
        )

    def answer(self, s: LibrariansState, p: int, option: Option) -> None:
        if option is DONE:
            return
        change_die(s, option.arg, self.effect)
        if self.left > 1 and self.eligible(s):
            s.flow.append(self._replace(left=self.left - 1, must=False))


def change_die(s: LibrariansState, i: int, effect: str) -> None:
    c = current(s)
    kind, face = c.dice[i]
    locked = c.locked
    if effect in ("devote", "set-success"):
        face = SUCCESS_FACE
    elif effect == "set-double-success":
        face = DOUBLE_FACE
    elif effect.startswith("blank"):
        face = BLANK_FACE[kind]
    else:
        face = s.rng.die(len(FACES[kind])) - 1
        if effect == "expert-reroll":
            locked |= 1 << i
    dice = (*c.dice[:i], (kind, face), *c.dice[i + 1 :])
    s.check = c._replace(dice=dice, locked=locked)
    rule = {"devote": "librarians.check.devote", "expert-reroll": "librarians.check.expert-reroll"}
    s.emit(
        Event(
            rule.get(effect, "librarians.check.die-effects"),
            f"Die {i + 1} ({DIE_KINDS[kind]}) now shows {face_text(kind, face)}",
        )
    )
