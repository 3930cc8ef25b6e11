"""Castle Von Loghan content: the counts the rulebook prints, the worked examples reproducible
from the data, every reference resolved, every record sourced, every handler declared and
used, texts in our own words, and clear errors for bad files."""

from __future__ import annotations

import copy
import importlib.util
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tabletop.engine.content import SOURCES, ContentError
from tabletop.games.castle.content import (
    CONDITIONS,
    EFFECTS,
    FILES,
    Content,
    _read,
    behaviour,
    build,
    load,
)
from tabletop.games.castle.records import Board, Condition, Step, Treasure

ROOT = Path(__file__).resolve().parents[2]
AGENTS = ("Pill", "Arvias", "Forzental", "Sera", "Vigovar")  # the rulebook's Agents
NAMED_CARDS = (
    "Attack",
    "Aggressive Attack",
    "Energy Attack",
    "Union Attack",
    "Critical Attack",
    "Charged Attack",
    "Cane Juggle Attack",
    "Charge Support",
    "Aid",
    "Block",
    "Double Block",
    "Riposte Strike",
    "Direct Strike",
    "Delayed Strike",
    "Charged Strike",
)
NAMED_TREASURES = ("M-O-U-S-E", "Crossbow", "Sapphire Rod", "Titanium Shield", "Whip")
NAMED_TREASURES += ("Jade Greatsword", "Health Potion", "Small Health Potion", "Nano Med-Bots")


@pytest.fixture(scope="module")
def c() -> Content:
    return load()


def raw() -> dict[str, dict[str, Any]]:
    return {name: copy.deepcopy(_read(name)) for name in FILES}


# -- counts -------------------------------------------------------------------------------------


def test_every_counted_component_is_there(c: Content) -> None:
    n = c.rules.counts
    stories = Counter(card.kind for m in c.missions for card in m.cards)
    have = {
        "game_boards": 2,  # checked below: three Timelines on two boards, one double-sided
        "character_boards": len(c.agents),
        "decision": sum(len(a.decisions) for a in c.agents),
        "combat": sum(sum(a.deck.values()) for a in c.agents),
        "treasure": sum(t.copies for t in c.treasures),
        "random_event": sum(e.copies for e in c.events),
        "story_event": stories["story"],
        "point_of_interest": stories["poi"],
        "enemy": sum(e.copies for e in c.enemies),
        "upgrade": sum(u.copies for u in c.upgrades),
        "ally": len(c.allies),
        "loghan_chase": len(c.deck("chase")),
        "warden": len(c.deck("warden")),
        "locked": stories["locked"],
        "intro": stories["intro"],
        "outro": stories["outro"],
        "mission": stories["mission"],
        "contract": len(c.deck("contract")),
    }
    assert have == dict(n)
    assert n["combat"] == 256 and n["treasure"] == 130 and n["enemy"] == 75
    assert n["random_event"] == 60 and n["story_event"] == 51 and n["decision"] == 32
    assert len(c.boards) == 3 and [b.colour for b in c.boards] == ["green", "orange", "blue"]


def test_decks_by_colour(c: Content) -> None:
    events = {col: len(c.event_deck(col)) for col in ("green", "blue", "red")}
    assert events == {"green": 20, "blue": 20, "red": 20}
    assert len({e.name for e in c.events}) == 60 and any(e.group for e in c.events)
    assert {e.end.summon for e in c.events} == {"none", "group", "fixed", "lurking"}
    named = {
        str(s.params["enemy"])
        for e in c.events
        for o in (*e.options, e.end.steps)
        for s in o
        if s.effect == "summon-enemy"
    }
    assert named == {"Clockwork Hound", "Siege Bomzard"}
    assert sum(len(c.treasure_deck(col)) for col in ("green", "blue", "red", "violet")) == 130
    assert sum(len(c.enemy_deck(col)) for col in ("green", "blue", "red", "violet")) == 75
    assert {e.colour for e in c.enemies} == {"green", "blue", "red", "violet"}
    assert all(e.copies == 1 for e in c.enemies if e.colour == "violet")  # Unique
    numbers = [n for col in ("green", "blue", "red", "violet") for _, n in c.sorting_numbers(col)]
    assert sorted(numbers) == list(range(1, 131))  # a highest green card always exists
    tokens = Counter(t.colour for t in c.tokens)
    assert tokens == {col: c.rules.tokens[f"event-{col}"] for col in ("green", "blue", "red")}
    assert set(tokens.values()) == {12}


