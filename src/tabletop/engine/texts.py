"""Rules and card texts, in tabletop's own words, for any client (the terminal, the web).

Each game ships `content/texts.toml` next to its other content: a rules summary by phase
(`[[section]]`: `id`, `title`, `paragraphs`, `source`) and one effect text per thing a player
may look up (`[[text]]`: `kind`, `id`, `text`, `source`, and `note`, which an authored text must
carry to say what we decided). The things themselves, their names and the one-line summary of
their numbers come from the game's loaded content, never from this file, so a summary cannot
drift from what the engine plays. Several things may share one text: every Quests Action card
of a suit shows its suit's text, every Guardians monster its family's.

- `rules_text(game_id)`: the sections, in the order of play.
- `card_text(game_id, query)`: the cards whose slug or name is the query (any case); else
  those the query begins; else those it appears in. Several means "did you mean"; none, none.
- `all_cards(game_id)`: every card text of the game, in content order.

A bad texts file raises `TextsFileError` naming the file, the entry and the field; a bad query
raises `TextQueryError` saying what is allowed.
"""

from __future__ import annotations

import importlib
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from tabletop.engine import registry
from tabletop.engine.content import SOURCES, ContentError, need, one_of, optional, slugify
from tabletop.engine.errors import TabletopError

TEXTS_FILE = "texts.toml"
MAX_FILE_BYTES = 256 * 1024  # a texts file larger than this is refused unread
MAX_QUERY = 60  # characters of a card query
MAX_PARAGRAPH = 1200  # characters of one rules paragraph
MAX_TEXT = 600  # characters of one card text


class TextsError(TabletopError):
    """Rules or card texts that cannot be given."""


class TextsFileError(TextsError, ContentError):
    """A game's texts file that is missing, too large or does not match its schema."""


class TextQueryError(TextsError):
    """A card query that is not a short, non-empty string."""


@dataclass(frozen=True, slots=True)
class Section:
    """One part of a game's rules summary."""

    id: str
    title: str
    paragraphs: tuple[str, ...]
    source: str  # "rulebook" (our words for what the rulebook says) or "authored"


@dataclass(frozen=True, slots=True)
class CardText:
    """A thing a player may look up: its numbers (from content) and its effect in our words."""

    name: str
    slug: str
    kind: str  # "action card", "artifact", "skill", "SUPER card", "monster", "boss", ...
    summary: str  # its numbers, computed from the loaded content
    text: str
    source: str  # "rulebook" or "authored"
    note: str = ""  # what we decided, where we did


@dataclass(frozen=True, slots=True)
class Subject:
    """What a game's content offers to look up, and which text entry (`kind`, `id`) it shows."""

    name: str
    slug: str
    kind: str
    summary: str
    key: tuple[str, str]


# -- what each game's content offers ----------------------------------------------------------


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _title(word: str) -> str:
    return word.replace("-", " ").title()


def _quests_subjects() -> list[Subject]:
    content: Any = importlib.import_module("tabletop.games.quests.content")
    data = content.load()
    out: list[Subject] = []
    for suit in content.SUITS:
        count = sum(c.suit == suit for c in data.actions)
        out.append(
            Subject(
                _title(suit),
                suit,
                "suit",
                f"suit of {_plural(count, 'Action card')}",
                ("suit", suit),
            )
        )
    for c in data.actions:
        out.append(
            Subject(c.name, c.slug, "action card", f"{_title(c.suit)} card", ("suit", c.suit))
        )
    for a in data.artifacts:
        out.append(Subject(a.name, a.slug, "artifact", _artifact_summary(a), ("artifact", a.slug)))
    return out


def _artifact_summary(a: Any) -> str:
    suits = "/".join(_title(s) for s in a.suits)
    ability = {
        "fate-bonus": f"Fate rolls {a.amount:+d}",
        "limited-meld": f"Limited Meld: {suits}",
        "flip": f"Flip: {suits}",
        "look-artifact-deck": "Action: next artifact",
        "look-hand": "Action: an opponent's hand",
        "swap-card": "Action: discard 1, draw 1",
        "look-action-deck": f"Action: next {a.amount} Action cards",
        "bonus": f"Bonus: {_title(a.bonus_type)}",
        "foe-immunity": "immune to Foe",
        "hand-size": f"hand limit {a.amount:+d}",
        "opponent-hand-size": f"opponents' hand limit {a.amount:+d}",
        "also": f"also {_title(a.also)}",
    }[a.ability]
    return f"{_title(a.type)} artifact · {ability}"


