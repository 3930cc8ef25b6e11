"""Rules and card texts (tabletop.engine.texts): one text for every content entry of every
registered game and none for anything else, summaries computed from the loaded content,
lookups, the rules sections by phase, our own words (no 8 words in a row from the rulebook),
and clear errors for a bad texts file or query."""

from __future__ import annotations

import dataclasses
import importlib.util
import tomllib
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tabletop.engine import registry
from tabletop.engine.content import ContentError
from tabletop.engine.errors import TabletopError, UnknownGameError
from tabletop.engine.texts import (
    MAX_FILE_BYTES,
    MAX_QUERY,
    TextQueryError,
    TextsError,
    TextsFileError,
    all_cards,
    card_text,
    load_texts,
    read_texts_file,
    rules_text,
)
from tabletop.games.guardians import content as gcontent
from tabletop.games.quests import content as qcontent

ROOT = Path(__file__).resolve().parents[1]
GAMES = registry.game_ids()


def raw(game: str) -> dict[str, Any]:
    return tomllib.loads(read_texts_file(game))


def by_slug(game: str) -> dict[str, Any]:
    return {c.slug: c for c in all_cards(game)}


# -- completeness --------------------------------------------------------------------------------


def test_every_registered_game_has_texts() -> None:
    for game in GAMES:
        spec = registry.get(game)
        assert spec.catalog is not None, f"{game} hands the kernel no catalog"
        # its texts file lives in the package that defines its SPEC
        assert importlib.import_module(spec.package).SPEC is spec, game


def test_the_texts_kernel_names_no_game() -> None:
    """The catalogs live with their games and come through the registry (`GameSpec.catalog`):
    no kernel module but the registry imports a game."""
    engine = ROOT / "src" / "tabletop" / "engine"
    naming = [
        f"{f.name}:{n}: {line.strip()}"
        for f in sorted(engine.glob("*.py"))
        if f.name != "registry.py"
        for n, line in enumerate(f.read_text("utf-8").splitlines(), 1)
        if "tabletop.games" in line or "from tabletop import games" in line
    ]
    assert not naming, naming


def test_a_game_without_a_catalog_has_no_texts(monkeypatch: pytest.MonkeyPatch) -> None:
    bare = dataclasses.replace(registry.get("quests"), id="bare", catalog=None, package="")
    monkeypatch.setitem(registry._MODULES, "bare", "tabletop.games.quests")
    monkeypatch.setitem(registry._SPECS, "bare", bare)
    with pytest.raises(TextsError, match="bare has no texts; the games with texts are: castle"):
        load_texts("bare")
    with pytest.raises(
        TextsFileError, match=r"bare/content/texts\.toml: the game has no texts file"
    ):
        read_texts_file("bare")


@pytest.mark.parametrize("game", GAMES)
def test_one_text_per_content_entry_and_none_for_anything_else(game: str) -> None:
    keys = [(t["kind"], t["id"]) for t in raw(game)["text"]]
    assert len(keys) == len(set(keys)), "a content entry has two texts"
    catalog = registry.get(game).catalog
    assert catalog is not None
    wanted = {s.key for s in catalog()}
    assert set(keys) == wanted, (
        f"missing: {sorted(wanted - set(keys))}; for nothing: {sorted(set(keys) - wanted)}"
    )
    cards = all_cards(game)
    assert len({c.slug for c in cards}) == len(cards)
    assert all(c.text and c.summary and c.source in ("rulebook", "authored") for c in cards)
    assert all(c.note for c in cards if c.source == "authored")


def test_quests_every_card_artifact_and_suit_is_there() -> None:
    data = qcontent.load()
    cards = by_slug("quests")
    raw_suits = {t["id"]: t["text"] for t in raw("quests")["text"] if t["kind"] == "suit"}
    for a in data.actions:
        assert cards[a.slug].kind == "action card"
        assert cards[a.slug].text == raw_suits[a.suit]  # a card shows its suit's text
    for art in data.artifacts:
        assert cards[art.slug].kind == "artifact"
    for s in qcontent.SUITS:
        assert cards[s].kind == "suit"
    kinds = Counter(c.kind for c in cards.values())
    assert kinds == {"action card": 80, "artifact": 27, "suit": 8}


