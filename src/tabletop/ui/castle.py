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

from typing import Any

from rich.console import Console
from rich.text import Text

from tabletop.games.castle.labels import vote_words
from tabletop.games.castle.waits import AUTO_PASS
from tabletop.ui.castle_parts import (
    COLOUR_STYLE,
    agent_name,
    agents_lines,
    place,
    treasure_text,
)
from tabletop.ui.style import (
    ELLIPSIS,
    as_dicts,
    as_int,
    as_str,
    as_strs,
    clip,
    emit,
    grid,
    join,
    label,
    plural,
    wrap,
)

SCORE_LABEL = "score"
RECENT = 5
MODE_NAME = {
    "campaign": "Campaign",
    "exploration": "Exploration",
    "coop-competitive": "Co-op Competitive",
    "boss-run": "Boss Run",
    "unshackled": "Unshackled",
}


# -- the title and the group ------------------------------------------------------------------


def title(view: dict[str, Any]) -> Text:
    """`Turn 3 · Combat phase, round 2 · Exploration · Castle Von Loghan, 1077`."""
    phase = as_str(view.get("phase"), "")
    if phase == "over":
        head = "Game over"
    else:
        head = f"{phase.capitalize()} phase" if phase else "?"
        if phase == "combat" and as_int(view.get("combat_round")):
            head += f", round {view['combat_round']}"
    mode = MODE_NAME.get(as_str(view.get("mode"), ""), as_str(view.get("mode")))
    return Text(
        f"Turn {as_int(view.get('turn'))} · {head} · {mode} · {as_str(view.get('board'))}",
        style="bold",
    )


def group_lines(view: dict[str, Any], width: int, exits: bool = True) -> list[Text]:
    """Where the group is and the ways out, its Health and Clarity, Leader, Rage, Lurking."""
    agents = as_dicts(view.get("agents"))
    here = as_str(view.get("group_room"))
    t = label("Group: ", Text(place(view, here), style="bold"))
    health, clarity = view.get("health"), view.get("clarity")
    if isinstance(health, int):
        t.append(" · ")
        t.append(f"Health {health}", style="bold red" if health <= 5 else "bold")
        t.append(" · ")
        t.append(f"Clarity {clarity}", style="bold cyan")
    lead = as_int(view.get("leader"), -1)
    leader = next((a for a in agents if a.get("seat") == lead), None)
    if leader is not None:
        t.append(f" · Leader {agent_name(lead)}")
    if as_int(view.get("lurking")):
        t.append(f" · {plural(view['lurking'], 'Lurking Enemy').replace('Enemys', 'Enemies')}")
    lines = [clip(t, width)]
    ways = []
    for d in as_dicts(view.get("doors")) if exits else []:
        a, b = as_str(d.get("a")), as_str(d.get("b"))
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
    away = [a for a in agents if as_str(a.get("room"), here) != here]
    if away:
        bits = [f"{agent_name(a.get('seat'))} in {place(view, a.get('room'))}" for a in away]
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
    marks = as_strs(r.get("marks"))
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
    rooms = as_dicts(view.get("rooms"))
    here = as_str(view.get("group_room"))
    away = {as_str(a.get("room")) for a in as_dicts(view.get("agents"))} - {here}
    parts = []
    poi_only = []
    for r in rooms:
        rid = as_str(r.get("id"))
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
            colour = as_str(r.get("token"), "")
            t.append(" ".join(bits), style=COLOUR_STYLE.get(colour, "dim"))
        parts.append(t)
    if poi_only:
        parts.append(Text("Points of Interest " + " ".join(poi_only), style="dim"))
    lines: list[Text] = []
    if parts:
        lines += wrap(label("Map: ", join(parts, " · ")), width, most=4)
    locked = [d for d in as_dicts(view.get("doors")) if d.get("locked")]
    if locked:
        doors = ", ".join(f"{as_str(d.get('a'))}-{as_str(d.get('b'))}" for d in locked)
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
    t = label("Mission: ", Text(as_str(story.get("mission")), style="bold magenta"))
    if isinstance(view.get("mission"), int):
        t.append(f" ({view['mission']} of 10)", style="dim")
    lines = [clip(t, width)]
    nxt = story.get("next")
    if isinstance(nxt, dict):
        n = label(
            "  Next Story card ", Text(f"{as_str(nxt.get('number'))} {as_str(nxt.get('title'))}")
        )
        n.append(": " + as_str(nxt.get("text"), ""), style="dim")
        lines += wrap(n, width, indent=4, most=2)
    for c in as_dicts(story.get("active")):
        kind = "Point of Interest" if c.get("kind") == "poi" else "Mission card"
        a = label(f"  {kind} ", Text(f"{as_str(c.get('number'))} {as_str(c.get('title'))}"))
        a.append(": " + as_str(c.get("text"), ""), style="dim")
        lines += wrap(a, width, indent=4, most=2)
    return lines


