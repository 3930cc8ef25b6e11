"""Every Guardians content id has behaviour or is declared plain, in one place, and every
handler names its rule id (engine/handlers.py registries)."""

from __future__ import annotations

import pytest

from tabletop.engine.handlers import Handlers
from tabletop.games.guardians import bosses, cards, city, locations, scoring
from tabletop.games.guardians import tables as T
from tabletop.games.guardians.content import MONSTER_FAMILIES

# each card field naming a behaviour, and the registry that holds it
CARD_REGISTRIES = {
    "effect": cards.ON_PLAY,
    "battle_fx": cards.USE,
    "end_fx": cards.END,
    "battle_bonus": cards.BATTLE_BONUS,
}


def _used(field: str) -> set[str]:
    return {getattr(k, field) for k in T.KINDS if getattr(k, field)}


@pytest.mark.parametrize(
    ("registry", "ids"),
    [
        *((reg, _used(field)) for field, reg in CARD_REGISTRIES.items()),
        (city.MONSTERS, set(MONSTER_FAMILIES)),
        (locations.LOCATIONS, {loc.effect for loc in T.LOCS}),
        (bosses.REVEALS, {b.reveal for b in T.BOSSES}),
        (scoring.QUEST_CHECKS, {q.check for q in T.QUESTS}),
    ],
    ids=lambda x: x.name if isinstance(x, Handlers) else "",
)
def test_registry_matches_the_content(registry: Handlers, ids: set[str]) -> None:
    assert registry.problems(ids) == []


@pytest.mark.parametrize("card", [k.slug for k in T.KINDS])
def test_every_card_has_its_behaviour_or_is_plain(card: str) -> None:
    """A card is plain when its numbers are all it does; otherwise every behaviour it names
    is registered (a handler with its rule id, or declared plain where it is read)."""
    k = T.KINDS[T.KIND_BY_SLUG[card]]
    named = {f: getattr(k, f) for f in CARD_REGISTRIES if getattr(k, f)}
    for field, name in named.items():
        reg = CARD_REGISTRIES[field]
        assert not [m for m in reg.problems({name}) if "has no handler" in m], (field, name)
        if name in reg:
            assert reg.rule(name).startswith("guardians.card.")


def test_every_handler_names_a_rule_of_its_section() -> None:
    sections = {
        city.MONSTERS: "guardians.monster.",
        locations.LOCATIONS: "guardians.location.",
        bosses.REVEALS: "guardians.boss.",
        scoring.QUEST_CHECKS: "guardians.quest.",
        **{reg: "guardians.card." for reg in CARD_REGISTRIES.values()},
    }
    for reg, prefix in sections.items():
        for i in reg.ids:
            assert reg.rule(i).startswith(prefix), (reg.name, i, reg.rule(i))


def test_location_and_boss_handlers_apply_their_own_rule_ids() -> None:
    for loc in T.LOCS:
        assert locations.LOCATIONS.rule(loc.effect) == f"guardians.location.{loc.effect}"
    for b in T.BOSSES:
        assert bosses.REVEALS.rule(b.reveal) == f"guardians.boss.{b.reveal}"