def test_guardians_every_entry_is_there() -> None:
    data = gcontent.load()
    cards = by_slug("guardians")
    slugs = [c.slug for c in data.cards] + [m.slug for m in data.monsters]
    slugs += [loc.slug for loc in data.locations] + [b.slug for b in data.bosses]
    slugs += [q.slug for q in data.quests] + list(gcontent.MONSTER_FAMILIES) + ["timekeeper"]
    assert sorted(slugs) == sorted(cards)
    kinds = Counter(c.kind for c in cards.values())
    assert kinds == {
        "generic card": 2,
        "skill": 12,
        "item": 10,
        "familiar": 8,
        "SUPER card": 12,
        "penalty card": 1,
        "monster family": 5,
        "monster": 15,
        "location": 10,
        "boss": 6,
        "secret quest": 12,
        "token": 1,
    }
    assert cards["coward"].source == "authored"
    assert cards["timekeeper"].source == "authored"


# -- summaries come from the content ------------------------------------------------------------


def test_guardians_card_summaries_show_their_numbers() -> None:
    cards = by_slug("guardians")
    for c in gcontent.load().cards:
        s = cards[c.slug].summary
        if c.type != "coward":
            assert (f"needs {c.req} energy" if c.req else "needs no energy") in s, s
        for n, word in ((c.energy, "energy"), (c.attack, "attack"), (c.counters, "damage")):
            if n:
                assert f"+{n} {word}" in s, s
        assert f"{c.copies} cop" in s, s
        if c.points:
            assert f"{c.points:+d} trophy points" in s


def test_guardians_other_summaries_show_their_numbers() -> None:
    data = gcontent.load()
    cards = by_slug("guardians")
    for m in data.monsters:
        s = cards[m.slug].summary
        assert f"attack {m.attack}" in s and f"{m.points} trophy point" in s, s
        assert ("Overrun" in s) == m.overrun
    for b in data.bosses:
        assert f"attack {b.per_player} per player" in cards[b.slug].summary
    for q in data.quests:
        s = cards[q.slug].summary
        assert f"{q.points} trophy points" in s, s
        assert not q.amount or str(q.amount) in s
        assert not q.solo_min or f"at least {q.solo_min}" in s
    for loc in data.locations:
        assert f"location {loc.number}" in cards[loc.slug].summary
    rounds = data.tracks["guardian"].count("round") + 2  # the two boss rounds
    assert f"Guardian game: {rounds} rounds" in cards["timekeeper"].summary
    backpack = cards["backpack"].summary
    assert f"discard {data.numbers['backpack_extra']}" in backpack