# -- the fight --------------------------------------------------------------------------------


def enemy_line(e: dict[str, Any]) -> Text:
    """`2 Lost Warrior 4/10 · stunned · countdown 2 · immune melee · engaged`."""
    t = Text(f"{as_int(e.get('position'))} ")
    t.append(as_str(e.get("name")), style=COLOUR_STYLE.get(as_str(e.get("colour"), ""), ""))
    state = as_str(e.get("state"), "active")
    t.append(f" {as_int(e.get('damage'))}/{as_int(e.get('health'))}")
    bits = []
    if state != "active":
        bits.append({"fresh": "just summoned"}.get(state, state))
    if isinstance(e.get("countdown"), int):
        bits.append(f"countdown {e['countdown']}")
    immune = as_strs(e.get("immune"))
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
    fight = as_dicts(view.get("fight"))
    if not fight:
        return []
    head = Text("Fight", style="bold")
    if as_int(view.get("rage")):
        head.append(f" (Rage {view['rage']})", style="bold red")
    head.append(": ", style="bold")
    return grid([enemy_line(e) for e in fight], width, min_col=38, lead=head)


# -- the event --------------------------------------------------------------------------------


def event_lines(view: dict[str, Any], width: int) -> list[Text]:
    lines: list[Text] = []
    ev = view.get("event")
    if isinstance(ev, dict):
        colour = as_str(ev.get("colour"), "")
        style = f"bold {COLOUR_STYLE.get(colour, '')}"
        t = label("Event: ", Text(as_str(ev.get("name")), style=style))
        if ev.get("group"):
            t.append(" (Group Decision: one option for all)", style="bold")
        lines.append(clip(t, width))
        lines += wrap(Text("  " + as_str(ev.get("text"), "")), width, indent=2, most=4)
    votes = [v for v in view.get("votes") or [] if isinstance(v, str)]
    if any(votes) and isinstance(ev, dict):  # who chose what, while the card is in play
        agents = {a.get("seat"): as_str(a.get("agent")) for a in as_dicts(view.get("agents"))}
        by_letter: dict[str, list[str]] = {}
        for p, v in enumerate(votes):
            if v:
                by_letter.setdefault(v, []).append(f"{agent_name(p)} {agents.get(p, '')}".strip())
        t = Text("Votes: ", style="bold")
        for i, (letter, who) in enumerate(sorted(by_letter.items())):
            if i:
                t.append(" · ")
            t.append(f"{letter}×{len(who)}", style="bold")
            t.append(f" {', '.join(who)}")
        lines += wrap(t, width, most=2)
    return lines


# -- the rest: Allies, P.O.D., the Gob-li Merchant, hints, tallies ----------------------------


