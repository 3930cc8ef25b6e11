"""The Librarians: what a player may do at any time their turn in a window of the round comes
(librarians.card.anytime): play an Event for its effect, use a free ability of a card they
control (once per round where it says so), spend a Device whose countdown is done, use a kept
Effect, flip a Focus and a Power card. "Event cards can be played during any phase", but not
while an Adventure or player card, a declared action or a step of the Enemy phase resolves:
these are offered in the Preparation and the Action windows, and in an `Anytime` window
between the Adventure cards of the Adventure phase, between the steps of the Enemy phase and
after the Refresh phase readies the cards (librarians.interpret.anytime).

Flipping (librarians.magic.flip): with a Focus and a Power card face down in their area, a
player spends 1 Energy (librarians.interpret.flip-cost) to turn one of each face up (they
are face down to everyone, so the two are taken at random), keeps one of the two Effects in
their area and shuffles the other back into its set; a kept Effect goes back into its set
once used.
"""

from __future__ import annotations

from typing import NamedTuple

from tabletop.engine.decision import Decision, Option
from tabletop.engine.events import Event
from tabletop.engine.windows import Priority
from tabletop.games.librarians import play as U
from tabletop.games.librarians.rules import (
    AREA,
    FLIP_MAGIC,
    FOCUS,
    FOCUS_SET,
    KEEP,
    MAGIC,
    PASS,
    PLAY,
    POWER,
    POWER_SET,
    USE,
    LibrariansState,
    who,
    zone,
)

# librarians.interpret.flip-cost: flipping costs `focus_power.flip_cost` energy (content/aid.toml)


def _free(s: LibrariansState, p: int, card: int, i: int) -> bool:
    """A free or spend ability, or a kept Effect's, that `p` may use now."""
    ab = U.ability(s, card, i)
    if ab.kind == "play":  # a kept Effect's, from the player's area
        if s.t.kinds[card] not in (FOCUS, POWER) or card not in s.zones.cards[zone(p, AREA)]:
            return False
    elif ab.kind not in ("free", "spend"):
        return False
    if ab.effect == "extra-assign":
        from tabletop.games.librarians.actions import unassigned_enemies

        if s.phase != "action" or f"assign:{p}" not in s.used or not unassigned_enemies(s):
            return False
    return U.payable(s, p, card, i)


def _magic(s: LibrariansState, p: int) -> tuple[list[int], list[int]]:
    cards = s.zones.cards[zone(p, MAGIC)]
    focus = [c for c in cards if s.t.kinds[c] == FOCUS]
    return focus, [c for c in cards if s.t.kinds[c] != FOCUS]


def anytime_options(s: LibrariansState, p: int) -> list[Option]:
    out: dict[Option, None] = {}
    for card in sorted(s.hand(p)):
        rec = s.record(card)
        if rec.type != "event":
            continue
        for i, ab in enumerate(rec.abilities):
            if ab.kind == "play" and U.payable(s, p, card, i, from_hand=True):
                out[PLAY[rec.name]] = None
    for card in U.controlled(s, p):
        rec = s.record(card)
        for i, _ in enumerate(getattr(rec, "abilities", ())):
            if rec.name in USE and _free(s, p, card, i):
                out[USE[rec.name]] = None
    focus, power = _magic(s, p)
    if focus and power and s.energy(p) >= s.t.content.focus_power.flip_cost:
        out[FLIP_MAGIC] = None
    return list(out)


def anytime_act(s: LibrariansState, p: int, option: Option) -> bool:
    """Do `option` if it is one of these; False when it is not."""
    if option is FLIP_MAGIC:
        flip(s, p)
        return True
    kind = option.id.split(":")[0]
    if kind == "play":
        for card in sorted(s.hand(p)):
            rec = s.record(card)
            if rec.name == option.arg and rec.type == "event":
                i = next(i for i, ab in enumerate(rec.abilities) if ab.kind == "play")
                U.use(s, p, card, i, from_hand=True)
                return True
        return False
    if kind == "use":
        for card in U.controlled(s, p):
            rec = s.record(card)
            if rec.name != option.arg:
                continue
            for i, _ in enumerate(rec.abilities):
                if _free(s, p, card, i):
                    U.use(s, p, card, i)
                    return True
        raise AssertionError(f"{who(p)} has no {option.arg} to use")
    return False


class Anytime(Priority):
    """librarians.card.anytime: outside the Preparation and Action windows, where the rulebook
    lets Events be played and abilities used, players in turn from the first player do so or
    pass, until all pass in a row."""

    __slots__ = ()
    kind = "anytime"
    rule = "librarians.card.anytime"

    def prompt(self, s: LibrariansState, p: int) -> str:
        return "Play an Event or use a card's ability, or pass"

    def options(self, s: LibrariansState, p: int) -> tuple[Option, ...]:
        return (PASS, *anytime_options(s, p))

    def act(self, s: LibrariansState, p: int, option: Option) -> None:
        done = anytime_act(s, p, option)
        assert done, option.id


def window(s: LibrariansState) -> Anytime:
    """An `Anytime` window round the players still in the game from the first player."""
    return Anytime(s.seats_from(s.first))


def flip(s: LibrariansState, p: int) -> None:
    focus, power = _magic(s, p)
    s.spend_energy(p, s.t.content.focus_power.flip_cost, "librarians.magic.flip")
    shown = []
    for cards in (focus, power):
        card = cards[s.rng.below(len(cards))]
        s.move(
            card, zone(p, MAGIC), zone(p, AREA), "librarians.magic.flip", f"{who(p)} flips {{card}}"
        )
        shown.append(card)
    s.flow.append(KeepEffect(p, shown[0], shown[1]))


class _Keep(NamedTuple):
    player: int
    focus: int
    power: int


class KeepEffect(_Keep):
    """librarians.magic.flip: keep one of the two Effects; the other goes back into its set."""

    __slots__ = ()
    auto = False
    rule = "librarians.magic.flip"

    def ask(self, s: LibrariansState) -> Decision:
        opts = (KEEP[s.name(self.focus)], KEEP[s.name(self.power)])
        return Decision(
            (self.player,),
            "keep-effect",
            f"{who(self.player)}: keep which Effect?",
            opts,
            self.rule,
        )

    def answer(self, s: LibrariansState, p: int, option: Option) -> None:
        kept = self.focus if option.arg == s.name(self.focus) else self.power
        other = self.power if kept == self.focus else self.focus
        back = FOCUS_SET if s.t.kinds[other] == FOCUS else POWER_SET
        s.emit(Event(self.rule, f"{who(p)} keeps {s.name(kept)}"))
        s.move(other, zone(p, AREA), back, self.rule, "{card} goes back to its set")
        s.zones.shuffle(back, s.rng)