def test_a_summary_follows_the_content_it_is_computed_from(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    data = gcontent.load()
    cards = tuple(
        dataclasses.replace(c, attack=99, req=7) if c.slug == "cleave" else c for c in data.cards
    )
    monkeypatch.setattr(gcontent, "load", lambda: dataclasses.replace(data, cards=cards))
    cleave = next(c for c in load_texts("guardians").cards if c.slug == "cleave")
    assert "+99 attack" in cleave.summary and "needs 7 energy" in cleave.summary


def test_quests_summaries_and_texts_name_what_the_content_says() -> None:
    cards = by_slug("quests")
    for c in qcontent.load().actions:
        assert c.suit.title() in cards[c.slug].summary
    for a in qcontent.load().artifacts:
        card = cards[a.slug]
        assert a.type.title() in card.summary
        # An artifact's text names the suits and types its content gives it, so they agree.
        for word in (*a.suits, a.bonus_type, a.also):
            assert word.title() in card.summary and word.title() in card.text, (a.name, word)
        if a.amount:
            assert f"{a.amount:+d}" in card.summary or str(a.amount) in card.summary
        assert ("Action" in card.text or "Flip" in card.text) == a.action, a.name


# -- lookups ------------------------------------------------------------------------------------


def test_lookup_by_slug_and_by_name_in_any_case() -> None:
    assert [c.name for c in card_text("guardians", "mastering-slash")] == ["Mastering Slash"]
    assert [c.name for c in card_text("guardians", "mASTERING slash")] == ["Mastering Slash"]
    assert [c.name for c in card_text("quests", "  pandora's   BOX ")] == ["Pandora's Box"]
    assert [c.name for c in card_text("guardians", "coward!")] == ["COWARD!"]


def test_an_exact_name_wins_over_longer_names() -> None:
    assert [c.slug for c in card_text("guardians", "shield")] == ["shield"]  # not Robot Shield R4
    assert [c.slug for c in card_text("guardians", "Zombie")] == ["zombie"]  # the family


def test_lookup_by_unique_prefix_and_substring() -> None:
    assert [c.name for c in card_text("guardians", "sabert")] == ["Sabertooth Tiger"]
    assert [c.name for c in card_text("quests", "excal")] == ["Excalibur"]
    assert [c.name for c in card_text("quests", "midas")] == ["King Midas"]  # substring


def test_an_ambiguous_query_returns_every_match() -> None:
    found = {c.name for c in card_text("quests", "jump")}
    assert found == {"Jump Off Cliff", "Jump Out of Window", "Jump in River", "Jump Out of Plane"}
    assert len(card_text("guardians", "spider")) == 1  # exact: the family
    assert {c.name for c in card_text("guardians", "spider ")} == {"Spider"}
    assert len(card_text("guardians", "spid")) == 5  # the family, 3 monsters, Spider Slayer


def test_an_unknown_card_returns_none() -> None:
    assert card_text("quests", "zzz-no-such-card") == []
    assert card_text("guardians", "Pulverise") == []


def test_bad_queries_are_clear_errors() -> None:
    for bad in ("", "   ", "x" * (MAX_QUERY + 1)):
        with pytest.raises(TextQueryError, match="1 to"):
            card_text("quests", bad)
    with pytest.raises(TextQueryError, match="string"):
        card_text("quests", 3)  # type: ignore[arg-type]
    with pytest.raises(UnknownGameError, match="the games are"):
        card_text("chess", "pawn")
    with pytest.raises(UnknownGameError):
        rules_text("chess")
    assert issubclass(TextQueryError, TabletopError)
    assert issubclass(TextsFileError, TabletopError) and issubclass(TextsFileError, ContentError)


# -- the rules ----------------------------------------------------------------------------------


def titles(game: str) -> list[str]:
    return [s.title.casefold() for s in rules_text(game)]


def position(game: str, word: str) -> int:
    found = [i for i, t in enumerate(titles(game)) if word.casefold() in t]
    assert found, f"{game}: no rules section about {word!r}: {titles(game)}"
    return found[0]


@pytest.mark.parametrize(
    ("game", "order"),
    [
        ("quests", ["set-up", "fate", "initiative", "adventure", "action", "meld", "end phase"]),
        (
            "guardians",
            [
                *("set-up", "warm up", "location", "overrun", "power up", "battle"),
                *("clean up", "bosses", "third wave", "scoring", "solo ranks"),
            ],
        ),
    ],
)
def test_rules_have_a_section_per_phase_in_the_order_of_play(game: str, order: list[str]) -> None:
    spots = [position(game, word) for word in order]
    assert spots == sorted(spots), titles(game)
    assert position(game, "playing here") == 0
    assert all(s.paragraphs and all(s.paragraphs) for s in rules_text(game))


def test_quests_victory_and_guardians_ranks_give_the_numbers() -> None:
    victory = " ".join(rules_text("quests")[position("quests", "victory")].paragraphs)
    assert all(str(n) in victory for n in (3, 5, 7, 9))
    ranks = " ".join(rules_text("guardians")[position("guardians", "solo ranks")].paragraphs)
    for n, name in ((30, "True Guardian"), (25, "Guardian"), (20, "Apprentice")):
        assert f"{n} " in ranks and name in ranks


# -- our own words ------------------------------------------------------------------------------

RUN = 8  # words in a row that may not come from the rulebook
# The rulebooks are not in the repository: scripts/rulebook_runs.py keeps a short hash of each
# of their runs of RUN words in tests/data/rulebook-runs/<game>.txt (not the words themselves).
RUNS = ROOT / "tests" / "data" / "rulebook-runs"


def _runs_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "rulebook_runs", ROOT / "scripts" / "rulebook_runs.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


RB = _runs_module()


def rulebook_runs(game: str) -> set[str]:
    path = RUNS / f"{game}.txt"
    assert path.is_file(), f"{path} is missing: run scripts/rulebook_runs.py"
    return set(path.read_text("utf-8").split())


def test_the_stored_runs_are_the_rulebooks_when_they_are_here() -> None:
    """Beside the repository (a developer's checkout) the rulebooks are at ../shared: the
    stored hashes must be theirs. (In a clone without them, the stored hashes are used.)"""
    books = ROOT.parent / "shared" / "rulebooks"
    for game, name in RB.BOOKS.items():
        stored = rulebook_runs(game)
        assert len(stored) > 1000
        if (books / name).is_file():
            assert stored == RB.runs((books / name).read_text("utf-8")), game
    # a copied run is caught, a run of our own is not
    quests = rulebook_runs("quests")
    assert (
        RB.run_hash(RB.words("Play continues until someone has acquired the required number")[:RUN])
        in quests
    )
    assert (
        RB.run_hash(RB.words("the first to hold the agreed number of artifacts wins")[:RUN])
        not in quests
    )


@pytest.mark.parametrize("game", GAMES)
def test_no_text_copies_the_rulebook(game: str) -> None:
    runs = rulebook_runs(game)
    ours = [(f"section {s.id}", p) for s in rules_text(game) for p in s.paragraphs]
    ours += [(f"text {t['kind']} {t['id']}", t["text"]) for t in raw(game)["text"]]
    copied = []
    for where, text in ours:
        w = RB.words(text)
        copied += [
            f"{where}: {' '.join(w[i : i + RUN])}"
            for i in range(len(w) - RUN + 1)
            if RB.run_hash(w[i : i + RUN]) in runs
        ]
    assert not copied, f"{len(copied)} runs of {RUN} words copied from the rulebook: {copied[:5]}"


# -- a bad texts file ---------------------------------------------------------------------------

GOOD = read_texts_file("quests")


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda s: s + "\n[[text\n", r"quests/content/texts\.toml: .*line"),
        (
            lambda s: s.replace(
                'kind = "suit"\nid = "knowledge"', 'kind = "suite"\nid = "knowledge"'
            ),
            r"text 0: field 'kind' is 'suite'; allowed: 'suit', 'artifact'",
        ),
        (
            lambda s: s.replace('id = "excalibur"', 'id = "excaliburr"'),
            r"text artifact 'excaliburr': field 'id' is 'excaliburr'; allowed: .*'excalibur'",
        ),
        (
            lambda s: s.replace('id = "excalibur"', 'id = "pandoras-box"'),
            r"text artifact 'pandoras-box': two texts",
        ),
        (
            lambda s: s.replace(
                'id = "puzzle"\nsource = "rulebook"', 'id = "puzzle"\nsource = "made-up"'
            ),
            r"text suit 'puzzle': field 'source' is 'made-up'; allowed: 'rulebook', 'authored'",
        ),
        (
            lambda s: s.replace(
                'id = "puzzle"\nsource = "rulebook"', 'id = "puzzle"\nsource = "authored"'
            ),
            r"text suit 'puzzle': field 'note' must say",
        ),
        (
            lambda s: s.replace('id = "puzzle"\n', 'id = "puzzle"\ncolour = "red"\n'),
            r"text suit 'puzzle': unknown field 'colour'",
        ),
        (
            lambda s: s.replace('title = "3. Adventure phase"', "title = 3"),
            r"section 'adventure': field 'title' must be str",
        ),
        (
            lambda s: s.replace('id = "meld"\ntitle', 'id = "end"\ntitle'),
            r"section 'end': two sections share this id",
        ),
    ],
)
def test_a_malformed_texts_file_names_the_file_entry_and_field(edit: Any, message: str) -> None:
    bad = edit(GOOD)
    assert bad != GOOD
    with pytest.raises(TextsFileError, match=message):
        load_texts("quests", bad)


