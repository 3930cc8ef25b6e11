"""Terminal renderer of Castle Von Loghan: the castle and the group as one seat sees them.

Draws, from `state.view(seat)` only: the turn, phase (and combat round), mode and board; the
Mission with the Story's next card and the Point of Interest and Mission cards in play
(campaign); the group: its room and the ways out of it (locked doors marked), Health and
Clarity (each Agent's own in Unshackled), the Leader, Rage and the Lurking Enemies; a
compact map: the group's room and every room that holds something, by number and name, with
its Random Event token's colour (Sneaked ones marked, with the face this seat peeked at),
Story tokens and Point of Interest, then the Locked doors (so a move's options can be read);
the fight's line-up (position, name, colour, Damage/Health, state, countdown, immunities,
engaged); the Event card with its options and, after the reveal, who chose what; every
Agent: name, room, Energy/max, the Overcharge, Skills with their cost, minimum Clarity and
cooldown (the viewer's own; a spectator sees every Agent's), its inventory by slot (weapons
with their power and damage type), Upgrades, Combat deck and discard counts, trophies, Data
Shards and Contract (the owner's by name), and in a fight its Timing sequence as a row of
cards (Timing, name, Timing Cost, Damage, Negated or paid), its Initiative card, the Damage
it has built up and its target; the Allies, the P.O.D., the Gob-li Merchant's offer and
hints (never the engine's tallies); and the last log lines.

`moment(view, seat, decision)` says in one line (78 characters at most) what is happening for
a question (the Event voted on with its options' words, the fight's step with the enemies'
Damage/Health, where the group moves from, what a window comes before); `PREFERENCES` are the
auto-passes of `castle.waits`, on by default, which pass a window only when passing cannot
matter.

Every line fits the terminal's width (80 columns: cut with an ellipsis where it must). Every
string from the view is plain text (`rich.text.Text`), never markup. Colours (enemy and token
colours, card categories) are left out of piped output.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich.console import Console
from rich.text import Text

from tabletop.games.castle.labels import vote_words
from tabletop.games.castle.waits import AUTO_PASS
from tabletop.ui.style import ELLIPSIS, clip, emit, grid, join, label, plural, short_effect, wrap

GAME = "castle"
SCORE_LABEL = "score"
RECENT = 5
COLOUR_STYLE = {"green": "green", "blue": "blue", "red": "red", "violet": "magenta"}
CATEGORY_STYLE = {
    "attack card": "bold green",
    "support card": "cyan",
    "strike card": "red",
    "hazard card": "magenta",
}
MODE_NAME = {
    "campaign": "Campaign",
    "exploration": "Exploration",
    "coop-competitive": "Co-op Competitive",
    "boss-run": "Boss Run",
    "unshackled": "Unshackled",
}
TYPE_SHORT = {"melee": "melee", "ranged": "ranged", "shock": "shock", "special": "special"}


def _who(seat: object) -> str:
    return f"A{seat + 1}" if isinstance(seat, int) and not isinstance(seat, bool) else "A?"


def _num(value: object, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _str(value: object, default: str = "?") -> str:
    return value if isinstance(value, str) else default


def _dicts(value: object) -> list[dict[str, Any]]:
    return [x for x in value if isinstance(x, dict)] if isinstance(value, list) else []


def _strs(value: object) -> list[str]:
    return [x for x in value if isinstance(x, str)] if isinstance(value, list) else []


def _names(names: list[str]) -> str:
    """`Ghoul ×2, Bat`: names in first-seen order, copies counted."""
    return ", ".join(n + (f" ×{k}" if k > 1 else "") for n, k in Counter(names).items())


# -- the title and the group ------------------------------------------------------------------


def title(view: dict[str, Any]) -> Text:
    """`Turn 3 · Combat phase, round 2 · Exploration · Castle Von Loghan, 1077`."""
    phase = _str(view.get("phase"), "")
    if phase == "over":
        head = "Game over"
    else:
        head = f"{phase.capitalize()} phase" if phase else "?"
        if phase == "combat" and _num(view.get("combat_round")):
            head += f", round {view['combat_round']}"
    mode = MODE_NAME.get(_str(view.get("mode"), ""), _str(view.get("mode")))
    return Text(
        f"Turn {_num(view.get('turn'))} · {head} · {mode} · {_str(view.get('board'))}",
        style="bold",
    )


def _room_names(view: dict[str, Any]) -> dict[str, str]:
    return {_str(r.get("id")): _str(r.get("name")) for r in _dicts(view.get("rooms"))}


def place(view: dict[str, Any], rid: object) -> str:
    """`5 Great Hall`, `the Foyer`, `the P.O.D.`, `outside`."""
    r = _str(rid)
    name = _room_names(view).get(r, r)
    if r.isdigit():
        return f"{r} {name}"
    return {"outside": "outside", "pod": "the P.O.D.", "F": "the Foyer"}.get(r, name)


def group_lines(view: dict[str, Any], width: int, exits: bool = True) -> list[Text]:
    """Where the group is and the ways out, its Health and Clarity, Leader, Rage, Lurking."""
    agents = _dicts(view.get("agents"))
    here = _str(view.get("group_room"))
    t = label("Group: ", Text(place(view, here), style="bold"))
    health, clarity = view.get("health"), view.get("clarity")
    if isinstance(health, int):
        t.append(" · ")
        t.append(f"Health {health}", style="bold red" if health <= 5 else "bold")
        t.append(" · ")
        t.append(f"Clarity {clarity}", style="bold cyan")
    lead = _num(view.get("leader"), -1)
    leader = next((a for a in agents if a.get("seat") == lead), None)
    if leader is not None:
        t.append(f" · Leader {_who(lead)}")
    if _num(view.get("lurking")):
        t.append(f" · {plural(view['lurking'], 'Lurking Enemy').replace('Enemys', 'Enemies')}")
    lines = [clip(t, width)]
    ways = []
    for d in _dicts(view.get("doors")) if exits else []:
        a, b = _str(d.get("a")), _str(d.get("b"))
        if here not in (a, b):
            continue
        other = b if a == here else a
        bit = Text(place(view, other))
        if d.get("kind") == "elevator":
            bit.append(" (elevator)", style="dim")
        if d.get("locked"):
            bit.append(" (locked)", style="bold yellow")
        ways.append(bit)
    if ways:
        lines += wrap(label("  Ways out: ", join(ways), "dim"), width, indent=4, most=2)
    away = [a for a in agents if _str(a.get("room"), here) != here]
    if away:
        bits = [f"{_who(a.get('seat'))} in {place(view, a.get('room'))}" for a in away]
        lines += wrap(Text("  Apart: " + ", ".join(bits), style="dim"), width, most=1)
    return lines


# -- the map ----------------------------------------------------------------------------------


def room_bits(view: dict[str, Any], r: dict[str, Any]) -> list[str]:
    """What a room holds: `green token` (`~` Sneaked, the face seen in brackets), its Story
    tokens, `Point of Interest`."""
    bits = []
    if isinstance(r.get("token"), str):
        tok = f"{r['token']}{'~' if r.get('sneaked') else ''}"
        if isinstance(r.get("seen"), str):
            tok += f" ({r['seen']})"
        bits.append(tok)
    marks = _strs(r.get("marks"))
    if marks:
        bits.append("+".join(dict.fromkeys(marks)))
    if r.get("poi"):
        bits.append("PoI")
    return bits


def map_lines(view: dict[str, Any], width: int) -> list[Text]:
    """A compact map: the group's room (`@`), then every room that holds something, by
    number and name with its Random Event token's colour (`~` Sneaked, a face seen in
    brackets), Story tokens and Point of Interest (`PoI`), the rooms that are only a Point of
    Interest by number at the end; then the Locked doors."""
    rooms = _dicts(view.get("rooms"))
    here = _str(view.get("group_room"))
    away = {_str(a.get("room")) for a in _dicts(view.get("agents"))} - {here}
    parts = []
    poi_only = []
    for r in rooms:
        rid = _str(r.get("id"))
        bits = room_bits(view, r)
        if not bits and rid != here and rid not in away:
            continue
        if bits == ["PoI"] and rid != here and rid not in away:
            poi_only.append(rid)  # listed by number at the end
            continue
        t = Text()
        if rid == here:
            t.append("@", style="bold")
        elif rid in away:
            t.append("+", style="bold")
        t.append(place(view, rid), style="bold" if rid == here else "")
        if bits:
            t.append(" ")
            colour = _str(r.get("token"), "")
            t.append(" ".join(bits), style=COLOUR_STYLE.get(colour, "dim"))
        parts.append(t)
    if poi_only:
        parts.append(Text("Points of Interest " + " ".join(poi_only), style="dim"))
    lines: list[Text] = []
    if parts:
        lines += wrap(label("Map: ", join(parts, " · ")), width, most=4)
    locked = [d for d in _dicts(view.get("doors")) if d.get("locked")]
    if locked:
        doors = ", ".join(f"{_str(d.get('a'))}-{_str(d.get('b'))}" for d in locked)
        lines += wrap(label("Locked doors: ", doors, "bold yellow"), width, most=2)
    legend = "  (@ the group, + an Agent apart, ~ Sneaked: sideways, still face down)"
    if any(r.get("sneaked") for r in rooms) or away:
        lines.append(clip(Text(legend, style="dim"), width))
    return lines


# -- the story (campaign) ---------------------------------------------------------------------


def story_lines(view: dict[str, Any], width: int) -> list[Text]:
    story = view.get("story")
    if not isinstance(story, dict):
        return []
    t = label("Mission: ", Text(_str(story.get("mission")), style="bold magenta"))
    if isinstance(view.get("mission"), int):
        t.append(f" ({view['mission']} of 10)", style="dim")
    lines = [clip(t, width)]
    nxt = story.get("next")
    if isinstance(nxt, dict):
        n = label("  Next Story card ", Text(f"{_str(nxt.get('number'))} {_str(nxt.get('title'))}"))
        n.append(": " + _str(nxt.get("text"), ""), style="dim")
        lines += wrap(n, width, indent=4, most=2)
    for c in _dicts(story.get("active")):
        kind = "Point of Interest" if c.get("kind") == "poi" else "Mission card"
        a = label(f"  {kind} ", Text(f"{_str(c.get('number'))} {_str(c.get('title'))}"))
        a.append(": " + _str(c.get("text"), ""), style="dim")
        lines += wrap(a, width, indent=4, most=2)
    return lines


# -- the fight --------------------------------------------------------------------------------


def enemy_line(e: dict[str, Any]) -> Text:
    """`2 Lost Warrior 4/10 · stunned · countdown 2 · immune melee · engaged`."""
    t = Text(f"{_num(e.get('position'))} ")
    t.append(_str(e.get("name")), style=COLOUR_STYLE.get(_str(e.get("colour"), ""), ""))
    state = _str(e.get("state"), "active")
    t.append(f" {_num(e.get('damage'))}/{_num(e.get('health'))}")
    bits = []
    if state != "active":
        bits.append({"fresh": "just summoned"}.get(state, state))
    if isinstance(e.get("countdown"), int):
        bits.append(f"countdown {e['countdown']}")
    immune = _strs(e.get("immune"))
    if immune:
        bits.append("immune " + "/".join(immune))
    if e.get("engaged"):
        bits.append("engaged")
    if bits:
        t.append(" · " + " · ".join(bits), style="dim" if state == "defeated" else "")
    if state == "defeated":
        t.stylize("dim")
    return t


def fight_lines(view: dict[str, Any], width: int) -> list[Text]:
    fight = _dicts(view.get("fight"))
    if not fight:
        return []
    head = Text("Fight", style="bold")
    if _num(view.get("rage")):
        head.append(f" (Rage {view['rage']})", style="bold red")
    head.append(": ", style="bold")
    return grid([enemy_line(e) for e in fight], width, min_col=38, lead=head)


# -- the event --------------------------------------------------------------------------------


def event_lines(view: dict[str, Any], width: int) -> list[Text]:
    lines: list[Text] = []
    ev = view.get("event")
    if isinstance(ev, dict):
        colour = _str(ev.get("colour"), "")
        style = f"bold {COLOUR_STYLE.get(colour, '')}"
        t = label("Event: ", Text(_str(ev.get("name")), style=style))
        if ev.get("group"):
            t.append(" (Group Decision: one option for all)", style="bold")
        lines.append(clip(t, width))
        lines += wrap(Text("  " + _str(ev.get("text"), "")), width, indent=2, most=4)
    votes = [v for v in view.get("votes") or [] if isinstance(v, str)]
    if any(votes) and isinstance(ev, dict):  # who chose what, while the card is in play
        agents = {a.get("seat"): _str(a.get("agent")) for a in _dicts(view.get("agents"))}
        by_letter: dict[str, list[str]] = {}
        for p, v in enumerate(votes):
            if v:
                by_letter.setdefault(v, []).append(f"{_who(p)} {agents.get(p, '')}".strip())
        t = Text("Votes: ", style="bold")
        for i, (letter, who) in enumerate(sorted(by_letter.items())):
            if i:
                t.append(" · ")
            t.append(f"{letter}×{len(who)}", style="bold")
            t.append(f" {', '.join(who)}")
        lines += wrap(t, width, most=2)
    return lines


# -- the Agents -------------------------------------------------------------------------------


def treasure_text(c: dict[str, Any], slot: bool = True) -> Text:
    """`hand: Whip (ranged 1)`, `Health Potion`, `Iron Buckler (shield 1, 2 hands)`."""
    t = Text()
    if slot and isinstance(c.get("slot"), str):
        t.append(f"{c['slot']}:", style="dim")
    t.append(_str(c.get("name")), style=COLOUR_STYLE.get(_str(c.get("colour"), ""), ""))
    bits = []
    if c.get("kind") in ("weapon", "shield"):
        typ = _str(c.get("type"), "")
        bits.append(f"{TYPE_SHORT.get(typ, typ) or 'shield'} {_num(c.get('power'))}")
        if _num(c.get("hands")) > 1:
            bits.append("2 hands")
    if c.get("exhausted"):
        bits.append("exhausted")
    if c.get("timeless"):
        bits.append("Timeless")
    if bits:
        t.append(f" ({', '.join(bits)})", style="dim")
    return t


def timing_card(c: dict[str, Any]) -> Text:
    """`2 Block t2` (Timing, name, Timing Cost, then Damage `d1`, Rage `r1`), struck through
    and marked `negated` when Negated, `paid` when its optional effect is paid for."""
    t = Text(f"{_num(c.get('timing'))} ", style="bold")
    name = Text(_str(c.get("name")), style=CATEGORY_STYLE.get(_str(c.get("category"), ""), ""))
    if c.get("negated"):
        name.stylize("strike dim")
    t.append_text(name)
    nums = f" t{_num(c.get('cost'))}"
    if _num(c.get("damage")):
        nums += f" d{c['damage']}"
    if _num(c.get("rage")):
        nums += f" r{c['rage']}"
    t.append(nums, style="dim")
    if c.get("negated"):
        t.append(" negated", style="bold yellow")
    if c.get("paid"):
        t.append(" paid", style="bold green")
    return t


def _target_name(view: dict[str, Any], target: object) -> str:
    for e in _dicts(view.get("fight")):
        if e.get("id") == target:
            return f"{_num(e.get('position'))} {_str(e.get('name'))}"
    return _str(target)


def agent_lines(view: dict[str, Any], a: dict[str, Any], width: int) -> list[Text]:
    """One Agent: its head line, Skills and piles, inventory, and in a fight its Timing."""
    me = view.get("viewer")
    p = a.get("seat")
    head = Text(f"{_who(p)} ", style="bold")
    head.append(_str(a.get("agent")), style="bold")
    tags = [t for t, on in (("you", p == me), ("leader", a.get("leader"))) if on]
    if tags:
        head.append(f" ({', '.join(tags)})", style="bold")
    energy, most = _num(a.get("energy")), _num(a.get("max_energy"))
    head.append(" · ")
    head.append(f"Energy {energy}/{most}", style="bold yellow")
    if isinstance(a.get("health"), int):
        head.append(" · ")
        head.append(f"Health {a['health']}", style="bold red" if a["health"] <= 3 else "bold")
        head.append(f" · Clarity {_num(a.get('clarity'))}", style="bold cyan")
    if _str(a.get("room"), "") != _str(view.get("group_room"), ""):
        head.append(f" · in {place(view, a.get('room'))}")
    if isinstance(a.get("health"), int) and a["health"] <= 0:
        head.append(" · out", style="bold red")
    piles = [f"deck {_num(a.get('deck'))}", f"discard {len(a.get('discard') or [])}"]
    if _strs(a.get("trophies")):
        piles.append(f"trophies {len(a['trophies'])}")
    if _num(a.get("shards")):
        piles.append(f"Data Shards {a['shards']}")
    head.append(" · " + ", ".join(piles), style="dim")
    if a.get("overcharged"):
        head.append(" · Overcharge used", style="yellow")
    lines = [clip(head, width)]

    skills_shown = me is None or p == me  # another Agent's Skills are a `card` away
    skills = []
    for sk in _dicts(a.get("skills")) if skills_shown else []:
        s = Text(_str(sk.get("name")))
        s.append(f" {_num(sk.get('energy'))}E C{_num(sk.get('clarity'))}+", style="dim")
        if sk.get("cooldown"):
            s.append(" cooling", style="yellow")
            s.stylize("dim", 0, len(_str(sk.get("name"))))
        skills.append(s)
    if skills:
        lines += wrap(label("  Skills ", join(skills), "dim"), width, indent=4, most=2)

    inv = [treasure_text(c) for c in _dicts(a.get("inventory"))]
    carry = label("  Carries ", join(inv) if inv else Text("nothing", style="dim"), "dim")
    power = _num(a.get("combat_power"))
    types = "/".join(_strs(a.get("damage_types"))) or "bare hands"
    carry.append(f" · power {power} {types}", style="dim")
    upgrades = _strs(a.get("upgrades"))
    if upgrades:
        carry.append(" · Upgrades: ", style="dim")
        carry.append(_names(upgrades))
    lines += wrap(carry, width, indent=4, most=2 if p == me or me is None else 1)

    contract = a.get("contract")
    if isinstance(contract, list) and contract:
        c = label("  Contract (secret): ", ", ".join(_strs(contract)), "bold magenta")
        eff = short_effect(GAME, _strs(contract)[0]) if _strs(contract) else ""
        if eff:
            c.append(": " + eff, style="dim")
        lines.append(clip(c, width))
    elif isinstance(contract, int) and contract and p == me:
        lines.append(clip(Text(f"  Contract: {contract} (secret)", style="dim"), width))

    line = _dicts(a.get("line"))
    initiative = _strs(a.get("initiative"))
    if line or initiative or _num(a.get("damage")) or a.get("target"):
        row = label("  Timing ", join((timing_card(c) for c in line), " | ") or Text("-"), "dim")
        if initiative:
            row.append(" · Initiative: ", style="bold")
            row.append(_names(initiative))
        if _num(a.get("damage")) or a.get("target"):
            row.append(f" · Damage {_num(a.get('damage'))}", style="bold red")
            if a.get("target"):
                row.append(f" → {_target_name(view, a['target'])}")
        lines += wrap(row, width, indent=4, most=3)
    return lines


LEGEND = "Skills: E Energy cost, C6+ Clarity needed"
TIMING_LEGEND = " · Timing: t Timing Cost, d Damage, r Rage"


def agents_lines(view: dict[str, Any], width: int) -> list[Text]:
    """Every Agent in seat order, then a line saying what the short numbers mean."""
    lines: list[Text] = []
    agents = _dicts(view.get("agents"))
    for a in agents:
        lines += agent_lines(view, a, width)
    if agents:
        legend = LEGEND + (TIMING_LEGEND if any(_dicts(a.get("line")) for a in agents) else "")
        lines.append(clip(Text(legend, style="dim"), width))
    return lines


# -- the rest: Allies, P.O.D., the Gob-li Merchant, hints, tallies ----------------------------


def extra_lines(view: dict[str, Any], width: int) -> list[Text]:
    lines: list[Text] = []
    allies = _dicts(view.get("allies"))
    if allies:
        bits = []
        for al in allies:
            t = Text(_str(al.get("name")), style="green")
            t.append(f" C{_num(al.get('clarity'))}", style="dim")
            if al.get("exhausted"):
                t.append(" exhausted", style="dim")
            bits.append(t)
        lines += wrap(label("Allies: ", join(bits)), width, most=2)
    pod = _dicts(view.get("pod"))
    if pod:
        lines += wrap(label("P.O.D.: ", join(treasure_text(c, False) for c in pod)), width, most=2)
    offer = _dicts(view.get("merchant"))
    if offer:
        bits = []
        for i, c in enumerate(offer, 1):
            t = Text(f"{i} ")
            t.append_text(treasure_text(c, False))
            t.append(f" {_num(c.get('energy'))}E", style="yellow")
            bits.append(t)
        lines += wrap(label("Gob-li Merchant offers: ", join(bits, " · ")), width, most=3)
    for hint in _strs(view.get("hints"))[-2:]:
        lines += wrap(label("Hint: ", hint, "bold cyan"), width, most=2)
    ended = view.get("ended")
    if isinstance(ended, str) and ended:
        lines.append(clip(label("The end: ", ended, "bold red"), width))
    return lines


def log_lines(view: dict[str, Any], width: int) -> list[Text]:
    log = _dicts(view.get("log"))
    if not log:
        return []
    lines = [Text("Recent:", style="bold")]
    for entry in log[-RECENT:]:
        t = Text("  " + _str(entry.get("text"), ""))
        t.append(f"  ({_str(entry.get('rule'), '')})", style="dim")
        lines.append(clip(t, width))
    return lines


def board_lines(view: dict[str, Any], width: int) -> list[Text]:
    """The board under its title, as lines no wider than `width`. While enemies stand the
    map and the ways out are left out: nobody moves in a fight."""
    fighting = any(e.get("state") != "defeated" for e in _dicts(view.get("fight")))
    return (
        story_lines(view, width)
        + group_lines(view, width, exits=not fighting)
        + ([] if fighting else map_lines(view, width))
        + event_lines(view, width)
        + fight_lines(view, width)
        + agents_lines(view, width)
        + extra_lines(view, width)
        + log_lines(view, width)
    )


def render(view: dict[str, Any], console: Console) -> None:
    console.rule(title(view))
    emit(console, board_lines(view, console.width))


# -- what is happening now (the full-screen table pins it next to the question) -------------
MOMENT_WIDTH = 78
STEP_NAME = {
    "combat-weapons": "Select Weapons",
    "combat-start": "Start of Combat",
    "combat-draw": "Draw",
    "combat-replace": "Replace or Discard",
    "combat-rearrange": "Rearrange",
    "combat-negate": "Negate",
    "combat-execute": "Execute",
    "combat-target": "Target",
    "combat-card": "a card effect",
    "combat-enemy": "a card effect",
    "share-energy": "Energy shared out",
    "reward": "rewards",
}


def _cut(text: str, width: int = MOMENT_WIDTH) -> str:
    return text if len(text) <= width else text[: width - 1].rstrip() + ELLIPSIS


def _fight_gist(view: dict[str, Any]) -> str:
    """`1 Bomzard 0/5, 2 Plague Doctor 0/5 (+1)`: the enemies still standing."""
    standing = [e for e in _dicts(view.get("fight")) if e.get("state") != "defeated"]
    bits = [
        f"{_num(e.get('position'))} {_str(e.get('name'))} "
        f"{_num(e.get('damage'))}/{_num(e.get('health'))}"
        for e in standing[:2]
    ]
    more = f" (+{len(standing) - 2})" if len(standing) > 2 else ""
    return ", ".join(bits) + more if bits else "the fight is won"


def moment(view: dict[str, Any], seat: int, decision: Any) -> str | None:
    """One line (at most 78 characters) saying what is happening for `seat`'s question: the
    Event voted on with its options' words, the fight's step and the enemies with their
    Damage/Health, where the group stands for a move, what a window comes before. None:
    the last log line says it."""
    try:
        ask = decision.ask(seat)
    except (ValueError, AttributeError):
        return None
    kind, prompt = ask.kind, ask.prompt
    ev = view.get("event") if isinstance(view.get("event"), dict) else None
    if kind in ("vote", "group-vote") and ev is not None:
        words = vote_words(_str(ev.get("text"), ""))
        gist = " · ".join(f"{k} {v}" for k, v in words.items())
        return _cut(f"{_str(ev.get('name'))}: {gist}")
    if kind in STEP_NAME and view.get("fight"):
        rnd = _num(view.get("combat_round"))
        head = f"Round {rnd} {STEP_NAME[kind]}" if rnd else f"Fight, {STEP_NAME[kind]}"
        me = next((a for a in _dicts(view.get("agents")) if a.get("seat") == seat), {})
        energy = f" · Energy {_num(me.get('energy'))}" if me else ""
        return _cut(f"{head}: {_fight_gist(view)}{energy}")
    if kind == "move":
        lead = _who(view.get("leader"))
        return _cut(
            f"Turn {_num(view.get('turn'))}: {lead} leads the group from "
            f"{place(view, view.get('group_room'))}"
        )
    if kind == "anytime":
        name = _str(ev.get("name")) if ev is not None else ""
        if "Decision cards" in prompt and name:
            return _cut(f"{name} is drawn: use what helps before the vote, or done")
        if "End Event" in prompt and name:
            return _cut(f"{name} is resolved: its End Event comes next")
        return _cut("Refresh Phase: before the Refresh actions are chosen")
    if kind == "between":
        phase = _str(view.get("phase"), "")
        fight = (
            " · a fight is waiting"
            if any(e.get("state") != "defeated" for e in _dicts(view.get("fight")))
            else ""
        )
        return _cut(f"After the {phase.capitalize()} Phase: trade, equip or use{fight}")
    if kind == "refresh":
        return _cut(f"Refresh Phase in {place(view, view.get('group_room'))}: one action each")
    if kind == "buy":
        offer = ", ".join(
            f"{_str(c.get('name'))} {_num(c.get('energy'))}E" for c in _dicts(view.get("merchant"))
        )
        return _cut(f"The Gob-li Merchant offers {offer or 'nothing more'}")
    return None


# -- preferences (see tabletop.ui.prefs): auto-passes where passing cannot matter --------------
PREFERENCES = AUTO_PASS
