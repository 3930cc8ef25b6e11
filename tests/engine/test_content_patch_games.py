"""Content patches in each of the four games: a changed number shows in the game, bad patches
are refused naming the patch file, the record and the field, patched and shipped games live
side by side in one process, and records replay with their patch."""

from __future__ import annotations

import pickle
from pathlib import Path
from typing import Any

import pytest

from tabletop.agents.base import RandomAgent
from tabletop.engine import record as rec
from tabletop.engine.patch import Patch, PatchError, load_patch
from tabletop.engine.registry import get, new_game
from tabletop.engine.state import State


def play(state: State, answers: int, seed: int = 1) -> State:
    agent = RandomAgent(seed)
    for _ in range(answers):
        if state.is_over:
            break
        p = state.to_move()[0]
        state.apply(p, agent.choose(state, p))
    return state


def patch(game: str, *assignments: str) -> Patch:
    return Patch.from_assignments(game, list(assignments))


# -- Quests --------------------------------------------------------------------------------
def quests_hand_limit(content: Patch | None) -> int:
    """Seat 0's hand limit in the view once it holds the artifact that raises it."""
    s = new_game("quests", 3, 4, content=content)
    card = next(iter(s.t.hand_bonus))  # type: ignore[attr-defined]
    zone = next(z for z, cards in enumerate(s.zones.cards) if card in cards)
    s.zones.move(card, zone, s.library(0))  # type: ignore[attr-defined]
    limit: int = s.view(0)["seats"][0]["hand_limit"]
    return limit


def test_quests_patch_changes_the_hand_limit_a_seat_sees() -> None:
    s = new_game("quests", 3, 4)
    card = next(iter(s.t.hand_bonus))  # type: ignore[attr-defined]
    slug = s.t.art(card).slug  # type: ignore[attr-defined]
    shipped = quests_hand_limit(None)
    assert quests_hand_limit(patch("quests", f"artifact.{slug}.amount=5")) == 10 + 5
    assert shipped != 15


def test_quests_refuses_a_patch_that_adds_a_card() -> None:
    add = Patch.from_text(
        "quests",
        '[artifact.new-staff]\nname = "New Staff"\ntype = "greek"\n'
        'ability = "foe-immunity"\nsource = "authored"\n',
        "add.toml",
    )
    with pytest.raises(PatchError, match=r"add\.toml: .*added: new-staff"):
        new_game("quests", 2, 1, content=add)


# -- The Guardians -------------------------------------------------------------------------
def test_guardians_patch_changes_the_hand_size_and_a_cards_numbers() -> None:
    p = patch("guardians", "game.numbers.hand_size=6", "card.bash.attack=3")
    s = new_game("guardians", 2, 1, {"difficulty": "apprentice"}, content=p)
    plain = new_game("guardians", 2, 1, {"difficulty": "apprentice"})
    assert s.view(0)["seats"][0]["hand_size"] == 6
    assert plain.view(0)["seats"][0]["hand_size"] == 4
    from tabletop.games.guardians import tables as T

    bash = T.KIND_BY_NAME["Bash"]
    assert s.c.kinds[bash].attack == 3  # type: ignore[attr-defined]
    assert plain.c.kinds[bash].attack == 1  # type: ignore[attr-defined]
    # a Bash in a view shows the patched attack
    from tabletop.games.guardians.view import card_info

    card = T.CARDS_OF_KIND[bash][0]
    assert card_info(s, card)["attack"] == 3  # type: ignore[arg-type]
    assert card_info(plain, card)["attack"] == 1  # type: ignore[arg-type]


def test_guardians_refuses_a_patch_that_changes_the_cards() -> None:
    with pytest.raises(PatchError, match="field 'copies' fixes the game's cards"):
        new_game("guardians", 2, 1, content=patch("guardians", "card.bash.copies=9"))
    with pytest.raises(PatchError, match="max_monsters_per_location"):
        new_game(
            "guardians", 2, 1, content=patch("guardians", "numbers.max_monsters_per_location=2")
        )


# -- The Librarians ------------------------------------------------------------------------
def test_librarians_patch_changes_a_heros_life() -> None:
    s = new_game("librarians", 2, 3, content=patch("librarians", "hero.eve-baird.life=15"))
    plain = new_game("librarians", 2, 3)
    assert s.view(0)["seats"][0]["life"] == 15
    assert plain.view(0)["seats"][0]["life"] == 9


# -- Castle Von Loghan ---------------------------------------------------------------------
def test_castle_patch_changes_copies_energy_and_a_treasure() -> None:
    p = patch(
        "castle",
        "treasure.whip.copies=6",
        "treasure.whip.combat_power=4",
        "rules.rules.start_energy=7",
    )
    s = new_game("castle", 4, 3, content=p)
    plain = new_game("castle", 4, 3)
    assert s.t.names.count("Whip") == 6  # type: ignore[attr-defined]
    assert plain.t.names.count("Whip") == 3  # type: ignore[attr-defined]
    agent = s.view(0)["agents"][0]
    assert agent["energy"] == 7
    assert plain.view(0)["agents"][0]["energy"] == 5
    whip = next(i for i in agent["inventory"] if i["id"] == "whip")
    assert whip["power"] == 4
    s.check_invariants()


