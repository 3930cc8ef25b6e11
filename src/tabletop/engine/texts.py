"""Rules and card texts, in tabletop's own words, for any client (the terminal, the web).

Each game ships `content/texts.toml` next to its other content: a rules summary by phase
(`[[section]]`: `id`, `title`, `paragraphs`, `source`) and one effect text per thing a player
may look up (`[[text]]`: `kind`, `id`, `text`, `source`, and `note`, which an authored text must
carry to say what we decided). The things themselves, their names and the one-line summary of
their numbers come from the game's loaded content, never from this file, so a summary cannot
drift from what the engine plays: the game hands them over as its `GameSpec.catalog` (a list of
`Subject`s, built in the game's own `catalog.py`) and the file is found in its package
(`GameSpec.package`). Several things may share one text: every Quests Action card of a suit
shows its suit's text, every Guardians monster its family's.

- `rules_text(game_id)`: the sections, in the order of play.
- `card_text(game_id, query)`: the cards whose slug or name is the query (any case); else
  those the query begins; else those it appears in. Several means "did you mean"; none, none.
- `all_cards(game_id)`: every card text of the game, in content order.

A bad texts file raises `TextsFileError` naming the file, the entry and the field; a bad query
raises `TextQueryError` saying what is allowed.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
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


# -- shared by the games' catalogs ------------------------------------------------------------
#
# A game hands the kernel what its content offers to look up (`GameSpec.catalog`, a list of
# `Subject`s, in its own `catalog.py`); these small helpers word the summaries alike.


def plural(n: int, word: str) -> str:
    """'1 round', '2 rounds': the word with an s unless n is 1 (a caller mends '2 copys')."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def title(word: str) -> str:
    """A content id as words: `title('second-wave')` is 'Second Wave'."""
    return word.replace("-", " ").title()


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


def read_texts_file(game_id: str) -> str:
    """The text of a game's texts file, bounded in size."""
    package = registry.get(game_id).package  # UnknownGameError, listing the games
    where = f"{game_id}/content/{TEXTS_FILE}"
    if not package:
        raise TextsFileError(f"{where}: the game has no texts file")
    path = resources.files(package) / "content" / TEXTS_FILE
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
    catalog = registry.get(game_id).catalog  # UnknownGameError, listing the games
    if catalog is None:
        with_texts = [g for g in registry.game_ids() if registry.get(g).catalog is not None]
        raise TextsError(
            f"{game_id} has no texts; the games with texts are: {', '.join(with_texts)}"
        )
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
