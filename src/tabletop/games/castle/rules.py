"""Castle Von Loghan: the state, its set-up and the services every rules module uses (Health,
Clarity and Energy, Treasures, summoning, the end of the game).

A seat is one Agent. The turn is a declared procedure of phase steps (`turn.py`); the combat
round is a procedure of its steps (`combat.py`); the effects the content names
(`records.EFFECTS`) have their handlers in `effects.py` and the combat modules; Story cards,
Missions and Contracts are checked in `story.py`. Every rule the code applies has an id
`castle.<section>.<rule>` listed in docs/rules/castle.md.
"""

from __future__ import annotations

from typing import Any

from tabletop.engine.errors import OptionError
from tabletop.engine.events import Event
from tabletop.engine.fields import DICT, LIST, OBJECT, VALUE, declare
from tabletop.engine.flow import all_answered, answered, ask_again, settle
from tabletop.engine.patch import Patch
from tabletop.engine.rng import Rng
from tabletop.engine.state import Result, State
from tabletop.engine.zones import Zones
from tabletop.games.castle.cards import (
    ALLY_BOX,
    CHASE_DECK,
    CONTENT,
    CONTRACT_DECK,
    DECK,
    DISCARD,
    ENEMY_DECK,
    ENEMY_DISCARD,
    EVENT_DECK,
    FIGHT,
    INVENTORY,
    LURKING,
    MAX_AGENTS,
    MIN_AGENTS,
    TOKEN_BAG,
    TREASURE_DECK,
    TREASURE_DISCARD,
    UPGRADE_BOX,
    WARDEN_DECK,
    CastleOptions,
    Table,
    layout,
    table,
    who,
    zone,
)
from tabletop.games.castle.records import Agent, Board, Mode, Treasure

VERSION = "1.0"
MIN_PLAYERS, MAX_PLAYERS = MIN_AGENTS, MAX_AGENTS
RULES = CONTENT.rules


# each seat's inventory zone (read on every question about Treasures)
_INVENTORY = tuple(zone(p, INVENTORY) for p in range(MAX_AGENTS))