# -- every game ----------------------------------------------------------------------------
BAD: dict[str, tuple[str, str]] = {
    # game: (a bad patch, what the error says after the patch's name)
    "quests": (
        '[artifact.spear-of-destiny]\namount = "lots"\n',
        "artifacts.toml: artifact 'Spear of Destiny': field 'amount' must be int",
    ),
    "guardians": (
        '[card.bash]\nattack = "lots"\n',
        "cards.toml: card 'Bash': field 'attack' must be int",
    ),
    "librarians": (
        "[hero.eve-baird]\nlife = 0\n",
        "heroes.toml: hero 'Eve Baird': field 'life' must be at least 1",
    ),
    "castle": (
        '[treasure.whip]\ncolour = "pink"\n',
        "treasures.toml: treasure 'Whip': field 'colour' is 'pink'; allowed:",
    ),
}


@pytest.mark.parametrize("game", sorted(BAD))
def test_bad_patches_name_the_file_the_record_and_the_field(game: str, tmp_path: Path) -> None:
    text, message = BAD[game]
    path = tmp_path / f"bad-{game}.toml"
    path.write_text(text)
    with pytest.raises(PatchError) as e:
        load_patch(path, game)
    assert str(e.value).startswith(f"bad-{game}.toml: {message}")
    # the same patch handed to new_game directly is refused the same way
    with pytest.raises(PatchError, match=message.split(":")[0]):
        new_game(game, get(game).min_players if game != "castle" else 4, 1,
                 content=Patch.from_text(game, text, path.name))  # fmt: skip


def test_a_record_of_a_field_that_names_nothing_is_refused_for_every_game() -> None:
    for game, path in (
        ("quests", "artifact.no-such-artifact.amount=1"),
        ("guardians", "card.no-such-card.attack=1"),
        ("librarians", "hero.no-such-hero.life=3"),
        ("castle", "treasure.no-such-treasure.combat_power=3"),
    ):
        with pytest.raises(PatchError, match=r"no-such-.*: no such record; the records are: "):
            get(game).content(patch(game, path))  # type: ignore[misc]


PLAYS: dict[str, tuple[int, dict[str, Any], str]] = {
    "quests": (3, {}, "artifact.spear-of-destiny.amount=4"),
    "guardians": (3, {}, "card.bash.attack=3"),
    "librarians": (2, {}, "hero.eve-baird.life=12"),
    "castle": (4, {}, "treasure.whip.copies=5"),
}


@pytest.mark.parametrize("game", sorted(PLAYS))
def test_patched_games_record_replay_and_coexist_with_shipped_ones(game: str) -> None:
    n, options, change = PLAYS[game]
    p = patch(game, change)
    patched = play(new_game(game, n, 9, options, content=p), 150)
    shipped = play(new_game(game, n, 9, options), 150)
    again = play(new_game(game, n, 9, options, content=p), 150)
    assert rec.digest(again) == rec.digest(patched)  # the patched game is deterministic
    assert rec.digest(shipped) != rec.digest(patched)
    r = rec.record_of(patched)
    assert r.content is not None and r.content["digest"] == p.digest
    assert rec.digest(rec.replay(r)) == rec.digest(patched)
    r_plain = rec.record_of(shipped)
    assert rec.digest(rec.replay(r_plain)) == rec.digest(shipped)
    # a clone and a pickled copy keep their content, and play on alike
    assert patched.clone().patch is p
    back = pickle.loads(pickle.dumps(patched))
    assert back.patch == p and rec.digest(back) == rec.digest(patched)
    assert rec.digest(play(back, 40, seed=3)) == rec.digest(play(patched.clone(), 40, seed=3))


def test_guardians_bot_reckons_with_the_patched_numbers() -> None:
    from tabletop.games.guardians import tables as T
    from tabletop.games.guardians.bot import GuardiansBot

    bash = T.KIND_BY_NAME["Bash"]
    p = patch("guardians", "card.bash.attack=10")
    s = new_game("guardians", 2, 1, {"difficulty": "apprentice"}, content=p)
    plain = new_game("guardians", 2, 1, {"difficulty": "apprentice"})
    strong = GuardiansBot._attack_estimate(s, 0, [bash], 0, 0)  # type: ignore[arg-type]
    weak = GuardiansBot._attack_estimate(plain, 0, [bash], 0, 0)  # type: ignore[arg-type]
    assert strong == weak + 9


def test_librarians_patch_changes_the_flip_cost_and_refuses_new_dice() -> None:
    s = new_game("librarians", 2, 3, content=patch("librarians", "aid.focus_power.flip_cost=4"))
    assert s.t.content.focus_power.flip_cost == 4  # type: ignore[attr-defined]
    shipped = new_game("librarians", 2, 3)
    assert shipped.t.content.focus_power.flip_cost == 1  # type: ignore[attr-defined]
    # a record without a name or id is named by its position: the first die is 0
    faces = '[["success"], ["success", "success"], ["success", "success"], ["tree"], ["tree"], []]'
    dice = patch("librarians", f"dice.die.0.faces={faces}")
    with pytest.raises(PatchError, match=r"dice\.toml: the dice's faces"):
        new_game("librarians", 2, 3, content=dice)


def test_guardians_game_numbers_change_the_set_up() -> None:
    p = patch("guardians", "game.numbers.quests_dealt=3", "game.numbers.boss_quests=1")
    s = new_game("guardians", 2, 1, content=p)
    plain = new_game("guardians", 2, 1)
    assert len(s.view(0)["seats"][0]["quests"]) == 3
    assert s.view(0)["seats"][1]["secret_quests"] == 3
    assert len(plain.view(0)["seats"][0]["quests"]) == 2
    s.check_invariants()