_GUARDIAN_KINDS = {
    "generic": "generic card",
    "skill": "skill",
    "item": "item",
    "familiar": "familiar",
    "coward": "penalty card",
}


def _card_summary(c: Any, numbers: dict[str, int]) -> str:
    typ = {"generic": "generic", "coward": "penalty"}.get(c.type, c.type)
    head = f"{'SUPER ' if c.super else ''}{typ}"
    if c.group:
        head += f" ({_title(c.group)})"
    parts = [head]
    if c.type == "coward":
        parts.append("cannot be played")
    else:
        parts.append(f"needs {c.req} energy" if c.req else "needs no energy")
    gives = [
        f"+{n} {what}"
        for n, what in (
            (c.energy, "energy"),
            (c.attack, "attack"),
            (c.draw, "card" if c.draw == 1 else "cards"),
            (c.counters, "damage counters" if c.counters != 1 else "damage counter"),
        )
        if n
    ]
    if gives:
        parts.append(", ".join(gives))
    if c.type == "item":
        parts.append("Persistent")
    if c.weapon:
        parts.append("weapon")
    if c.consumable:
        parts.append("trashed when used")
    if c.effect == "backpack":
        extra = numbers["backpack_extra"]
        parts.append(f"Clean Up: draw {numbers['hand_size'] + extra}, then discard {extra}")
    if c.points:
        parts.append(f"{c.points:+d} trophy points")
    parts.append(_plural(c.copies, "copy").replace("copys", "copies"))
    return " · ".join(parts)


def _quest_need(q: Any, weapons: str) -> str:
    fam = _title(q.family)
    return {
        "most-generics": "most generic cards",
        "most-family": f"most {fam} trophies",
        "every-family": "a trophy of every family",
        "second-wave": f"{q.amount} Second Wave trophies",
        "skill-class": f"{q.amount} different skills of one class",
        "trophy-family": f"{q.amount} different trophies of one family",
        "familiar-sets": f"{q.amount} pairs of different familiars, each pair of one family",
        "dual-weapon": f"{q.amount} copies of one weapon ({weapons})",
    }[q.check]


def _timekeeper_summary(tracks: dict[str, tuple[str, ...]]) -> str:
    parts = []
    for mode, track in tracks.items():
        rounds = 0
        bosses = []
        for space in track:
            if space in ("round", "blue-boss", "red-boss"):
                rounds += 1
            if space.endswith("-boss"):
                bosses.append(f"{_title(space.removesuffix('-boss'))} Boss in round {rounds}")
        parts.append(f"{_title(mode)} game: {_plural(rounds, 'round')}, {', '.join(bosses)}")
    return " · ".join(parts)


def _guardians_subjects() -> list[Subject]:
    content: Any = importlib.import_module("tabletop.games.guardians.content")
    data = content.load()
    out: list[Subject] = []
    for c in data.cards:
        kind = "SUPER card" if c.super else _GUARDIAN_KINDS[c.type]
        out.append(Subject(c.name, c.slug, kind, _card_summary(c, data.numbers), ("card", c.slug)))
    for fam in content.MONSTER_FAMILIES:
        members = [m for m in data.monsters if m.family == fam]
        names = ", ".join(f"{m.name} {m.attack}" for m in members)
        overrun = " · Overrun" if members and members[0].overrun else ""
        out.append(
            Subject(_title(fam), fam, "monster family", f"{names}{overrun}", ("family", fam))
        )
    for m in data.monsters:
        waves = ", ".join(
            f"{n} in the {w} Wave"
            for n, w in zip(m.waves, ("First", "Second", "Third"), strict=True)
            if n
        )
        summary = (
            f"{_title(m.family)}, tier {m.tier} · attack {m.attack} · "
            f"{_plural(m.points, 'trophy point')}{' · Overrun' if m.overrun else ''} · {waves}"
        )
        out.append(Subject(m.name, m.slug, "monster", summary, ("family", m.family)))
    for loc in data.locations:
        if loc.base:
            flipped = _plural(loc.flipped_symbols, "monster symbol")
            where = f"base location, always safe ({flipped} once flipped)"
        else:
            where = _plural(loc.symbols, "monster symbol")
        summary = f"location {loc.number} · {loc.colour} row · {where}"
        out.append(Subject(loc.name, loc.slug, "location", summary, ("location", loc.slug)))
    for b in data.bosses:
        summary = f"{_title(b.colour)} Boss · {_title(b.family)} · attack {b.per_player} per player"
        out.append(Subject(b.name, b.slug, "boss", summary, ("boss", b.slug)))
    weapons = ", ".join(c.name for c in data.cards if c.weapon)
    for q in data.quests:
        summary = f"Secret Quest · {_quest_need(q, weapons)} · {_plural(q.points, 'trophy point')}"
        if q.solo_min:
            summary += f" · alone: at least {q.solo_min}"
        out.append(Subject(q.name, q.slug, "secret quest", summary, ("quest", q.slug)))
    summary = _timekeeper_summary(data.tracks)
    out.append(Subject("Timekeeper", "timekeeper", "token", summary, ("token", "timekeeper")))
    return out