def test_rules_numbers(c: Content) -> None:
    r = c.rules
    assert (r.min_agents, r.max_players, r.start_energy, r.clarity) == (4, 8, 5, 10)
    assert r.health_base + 4 == 14  # "4 Agents: starting Health 14"
    assert dict(r.summon) == {4: 3, 5: 4, 6: 5, 7: 6, 8: 7}
    assert all(k - v == 1 for k, v in r.summon.items())
    assert dict(r.shards) == {"green": 1, "blue": 2, "red": 3}
    assert (r.overcharge_clarity, r.clarity_zero_health, r.unengaged) == (2, 1, (1, 1))
    assert r.refresh == ("rest", "rally", "recharge", "sneak", "search")
    assert (r.rest, r.recharge, r.searchers) == ((1, 1), 3, 4)
    assert (r.hand_slots, r.belt_slots, r.bare_hand_power) == (2, 2, 1)
    events = sum(r.tokens[f"event-{x}"] for x in ("red", "green", "blue"))
    large = r.tokens["leader"] + r.tokens["group"] + events
    assert large == 38  # 38 large tokens: Leader, Group, 12 events of each colour
    small = sum(r.tokens.values()) - large
    assert small == 94 and small <= 2 * 72  # the list names 94 faces of 72 double-sided tokens


# -- Agents and their things --------------------------------------------------------------------


def test_agents(c: Content) -> None:
    names = [a.name for a in c.agents]
    assert len(names) == 8 and set(AGENTS) <= set(names)
    for a in c.agents:
        assert len(a.skills) == 2 and all(s.cooldown == "refresh" for s in a.skills)
        assert a.decisions == ("A", "B", "C", "D") and len(a.deck_list) == 32
        assert a.max_energy >= c.rules.start_energy and a.upgrade_slots >= 1
        assert sum(n for name, n in a.deck.items() if c.card(name).category == "attack") >= 12
    used = {name for a in c.agents for name in a.deck}
    assert used == {card.name for card in c.combat_cards}
    assert set(NAMED_CARDS) <= used and "Cane Juggle Attack" in c.agent("Arvias").deck


def _fits(items: list[Treasure], backpack: int) -> bool:
    """Whether the items fit two Hand, two Belt and `backpack` Backpack slots (large items only
    in Hands and Belt; a weapon in the Hands takes its hands)."""
    large = sum(1 for t in items if t.size == "large")
    return large <= 4 and len(items) + sum(max(0, t.hands - 1) for t in items) <= 4 + backpack


def test_starting_items_exist_fit_and_are_in_the_decks(c: Content) -> None:
    held = Counter(name for a in c.agents for name in a.items)
    for name, n in held.items():
        assert c.treasure(name).copies >= n, name
    for a in c.agents:
        items = [c.treasure(n) for n in a.items]
        assert _fits(items, a.backpack_slots), a.name
        assert any(t.kind != "item" for t in items), a.name


