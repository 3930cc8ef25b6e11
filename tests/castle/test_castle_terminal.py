"""The terminal table for Castle (issue 22): options that explain themselves (the Event's words
on a vote, the card and its Energy on a rearrange, the room and what it holds on a move, names
never slugs), fewer non-decisions (windows ask only who can act; the P.O.D. is a step of its
own; auto-pass preferences where passing cannot matter) and the one-line `moment`."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from functools import cache

from castle_rig import game
from rich.console import Console

from tabletop.engine.decision import Decision, Option
from tabletop.engine.flow import push, settle
from tabletop.engine.rng import derive_seed
from tabletop.games.castle import CastleBot
from tabletop.games.castle.anytime import OpenAnytime
from tabletop.games.castle.cards import CONTENT, DESTROYED, INVENTORY, zone
from tabletop.games.castle.effects import DiscardTreasure, HealChoice
from tabletop.games.castle.labels import vote_words
from tabletop.games.castle.rules import CastleState
from tabletop.games.castle.sequence import line, shift_cost
from tabletop.games.castle.space import OPT
from tabletop.games.castle.waits import can_wait
from tabletop.ui import castle
from tabletop.ui.prefs import choose

SLUGS = sorted(
    {
        x.slug
        for coll in (
            CONTENT.treasures,
            CONTENT.allies,
            CONTENT.events,
            CONTENT.enemies,
            CONTENT.agents,
            CONTENT.upgrades,
        )
        for x in coll
        if x.slug != x.name
    },
    key=len,
    reverse=True,
)
SLUG = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, SLUGS)) + r")(?![\w-])")
TALLY = re.compile(r"\b(visited|blows|defeated-colour|since|base|turns-done):")


def walk(seed: int = 1) -> Iterator[tuple[CastleState, int, Decision]]:
    """Every question of a 4-Agent game the heuristic bots play, for each seat asked, before
    it is answered; the game is played to its end."""
    s = game(4, seed=seed, mode="exploration")  # as the bench plays (the default options)
    bots = [CastleBot(derive_seed(seed, p)) for p in range(4)]
    while not s.is_over:
        d = s.pending
        assert d is not None
        for p in s.to_move():
            yield s, p, d
        p = s.to_move()[0]
        s.apply(p, bots[p].choose(s, p))


@cache
def asked(seed: int = 1) -> list[tuple[str, str, tuple[Option, ...], str | None, int]]:
    """(kind, prompt, options, moment, seat) of every question of a game, and its log kept on
    the side (`_LOGS`)."""
    out = []
    s = None
    for s, p, d in walk(seed):
        ask = d.ask(p)
        out.append((ask.kind, ask.prompt, ask.options, castle.moment(s.view(p), p, d), p))
    assert s is not None
    _LOGS[seed] = [e.text for e in s.log or []]
    return out


_LOGS: dict[int, list[str]] = {}


def test_every_vote_option_carries_the_events_words() -> None:
    votes = [(prompt, opts) for kind, prompt, opts, _, _ in asked() if kind == "vote"]
    assert votes
    for prompt, opts in votes:
        event = next(e for e in CONTENT.events if prompt.startswith(e.name + ":"))
        words = vote_words(event.text)
        assert [o.label for o in opts] == [f"{k}: {words[k]}" for k in "ABCD"]
        for o in opts:
            assert o.label.split(": ", 1)[1] in event.text  # the card's front, nothing else


def test_rearrange_options_name_the_card_and_its_energy() -> None:
    seen = 0
    for s, p, d in walk():
        if d.ask(p).kind != "combat-rearrange":
            continue
        for o in d.options_for(p):
            if o.id.startswith("shift:"):
                i, j = o.arg
                name = s.name(line(s, p)[i - 1])
                cost = shift_cost(s, p, i, j)
                assert o.label == f"Move {name} from Timing {i} to {j} ({cost} Energy)"
                seen += 1
    assert seen


def test_the_move_lists_rooms_and_the_pod_step_lists_treasures() -> None:
    """castle.interpret.pod-step: the move names each room and what lies there; the P.O.D.
    on the way is one option, `pod`, whose own question lists the Treasures."""
    s = game(4, mode="exploration")
    bots = [CastleBot(p) for p in range(4)]
    while s.pending is not None and s.pending.kind != "move":
        p = s.to_move()[0]
        s.apply(p, bots[p].choose(s, p))
    d = s.pending
    assert d is not None
    opts = d.options_for(s.leader)
    assert not any(o.id.startswith(("store:", "retrieve:")) for o in opts)
    names = {r.id: r.name for r in s.board.rooms}
    for o in opts:
        if o.id.startswith("go:") and str(o.arg).isdigit():
            assert o.label.startswith(f"Move to room {o.arg} {names[str(o.arg)]}")
    assert "pod" in {o.id for o in opts}
    s.apply(s.leader, "pod")
    at_pod = s.pending
    assert at_pod is not None and at_pod.kind == "move"
    pod_ids = [o.id for o in at_pod.options_for(s.leader)]
    assert pod_ids[-1] == "done"
    assert all(i.startswith(("store:", "retrieve:")) for i in pod_ids[:-1]) and pod_ids[:-1]
    assert len(opts) < 30  # it was 40 with every Treasure among the rooms


def test_a_move_names_a_rooms_token() -> None:
    s = game(4, mode="exploration")
    bots = [CastleBot(p) for p in range(4)]
    while s.pending is not None and s.pending.kind != "move":
        p = s.to_move()[0]
        s.apply(p, bots[p].choose(s, p))
    d = s.pending
    assert d is not None
    tokened = [o for o in d.options_for(s.leader) if o.id.startswith("go:") and "token" in o.label]
    assert tokened and all(re.search(r"\((green|blue|red) token", o.label) for o in tokened)


def test_a_window_asks_only_the_agents_with_something_to_do() -> None:
    """castle.interpret.window-asks: no window question has `done` alone; the passes are in
    the log."""
    questions = [(k, opts) for k, _, opts, _, _ in asked() if k in ("anytime", "between")]
    assert questions
    for _, opts in questions:
        assert [o.id for o in opts] != ["done"]
    # an Agent with nothing to use (no Treasure, no Energy for its Skills) is not asked
    s = game(4, mode="exploration")
    for p in (1, 2, 3):
        for card in list(s.inventory(p)):
            s.slots.pop(card, None)
            s.move(card, zone(p, INVENTORY), DESTROYED, "test", "{card} is gone")
        s.energy[p] = 0
    logged = len(s.log or [])
    push(s, OpenAnytime("vote", (0, 1, 2, 3), 32))
    settle(s)
    d = s.pending
    assert d is not None and d.kind == "anytime" and d.players == (0,)
    texts = [e.text for e in (s.log or [])[logged:]]
    assert "A2, A3 and A4 have nothing to use before the Decision cards are picked" in texts


def test_no_label_prompt_log_moment_or_board_shows_a_slug_or_a_tally_key() -> None:
    for kind, prompt, opts, moment, _ in asked():
        for text in (prompt, moment or "", *(o.label for o in opts)):
            assert not SLUG.search(text), (kind, text)
            assert not TALLY.search(text), (kind, text)
    for text in _LOGS[1]:
        assert not SLUG.search(text), text
    for i, (s, p, _) in enumerate(walk(2)):
        if i % 40 == 0:
            console = Console(width=80, record=True, file=io.StringIO(), color_system=None)
            castle.render(s.view(p), console)
            board = console.export_text()
            assert not SLUG.search(board) and not TALLY.search(board)
            assert "Tallies" not in board


def test_labels_name_agents_enemies_and_offers() -> None:
    kinds: dict[str, list[str]] = {}
    for kind, _, opts, _, _ in asked():
        kinds.setdefault(kind, []).extend(o.label for o in opts)
    assert all(
        re.fullmatch(r"Give 1 Energy to A[1-4] [A-Z][\w ]+ \(Energy \d+/\d+\)", label)
        for label in kinds["share-energy"]
    )
    enemies = {e.name for e in CONTENT.enemies}
    assert all(
        any(e in label for e in enemies)
        for label in kinds["combat-target"]
        if label.startswith("Target")
    )
    treasures = {t.name for t in CONTENT.treasures}
    for label in kinds.get("reward", []) + kinds.get("buy", []):
        assert label == "Done" or label.startswith("Burn ") or any(t in label for t in treasures)
    assert all(
        re.fullmatch(r"Burn .+ for \d+ Energy", lab)
        for lab in kinds["anytime"]
        if lab.startswith("Burn")
    )


def test_abilities_come_after_the_main_choices() -> None:
    main = ("trade:", "equip:", "unequip:", "shift:", "pay:", "card:", "help:", "initiative:")
    ability = ("skill:", "use:", "ally:", "burn:")
    for _, _, opts, _, _ in asked():
        ids = [o.id for o in opts]
        firsts = [i for i, x in enumerate(ids) if x.startswith(ability)]
        lasts = [i for i, x in enumerate(ids) if x.startswith(main)]
        if firsts and lasts:
            assert max(lasts) < min(firsts), ids


def test_forced_questions_name_their_cause() -> None:
    s = game(4)
    source = s.t.names.index("Rat Nest")
    name = "Rat Nest"
    push(s, HealChoice(0, 2, 1, source))
    settle(s)
    d = s.pending
    assert d is not None and d.kind == "heal-choice"
    assert d.prompt == f"A1 ({name}): heal 2 Health or 1 Clarity?"
    assert [o.label for o in d.options] == ["Heal 2 Health", "Heal 1 Clarity"]
    s2 = game(4)
    push(s2, DiscardTreasure(0, 1, source))
    settle(s2)
    d2 = s2.pending
    assert d2 is not None and d2.kind == "discard-treasure"
    assert d2.prompt == f"A1 ({s2.name(source)}): discard a Treasure"


def test_the_moment_says_what_is_happening_in_one_short_line() -> None:
    moments: dict[str, list[str]] = {}
    for kind, prompt, _, moment, _ in asked():
        assert moment is None or (len(moment) <= 78 and "\n" not in moment)
        if moment is not None:
            moments.setdefault(kind, []).append(moment)
        if kind == "vote":
            assert moment is not None and moment.startswith(prompt.split(":")[0] + ": A ")
    assert all(m.startswith("Round ") for m in moments["combat-rearrange"])
    assert all(re.search(r"\d+/\d+|the fight is won", m) for m in moments["combat-target"])
    assert all(m.startswith("Turn ") for m in moments["move"])


def test_auto_pass_preferences_are_on_and_pass_only_what_can_wait() -> None:
    assert set(castle.PREFERENCES) == {
        "auto-pass-event",
        "auto-pass-refresh",
        "auto-pass-trade",
        "auto-pass-combat",
    }
    assert choose("castle") == set(castle.PREFERENCES)  # on by default
    answered = asked_real = 0
    for s, p, d in walk():
        view = s.view(p)
        opts = d.options_for(p)
        given = {name: fn(view, p, d) for name, (_, fn, _) in castle.PREFERENCES.items()}
        gave = [g for g in given.values() if g is not None]
        assert len(gave) <= 1  # one window, one preference
        if gave:
            answered += 1
            assert gave == ["done"]
            before_vote = "Decision cards" in d.ask(p).prompt
            assert all(can_wait(view, p, o, before_vote) for o in opts)
            assert not any(o.id.startswith(("shift:", "overcharge", "exchange:")) for o in opts)
            if d.ask(p).kind == "combat-rearrange" and any(o.id.startswith("burn:") for o in opts):
                assert len(line(s, p)) < 2  # burning might pay for a move: it does not wait
        elif len(opts) > 1:
            asked_real += 1
    assert answered > 0 and asked_real > 0


def test_burning_is_offered_where_the_gob_li_merchant_takes_energy() -> None:
    buys = [opts for kind, _, opts, _, _ in asked() if kind == "buy"]
    assert buys
    for opts in buys:
        assert opts[-1].id == "done"
        assert all(o.id.startswith(("take:", "burn:")) for o in opts[:-1])


def test_skills_treasures_allies_and_upgrades_say_what_they_do() -> None:
    labels = {o.id: o.label for _, _, opts, _, _ in asked() for o in opts}
    assert labels["use:small-health-potion"] == "Use Small Health Potion: the group heals 2 Health"
    for oid, label in labels.items():
        if oid.startswith(("skill:", "use:", "ally:", "upgrade:")):
            assert ": " in label and len(label) <= 78, label
    assert any(re.fullmatch(r"Use [\w ]+ \(\d+ Energy\): .+", lab) for lab in labels.values())


def test_burning_does_not_wait_when_it_would_pay_for_this_step() -> None:
    """A rearrange the Agent cannot pay for yet: burning now could pay for a move of its
    sequence, so the preference asks (castle.waits.burn_pays)."""
    view = {
        "mode": "exploration",
        "health": 20,
        "clarity": 8,
        "agents": [
            {
                "seat": 0,
                "agent": "Pill",
                "energy": 0,
                "max_energy": 14,
                "skills": [],
                "inventory": [{"id": "whip", "name": "Whip"}],
                "line": [{"id": "attack"}, {"id": "block"}],
            }
        ],
        "fight": [{"state": "active"}],
    }
    d = Decision((0,), "combat-rearrange", "A1: Rearrange", (OPT["burn:whip"], OPT["done"]))
    assert castle.PREFERENCES["auto-pass-combat"][1](view, 0, d) is None
    view["agents"][0]["line"] = [{"id": "attack"}]
    assert castle.PREFERENCES["auto-pass-combat"][1](view, 0, d) == "done"