def _attrs(a: Any) -> str:
    return ", ".join(
        f"{_title(k)} {'-' if k in a.dashes else a.get(k)}"
        for k in ("guile", "insight", "lore", "tactics")
    )


def _challenge(c: Any) -> str:
    return f"{_title(c.attribute)} {c.difficulty} challenge"


def _librarians_subjects() -> list[Subject]:
    content: Any = importlib.import_module("tabletop.games.librarians.content")
    data = content.load()
    out: list[Subject] = []
    for h in data.heroes:
        summary = (
            f"hero {h.number}, {h.subtitle} · {_attrs(h.attributes)} · Life {h.life} · "
            f"Heroic Discipline {h.discipline}"
        )
        out.append(Subject(h.name, h.slug, "hero", summary, ("hero", h.slug)))
    for c in data.cards:
        parts = [
            f"{c.type} · {c.cost} Energy",
            f"{c.discipline} Discipline" if c.discipline else "unlockable",
            _plural(c.copies, "copy").replace("copys", "copies"),
        ]
        if c.unique:
            parts.append("Unique")
        if c.type == "sidekick" and c.attributes is not None:
            parts.append(f"{_attrs(c.attributes)} · Life {c.life}")
        if c.attach_to:
            parts.append(f"goes on {c.attach_to.replace('-', ' ')}")
        if c.countdown:
            parts.append(f"Device, enters with {_plural(c.countdown, 'token')}")
        if c.traits:
            parts.append(", ".join(c.traits))
        out.append(Subject(c.name, c.slug, c.type, " · ".join(parts), ("card", c.slug)))
    for a in data.aid:
        slug = f"aid-from-the-library-{a.difficulty}"
        summary = f"{_title(a.difficulty)} Mode · {_attrs(a.attributes)} · not a character"
        name = f"{a.name} ({_title(a.difficulty)})"
        out.append(Subject(name, slug, "aid card", summary, ("aid", slug)))
    for e in data.effect_cards:
        slug = slugify(e.name)
        summary = f"the Effect on the back of a {_title(e.kind)} card"
        out.append(Subject(e.name, slug, f"{e.kind} effect", summary, ("effect", slug)))
    seen: dict[str, list[str]] = {}
    first: dict[str, Any] = {}
    for adv in data.adventures:
        for card in adv.cards:
            seen.setdefault(card.slug, []).append(adv.code)
            first.setdefault(card.slug, card)
    for slug, card in first.items():
        parts = [card.type]
        if card.challenge is not None:
            parts.append(_challenge(card.challenge))
        if card.type == "enemy":
            parts.append(f"Life {card.life}, Damage {card.damage}")
        if card.type == "obstacle":
            parts.append(f"Progress {card.progress}, Fate {card.fate}")
        parts += [_title(k) for k in card.keywords]
        if card.traits:
            parts.append(", ".join(card.traits))
        parts.append(f"in {', '.join(seen[slug])}")
        kind = "special card" if card.type == "special" else card.type
        out.append(Subject(card.name, slug, kind, " · ".join(parts), ("adventure-card", slug)))
    for adv in data.adventures:
        for m in adv.missions:
            slug = slugify(m.name)
            parts = [f"Mission {m.id} of {adv.code}"]
            if m.challenge is not None:
                parts.append(_challenge(m.challenge))
            if m.advance is None:
                parts.append("advances as its text says")
            else:
                per = "/".join(map(str, m.advance))
                parts.append(f"advances at {per} Progress for 1/2/3/4 players")
            if m.path:
                parts.append(f"path {m.path}")
            if m.win:
                parts.append("the players win")
            out.append(Subject(m.name, slug, "mission", " · ".join(parts), ("mission", slug)))
        for d in adv.disturbances:
            slug = slugify(d.name)
            summary = f"Disturbance {d.id} of {adv.code} · advances at {d.advance} Fate"
            if d.lose:
                summary += " · the players lose"
            out.append(Subject(d.name, slug, "disturbance", summary, ("disturbance", slug)))
        slug = slugify(adv.code)
        summary = (
            f"adventure {adv.code} · {_plural(len(adv.missions), 'Mission')}, "
            f"{_plural(len(adv.disturbances), 'Disturbance')}, "
            f"{_plural(len(adv.deck), 'Adventure card')} in its deck"
        )
        out.append(Subject(adv.name, slug, "adventure", summary, ("adventure", slug)))
    return out