def extra_lines(view: dict[str, Any], width: int) -> list[Text]:
    lines: list[Text] = []
    allies = as_dicts(view.get("allies"))
    if allies:
        bits = []
        for al in allies:
            t = Text(as_str(al.get("name")), style="green")
            t.append(f" C{as_int(al.get('clarity'))}", style="dim")
            if al.get("exhausted"):
                t.append(" exhausted", style="dim")
            bits.append(t)
        lines += wrap(label("Allies: ", join(bits)), width, most=2)
    pod = as_dicts(view.get("pod"))
    if pod:
        lines += wrap(label("P.O.D.: ", join(treasure_text(c, False) for c in pod)), width, most=2)
    offer = as_dicts(view.get("merchant"))
    if offer:
        bits = []
        for i, c in enumerate(offer, 1):
            t = Text(f"{i} ")
            t.append_text(treasure_text(c, False))
            t.append(f" {as_int(c.get('energy'))}E", style="yellow")
            bits.append(t)
        lines += wrap(label("Gob-li Merchant offers: ", join(bits, " · ")), width, most=3)
    for hint in as_strs(view.get("hints"))[-2:]:
        lines += wrap(label("Hint: ", hint, "bold cyan"), width, most=2)
    ended = view.get("ended")
    if isinstance(ended, str) and ended:
        lines.append(clip(label("The end: ", ended, "bold red"), width))
    return lines


def log_lines(view: dict[str, Any], width: int) -> list[Text]:
    log = as_dicts(view.get("log"))
    if not log:
        return []
    lines = [Text("Recent:", style="bold")]
    for entry in log[-RECENT:]:
        t = Text("  " + as_str(entry.get("text"), ""))
        t.append(f"  ({as_str(entry.get('rule'), '')})", style="dim")
        lines.append(clip(t, width))
    return lines


def board_lines(view: dict[str, Any], width: int) -> list[Text]:
    """The board under its title, as lines no wider than `width`. While enemies stand the
    map and the ways out are left out: nobody moves in a fight."""
    fighting = any(e.get("state") != "defeated" for e in as_dicts(view.get("fight")))
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
    standing = [e for e in as_dicts(view.get("fight")) if e.get("state") != "defeated"]
    bits = [
        f"{as_int(e.get('position'))} {as_str(e.get('name'))} "
        f"{as_int(e.get('damage'))}/{as_int(e.get('health'))}"
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
        words = vote_words(as_str(ev.get("text"), ""))
        gist = " · ".join(f"{k} {v}" for k, v in words.items())
        return _cut(f"{as_str(ev.get('name'))}: {gist}")
    if kind in STEP_NAME and view.get("fight"):
        rnd = as_int(view.get("combat_round"))
        head = f"Round {rnd} {STEP_NAME[kind]}" if rnd else f"Fight, {STEP_NAME[kind]}"
        me = next((a for a in as_dicts(view.get("agents")) if a.get("seat") == seat), {})
        energy = f" · Energy {as_int(me.get('energy'))}" if me else ""
        return _cut(f"{head}: {_fight_gist(view)}{energy}")
    if kind == "move":
        lead = agent_name(view.get("leader"))
        return _cut(
            f"Turn {as_int(view.get('turn'))}: {lead} leads the group from "
            f"{place(view, view.get('group_room'))}"
        )
    if kind == "anytime":
        name = as_str(ev.get("name")) if ev is not None else ""
        if "Decision cards" in prompt and name:
            return _cut(f"{name} is drawn: use what helps before the vote, or done")
        if "End Event" in prompt and name:
            return _cut(f"{name} is resolved: its End Event comes next")
        return _cut("Refresh Phase: before the Refresh actions are chosen")
    if kind == "between":
        phase = as_str(view.get("phase"), "")
        fight = (
            " · a fight is waiting"
            if any(e.get("state") != "defeated" for e in as_dicts(view.get("fight")))
            else ""
        )
        return _cut(f"After the {phase.capitalize()} Phase: trade, equip or use{fight}")
    if kind == "refresh":
        return _cut(f"Refresh Phase in {place(view, view.get('group_room'))}: one action each")
    if kind == "buy":
        offer = ", ".join(
            f"{as_str(c.get('name'))} {as_int(c.get('energy'))}E"
            for c in as_dicts(view.get("merchant"))
        )
        return _cut(f"The Gob-li Merchant offers {offer or 'nothing more'}")
    return None


# -- preferences (see tabletop.ui.prefs): auto-passes where passing cannot matter --------------
PREFERENCES = AUTO_PASS
