"""The Event Phase of Castle Von Loghan (castle.event.*): the card from the bottom of its
colour's deck, the secret vote and its reveal, the outcomes A to D once per chooser, Group
Decisions, the End Event's summons (the Summon table and the rulebook's vote example), and the
visit of Story tokens."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.engine.flow import ask_again
from tabletop.games.castle.cards import (
    ENEMY,
    EVENT,
    EVENT_DECK,
    EVENT_DISCARD,
    EVENT_ZONE,
    FIGHT,
    LURKING,
    ROOM_ZONE,
    TOKEN_BAG,
    CastleOptions,
)
from tabletop.games.castle.rules import CastleState

DEFAULTS = {
    "place-treasure": None,
    "upgrade": "pass",
    "between": "done",
    "anytime": "done",
    "refresh": "rest",
}


def game(n: int = 4, seed: int = 1, **opts: Any) -> CastleState:
    return CastleState(n, seed, CastleOptions(**opts), log=True)


def to_kind(s: CastleState, kind: str) -> None:
    """Answer every other question (set-up placements, Upgrades, trading windows, Refresh
    actions) with a plain default until a question of `kind` is pending."""
    for _ in range(500):
        d = s.pending
        assert d is not None, f"the game ended before a {kind!r} question: {s.ended}"
        if d.kind == kind:
            return
        assert d.kind in DEFAULTS, f"unexpected question {d.kind!r}"
        seat = s.to_move()[0]
        want = DEFAULTS[d.kind]
        ids = d.option_ids(seat)
        s.apply(seat, want if want in ids else ids[0])
    raise AssertionError(f"no {kind!r} question came")


def rig_event(s: CastleState, name: str) -> int:
    """Put the Random Event `name` at the bottom of its colour's deck; return the card."""
    card = s.t.by_name(EVENT, name)[0]
    colour = s.record(card).colour
    for cards in s.zones.cards:
        if card in cards:
            cards.remove(card)
    s.zones.cards[EVENT_DECK[colour]].insert(0, card)
    return card


def token_in(s: CastleState, colour: str, room: str) -> int:
    """Clear the board of Random Event tokens but one of `colour` in `room`."""
    for zi in ROOM_ZONE.values():
        for card in list(s.zones.cards[zi]):
            s.zones.cards[zi].remove(card)
            s.zones.cards[TOKEN_BAG[s.t.pools[card].removeprefix("token-")]].append(card)
    card = s.zones.cards[TOKEN_BAG[colour]].pop()
    s.zones.cards[ROOM_ZONE[room]].append(card)
    return card


def enter_event(s: CastleState, name: str, room: str = "1") -> int:
    """Move the group into `room`, where a token of the event's colour lies, with `name` at the
    bottom of that colour's deck; stop at the vote."""
    card = rig_event(s, name)
    token_in(s, s.record(card).colour, room)
    to_kind(s, "move")
    s.apply(s.leader, f"go:{room}")
    to_kind(s, "group-vote" if s.record(card).group else "vote")
    return card


def vote(s: CastleState, letters: str) -> None:
    """Seat i picks letters[i] (in seat order); then every Agent is done in the window before
    the End Event (castle.agent.any-time)."""
    for seat, letter in enumerate(letters):
        s.apply(seat, f"vote:{letter}")
    pass_windows(s)


def pass_windows(s: CastleState) -> None:
    """Every Agent asked in an "at any time" window says done."""
    while s.pending is not None and s.pending.kind == "anytime":
        s.apply(s.to_move()[0], "done")


def fight_names(s: CastleState) -> list[str]:
    return [s.name(c) for c in s.zones.cards[FIGHT]]


# -- the vote example -----------------------------------------------------------------------------
def test_collapsing_gallery_two_a_two_c() -> None:
    """The rulebook's example: 2 Agents choose A (3 Health each: 6), 2 choose C (2 Health each:
    4, and one enemy fewer each): 10 Health in all, and the group summon of 3 becomes 1."""
    s = game(4)
    to_kind(s, "move")
    health = s.health[0]
    enter_event(s, "Collapsing Gallery")
    vote(s, "ACAC")
    assert s.votes == ("A", "C", "A", "C")
    assert s.health[0] == health - 10
    assert len(s.zones.cards[FIGHT]) == 1
    assert all(s.t.pools[c] == "enemy-green" for c in s.zones.cards[FIGHT])
    assert s.summon_change == 0  # reset after the summon
    assert s.flags.get("evented") == 1
    texts = [e.text_for(None) for e in s.log or []]
    assert "The Decision cards are revealed: A1 A, A2 C, A3 A, A4 C" in texts