# Game id -> what its content offers to look up. A game without an entry has no texts.
CATALOGS: dict[str, Callable[[], list[Subject]]] = {
    "quests": _quests_subjects,
    "guardians": _guardians_subjects,
    "librarians": _librarians_subjects,
    "castle": lambda: importlib.import_module("tabletop.games.castle.catalog").subjects(),
}


# -- reading a texts file ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Texts:
    game_id: str
    sections: tuple[Section, ...]
    cards: tuple[CardText, ...]


def _text_field(where: str, rec: dict[str, Any], key: str, limit: int) -> str:
    val = need(where, rec, key, str).strip()
    if not val:
        raise ContentError(f"{where}: field {key!r} must not be empty")
    if len(val) > limit:
        raise ContentError(f"{where}: field {key!r} is longer than {limit} characters")
    return str(val)


def _known(where: str, rec: dict[str, Any], fields: tuple[str, ...]) -> None:
    for key in rec:
        if key not in fields:
            raise ContentError(
                f"{where}: unknown field {key!r}; allowed: {', '.join(repr(f) for f in fields)}"
            )


def _source_and_note(where: str, rec: dict[str, Any]) -> tuple[str, str]:
    source = one_of(where, "source", need(where, rec, "source", str), SOURCES)
    note = str(optional(where, rec, "note", str, "")).strip()
    if source == "authored" and not note:
        raise ContentError(f"{where}: field 'note' must say what was decided, for an authored text")
    return source, note


def parse_texts(
    data: dict[str, Any], subjects: Iterable[Subject], game_id: str, file: str = TEXTS_FILE
) -> Texts:
    """Validate a parsed texts file against what the game's content offers."""
    subjects = list(subjects)
    _known(file, data, ("section", "text"))
    sections: list[Section] = []
    seen_sections: set[str] = set()
    raw_sections = data.get("section", [])
    if not isinstance(raw_sections, list) or not raw_sections:
        raise ContentError(f"{file}: needs at least one [[section]]")
    for i, rec in enumerate(raw_sections):
        where = f"{file}: section {i}"
        if not isinstance(rec, dict):
            raise ContentError(f"{where}: must be a table")
        sid = need(where, rec, "id", str)
        where = f"{file}: section {sid!r}"
        _known(where, rec, ("id", "title", "paragraphs", "source"))
        if sid in seen_sections:
            raise ContentError(f"{where}: two sections share this id")
        seen_sections.add(sid)
        title = _text_field(where, rec, "title", 80)
        paras = need(where, rec, "paragraphs", list)
        if not paras:
            raise ContentError(f"{where}: field 'paragraphs' must not be empty")
        paragraphs = tuple(
            _text_field(where, {"paragraphs": p}, "paragraphs", MAX_PARAGRAPH) for p in paras
        )
        source = one_of(where, "source", need(where, rec, "source", str), SOURCES)
        sections.append(Section(sid, title, paragraphs, source))

    allowed: dict[str, list[str]] = {}
    for s in subjects:
        ids = allowed.setdefault(s.key[0], [])
        if s.key[1] not in ids:
            ids.append(s.key[1])
    kinds = tuple(allowed)
    texts: dict[tuple[str, str], tuple[str, str, str]] = {}
    raw_texts = data.get("text", [])
    if not isinstance(raw_texts, list):
        raise ContentError(f"{file}: 'text' must be a list of [[text]] tables")
    for i, rec in enumerate(raw_texts):
        where = f"{file}: text {i}"
        if not isinstance(rec, dict):
            raise ContentError(f"{where}: must be a table")
        kind = one_of(where, "kind", need(where, rec, "kind", str), kinds)
        tid = need(where, rec, "id", str)
        where = f"{file}: text {kind} {tid!r}"
        _known(where, rec, ("kind", "id", "text", "source", "note"))
        one_of(where, "id", tid, tuple(allowed[kind]))
        if (kind, tid) in texts:
            raise ContentError(f"{where}: two texts for the same {kind}")
        body = _text_field(where, rec, "text", MAX_TEXT)
        source, note = _source_and_note(where, rec)
        texts[(kind, tid)] = (body, source, note)
    missing = [f"{k} {i!r}" for k, ids in allowed.items() for i in ids if (k, i) not in texts]
    if missing:
        raise ContentError(f"{file}: no text for {', '.join(missing)}")
    cards = tuple(CardText(s.name, s.slug, s.kind, s.summary, *texts[s.key]) for s in subjects)
    return Texts(game_id, tuple(sections), cards)


