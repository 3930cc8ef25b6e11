"""The Librarians rules summary and card texts (content/texts.toml, read by
tabletop.engine.texts): one text per hero, player card, Aid card, Effect, adventure card,
Mission, Disturbance and adventure, each the text its content record plays; summaries computed
from the content; a rules section per phase in the order of play; our own words (no 8 words in
a row from the rulebook)."""

from __future__ import annotations

import importlib.util
import tomllib
from collections import Counter
from importlib import resources
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tabletop.engine.content import ContentError, slugify
from tabletop.engine.texts import Texts, parse_texts
from tabletop.games.librarians.catalog import subjects
from tabletop.games.librarians.content import load

ROOT = Path(__file__).resolve().parents[2]
RUN = 8


def source() -> str:
    path = resources.files("tabletop.games.librarians") / "content" / "texts.toml"
    return path.read_text("utf-8")


def raw() -> dict[str, Any]:
    return tomllib.loads(source())


def texts(text: str | None = None) -> Texts:
    data = tomllib.loads(source() if text is None else text)
    return parse_texts(data, subjects(), "librarians", "librarians/content/texts.toml")


def by_slug() -> dict[str, Any]:
    return {c.slug: c for c in texts().cards}


def test_one_text_per_thing_and_none_for_anything_else() -> None:
    keys = [(t["kind"], t["id"]) for t in raw()["text"]]
    assert len(keys) == len(set(keys))
    assert set(keys) == {s.key for s in subjects()}
    cards = texts().cards
    assert len({c.slug for c in cards}) == len(cards)
    assert all(c.text and c.summary and c.note for c in cards)
    data = load()
    kinds = Counter(c.kind for c in cards)
    assert kinds["hero"] == len(data.heroes) == 4
    assert sum(kinds[t] for t in ("artifact", "attachment", "event", "sidekick")) == 70
    assert kinds["aid card"] == 3 and kinds["focus effect"] == kinds["power effect"] == 4
    assert kinds["mission"] == sum(len(a.missions) for a in data.adventures)
    assert kinds["disturbance"] == sum(len(a.disturbances) for a in data.adventures)
    assert kinds["adventure"] == 4


def test_every_text_is_the_one_its_content_record_plays() -> None:
    """The texts repeat each record's `text` (content/*.toml), so what a player reads is what
    the engine plays; a text changed in one place only fails here, naming the entry."""
    data = load()
    cards = by_slug()
    want: dict[str, str] = {h.slug: h.text for h in data.heroes}
    want |= {c.slug: c.text for c in data.cards}
    want |= {f"aid-from-the-library-{a.difficulty}": a.text for a in data.aid}
    want |= {slugify(e.name): e.text for e in data.effect_cards}
    for adv in data.adventures:
        want |= {c.slug: c.text for c in adv.cards}
        want |= {slugify(m.name): m.text for m in adv.missions}
        want |= {slugify(d.name): d.text for d in adv.disturbances}
        want[slugify(adv.code)] = adv.text
    assert set(want) == set(cards)
    differ = [slug for slug, text in want.items() if cards[slug].text != text]
    assert not differ, (
        f"texts.toml and content/ differ for {differ}: run scripts/librarians_texts.py"
    )


def test_summaries_show_the_numbers_of_the_content() -> None:
    data = load()
    cards = by_slug()
    for c in data.cards:
        s = cards[c.slug].summary
        assert s.startswith(f"{c.type} · {c.cost} Energy"), s
        assert (c.discipline or "unlockable") in s and f"{c.copies} cop" in s
        if c.type == "sidekick":
            assert f"Life {c.life}" in s
        if c.countdown:
            assert f"enters with {c.countdown} token" in s
    for h in data.heroes:
        s = cards[h.slug].summary
        assert f"Life {h.life}" in s and f"Tactics {h.attributes.tactics}" in s
    for adv in data.adventures:
        for card in adv.cards:
            s = cards[card.slug].summary
            assert adv.code in s
            if card.challenge is not None:
                want = f"{card.challenge.attribute.title()} {card.challenge.difficulty} challenge"
                assert want in s
            if card.type == "enemy":
                assert f"Life {card.life}, Damage {card.damage}" in s
        for m in adv.missions:
            s = cards[slugify(m.name)].summary
            assert f"Mission {m.id} of {adv.code}" in s
            assert ("the players win" in s) == m.win
            if m.advance is not None:
                assert "/".join(map(str, m.advance)) in s
        for d in adv.disturbances:
            s = cards[slugify(d.name)].summary
            assert f"advances at {d.advance} Fate" in s and ("lose" in s) == d.lose
    ninjas = cards["serpent-ninjas"].summary
    assert "Tactics 1 challenge" in ninjas and "Ambush" in ninjas


def test_rules_have_a_section_per_phase_in_the_order_of_play() -> None:
    titles = [s.title.casefold() for s in texts().sections]
    assert titles[0] == "playing here"
    order = ["set-up", "attribute checks", "preparation", "adventure phase", "action phase"]
    order += ["enemy phase", "refresh phase", "elimination", "deck construction", "campaign"]
    spots = [next(i for i, t in enumerate(titles) if word in t) for word in order]
    assert spots == sorted(spots), titles
    campaign = " ".join(texts().sections[spots[-1]].paragraphs)
    for card in ("Flynn Carsen", "The Back Door", "Ariadne's Thread", "Jamie Heyer"):
        assert card in campaign
    assert "Libris Fabula" in campaign and "Crown of King Arthur" in campaign


def _runs_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "rulebook_runs", ROOT / "scripts" / "rulebook_runs.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_no_text_copies_the_rulebook() -> None:
    rb = _runs_module()
    runs = set((ROOT / "tests" / "data" / "rulebook-runs" / "librarians.txt").read_text().split())
    assert len(runs) > 1000
    ours = [(f"section {s.id}", p) for s in texts().sections for p in s.paragraphs]
    ours += [(f"text {t['kind']} {t['id']}", t["text"]) for t in raw()["text"]]
    copied = []
    for where, text in ours:
        w = rb.words(text)
        copied += [
            f"{where}: {' '.join(w[i : i + RUN])}"
            for i in range(len(w) - RUN + 1)
            if rb.run_hash(w[i : i + RUN]) in runs
        ]
    assert not copied, copied[:5]
    # the check catches a copied sentence
    line = "Each player may only devote one card per attribute check."
    assert any(
        rb.run_hash(rb.words(line)[i : i + RUN]) in runs
        for i in range(len(rb.words(line)) - RUN + 1)
    )


def test_a_missing_or_stray_text_is_named() -> None:
    good = source()
    start = good.index('[[text]]\nkind = "card"\nid = "jetpack"')
    end = good.index("[[text]]", start + 1)
    with pytest.raises(ContentError, match="no text for card 'jetpack'"):
        texts(good[:start] + good[end:])
    with pytest.raises(ContentError, match="field 'id' is 'jet-pack'"):
        texts(good.replace('id = "jetpack"', 'id = "jet-pack"'))