@pytest.mark.parametrize(("agents", "summoned"), [(4, 3), (5, 4), (6, 5), (7, 6), (8, 7)])
def test_summon_table(agents: int, summoned: int) -> None:
    """An Enemy symbol without a number summons active Agents minus one (the Overview Sheet)."""
    s = game(agents)
    enter_event(s, "Collapsing Gallery")
    vote(s, "D" * agents)  # Clarity only: no change to the summon
    assert len(s.zones.cards[FIGHT]) == summoned
    assert {s.t.pools[c] for c in s.zones.cards[FIGHT]} == {"enemy-green"}


def test_event_drawn_from_the_bottom_and_discarded() -> None:
    s = game(4)
    to_kind(s, "move")
    deck = s.zones.cards[EVENT_DECK["green"]]
    top = deck[-1]
    card = enter_event(s, "Old Well")
    assert s.zones.cards[EVENT_ZONE] == [card]
    assert s.zones.cards[EVENT_DECK["green"]][-1] == top  # the top card stays
    vote(s, "DDDD")
    assert s.zones.cards[EVENT_ZONE] == []
    assert s.zones.cards[EVENT_DISCARD["green"]][-1] == card
    assert s.zones.cards[ROOM_ZONE["1"]], "the token stays for the Refresh Phase"


def test_empty_event_deck_is_refilled_from_its_discard() -> None:
    s = game(4)
    to_kind(s, "move")
    deck, discard = EVENT_DECK["green"], EVENT_DISCARD["green"]
    s.zones.cards[discard] = s.zones.cards[deck]
    s.zones.cards[deck] = []
    token_in(s, "green", "1")
    s.apply(s.leader, "go:1")
    to_kind(s, "vote")
    assert len(s.zones.cards[EVENT_ZONE]) == 1
    assert len(s.zones.cards[deck]) == 19 and s.zones.cards[discard] == []


# -- End Events -----------------------------------------------------------------------------------
def test_end_event_fixed() -> None:
    s = game(4)
    enter_event(s, "Whispering Trees")  # end: 2 enemies of its colour
    vote(s, "BBBB")
    assert len(s.zones.cards[FIGHT]) == 2


def test_end_event_lurking() -> None:
    s = game(4)
    name = next(
        e.name
        for e in (s.record(c) for c in s.t.events["green"])
        if e.end.summon == "lurking" and not e.group
    )
    enter_event(s, name)
    vote(s, "DDDD")
    assert s.zones.cards[FIGHT] == []
    assert len(s.zones.cards[LURKING]) == 1


def test_end_event_none() -> None:
    s = game(4)
    enter_event(s, "Old Well")
    vote(s, "DDDD")
    assert s.zones.cards[FIGHT] == [] and s.zones.cards[LURKING] == []


def test_summon_never_below_zero() -> None:
    s = game(4)
    enter_event(s, "Collapsing Gallery")
    vote(s, "CCCC")  # 4 enemies fewer of 3
    assert s.zones.cards[FIGHT] == []


# -- who resolves what ----------------------------------------------------------------------------
def test_energy_self_hits_only_the_choosers() -> None:
    s = game(4)
    to_kind(s, "move")
    before = list(s.energy)
    enter_event(s, "Collapsing Gallery")
    vote(s, "BADB")  # B: the chooser pays 2 Energy
    assert s.energy == [before[0] - 2, before[1], before[2], before[3] - 2]