def test_treasures(c: Content) -> None:
    names = {t.name for t in c.treasures}
    assert set(NAMED_TREASURES) <= names
    for t in c.treasures:
        if t.kind == "item":
            assert t.hands == t.combat_power == 0 and not t.damage_type
        else:
            assert t.hands in (1, 2) and t.combat_power >= 1
        assert t.timeless == (t.energy == 0)
    sets = Counter(t.set for t in c.treasures if t.set)
    assert sets == {"The Chronometer": 3, "Loghan's Blade": 2}
    assert all(c.treasure(u).colour == "violet" for u in sets)
    assert {t.damage_type for t in c.treasures if t.kind == "weapon"} == {
        "melee",
        "ranged",
        "shock",
        "special",
    }
    assert any(t.kind == "shield" and not t.damage_type for t in c.treasures)
    assert all(a.clarity > 0 for a in c.allies)  # Allies cost Clarity


# -- boards, missions, modes ---------------------------------------------------------------------


def reach(b: Board, start: str, elevators: bool) -> set[str]:
    seen, todo = {start}, [start]
    while todo:
        here = todo.pop()
        for d in b.doors:
            if d.kind == "elevator" and not elevators:
                continue
            for x, y in ((d.a, d.b), (d.b, d.a)):
                if x == here and y not in seen:
                    seen.add(y)
                    todo.append(y)
    return seen


def test_boards(c: Content) -> None:
    assert c.board("past").year == 1077 and c.board("past").colour == "green"
    for b in c.boards:
        ids = {r.id for r in b.rooms}
        assert {"F", "outside", "pod", "1", "2", "3"} <= ids
        assert "F" in b.neighbours("outside") and "pod" in b.neighbours("outside")
        doorless = {r.id for r in b.rooms} - {x for d in b.doors for x in (d.a, d.b)}
        assert len(doorless) == 1  # a room with no door cannot be entered
        assert reach(b, "outside", True) == ids - doorless
        assert sum(r.poi for r in b.rooms) >= 3
    assert any("21" in b.neighbours("outside") for b in c.boards)
    future = c.board("future")
    lifts = {(d.a, d.b) for d in future.doors if d.kind == "elevator"}
    assert lifts == {("6", "7"), ("18", "20"), ("22", "outside")}
    under = {r.id for r in future.rooms if r.underground}
    assert under and not under & reach(future, "outside", False)
    assert all(r.id not in under for b in c.boards[:2] for r in b.rooms if r.underground)


def test_missions_follow_the_faq(c: Content) -> None:
    assert [m.number for m in c.missions] == list(range(1, 11))
    assert c.mission(1).timeline == "past"
    assert c.mission(1).recommended == ("Pill", "Forzental", "Sera", "Vigovar")
    assert all(m.start == "outside" for m in c.missions)
    for m in c.missions:
        assert [card.number for card in m.cards] == [
            f"{i:02d}/{m.number:02d}" for i in range(1, len(m.cards) + 1)
        ]
        assert m.cards[0].kind == "intro" and m.cards[-1].kind == "outro"
        assert any(s.effect == "win-mission" for s in m.cards[-1].steps)
        placed = Counter(
            str(s.params["token"]) for s in m.cards[0].steps if s.effect == "place-token"
        )
        for token, n in placed.items():
            assert n <= c.rules.tokens[token], (m.number, token)
        assert {"treasures", "upgrades", "timeless"} <= set(m.keeps)
        locks = [s for card in m.cards for s in card.steps if s.effect == "lock-door"]
        assert len(locks) <= c.rules.tokens["locked-door"]  # 10 Locked Door tokens

    def effects(n: int) -> set[str]:
        return {s.effect for card in c.mission(n).cards for s in card.steps}

    def waits(n: int) -> list[Condition]:
        return [card.wait for card in c.mission(n).cards]

    def placed(n: int, token: str) -> int:
        return sum(
            1
            for card in c.mission(n).cards
            for s in card.steps
            if s.effect == "place-token" and s.params["token"] == token
        )

    assert placed(3, "key-fragment") == 4
    assert any(
        w.kind == "counter-at-least" and w.params == {"name": "keys", "amount": 2} for w in waits(3)
    )
    assert {"warden-deck", "deck-card"} <= effects(4)
    assert placed(5, "clue") == 5
    assert {"kind": "visit-tokens", "count": 3} in [
        {"kind": w.kind, "count": w.params.get("count")} for w in waits(5)
    ]
    assert placed(6, "keybot") == 3 and "move-keybots" in effects(6)
    assert placed(7, "mystery") >= 2
    assert "The Loghan Armor" in {
        str(s.params.get("enemy")) for card in c.mission(8).cards for s in card.steps
    }
    assert any(w.params.get("name") == "critical" for w in waits(8))
    assert placed(9, "wizard") == 6
    assert "summon-lost-agents" in effects(10)
    lost = {e.name for e in c.enemies if e.name.startswith("Lost ") and e.colour == "violet"}
    assert lost == {f"Lost {a.name}" for a in c.agents}
    gained = {str(s.params["ally"]) for (s,) in _steps_of(c, "gain-ally")}
    assert gained == {a.name for a in c.allies}  # every Ally joins in the campaign
    pieces = {str(s.params["item"]) for (s,) in _steps_of(c, "gain-item")}
    assert pieces == {t.name for t in c.treasures if t.set}