def test_a_missing_text_is_named() -> None:
    start = GOOD.index('[[text]]\nkind = "artifact"\nid = "jet-pack"')
    end = GOOD.index("[[text]]", start + 1)
    with pytest.raises(TextsFileError, match=r"texts\.toml: no text for artifact 'jet-pack'"):
        load_texts("quests", GOOD[:start] + GOOD[end:])


def test_an_empty_or_huge_texts_file_is_refused() -> None:
    with pytest.raises(TextsFileError, match="at least one"):
        load_texts("quests", "")
    with pytest.raises(TextsFileError, match=f"larger than {MAX_FILE_BYTES:,} bytes"):
        load_texts("quests", GOOD + "#" * MAX_FILE_BYTES)
    travel = 'text = "Initiative phase: discard it for +1 to your own Initiative roll."'
    assert travel in GOOD
    with pytest.raises(TextsFileError, match="text suit 'travel': field 'text' is longer than"):
        load_texts("quests", GOOD.replace(travel, f'text = "{"x" * 700}"'))
    with pytest.raises(TextsFileError, match="text suit 'travel': field 'text' must not be empty"):
        load_texts("quests", GOOD.replace(travel, 'text = "  "'))


def test_the_shipped_files_load() -> None:
    for game in GAMES:
        texts = load_texts(game)
        assert texts.sections and texts.cards