def test_every_decision_card_is_offered_and_an_agent_pays_what_it_can() -> None:
    """What an option costs is on the back of the card (castle.event.hidden), so every Agent
    may pick any Decision card; an Agent short of the Energy its outcome costs pays what it has
    (castle.event.pay: "you have to pay as much as you can")."""
    s = game(4)
    to_kind(s, "move")
    enter_event(s, "Collapsing Gallery")  # B: the chooser pays 2 Energy
    s.energy[1] = 1
    ask_again(s)
    d = s.pending
    assert d is not None
    for seat in range(4):
        assert d.option_ids(seat) == ("vote:A", "vote:B", "vote:C", "vote:D")
    vote(s, "ABDD")
    assert s.energy[1] == 0


def test_the_vote_shows_the_front_of_the_card_only() -> None:
    """Before the reveal every view (each Agent's and the spectator's) holds the Event's title,
    colour, text and options, never what an option does or the End Event (castle.event.hidden);
    the outcomes show in the log as they resolve."""
    s = game(4)
    to_kind(s, "move")
    card = enter_event(s, "Collapsing Gallery")
    rec = s.record(card)
    for viewer in (None, 0, 1, 2, 3):
        ev = s.view(viewer)["event"]
        assert ev == {"name": rec.name, "colour": rec.colour, "text": rec.text, "group": False}
    vote(s, "ACAC")
    texts = [e.text_for(None) for e in s.log or []]
    assert "Outcome A (run across) for A1" in texts  # the option's words (issue 22)


def test_the_bots_vote_without_reading_the_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """The heuristic bot votes from the front of the card: reading an outcome or the End Event
    while it chooses fails the test."""
    from tabletop.games.castle.bot import CastleBot
    from tabletop.games.castle.records import RandomEvent

    for name in ("Collapsing Gallery", "Fairy Ring", "Throne Room"):
        s = game(4)
        to_kind(s, "move")
        enter_event(s, name)
        d = s.pending
        assert d is not None
        with monkeypatch.context() as m:

            def back(self: RandomEvent, letter: str) -> None:
                raise AssertionError(f"the bot read outcome {letter} of {self.name}")

            m.setattr(RandomEvent, "option", back)
            answers = [CastleBot(seed).choose(s, p) for seed in range(3) for p in d.players]
        assert all(a in d.option_ids(p) for a, p in zip(answers, list(d.players) * 3, strict=True))


def test_the_bot_reads_the_options_words() -> None:
    """What the bot makes of an option's words: a Treasure for taking, fewer enemies for
    smashing, Health for resting; a red card's guesses hit harder than a green one's."""
    from tabletop.games.castle.bot_vote import option_texts, read_option

    texts = option_texts(
        "The gallery floor gives way: (A) run across, (B) let the suit hover you over, "
        "(C) climb along the wall, slowly, (D) go back round."
    )
    assert texts == {
        "A": "run across",
        "B": "let the suit hover you over",
        "C": "climb along the wall, slowly",
        "D": "go back round",
    }

    def effects(words: str, colour: str = "green") -> dict[str, int]:
        return {
            st.effect: int(st.params.get("amount", st.params.get("count", 0)))
            for st in read_option(words, colour)
        }

    assert effects("take the jewels") == {"gain-treasure": 1, "summon-change": 1}
    assert effects("smash them")["summon-change"] == -1
    assert effects("rest a moment")["health"] == 2
    assert effects("let the suit hover you over") == {"energy": -2}
    assert effects("run across", "red")["health"] < effects("run across", "green")["health"]
    assert effects("hum quietly")["clarity"] == 1


def test_group_decision_is_one_choice_resolved_once() -> None:
    s = game(4)
    card = enter_event(s, "Fairy Ring")
    d = s.pending
    assert d is not None and d.kind == "group-vote"
    assert d.players == (s.leader,)
    assert d.option_ids() == ("group:A", "group:B", "group:C", "group:D")
    rec = s.record(card)
    letter = next(x for x in "ABCD" if any(st.effect == "health" for st in rec.option(x)))
    amount = sum(int(st.params["amount"]) for st in rec.option(letter) if st.effect == "health")
    health = s.health[0]
    s.apply(s.leader, f"group:{letter}")
    assert s.health[0] == health + amount  # once, not once per Agent
    assert s.votes[s.leader] == letter
    assert [v for p, v in enumerate(s.votes) if p != s.leader] == [""] * 3