def test_mission_rooms_and_doors_make_sense(c: Content) -> None:
    poi_rooms: dict[str, set[str]] = {b.timeline: set() for b in c.boards}
    for m in c.missions:
        b = c.board(m.timeline)
        enterable = reach(b, "outside", True)
        locked: set[str] = set()
        for card in m.cards:
            if card.wait.kind == "enter-room":
                room = str(card.wait.params["room"])
                assert room in enterable, (m.number, card.number)
                if card.kind == "poi":
                    assert b.room(room).poi, (m.number, card.number)
                    assert b.room(room).name.casefold() in card.title.casefold(), card.title
                    poi_rooms[b.timeline].add(room)
            for s in card.steps:
                if s.effect == "lock-door":
                    locked.add(str(s.params["door"]))
                elif s.effect == "unlock-door":
                    assert s.params["door"] in locked, (m.number, card.number)  # locked first
                elif s.effect == "move-group":
                    assert s.params["room"] in enterable
    for b in c.boards:
        assert poi_rooms[b.timeline] == {r.id for r in b.rooms if r.poi}, b.timeline


def _steps_of(c: Content, effect: str) -> list[tuple[Step]]:
    return [(b,) for _, b, _ in behaviour(c) if isinstance(b, Step) and b.effect == effect]


def test_modes(c: Content) -> None:
    ids = [m.id for m in c.modes]
    assert ids == ["campaign", "exploration", "coop-competitive", "boss-run", "unshackled"]
    campaign, explore, coop, boss, alone = (c.mode(i) for i in ids)
    assert campaign.story and not any(m.story for m in (explore, coop, boss, alone))
    assert explore.tokens == (2, 4) and explore.upgrades == 2 and explore.treasures_per_agent == 1
    assert coop.contracts and not explore.contracts
    assert boss.unique_with == ("blue", "red")
    assert not alone.shared and alone.health == 10
    for m in (explore, coop, boss, alone):
        assert (m.start, m.ordered_from, m.random_from) == ("pod", 1, 3)
    assert coop.tiebreaks == ("enemy-cards", "energy") and campaign.start == ""
    assert all(d.shards > 0 and d.wait.kind != "always" for d in c.deck("contract"))


# -- provenance, handlers, texts ---------------------------------------------------------------


def records(c: Content) -> list[Any]:
    out: list[Any] = [c.rules, *c.agents, *c.combat_cards, *c.treasures, *c.allies]
    out += [*c.upgrades, *c.enemies, *c.events, *c.tokens, *c.boards, *c.decks, *c.modes]
    for m in c.missions:
        out += [m, *m.cards]
    return out