class CastleState(State):
    __slots__ = declare(
        t=OBJECT,  # the card table (options and Agents)
        phase=VALUE,  # movement | event | combat | refresh | setup | over
        turn=VALUE,
        leader=VALUE,
        room=LIST,  # per seat: the room the Agent is in (the group's, unless Unshackled)
        health=LIST,  # index 0: the group's; per seat in Unshackled
        clarity=LIST,
        energy=LIST,  # per seat
        cooldown=DICT,  # "seat:skill" (0, 1; 2 = Overcharge) -> 1 until the Refresh Phase
        slots=DICT,  # inventory card -> "hand" | "belt" | "backpack"
        exhausted=DICT,  # Treasure or Ally card -> 1 while exhausted
        used=DICT,  # Treasure card -> 1: used this phase or round (cannot be burned)
        locked=DICT,  # door id -> 1 while a Locked Door token blocks it
        marks=DICT,  # room -> tuple of Story tokens lying there
        sneaked=DICT,  # room -> 1 once its Random Event token was Sneaked (turned)
        story=VALUE,  # index of the Story deck's next cover card (campaign)
        counters=DICT,  # a Mission's tallies (keys, clues, critical...) and game tallies
        done=DICT,  # Story cards resolved (number -> 1)
        hints=LIST,
        flags=DICT,  # skip-refresh (this turn), warden (Refresh skipped from now on)...
        burned=LIST,  # per seat: Treasures burned (Contracts)
        blows=LIST,  # per seat: killing blows landed
        shards=LIST,  # per seat: Data Shards (Co-op Competitive)
        initiative=LIST,  # per seat: Initiative for the next Combat
        overwhelmed=LIST,  # per seat: Overwhelmed for the next Combat
        summon_change=VALUE,  # the current Event's change to the number summoned
        votes=VALUE,  # the last revealed vote: tuple of letters per seat
        combat=VALUE,  # the Combat being fought (combat.Combat), or None
        edamage=DICT,  # enemy card -> Damage on it
        estate=DICT,  # enemy card -> "defeated" | "stunned" | "fresh" (summoned this round)
        ecount=DICT,  # enemy card -> countdown Tracker tokens
        engaged=DICT,  # enemy card -> 1 when an Agent targeted it with a Direct Attack
        negated=DICT,  # combat card -> 1 while Negated
        paid=DICT,  # combat card -> 1 when its optional effect is paid for
        acc=LIST,  # per seat: Damage accumulated this round
        rage=VALUE,  # the group's Rage this round
        target=LIST,  # per seat: the enemy card targeted this round, or -1
        skip=LIST,  # per seat: skips the next combat turn (an empty Combat deck)
        ended=VALUE,  # why the game ended ("" while it goes on)
    )

    game_id = "castle"
    version = VERSION
    opts: CastleOptions

    def __init__(
        self,
        num_players: int,
        seed: int,
        opts: CastleOptions,
        log: bool,
        patch: Patch | None = None,
    ) -> None:
        if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
            raise OptionError(
                f"castle needs {MIN_PLAYERS} to {MAX_PLAYERS} Agents (seats), not {num_players}"
            )
        super().__init__(num_players, seed, opts, Zones(layout(opts, num_players, patch)), log)
        n = num_players
        self.patch = patch
        self.t = table(opts, n, patch)
        self.phase = "setup"
        self.turn = 0
        self.leader = 0
        self.room = ["outside"] * n
        shared = self.mode.shared
        rules = self.t.content.rules
        start_health = rules.health_base + n if shared else self.mode.health
        start_clarity = rules.clarity if shared else self.mode.health
        self.health = [start_health] * (1 if shared else n)
        self.clarity = [start_clarity] * (1 if shared else n)
        self.energy = [rules.start_energy] * n
        self.cooldown: dict[str, int] = {}
        self.slots: dict[int, str] = {}
        self.exhausted: dict[int, int] = {}
        self.used: dict[int, int] = {}
        self.locked: dict[str, int] = {}
        self.marks: dict[str, tuple[str, ...]] = {}
        self.sneaked: dict[str, int] = {}
        self.story = 0
        self.counters: dict[str, int] = {}
        self.done: dict[str, int] = {}
        self.hints: list[str] = []
        self.flags: dict[str, int] = {}
        self.burned = [0] * n
        self.blows = [0] * n
        self.shards = [0] * n
        self.initiative = [False] * n
        self.overwhelmed = [False] * n
        self.summon_change = 0
        self.votes: tuple[str, ...] = ()
        self.combat: Any = None
        self.edamage: dict[int, int] = {}
        self.estate: dict[int, str] = {}
        self.ecount: dict[int, int] = {}
        self.engaged: dict[int, int] = {}
        self.negated: dict[int, int] = {}
        self.paid: dict[int, int] = {}
        self.acc = [0] * n
        self.rage = 0
        self.target = [-1] * n
        self.skip = [False] * n
        self.ended = ""
        from tabletop.games.castle.setup import set_up  # the set-up reads every module

        set_up(self)
        settle(self)

    # -- what the options fix ------------------------------------------------------------------
    @property
    def mode(self) -> Mode:
        return self.t.content.mode(self.opts.mode)

    @property
    def timeline(self) -> str:
        if self.opts.mode == "campaign":
            return self.t.content.mission(self.opts.mission).timeline
        return self.opts.board

    @property
    def board(self) -> Board:
        return self.t.content.board(self.timeline)

    def agent(self, seat: int) -> Agent:
        rec: Agent = self.t.agent_records[seat]
        return rec

    def name(self, card: int) -> str:
        return self.t.names[card]

    def record(self, card: int) -> Any:
        return self.t.records[card]

    # -- the group: Health and Clarity ----------------------------------------------------------
    def pool(self, seat: int | None) -> int:
        """Index into `health`/`clarity` of the values `seat` uses (the group's when shared)."""
        return 0 if len(self.health) == 1 or seat is None else seat

    def pools_of(self, seat: int | None) -> range | tuple[int, ...]:
        """The pools an effect on `seat` (None: the whole group) touches."""
        if len(self.health) == 1:
            return (0,)
        if seat is None:  # the Agents where it happens: the fight's room, else the Leader's
            room = self.room[self.flags.get("fight-seat", self.leader)]
            return tuple(p for p in range(self.num_players) if self.room[p] == room)
        return (seat,)

    def change_health(self, amount: int, seat: int | None, rule: str) -> None:
        """Health up or down (no cap: it may exceed its start); at 0 the group has lost."""
        for p in self.pools_of(seat):
            self.health[p] = max(0, self.health[p] + amount)
        if amount:
            self.emit(Event(rule, f"Health {amount:+d} ({self._hc(seat)})"))
        self.check_health()

    def change_clarity(self, amount: int, seat: int | None, rule: str) -> None:
        """Clarity up (capped at its start value) or down; what cannot be paid below 0 is paid
        in Health (castle.clarity.zero)."""
        for p in self.pools_of(seat):
            cap = self.t.content.rules.clarity if len(self.clarity) == 1 else self.mode.health
            value = self.clarity[p] + amount
            if value < 0:
                self.health[p] = max(0, self.health[p] + value)
                value = 0
            self.clarity[p] = min(cap, value) if amount > 0 else value
        if amount:
            self.emit(Event(rule, f"Clarity {amount:+d} ({self._hc(seat)})"))
        self.check_health()

    def _hc(self, seat: int | None) -> str:
        p = self.pool(seat)
        return f"Health {self.health[p]}, Clarity {self.clarity[p]}"

    def check_health(self) -> None:
        if self.result is not None:
            return
        if len(self.health) == 1:
            if self.health[0] <= 0:
                self.lose("the group's Health fell to 0")
        elif all(h <= 0 for h in self.health):
            self.lose("every Agent's Health fell to 0")

    # -- Energy ----------------------------------------------------------------------------------
    def max_energy(self, seat: int) -> int:
        extra = 0
        for card in self.zones.cards[zone(seat, 5)]:  # UPGRADES
            for ab in self.record(card).abilities:
                for st in ab.steps:
                    if st.effect == "max-energy":
                        extra += int(st.params["amount"])
        return self.agent(seat).max_energy + extra

    def gain_energy(self, seat: int, amount: int, rule: str) -> int:
        """Energy up to the Agent's capacity (the excess is lost); returns what was gained."""
        before = self.energy[seat]
        self.energy[seat] = min(self.max_energy(seat), before + max(0, amount))
        got = self.energy[seat] - before
        if amount:
            self.emit(Event(rule, f"{who(seat)} gains {got} Energy ({self.energy[seat]})"))
        return got

    def lose_energy(self, seat: int, amount: int, rule: str) -> int:
        """Energy down, as much as the Agent can pay (never below 0); returns what was paid."""
        paid = min(self.energy[seat], max(0, amount))
        self.energy[seat] -= paid
        if amount:
            self.emit(Event(rule, f"{who(seat)} loses {paid} Energy ({self.energy[seat]})"))
        return paid

    # -- cards -------------------------------------------------------------------------------
    def inventory(self, seat: int) -> list[int]:
        return self.zones.cards[_INVENTORY[seat]]

    def draw_from(self, deck: int, discard: int) -> int | None:
        """The top card of `deck` (its discard pile shuffled back first when it is empty), or
        None when both are empty. The caller moves it."""
        z = self.zones
        if not z.cards[deck] and z.cards[discard]:
            z.cards[deck] = z.cards[discard]
            z.cards[discard] = []
            z.shuffle(deck, self.rng)
        return z.cards[deck][-1] if z.cards[deck] else None

    def next_treasure(self, colour: str) -> int | None:
        return self.draw_from(TREASURE_DECK[colour], TREASURE_DISCARD[colour])

    def next_enemy(self, colour: str) -> int | None:
        return self.draw_from(ENEMY_DECK[colour], ENEMY_DISCARD[colour])

    def treasure(self, card: int) -> Treasure:
        rec: Treasure = self.t.records[card]
        return rec

    def summon_count(self) -> int:
        """Enemies summoned by an Enemy symbol without a number: active Agents minus one."""
        return self.t.content.rules.summon[self.num_players]

    def summon(self, colour: str, count: int, rule: str) -> int:
        """Add `count` enemies of `colour` to the fight (Boss Run: a Unique enemy joins every
        blue or red summon). Enemies summoned during a Combat act from the next round."""
        got = 0
        for _ in range(count):
            card = self.next_enemy(colour)
            if card is None:
                self.counters["out-of-enemies"] = 1
                break
            self._join(card, rule)
            got += 1
        if got and colour in self.mode.unique_with:
            card = self.next_enemy("violet")
            if card is not None:
                self._join(card, "castle.modes.boss-run")
        return got

    def _join(self, card: int, rule: str) -> None:
        src = next(z for z in (*ENEMY_DECK.values(), LURKING) if card in self.zones.cards[z])
        self.move(card, src, FIGHT, rule, "{card} joins the fight")
        if self.combat is not None:
            self.estate[card] = "fresh"

    # -- the end ---------------------------------------------------------------------------------
    def lose(self, reason: str) -> None:
        from tabletop.games.castle.ending import finish

        finish(self, False, reason)

    def win(self, reason: str) -> None:
        from tabletop.games.castle.ending import finish

        finish(self, True, reason)

    # -- kernel hooks ----------------------------------------------------------------------------
    def _answer(self, decision: Any, player: int, option: Any) -> None:
        answered(self, decision, player, option)

    def _answers(self, decision: Any, answers: Any) -> None:
        all_answered(self, decision, answers)

    def _determinize(self, player: int, rng: Rng) -> None:
        ask_again(self)

    def _view(self, viewer: int | None) -> dict[str, Any]:
        from tabletop.games.castle.view import view

        return view(self, viewer)


def new_state(players: int, seed: int, opts: CastleOptions, log: bool) -> CastleState:
    return CastleState(players, seed, opts, log)


def new_patched(
    players: int, seed: int, opts: CastleOptions, log: bool, patch: Patch
) -> CastleState:
    """A game on the content under `patch`: its cards (Agents' Combat decks, Treasures,
    enemies, Random Events, tokens, Allies, Upgrades, the story decks) and their copies come
    from the patched content; the records must keep their names (`patch.same_records`)."""
    return CastleState(players, seed, opts, log, patch)


__all__ = [
    "ALLY_BOX",
    "CHASE_DECK",
    "CONTENT",
    "CONTRACT_DECK",
    "DECK",
    "DISCARD",
    "ENEMY_DECK",
    "EVENT_DECK",
    "FIGHT",
    "LURKING",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "RULES",
    "TOKEN_BAG",
    "UPGRADE_BOX",
    "VERSION",
    "WARDEN_DECK",
    "CastleOptions",
    "CastleState",
    "Result",
    "Table",
    "new_state",
    "who",
]