def test_votes_are_secret_until_all_are_in() -> None:
    s = game(4)
    enter_event(s, "Collapsing Gallery")
    s.apply(0, "vote:A")
    s.apply(1, "vote:C")
    s.apply(2, "vote:A")
    assert s.votes == ()
    assert s.to_move() == (3,)
    view = s.view(3)
    assert view["votes"] == []
    assert "revealed" not in " ".join(e["text"] for e in view["log"])
    for seat in (0, 3):
        assert "vote:A" not in str(s.view(seat)["log"])
    s.apply(3, "vote:C")
    assert s.votes == ("A", "C", "A", "C")
    assert s.view(3)["votes"] == ["A", "C", "A", "C"]


def test_unshackled_vote_is_the_actors_own() -> None:
    s = game(4, mode="unshackled")
    card = rig_event(s, "Collapsing Gallery")
    token_in(s, "green", "1")
    to_kind(s, "move")
    mover = s.pending.players[0]  # type: ignore[union-attr]
    s.apply(mover, "go:1")
    for _ in range(3):  # the others stay
        to_kind(s, "move")
        s.apply(s.pending.players[0], "stay")  # type: ignore[union-attr]
    to_kind(s, "vote")
    d = s.pending
    assert d is not None and d.players == (mover,)
    health = list(s.health)
    s.apply(mover, "vote:A")
    pass_windows(s)
    assert s.health[mover] == health[mover] - 3
    assert [h for p, h in enumerate(s.health) if p != mover] == [
        h for p, h in enumerate(health) if p != mover
    ]
    assert s.flags.get("fight-seat") == mover
    assert s.flags.get(f"evented-{mover}") == 1
    assert s.zones.cards[EVENT_DISCARD["green"]][-1] == card


def test_unshackled_agents_in_one_room_face_one_event() -> None:
    s = game(4, mode="unshackled")
    rig_event(s, "Collapsing Gallery")
    token_in(s, "green", "1")
    to_kind(s, "move")
    first = s.pending.players[0]  # type: ignore[union-attr]
    s.apply(first, "go:1")
    to_kind(s, "move")
    second = s.pending.players[0]  # type: ignore[union-attr]
    s.apply(second, "go:1")
    for _ in range(2):
        to_kind(s, "move")
        s.apply(s.pending.players[0], "stay")  # type: ignore[union-attr]
    to_kind(s, "vote")
    d = s.pending
    assert d is not None and d.players == (first, second)
    health = list(s.health)
    s.apply(first, "vote:A")
    s.apply(second, "vote:D")
    pass_windows(s)
    assert s.health[first] == health[first] - 3
    assert s.health[second] == health[second]
    assert s.clarity[second] == 10 - 2
    assert len(s.zones.cards[FIGHT]) == 3  # one summon: the total Agents minus one
    assert s.flags.get(f"evented-{first}") == s.flags.get(f"evented-{second}") == 1
    assert len(s.zones.cards[EVENT_DISCARD["green"]]) == 1  # the second Agent drew no card


def test_no_event_without_entering() -> None:
    s = game(4)
    to_kind(s, "move")
    s.apply(s.leader, "stay")
    to_kind(s, "move")  # the next turn: no vote came
    assert s.turn == 2
    assert s.zones.cards[EVENT_ZONE] == []


# -- Story tokens ---------------------------------------------------------------------------------
def test_story_tokens_visited_once_per_room() -> None:
    s = game(4)
    to_kind(s, "move")
    s.marks["12"] = ("clue", "fire")
    s.apply(s.leader, "go:12")
    to_kind(s, "move")
    assert s.counters["visited:clue"] == 1 and s.counters["visited:fire"] == 1
    assert s.marks["12"] == ("fire",)  # the Clue is gathered, the fire stays
    s.apply(s.leader, "stay")
    to_kind(s, "move")
    s.flags["entered"] = 1
    from tabletop.games.castle.event import visit_tokens

    visit_tokens(s, "12")
    assert s.counters["visited:fire"] == 1  # the same room counts once


def test_enemy_kinds_in_fight_are_enemies() -> None:
    s = game(4)
    enter_event(s, "Collapsing Gallery")
    vote(s, "AAAA")
    assert all(s.t.kinds[c] == ENEMY for c in s.zones.cards[FIGHT])
    assert len(fight_names(s)) == 3