def test_every_record_has_a_source(c: Content) -> None:
    for rec in records(c):
        assert rec.source in SOURCES, rec
        for key, src in rec.field_sources.items():
            assert src in SOURCES and src != rec.source, (rec, key)
    rulebook = {a.name for a in c.agents if a.source == "rulebook"}
    assert rulebook == set(AGENTS)
    assert {x.name for x in c.combat_cards if x.source == "rulebook"} == set(NAMED_CARDS)
    assert {x.name for x in c.treasures if x.source == "rulebook"} == set(NAMED_TREASURES)
    named = {x.name for x in c.enemies if x.source == "rulebook"}
    assert named == {"Lost Warrior", "Skeletron", "Bomzard", "The Loghan Armor"}


def test_every_handler_is_declared_and_used(c: Content) -> None:
    steps = [b for _, b, _ in behaviour(c) if isinstance(b, Step)]
    conds = [b for _, b, _ in behaviour(c) if isinstance(b, Condition)]
    assert {s.effect for s in steps} == set(EFFECTS)
    assert {w.kind for w in conds} == set(CONDITIONS)
    for s in steps:
        assert set(s.params) == set(EFFECTS[s.effect]), s
    for w in conds:
        assert set(w.params) == set(CONDITIONS[w.kind]), w


def texts(c: Content) -> list[tuple[str, str]]:
    out = [(repr(x), x.text) for x in records(c) if hasattr(x, "text")]
    out += [(s.name, s.text) for a in c.agents for s in a.skills]
    return out


