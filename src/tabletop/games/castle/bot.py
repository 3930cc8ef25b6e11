"""The heuristic Castle Von Loghan bot (`CastleBot`): a cooperative player for every seat.

It reads only what its seat may know (public state and its own Contract; never a deck's order
or a face-down token it has not peeked at) and breaks ties with its own RNG.

- **Movement** (the Leader): to a reachable room the Story asks for, else the Random Event token
  the group is strongest against (green before blue before red while weak), else the one
  nearest; it stays when nothing is left to reach.
- **Votes** (`bot_vote.py`): from the front of the Event card only (its outcomes are on the
  back until the Decision cards are revealed): each option's words are read for what they
  likely do (Health, Clarity, this Agent's Energy, Treasures, fewer or more enemies) and valued.
  With talking allowed the Agents follow one plan every bot computes alike from public facts:
  each in seat order takes the best option given what the others before it took, never letting
  the group's Health or Clarity run out. In the no-talk variant each votes for its own best.
- **At any time** (`bot_anytime.py`): heals when the group is low, fewer enemies once the
  Event card is turned over, the Refresh Phase's gifts.
- **Treasures** (`bot_items.py`): weapons in Hand, items in the Belt or Backpack (an item in
  a Hand costs a card of Combat Power); burning only what it does not fight with.
- **Refresh**: Rest when Health or Clarity is low, Recharge when Energy is low, Search a token
  in the room, else Recharge or Rally.
- **Combat**: `bot_combat.py` (weapons against immunities, a search over the rearrangements its
  Energy allows, targeting to leave no enemy unengaged where it can, Energy to whom needs it).
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.engine.decision import Option
from tabletop.engine.rng import Rng
from tabletop.engine.state import State
from tabletop.games.castle import bot_items
from tabletop.games.castle.bot_anytime import AnytimeMixin
from tabletop.games.castle.bot_combat import CombatMixin
from tabletop.games.castle.bot_vote import VoteMixin
from tabletop.games.castle.cards import CONTENT, TOKEN
from tabletop.games.castle.items import best_slot
from tabletop.games.castle.records import Step
from tabletop.games.castle.rules import CastleState

COLOUR_RISK = {"green": 0.0, "blue": 1.5, "red": 3.0}


class CastleBot(VoteMixin, CombatMixin, AnytimeMixin):
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State, player: int) -> str:
        assert isinstance(state, CastleState)
        d = state.pending
        assert d is not None
        opts = d.options_for(player)
        if len(opts) == 1:
            return opts[0].id
        return self._choose(state, player, d.kind_for(player), opts).id

    def _choose(self, s: CastleState, p: int, kind: str, opts: tuple[Option, ...]) -> Option:
        handler = getattr(self, "_" + kind.replace("-", "_"), None)
        if handler is not None:
            choice: Option = handler(s, p, opts)
            return choice
        combat = self.combat_choice(s, p, kind, opts)
        if combat is not None:
            return combat
        done = self.pick(opts, "done", "pass")
        return done if done is not None else opts[self.rng.below(len(opts))]

    # -- Movement ----------------------------------------------------------------------------------
    def _move(self, s: CastleState, p: int, opts: tuple[Option, ...]) -> Option:
        done = self.pick(opts, "done")
        if done is not None:  # at the P.O.D. on the way (the bot never stops there)
            return done
        if not s.mode.shared and p != s.leader:
            # Unshackled: keep with the Leader, who moved first, when its room can be reached
            follow = self.pick(opts, f"go:{s.room[s.leader]}")
            if follow is not None:
                return follow
            if s.room[p] == s.room[s.leader]:
                return self.pick(opts, "stay") or opts[0]
        wanted = self._story_rooms(s)
        strength = self._strength(s)
        here = s.room[p]
        tokens = {o.arg: self._token_colour(s, str(o.arg)) for o in opts if o.id.startswith("go:")}
        far = self._distances(s, wanted) if wanted else {}

        def score(o: Option) -> float:
            if o.id.startswith(("store:", "retrieve:")) or o.id == "pod":
                return -10.0
            if o.id == "stay":
                return -1.0 if wanted else 0.0
            room = str(o.arg)
            value = -0.5
            if room in wanted:
                value += wanted[room]
            elif far:
                # on the way to what the Story asks: the nearer the better
                value += max((w - 3.0 * far[t].get(room, 99) for t, w in wanted.items()), default=0)
            colour = tokens.get(room)
            if colour:
                # the weakest colour first unless the group is strong
                value += 10.0 - COLOUR_RISK[colour] * (1.5 if strength < 2.5 else 0.5)
            if room in ("outside", "pod") and not wanted:
                value -= 1.0
            return value + (0.1 if room != here else 0.0)

        return self.best(opts, score)

    def _distances(self, s: CastleState, targets: dict[str, float]) -> dict[str, dict[str, int]]:
        """Doors between every room and each target, through tokens (they stop a move but a
        later move goes on), round Locked Door tokens and Destroyed rooms."""
        links: dict[str, list[str]] = {}
        for d in s.board.doors:
            if d.id not in s.locked:
                links.setdefault(d.a, []).append(d.b)
                links.setdefault(d.b, []).append(d.a)
        out: dict[str, dict[str, int]] = {}
        for target in targets:
            dist = {target: 0}
            todo = [target]
            for here in todo:
                for there in links.get(here, ()):
                    if there not in dist and "destroyed" not in s.marks.get(there, ()):
                        dist[there] = dist[here] + 1
                        todo.append(there)
            out[target] = dist
        return out

    def _token_colour(self, s: CastleState, room: str) -> str:
        from tabletop.games.castle.turn import token_here

        token = token_here(s, room)
        return s.t.pools[token].removeprefix("token-") if token is not None else ""

    def _story_rooms(self, s: CastleState) -> dict[str, float]:
        """Rooms the visible Story cards want the group in, and how much: the top Locked
        card's room or the rooms of the tokens it waits for most, the Outro's once the deck is
        through, then Points of Interest and other token-visiting cards."""
        if s.opts.mode != "campaign":
            return {}
        from tabletop.games.castle.story import in_deck

        mission = CONTENT.mission(s.opts.mission)
        out: dict[str, float] = {}

        def want(room: str, weight: float) -> None:
            out[room] = max(out.get(room, 0.0), weight)

        def token_rooms(kind: str, weight: float) -> None:
            for room, marks in s.marks.items():
                if kind in marks and room != s.room[s.leader]:
                    want(room, weight)

        deck_left = any(in_deck(c) and c.number not in s.done for c in mission.cards[s.story :])
        for i, card in enumerate(mission.cards):
            if card.number in s.done:
                continue
            w = card.wait
            top = i == s.story
            if card.kind == "outro":
                weight = 0.0 if deck_left else 30.0
            elif card.kind == "locked":
                weight = 30.0 if top else (15.0 if not in_deck(card) else 0.0)
            elif card.kind == "poi":
                weight = 10.0
            else:
                continue
            if not weight:
                continue
            if w.kind == "enter-room":
                want(str(w.params["room"]), weight)
            elif w.kind == "visit-tokens":
                token_rooms(str(w.params["token"]), weight - 5)
            elif w.kind == "counter-at-least" and str(w.params["name"]).startswith("visited:"):
                token_rooms(str(w.params["name"]).removeprefix("visited:"), weight - 5)
        return out

    def _strength(self, s: CastleState) -> float:
        """How ready the group is: 0 (weak) to about 3 (strong)."""
        health = s.health[0] if s.mode.shared else min(s.health)
        energy = sum(s.energy) / s.num_players
        return max(0.0, (health - 8) / 4) + energy / 8

    # -- Treasures and small choices ------------------------------------------------------------
    def _place_treasure(self, s: CastleState, p: int, opts: tuple[Option, ...]) -> Option:
        return bot_items.place(s, p, opts)  # weapons in Hand, items out of them

    def _heal_choice(self, s: CastleState, p: int, opts: tuple[Option, ...]) -> Option:
        pool = s.pool(p)
        start = CONTENT.rules.health_base + s.num_players
        want_health = s.health[pool] / start <= s.clarity[pool] / CONTENT.rules.clarity
        return self.pick(opts, "heal:health" if want_health else "heal:clarity") or opts[0]

    def _discard_treasure(self, s: CastleState, p: int, opts: tuple[Option, ...]) -> Option:
        def worth(o: Option) -> float:
            rec = next((t for t in CONTENT.treasures if t.slug == o.arg), None)
            return -(rec.energy + rec.combat_power * 2) if rec else 0.0

        return self.best(opts, worth)

    def _upgrade(self, s: CastleState, p: int, opts: tuple[Option, ...]) -> Option:
        prefer = ("max-energy", "skill-cost", "backpack-slots", "skill-clarity")

        def worth(o: Option) -> float:
            if o.id == "pass":
                return -1.0
            rec = next(u for u in CONTENT.upgrades if u.slug == o.arg)
            effects = [st.effect for ab in rec.abilities for st in ab.steps]
            return max((len(prefer) - prefer.index(e) for e in effects if e in prefer), default=0.5)

        return self.best(opts, worth)

    def _buy(self, s: CastleState, p: int, opts: tuple[Option, ...]) -> Option:
        from tabletop.games.castle.cards import MERCHANT

        offer = s.zones.cards[MERCHANT]
        buys = [
            o
            for o in opts
            if o.id.startswith("take:")
            and s.energy[p] - s.record(offer[int(o.arg) - 1]).energy >= 4
        ]
        if buys and best_slot(s, p, offer[int(buys[0].arg) - 1]) is not None:
            return buys[0]
        return self.pick(opts, "done") or opts[0]

    def _between(self, s: CastleState, p: int, opts: tuple[Option, ...]) -> Option:
        exchange = next((o for o in opts if o.id.startswith("exchange:")), None)
        if exchange is not None:
            return exchange
        start = CONTENT.rules.health_base + s.num_players
        pool = s.pool(p)
        low = s.health[pool] <= max(4, start // 3) or s.clarity[pool] <= 2
        if low:
            heal = next((o for o in opts if o.id.startswith(("use:", "skill:"))), None)
            if heal is not None and self._heals(s, p, heal):
                return heal
        if s.energy[p] <= 1:
            burn = bot_items.burn_choice(s, p, opts)  # never a weapon it fights with
            if burn is not None:
                return burn
        return self.pick(opts, "done") or opts[0]

    def _heals(self, s: CastleState, p: int, o: Option) -> bool:
        if o.id.startswith("skill:"):
            steps: Sequence[Step] = s.agent(p).skills[int(o.arg)].steps
        else:
            rec = next(t for t in CONTENT.treasures if t.slug == o.arg)
            steps = [st for ab in rec.abilities for st in ab.steps]
        return any(st.effect in ("health", "clarity", "heal-choice") for st in steps)

    # -- Refresh -------------------------------------------------------------------------------
    def _refresh(self, s: CastleState, p: int, opts: tuple[Option, ...]) -> Option:
        pool = s.pool(p)
        start = CONTENT.rules.health_base + s.num_players if s.mode.shared else s.mode.health
        if s.health[pool] <= start // 2 or s.clarity[pool] <= 4:
            o = self.pick(opts, "rest")
            if o is not None:
                return o
        if s.energy[p] <= 3:
            o = self.pick(opts, "recharge")
            if o is not None:
                return o
        o = self.pick(opts, "search")
        if o is not None:
            return o
        from tabletop.games.castle.cards import DECK, zone

        if len(s.zones.cards[zone(p, DECK)]) < 6:
            o = self.pick(opts, "rally")
            if o is not None:
                return o
        return self.pick(opts, "recharge") or opts[0]


__all__ = ["TOKEN", "CastleBot"]