def _module_of(game_id: str) -> str:
    """The game's package: the module the registry imports it from."""
    registry.get(game_id)  # UnknownGameError, listing the games, for an unknown id
    modules: dict[str, str] = registry._MODULES
    return modules[game_id]


def read_texts_file(game_id: str) -> str:
    """The text of a game's texts file, bounded in size."""
    path = resources.files(_module_of(game_id)) / "content" / TEXTS_FILE
    where = f"{game_id}/content/{TEXTS_FILE}"
    try:
        raw = path.read_bytes()
    except (FileNotFoundError, NotADirectoryError):
        raise TextsFileError(f"{where}: the game has no texts file") from None
    if len(raw) > MAX_FILE_BYTES:
        raise TextsFileError(f"{where}: larger than {MAX_FILE_BYTES:,} bytes")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise TextsFileError(f"{where}: not UTF-8 ({e})") from None


def load_texts(game_id: str, source: str | None = None) -> Texts:
    """Parse and check a game's texts: its own file, or `source` (the text of one) if given."""
    where = f"{game_id}/content/{TEXTS_FILE}"
    catalog = CATALOGS.get(game_id)
    if catalog is None:
        registry.get(game_id)
        raise TextsError(f"{game_id} has no texts; the games with texts are: {', '.join(CATALOGS)}")
    text = read_texts_file(game_id) if source is None else source
    if len(text.encode("utf-8")) > MAX_FILE_BYTES:
        raise TextsFileError(f"{where}: larger than {MAX_FILE_BYTES:,} bytes")
    try:
        data = tomllib.loads(text)
        return parse_texts(data, catalog(), game_id, where)
    except tomllib.TOMLDecodeError as e:
        raise TextsFileError(f"{where}: {e}") from None
    except TextsFileError:
        raise
    except ContentError as e:
        raise TextsFileError(str(e)) from None


@cache
def _texts(game_id: str) -> Texts:
    return load_texts(game_id)


# -- the API ----------------------------------------------------------------------------------


def rules_text(game_id: str) -> list[Section]:
    """The game's rules summary, section by section in the order of play."""
    return list(_texts(game_id).sections)


def all_cards(game_id: str) -> list[CardText]:
    """Every card text of the game, in content order."""
    return list(_texts(game_id).cards)


def card_text(game_id: str, query: str) -> list[CardText]:
    """The cards a query names: exact slug or name (any case), else by prefix, else by
    substring. One result is a match, several a "did you mean", none an unknown card."""
    if not isinstance(query, str):
        raise TextQueryError(f"a card query is a string, not {type(query).__name__}")
    q = " ".join(query.split()).casefold()
    if not q or len(q) > MAX_QUERY:
        raise TextQueryError(
            f"a card query is a name or slug of 1 to {MAX_QUERY} characters, not {len(q)}"
        )
    slug = slugify(q)
    cards = _texts(game_id).cards

    def names(c: CardText) -> tuple[str, ...]:
        return (c.slug, c.name.casefold())

    for test in (
        lambda c: c.slug == slug or c.name.casefold() == q,
        lambda c: any(n.startswith(q) for n in names(c)) or bool(slug and c.slug.startswith(slug)),
        lambda c: any(q in n for n in names(c)) or bool(slug and slug in c.slug),
    ):
        found = [c for c in cards if test(c)]
        if found:
            return found
    return []