def _rulebook_runs() -> Any:
    spec = importlib.util.spec_from_file_location(
        "rulebook_runs", ROOT / "scripts" / "rulebook_runs.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_text_is_short_and_our_own(c: Content) -> None:
    runs = set((ROOT / "tests" / "data" / "rulebook-runs" / "castle.txt").read_text().split())
    assert len(runs) > 1000
    rb = _rulebook_runs()
    assert all(0 < len(text) <= 240 for _, text in texts(c))
    copied = []
    for where, text in texts(c):
        w = rb.words(text)
        copied += [where for i in range(len(w) - 7) if rb.run_hash(w[i : i + 8]) in runs]
    assert not copied, copied[:3]
    line = "Energy can never drop below 0; if Agents cannot pay the required Energy cost"
    w = rb.words(line)
    assert any(rb.run_hash(w[i : i + 8]) in runs for i in range(len(w) - 7))


# -- malformed files ----------------------------------------------------------------------------


def test_the_shipped_files_build() -> None:
    assert build(raw()) == load()


def mutate(path: str, fn: Any) -> str:
    files = raw()
    fn(files[path])
    with pytest.raises(ContentError) as e:
        build(files)
    return str(e.value)


def test_missing_field_and_wrong_type() -> None:
    msg = mutate("enemies.toml", lambda d: d["enemy"][1].pop("health"))
    assert msg == "enemies.toml: enemy 'Skeletron': missing field 'health'"
    msg = mutate("combat.toml", lambda d: d["card"][0].__setitem__("timing_cost", "one"))
    assert msg.startswith("combat.toml: card 'Attack': field 'timing_cost' must be int")
    msg = mutate("agents.toml", lambda d: d["agent"][0]["skill"][0].__setitem__("energy", -3))
    assert msg == "agents.toml: agent 'Pill': skill 1: field 'energy' must not be negative, not -3"
    msg = mutate("treasures.toml", lambda d: d["treasure"][0].__setitem__("hands", 3))
    assert msg == "treasures.toml: treasure 'Whip': field 'hands' must be 1 or 2 for a weapon"
    msg = mutate("boards.toml", lambda d: d["board"][0].__setitem__("colur", "red"))
    assert msg == "boards.toml: board 'past': unknown field 'colur'"


def test_unknown_effect_and_bad_params() -> None:
    msg = mutate("combat.toml", lambda d: d["card"][2]["steps"][0].__setitem__("effect", "zap"))
    assert msg.startswith("combat.toml: card 'Energy Attack': steps 1: field 'effect' is 'zap'")
    msg = mutate("combat.toml", lambda d: d["card"][2]["steps"][0]["params"].pop("amount"))
    assert "card 'Energy Attack': steps 1: field 'params' of 'damage' must be exactly (amount)" in (
        msg
    )
    msg = mutate(
        "events.toml", lambda d: d["event"][0]["a"][0]["params"].__setitem__("amount", "3")
    )
    assert msg.startswith("events.toml: event 'Collapsing Gallery': a 1: field 'params.amount'")
    msg = mutate("combat.toml", lambda d: d["card"][3]["steps"][0].__setitem__("when", "later"))
    assert msg.startswith("combat.toml: card 'Union Attack': steps 1: field 'when' is 'later'")
    msg = mutate(
        "missions/m03.toml", lambda d: d["mission"]["card"][1]["wait"].update(kind="someday")
    )
    assert msg.startswith("missions/m03.toml: mission 3: card '02/03': field 'wait.kind'")


def test_unknown_references() -> None:
    msg = mutate("agents.toml", lambda d: d["agent"][0]["items"].append("Laser Sword"))
    assert msg == "agents.toml: agent 'Pill': field 'items' names no Treasure: 'Laser Sword'"
    msg = mutate("agents.toml", lambda d: d["agent"][1]["deck"].__setitem__("Atack", 1))
    assert msg == "agents.toml: agent 'Arvias': field 'deck' names no combat card: 'Atack'"
    msg = mutate("agents.toml", lambda d: d["agent"][1]["deck"].__setitem__("Attack", 7))
    assert msg == "agents.toml: agent 'Arvias': field 'deck' holds 33 cards, not 32"

    def card_step(i: int, j: int, **params: str) -> Any:
        """Change step j of card i of a Mission file."""
        return lambda d: d["mission"]["card"][i]["steps"][j]["params"].update(params)

    msg = mutate("missions/m01.toml", card_step(0, 0, room="99"))
    assert msg == (
        "missions/m01.toml: mission 1: card '01/01': field 'params.room' names no room of its "
        "board: '99'"
    )
    msg = mutate("missions/m01.toml", card_step(2, 1, door="1-24"))
    assert msg.endswith("card '03/01': field 'params.door' names no door of its board: '1-24'")
    msg = mutate("missions/m01.toml", card_step(6, 1, enemy="Lost Warior"))
    assert msg.endswith("card '07/01': field 'params.enemy' names no enemy: 'Lost Warior'")
    msg = mutate("missions/m02.toml", card_step(2, 2, ally="Nobody"))
    assert msg.endswith("card '03/02': field 'params.ally' names no Ally: 'Nobody'")
    msg = mutate("missions/m03.toml", card_step(2, 1, item="Gold"))
    assert msg.endswith("card '03/03': field 'params.item' names no Treasure: 'Gold'")
    msg = mutate("missions/m07.toml", card_step(2, 2, card="02/06"))
    assert msg.endswith("card '03/07': field 'params.card' names no card of its Mission: '02/06'")
    msg = mutate(
        "decks.toml", lambda d: d["chase"][6]["steps"][0]["params"].update(enemy="Von Loghan")
    )
    assert msg == (
        "decks.toml: chase 'He Finds You': field 'params.enemy' names no enemy: 'Von Loghan'"
    )
    hound = next(
        i for i, e in enumerate(raw()["events.toml"]["event"]) if e["name"] == "Clockwork Workshop"
    )
    msg = mutate("events.toml", lambda d: d["event"][hound]["a"][0]["params"].update(enemy="Dog"))
    assert (
        msg == "events.toml: event 'Clockwork Workshop': field 'params.enemy' names no enemy: 'Dog'"
    )
    gallery = [{"effect": "move-group", "params": {"room": "F"}}]
    msg = mutate("events.toml", lambda d: d["event"][0].update(d=gallery))
    assert msg == (
        "events.toml: event 'Collapsing Gallery': field 'params.room' names a room, which only a "
        "Mission's card may: 'F'"
    )
    msg = mutate("treasures.toml", lambda d: d.update(treasure={"name": "Whip"}))
    assert msg.startswith("treasures.toml: field 'treasure' must be list")
    msg = mutate("boards.toml", lambda d: d["board"][2]["door"][0].__setitem__("b", "G"))
    assert msg == "boards.toml: board 'future': door 'outside-F' names no room 'G'"


def test_structure_checks() -> None:
    msg = mutate("treasures.toml", lambda d: d["treasure"][0].__setitem__("set", "Whip"))
    assert msg.startswith("treasures.toml: treasure 'Whip': field 'set' must name a violet")
    msg = mutate("missions/m02.toml", lambda d: d["mission"]["card"][1].update(number="02/03"))
    assert msg == "missions/m02.toml: mission 2: card '02/03': field 'number' must be NN/02"
    msg = mutate("missions/m04.toml", lambda d: d["mission"]["card"].pop())
    assert msg == "missions/m04.toml: mission 4: needs one intro and one outro card"
    msg = mutate("enemies.toml", lambda d: d["enemy"][1]["rage"].append(d["enemy"][1]["rage"][0]))
    assert msg == "enemies.toml: enemy 'Skeletron': field 'rage' gives a Timeline twice"
    msg = mutate("events.toml", lambda d: d["event"][0]["end"].__setitem__("count", 2))
    assert msg.startswith("events.toml: event 'Collapsing Gallery': end: field 'count' is 0")
    msg = mutate("tokens.toml", lambda d: d["token"][0]["search"].pop())
    assert msg == "tokens.toml: token green 1: field 'search' must give the four areas"
    msg = mutate("agents.toml", lambda d: d["agent"][0]["skill"].pop())
    assert msg == "agents.toml: agent 'Pill': field 'skill' must give exactly two Skills"


def test_mission_and_mode_references() -> None:
    msg = mutate("missions/m01.toml", lambda d: d["mission"]["recommended"].append("Zed"))
    assert msg == "missions/m01.toml: mission 1: field 'recommended' names no Agent: 'Zed'"
    msg = mutate("missions/m06.toml", lambda d: d["mission"].update(start="99"))
    assert msg == "missions/m06.toml: mission 6: field 'start' names no room of its board: '99'"
    msg = mutate("modes.toml", lambda d: d["mode"][1].update(tiebreaks=["luck"]))
    assert msg.startswith("modes.toml: mode 'exploration': field 'tiebreaks'")
    assert "is 'luck'; allowed: 'enemy-cards', 'energy'" in msg  # (", item 1" when declared)


def test_sources_are_checked() -> None:
    msg = mutate("allies.toml", lambda d: d["ally"][0].__setitem__("source", "guess"))
    assert msg.startswith("allies.toml: ally 'Old Hobb': field 'source' is 'guess'")
    msg = mutate("combat.toml", lambda d: d["card"][0].__setitem__("rage_source", "authored"))
    assert msg == "combat.toml: card 'Attack': field 'rage_source' names a field the record lacks"


def test_the_content_page_lists_every_handler_in_our_words() -> None:
    page = (ROOT / "docs" / "rules" / "castle-content.md").read_text("utf-8")
    listed = set(re.findall(r"^\| `([a-z-]+)` \|", page, re.M))
    assert listed == set(EFFECTS) | set(CONDITIONS)
    runs = set((ROOT / "tests" / "data" / "rulebook-runs" / "castle.txt").read_text().split())
    rb = _rulebook_runs()
    w = rb.words(page)
    assert not [
        " ".join(w[i : i + 8]) for i in range(len(w) - 7) if rb.run_hash(w[i : i + 8]) in runs
    ]
