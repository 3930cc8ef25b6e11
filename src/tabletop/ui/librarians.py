"""Terminal renderer of The Librarians: Adventure Card Game: the table as one seat sees it.

Draws, from `state.view(seat)` only: the round, phase, adventure and difficulty; the Mission
with its Progress, advance value and challenge, and the Disturbance with its Fate; the
Adventure deck and discard pile, the set-aside and Special cards; the Unassigned Region
(Obstacles and unassigned Enemies with their challenge, Life or Progress, Damage or Fate and
the tokens on them); the dice of a check as it is made (each die's face, locked dice, the
net result so far, who has devoted); every seat: its hero with Life and damage, attributes,
hand, deck, Energy and discard counts, Clues, Focus and Power, the first player and
eliminated seats, and its Player Area (characters ready or exhausted, damage, Attachments
under the card they are on, Device countdowns, assigned Enemies); the hands this seat may see
(its own with what each card does, a teammate's by name with `open_hands`); and the last log
lines with their rule ids when the view holds a log.

Numbers the view does not carry (a card's cost, an Enemy's Life and Damage, an Obstacle's
Progress and Fate, an effect text) come from the game's texts (`tabletop.engine.texts`), and
are left out when the game has none. Every line fits the terminal's width, cut with an
ellipsis where it must: at 80 columns a 3-player board takes about 20 lines; from 120 columns
the effect texts of your hand show longer; from 160 the table and seats stand left of your
hand. Card types have colours, which piped output leaves out. Every string from the view is
plain text (`rich.text.Text`), never markup.

Preferences (`--pref NAME`): `pass-won-checks` (off by default) passes the devote window of a
teammate's check whose dice already succeed.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from rich.console import Console
from rich.text import Text

from tabletop.ui.style import (
    as_int,
    as_str,
    blocks,
    card_info,
    clip,
    emit,
    grid,
    join,
    label,
    lay_out,
    plural,
    short_effect,
    wrap,
)

GAME = "librarians"
SCORE_LABEL = "team won"
RECENT = 5
SIDE_BY_SIDE = 160
ATTRS = (("guile", "G"), ("insight", "I"), ("lore", "L"), ("tactics", "T"))
TYPE_STYLE = {
    "artifact": "bright_magenta",
    "attachment": "cyan",
    "event": "yellow",
    "sidekick": "green",
    "hero": "bold",
    "enemy": "red",
    "obstacle": "bright_yellow",
    "complication": "magenta",
    "special": "blue",
}
ICON = {"success": "S", "failure": "F", "tree": "T", "serpent": "X"}
DICE_LEGEND = "S success · F failure · T Tree of Knowledge · X Serpent · - blank · * locked"

_PLAYER = re.compile(r"^(artifact|attachment|event|sidekick) · (\d+) Energy")
_CHALLENGE = re.compile(r"\b(Guile|Insight|Lore|Tactics) (\d+) challenge")
_ENEMY = re.compile(r"\bLife (\d+), Damage (\d+)")
_OBSTACLE = re.compile(r"\bProgress (\d+), Fate (\d+)")
_SIDEKICK = re.compile(r"((?:(?:Guile|Insight|Lore|Tactics) [\d-]+(?:, )?){4}) · Life (\d+)")
_ATTR = re.compile(r"(Guile|Insight|Lore|Tactics) ([\d-]+)")


def _who(seat: object) -> str:
    return f"P{seat + 1}" if isinstance(seat, int) else "P?"


def _dict(value: object) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


# -- what the texts add to a card -------------------------------------------------------------


def _info(card: dict[str, Any]) -> Any:
    return card_info(GAME, card.get("id")) or card_info(GAME, card.get("name"))


def card_type(card: dict[str, Any]) -> str:
    """The card's type: from the view (adventure cards), else from its texts' summary."""
    if isinstance(card.get("type"), str):
        return str(card["type"])
    info = _info(card)
    if info is None:
        return ""
    m = _PLAYER.match(info.summary)
    if m:
        return m.group(1)
    return "hero" if info.kind == "hero" else ""


def card_numbers(card: dict[str, Any], in_play: bool = False) -> str:
    """`T2, life 3, deals 1` for an Enemy (challenge, Life, Damage), `L2, needs 3, fate 1`
    for an Obstacle (challenge, Progress to defeat it, Fate), `1E` for a player card in hand
    (its cost), `G1 I2 L2 T1, life 4` for a Sidekick in play; "" when the game's texts do
    not say (or a card in play has nothing to add)."""
    info = _info(card)
    if info is None:
        return ""
    s = info.summary
    m = _PLAYER.match(s)
    if m:
        if not in_play:
            return f"{m.group(2)}E"
        a = _SIDEKICK.search(s)
        if m.group(1) != "sidekick" or a is None:
            return ""
        return " ".join(f"{name[0]}{n}" for name, n in _ATTR.findall(a.group(1))) + (
            f", life {a.group(2)}"
        )
    bits = []
    c = _CHALLENGE.search(s)
    if c:
        bits.append(f"{c.group(1)[0]}{c.group(2)}")
    e = _ENEMY.search(s)
    if e:
        bits += [f"life {e.group(1)}", f"deals {e.group(2)}"]
    o = _OBSTACLE.search(s)
    if o:
        bits += [f"needs {o.group(1)}", f"fate {o.group(2)}"]
    if "· Ambush" in s:
        bits.append("Ambush")
    return ", ".join(bits)


def effect(card: dict[str, Any]) -> str:
    return short_effect(GAME, as_str(card.get("id"), "")) or short_effect(
        GAME, as_str(card.get("name"), "")
    )


def _tokens(card: dict[str, Any]) -> list[str]:
    out = []
    if as_int(card.get("damage")):
        out.append(f"{card['damage']} dmg")
    if as_int(card.get("progress")):
        out.append(f"{card['progress']} progress")
    if as_int(card.get("aid_tokens")):
        out.append(plural(card["aid_tokens"], "Aid token"))
    if isinstance(card.get("countdown"), int):
        n = card["countdown"]
        out.append(f"countdown {n}" if n else "countdown done: spend it")
    if card.get("exhausted"):
        out.append("exhausted")
    return out


def card_line(
    card: dict[str, Any], *, numbers: bool = True, text: bool = False, in_play: bool = False
) -> Text:
    """`Relic Looter (T2, life 3, deals 1; 1 dmg, exhausted)`, in the card's colour, with
    the first clause of its effect when `text`."""
    kind = card_type(card)
    name = as_str(card.get("name"))
    if isinstance(card.get("number"), int):  # one of copies, as the options number it
        name += f" #{card['number']}"
    t = Text(name, style=TYPE_STYLE.get(kind, ""))
    bits = []
    nums = card_numbers(card, in_play) if numbers else ""
    if nums:
        bits.append(nums)
    tokens = _tokens(card)
    inside = "; ".join(x for x in (", ".join(bits), ", ".join(tokens)) if x)
    if inside:
        t.append(f" ({inside})", style="dim" if not tokens else "")
    if text:
        e = effect(card)
        if e:
            t.append(": " + e, style="dim")
    return t


# -- the table: Mission, Disturbance, decks, Unassigned Region -----------------------------


def _title(view: dict[str, Any]) -> Text:
    phase = as_str(view.get("phase"), "").replace("-", " ").title()
    title = (
        f"Round {view.get('round', '?')} · {phase} phase · "
        f"{as_str(view.get('adventure'))} · {as_str(view.get('difficulty'), '').title()}"
    )
    return Text(title, style="bold")


def _story_lines(view: dict[str, Any], width: int) -> list[Text]:
    lines: list[Text] = []
    m = view.get("mission")
    if isinstance(m, dict):
        t = label("Mission: ", Text(as_str(m.get("name")), style="bold green"))
        advance = m.get("advance")
        goal = f"/{advance}" if isinstance(advance, int) else " (see its text)"
        t.append(f" · Progress {as_int(m.get('progress'))}{goal}")
        ch = m.get("challenge")
        if isinstance(ch, dict):
            t.append(f" · Overcome: {as_str(ch.get('attribute')).title()} {ch.get('difficulty')}")
        e = effect(m)
        if e:
            t.append(" · " + e, style="dim")
        lines.append(clip(t, width))
    d = view.get("disturbance")
    if isinstance(d, dict):
        t = label("Disturbance: ", Text(as_str(d.get("name")), style="bold red"))
        t.append(f" · Fate {as_int(d.get('fate'))}/{d.get('advance', '?')}")
        e = effect(d)
        if e:
            t.append(" · " + e, style="dim")
        lines.append(clip(t, width))
    discard = [c for c in view.get("adventure_discard") or [] if isinstance(c, dict)]
    deck = Text(f"Adventure deck {as_int(view.get('adventure_deck'))} · discard {len(discard)}")
    if discard:
        deck.append(" (top: ")
        deck.append_text(card_line(discard[-1], numbers=False))
        deck.append(")")
    aside = [c for c in view.get("set_aside") or [] if isinstance(c, dict)]
    if aside:
        deck.append(" · set aside: ")
        deck.append_text(_names(aside))
    lines.append(clip(deck, width))
    special = [c for c in view.get("special") or [] if isinstance(c, dict)]
    for c in special:
        lines.append(clip(label("Special: ", card_line(c, numbers=False, text=True)), width))
    unassigned = [c for c in view.get("unassigned") or [] if isinstance(c, dict)]
    if unassigned:
        lines += grid(
            [card_line(c) for c in unassigned],
            width,
            min_col=38,
            lead=Text("Unassigned: ", style="bold"),
        )
    else:
        lines.append(Text("Unassigned: none", style="dim"))
    return lines


def _names(cards: list[dict[str, Any]]) -> Text:
    counts = Counter(as_str(c.get("name")) for c in cards)
    first = {as_str(c.get("name")): c for c in reversed(cards)}
    return join(
        Text(name + (f" ×{n}" if n > 1 else ""), style=TYPE_STYLE.get(card_type(first[name]), ""))
        for name, n in counts.items()
    )


# -- the check --------------------------------------------------------------------------------


def _die(die: dict[str, Any]) -> Text:
    face = [i for i in die.get("face") or [] if isinstance(i, str)]
    text = "".join(ICON.get(i, "?") for i in face) or "-"
    style = "bold white" if die.get("kind") == "character" else "bold bright_black"
    t = Text(f"[{text}]", style=style)
    if die.get("locked"):
        t.append("*")
    return t


def check_lines(view: dict[str, Any], width: int) -> list[Text]:
    c = view.get("check")
    if not isinstance(c, dict):
        return []
    head = label("Check: ", Text(as_str(c.get("actor")), style="bold"))
    head.append(f" ({_who(c.get('player'))}) · ")
    head.append(f"{as_str(c.get('attribute')).title()} {c.get('difficulty')} check", style="bold")
    if isinstance(c.get("against"), str):
        head.append(" against ")
        head.append(c["against"])
    pool = _dict(c.get("pool"))
    character, challenge = as_int(pool.get("character")), as_int(pool.get("challenge"))
    if character or challenge or c.get("dice"):
        head.append(f" · {character} Character + {challenge} Challenge dice")
    lines = wrap(head, width, most=2)
    dice = [d for d in c.get("dice") or [] if isinstance(d, dict)]
    if dice:
        t = Text("  Character ")
        t.append_text(join((_die(d) for d in dice if d.get("kind") == "character"), " "))
        t.append("  Challenge ")
        t.append_text(join((_die(d) for d in dice if d.get("kind") != "character"), " "))
        icons = Counter(i for d in dice for i in d.get("face") or [])
        margin = net(view) or 0
        t.append("  net ")
        t.append(f"{margin:+d}", style="bold green" if margin > 0 else "bold red")
        if icons["tree"]:
            t.append(f" · {plural(icons['tree'], 'Tree')}")
        lines.append(clip(t, width))
        lines.append(clip(Text("  " + DICE_LEGEND, style="dim"), width))
    devoted = [p for p in c.get("devoted") or [] if isinstance(p, int)]
    if devoted:
        lines.append(clip(Text("  devoted by " + ", ".join(map(_who, devoted))), width))
    return lines


# -- the seats --------------------------------------------------------------------------------


def _attributes(seat: dict[str, Any]) -> str:
    attrs = _dict(seat.get("attributes"))
    return " ".join(f"{short}{attrs.get(name, '?')}" for name, short in ATTRS)


def _area(seat: dict[str, Any]) -> list[Text]:
    """The Player Area: each card (the hero and the Aid card are in the seat's line), its
    Attachments after it as `+Kevlar Vest`."""
    cards = [c for c in seat.get("area") or [] if isinstance(c, dict)]
    hero = as_str(seat.get("hero"), "")
    hosts = [c for c in cards if "on" not in c]
    ids = {as_str(c.get("id"), "") for c in hosts}
    out: list[Text] = []
    for c in hosts:
        attached = [a for a in cards if a.get("on") == c.get("id")]
        is_hero = c.get("name") == hero
        if c.get("id") == "aid-from-the-library" or (is_hero and not attached):
            continue
        t = card_line(c, numbers=not is_hero, in_play=True)
        if is_hero:
            t = Text(hero, style="bold")
        for a in attached:
            t.append(" +")
            t.append_text(card_line(a, numbers=False))
        out.append(t)
    for a in cards:  # on a card elsewhere (a teammate's character)
        if "on" in a and a.get("on") not in ids:
            t = card_line(a, numbers=False)
            t.append(f" on {as_str(a.get('on'))}", style="dim")
            out.append(t)
    return out


def _hero_card(seat: dict[str, Any]) -> dict[str, Any]:
    for c in seat.get("area") or []:
        if isinstance(c, dict) and c.get("name") == seat.get("hero"):
            return c
    return {}


def seat_lines(view: dict[str, Any], width: int) -> list[Text]:
    """Per seat: its hero, tags, damage, attributes and whether the hero is exhausted; then
    its counts and Player Area; then a teammate's hand by name when the viewer sees it."""
    me = view.get("viewer")
    lines: list[Text] = []
    for seat in view.get("seats") or []:
        if not isinstance(seat, dict):
            continue
        p = seat.get("seat")
        head = Text(f"{_who(p)} ", style="bold")
        head.append(as_str(seat.get("hero")), style="bold")
        tags = [
            tag
            for tag, on in (
                ("you", p == me),
                ("first player", seat.get("first_player")),
                ("eliminated", seat.get("eliminated")),
            )
            if on
        ]
        if tags:
            head.append(f" ({', '.join(tags)})", style="bold")
        life, dmg = as_int(seat.get("life")), as_int(seat.get("damage"))
        head.append(" · ")
        head.append(f"dmg {dmg}/{life}", style="bold red" if dmg and life - dmg <= 2 else "")
        head.append(f" · {_attributes(seat)}")
        if _hero_card(seat).get("exhausted"):
            head.append(" · exhausted", style="dim")
        counts = [
            f"hand {as_int(seat.get('hand_size'))}",
            f"deck {as_int(seat.get('deck'))}",
            f"energy {as_int(seat.get('energy'))}",
            f"discard {len(seat.get('discard') or [])}",
        ]
        counts += [
            f"{what} {n}" for what in ("clues", "focus", "power") if (n := as_int(seat.get(what)))
        ]
        body = Text("    " + ", ".join(counts), style="dim")
        area = _area(seat)
        if area:
            body.append(" · ")
            body.append_text(join(area, " · "))
        if seat.get("eliminated"):
            head.stylize("dim")
            body.stylize("dim")
        lines.append(clip(head, width))
        lines += wrap(body, width, indent=4, most=2)
        hand = seat.get("hand")
        if p != me and isinstance(hand, list) and hand:
            lines += wrap(label("    hand: ", _names(hand), "dim"), width, indent=4, most=1)
    return lines


def hand_lines(view: dict[str, Any], width: int) -> list[Text]:
    me = view.get("viewer")
    seat = next(
        (s for s in view.get("seats") or [] if isinstance(s, dict) and s.get("seat") == me),
        None,
    )
    if seat is None or not isinstance(seat.get("hand"), list):
        return []
    hand = [c for c in seat["hand"] if isinstance(c, dict)]
    lines = [clip(Text(f"Your hand ({len(hand)}):", style="bold"), width)]
    counts = Counter(as_str(c.get("name")) for c in hand)
    first: dict[str, dict[str, Any]] = {}
    for c in hand:
        first.setdefault(as_str(c.get("name")), c)
    items = []
    for name, n in counts.items():
        t = card_line(first[name], text=True)
        if n > 1:
            t = Text(f"{n}× ") + t
        items.append(t)
    lines += grid(items, width, min_col=60 if width < 120 else 50, max_cols=2)
    discard = [c for c in seat.get("discard") or [] if isinstance(c, dict)]
    if discard:
        lines += wrap(
            label(f"Your discard pile ({len(discard)}): ", _names(discard)), width, most=1
        )
    return lines


def _log_lines(view: dict[str, Any], width: int) -> list[Text]:
    log = [e for e in view.get("log") or [] if isinstance(e, dict)]
    if not log:
        return []
    lines = [Text("Recent:", style="bold")]
    for entry in log[-RECENT:]:
        t = Text("  " + as_str(entry.get("text"), ""))
        t.append(f"  ({as_str(entry.get('rule'), '')})", style="dim")
        lines.append(clip(t, width))
    return lines


def board_lines(view: dict[str, Any], width: int) -> list[Text]:
    """The board under its title, as lines no wider than `width`."""
    left_w, right_w, _ = blocks(width, SIDE_BY_SIDE)
    left = _story_lines(view, left_w) + check_lines(view, left_w) + seat_lines(view, left_w)
    right = hand_lines(view, right_w)
    return lay_out(left, right, width, SIDE_BY_SIDE) + _log_lines(view, width)


def render(view: dict[str, Any], console: Console) -> None:
    console.rule(_title(view))
    emit(console, board_lines(view, console.width))


# -- what is happening now (the full-screen table pins it by the question) --------------------
MOMENT_WIDTH = 78
_POOL = re.compile(r"(\d+) Character vs (\d+) Challenge dice")


def _short(text: str) -> str:
    return text if len(text) <= MOMENT_WIDTH else text[: MOMENT_WIDTH - 1] + "…"


def moment(view: dict[str, Any], seat: int, decision: Any) -> str | None:
    """One line on the check being made (who, the attribute, against what, the pool, the net
    of the dice so far), or on the Mission in an Action phase; None: the last log line."""
    ask = decision.ask(seat)
    c = view.get("check")
    if isinstance(c, dict):
        text = f"{as_str(c.get('actor'))}, {as_str(c.get('attribute')).title()}"
        text += f" vs {c['against']}" if isinstance(c.get("against"), str) else " check"
        pool = _dict(c.get("pool"))
        character, challenge = as_int(pool.get("character")), as_int(pool.get("challenge"))
        margin = net(view)
        planned = _POOL.search(ask.prompt)  # before the roll the question gives the pool
        if margin is not None:
            text += f": {character}+{challenge} dice rolled, net {margin:+d}"
        elif planned:
            text += f": {planned[1]} Character + {planned[2]} Challenge dice"
        else:
            text += f": difficulty {as_int(c.get('difficulty'))}"
        return _short(text)
    m = _dict(view.get("mission"))
    if ask.kind == "action" and m:
        advance = m.get("advance")
        need = f"/{advance}" if isinstance(advance, int) else ""
        return _short(
            f"Round {view.get('round', '?')}: Mission {as_str(m.get('name'))}, Progress "
            f"{as_int(m.get('progress'))}{need}"
        )
    return None


# -- preferences (see tabletop.ui.prefs) ------------------------------------------------------
def net(view: dict[str, Any]) -> int | None:
    """Successes less Failures (and Serpents, but in Narrative) of the check's dice so far;
    None when no die is rolled."""
    c = _dict(view.get("check"))
    dice = [d for d in c.get("dice") or [] if isinstance(d, dict)]
    if not dice:
        return None
    icons = Counter(i for d in dice for i in d.get("face") or [])
    serpents = 0 if view.get("difficulty") == "narrative" else icons["serpent"]
    return icons["success"] - icons["failure"] - serpents


def _pass_won_checks(view: dict[str, Any], seat: int, decision: Any) -> str | None:
    """Pass the change window of a teammate's check whose dice already succeed (devoting
    then only adds degrees)."""
    ask = decision.ask(seat)
    if ask.kind != "check-change" or _dict(view.get("check")).get("player") == seat:
        return None
    margin = net(view)
    if margin is None or margin <= 0:
        return None
    return "pass" if any(o.id == "pass" for o in ask.options) else None


# The words a question ends with when a card can change nothing (see
# tabletop.games.librarians.labels: SETTLED, SETTLED_POOL).
SETTLED = {
    "check-change": "more Successes change nothing",
    "check-modify": "more dice change nothing",
}


def _pass_settled_checks(view: dict[str, Any], seat: int, decision: Any) -> str | None:
    """Pass a check's window where the question says no card can change anything: the dice
    already succeed by as much as the result can use (a Mission that takes one Progress, an
    Enemy with no more life left than the margin), or the pool is full (4 Character dice, no
    Challenge die) and the cards at hand only add dice."""
    ask = decision.ask(seat)
    if SETTLED.get(ask.kind, "\0") not in ask.prompt:
        return None
    return "pass" if any(o.id == "pass" for o in ask.options) else None


PREFERENCES = {
    "pass-won-checks": (
        "pass the devote window of a teammate's check that already succeeds",
        _pass_won_checks,
        False,
    ),
    "pass-settled-checks": (
        "pass a check's windows where no card can change anything (the check already "
        "succeeds by all its result can use, or its pool is full)",
        _pass_settled_checks,
        True,
    ),
}
