"""Option labels that explain themselves (issue 22): every question's options are relabelled
from the state as the seat answering it sees it, so a person reads what an option does without
looking it up. Only the `label` changes: an option's `id`, `action` and `arg` stay those of
the action space (`space.py`), so records, bots and research adapters read them as before.

- a vote names the Event's words for each letter (`A: stamp them out`): the card's front,
  all an Agent knows before the vote (castle.event.hidden);
- a move or sneak names the room and what lies there
  (`Move to room 5 Great Hall (green token)`);
- a rearrange names the card and its Energy cost (`Move Block from Timing 1 to 3 (2 Energy)`);
  a card, help, Initiative or pay option names the card on that Timing;
- a target names the enemy and its Damage (`Target enemy 2, Lost Warrior (4/10)`);
- an Agent is named by seat and Agent (`A2 Brannoc`), a Skill by name and cost, a burn by the
  Energy it gives, an offered card (a reward, the Gob-li Merchant) by name (and price).

Options keep the order the rules give them (the bots' play is unchanged); every label is a
card, room or Agent name, never a slug or a tally key.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING

from tabletop.engine.decision import Ask, Decision, Option
from tabletop.games.castle.cards import CONTENT, FIGHT, ROOM_ZONE, who
from tabletop.games.castle.records import Ally, Treasure, Upgrade

if TYPE_CHECKING:
    from tabletop.games.castle.rules import CastleState

PLACES = {"outside": "outside", "pod": "the P.O.D.", "F": "the Foyer"}


def agent(s: CastleState, p: int) -> str:
    """`A2 Brannoc`: the seat as the log names it, and its Agent."""
    return f"{who(p)} {s.agent(p).name}"


def place(s: CastleState, room: str) -> str:
    """`room 5 Great Hall`, `the Foyer`, `the P.O.D.`, `outside` (`room 5` as the log and the
    web page name it, then its name)."""
    if room in PLACES:
        return PLACES[room]
    name = next((r.name for r in s.board.rooms if r.id == room), "")
    return f"room {room} {name}".strip()


def holds(s: CastleState, room: str) -> str:
    """What a room holds that a move reads: its token's colour, Story tokens, a Point of
    Interest (`green token, Point of Interest`), or ''."""
    bits = []
    zone_id = ROOM_ZONE.get(room)
    if zone_id is not None and s.zones.cards[zone_id]:
        tok = s.zones.cards[zone_id][-1]
        colour = s.t.pools[tok].removeprefix("token-")
        bits.append(f"{colour} token" + (", Sneaked" if room in s.sneaked else ""))
    marks = s.marks.get(room)
    if marks:
        bits.append(" and ".join(dict.fromkeys(marks)) + " token" + ("s" if len(marks) > 1 else ""))
    if any(r.id == room and r.poi for r in s.board.rooms):
        bits.append("Point of Interest")
    return ", ".join(bits)


def _room_label(verb: str) -> Callable[[CastleState, int | None, Option], str]:
    def label(s: CastleState, seat: int | None, o: Option) -> str:
        room = str(o.arg)
        what = holds(s, room)
        return f"{verb} {place(s, room)}" + (f" ({what})" if what else "")

    return label


def _stay(s: CastleState, seat: int | None, o: Option) -> str:
    room = s.room[s.leader if seat is None else seat]
    return f"Stay in {place(s, room)}"


def _line(s: CastleState, p: int) -> list[int]:
    from tabletop.games.castle.sequence import line

    return line(s, p)


def _card_on(s: CastleState, p: int, t: int) -> str:
    seq = _line(s, p)
    return s.name(seq[t - 1]) if 0 < t <= len(seq) else f"Timing {t}"


def _shift(s: CastleState, seat: int | None, o: Option) -> str:
    from tabletop.games.castle.sequence import shift_cost

    i, j = o.arg
    if seat is None:
        return o.label
    cost = shift_cost(s, seat, i, j)
    paid = "" if cost is None else f" ({cost} Energy)"
    return f"Move {_card_on(s, seat, i)} from Timing {i} to {j}{paid}"


def _card(s: CastleState, seat: int | None, o: Option) -> str:
    if seat is None:
        return o.label
    return f"Use {_card_on(s, seat, int(o.arg))} (Timing {o.arg})"


def _help(s: CastleState, seat: int | None, o: Option) -> str:
    p, t = o.arg
    return f"Charge Support: replace {who(p)}'s {_card_on(s, p, t)} (Timing {t})"


def _initiative(s: CastleState, seat: int | None, o: Option) -> str:
    if seat is None:
        return o.label
    t = int(o.arg)
    return f"Swap {_card_on(s, seat, t)} (Timing {t}) for the Initiative card"


def _pay(s: CastleState, seat: int | None, o: Option) -> str:
    from tabletop.games.castle.sequence import paid_step

    if seat is None:
        return o.label
    t = int(o.arg)
    seq = _line(s, seat)
    step = paid_step(s, seq[t - 1]) if 0 < t <= len(seq) else None
    cost = f" ({step.pay} Energy)" if step is not None else ""
    return f"Pay for {_card_on(s, seat, t)}'s second effect (Timing {t}){cost}"


def _target(s: CastleState, seat: int | None, o: Option) -> str:
    fight = s.zones.cards[FIGHT]
    n = int(o.arg)
    if not 0 < n <= len(fight):
        return o.label
    e = fight[n - 1]
    return f"Target enemy {n}, {s.name(e)} ({s.edamage.get(e, 0)}/{s.record(e).health})"


WIDTH = 78  # a label fits a terminal line with its number


def gist(text: str) -> str:
    """What a card does, from its text: the words after its last `:` (the rest is flavour or
    timing: `Drink it and discard it: the group heals 2 Health.`)."""
    words = text.strip().rstrip(".").split(": ")[-1]
    return words[:1].lower() + words[1:] if words[:2] != words[:2].upper() else words


def with_gist(head: str, text: str) -> str:
    """`head: gist`, cut to one line."""
    line = f"{head}: {gist(text)}" if text else head
    return line if len(line) <= WIDTH else line[: WIDTH - 1].rstrip(" ,;:") + "…"


def _skill(s: CastleState, seat: int | None, o: Option) -> str:
    from tabletop.games.castle.abilities import skill_cost

    if seat is None:
        return o.label
    i = int(o.arg)
    sk = s.agent(seat).skills[i]
    return with_gist(f"Use {sk.name} ({skill_cost(s, seat, i)} Energy)", sk.text)


def _use(s: CastleState, seat: int | None, o: Option) -> str:
    rec = _treasures().get(str(o.arg))
    return o.label if rec is None else with_gist(f"Use {rec.name}", rec.text)


def _ally(s: CastleState, seat: int | None, o: Option) -> str:
    rec = _allies().get(str(o.arg))
    return o.label if rec is None else with_gist(f"Call on {rec.name}", rec.text)


def _upgrade(s: CastleState, seat: int | None, o: Option) -> str:
    rec = _upgrades().get(str(o.arg))
    return o.label if rec is None else with_gist(f"Take {rec.name}", rec.text)


def _burn(s: CastleState, seat: int | None, o: Option) -> str:
    rec = _treasures().get(str(o.arg))
    if rec is None:
        return o.label
    return f"Burn {rec.name} for {rec.energy} Energy"


@cache
def _treasures() -> dict[str, Treasure]:
    return {t.slug: t for t in CONTENT.treasures}


@cache
def _allies() -> dict[str, Ally]:
    return {a.slug: a for a in CONTENT.allies}


@cache
def _upgrades() -> dict[str, Upgrade]:
    return {u.slug: u for u in CONTENT.upgrades}


def _share(s: CastleState, seat: int | None, o: Option) -> str:
    p = int(o.arg)
    return f"Give 1 Energy to {agent(s, p)} (Energy {s.energy[p]}/{s.max_energy(p)})"


def _give(s: CastleState, seat: int | None, o: Option) -> str:
    return f"Give it to {agent(s, int(o.arg))}"


def _trade(s: CastleState, seat: int | None, o: Option) -> str:
    slug, p = o.arg
    rec = _treasures().get(slug)
    name = rec.name if rec is not None else slug
    return f"Give {name} to {agent(s, int(p))}"


LABELS: dict[str, Callable[[CastleState, int | None, Option], str]] = {
    "go": _room_label("Move to"),
    "sneak": _room_label("Sneak to"),
    "stay": _stay,
    "shift": _shift,
    "card": _card,
    "help": _help,
    "initiative": _initiative,
    "pay": _pay,
    "target": _target,
    "skill": _skill,
    "use": _use,
    "ally": _ally,
    "upgrade": _upgrade,
    "burn": _burn,
    "share": _share,
    "give": _give,
    "trade": _trade,
}


def relabel(
    s: CastleState,
    seat: int | None,
    opts: Sequence[Option],
    extra: dict[str, str] | None = None,
) -> tuple[Option, ...]:
    """`opts` with labels that say what each does, as `seat` (None: a spectator) reads
    them; `extra` gives labels of its own by option id (an offer's names, a vote's words)."""
    out = []
    for o in opts:
        text = extra.get(o.id) if extra else None
        if text is None:
            head = o.id.partition(":")[0]
            fn = LABELS.get(head)
            text = fn(s, seat, o) if fn is not None else None
        out.append(o if text is None or text == o.label else Option(o.id, text, o.action, o.arg))
    return tuple(out)


def labelled(s: CastleState, d: Decision, extra: dict[str, str] | None = None) -> Decision:
    """The decision `d` with every option relabelled for the seat it is put to (each ask of
    a decision with asks; the decision's own options, a spectator's, as the first seat
    asked for each option reads it). A state without a log (a search's or a simulation's
    copy) has nobody to read them: it keeps the action space's labels, and runs faster."""
    if s.log is None:
        return d
    if d.asks is None:
        seat = d.players[0] if len(d.players) == 1 else None
        return d._replace(options=relabel(s, seat, d.options, extra))
    asks = []
    union: dict[int, Option] = {}
    for p, a in zip(d.players, d.asks, strict=True):
        opts = relabel(s, p, a.options, extra)
        asks.append(Ask(a.kind, a.prompt, opts, a.rule))
        for o in opts:
            union.setdefault(o.action, o)
    options = tuple(union.get(o.action, o) for o in d.options)
    return d._replace(options=options, asks=tuple(asks))


def vote_words(text: str) -> dict[str, str]:
    """The Event's words for each Decision card, by letter (`{'A': 'stamp them out'}`)."""
    from tabletop.games.castle.bot_vote import option_texts

    return {k: re.sub(r"[\s,;]+(or|and)$", "", v.strip()) for k, v in option_texts(text).items()}


def offer(cards: Sequence[int], s: CastleState, price: bool = False) -> dict[str, str]:
    """Labels of `take:n` for the cards offered, by name (and Energy price)."""
    out = {}
    for n, c in enumerate(cards, 1):
        rec = s.record(c)
        if price:  # `card 1`: as the offer is numbered on the board
            out[f"take:{n}"] = f"Buy {rec.name} (card {n}) for {rec.energy} Energy"
        else:
            out[f"take:{n}"] = f"Take {rec.name}"
    return out


__all__ = ["agent", "holds", "labelled", "offer", "place", "relabel", "vote_words"]
