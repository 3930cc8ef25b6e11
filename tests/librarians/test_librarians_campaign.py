"""The Librarians campaign (games/librarians/campaign.py) and `tabletop campaign librarians
FILE` (ui/campaign.py): C-1 to C-4 in order; a won adventure unlocks what the Season One
checklist says (C-3 by the path it was won by), a lost one nothing; unlocks persist and are
then legal in deck construction; a campaign record replays and verifies end to end, and a
tampered one names its chapter; the command starts, continues, saves every answer and
refuses what it cannot do with one-line errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from tabletop.cli import app
from tabletop.engine import registry
from tabletop.engine.campaign import (
    Campaign,
    CampaignError,
    CampaignRecord,
    default_feed,
    replay_campaign,
)
from tabletop.engine.errors import OptionError, RecordError
from tabletop.engine.state import State
from tabletop.games.librarians import campaign as C
from tabletop.games.librarians import enemy as N
from tabletop.games.librarians import rules as R
from tabletop.games.librarians.bot import LibrariansBot
from tabletop.games.librarians.content import load
from tabletop.games.librarians.records import Mission
from tabletop.games.librarians.rules import LibrariansOptions, LibrariansState, new_state

# Kate's deck from the rulebook: Ezekiel Jones, Gadgetry, Myths & Legends, SCIENCE! and two
# Flynn Carsen, which only an unlocked Flynn Carsen makes legal.
CONTENT = load()
KATE = "+".join(
    [
        *(
            next(c.slug for c in CONTENT.cards if c.name == name)
            for d in ("Ezekiel Jones", "Gadgetry", "Myths & Legends", "SCIENCE!")
            for name in CONTENT.discipline_cards(d)
        ),
        "flynn-carsen",
        "flynn-carsen",
    ]
)


@pytest.fixture(autouse=True)
def data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Whatever the terminal would keep goes to the test's own folder, never the user's."""
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path / "data"))


def play_out(state: State, seed: int = 0) -> State:
    bots = [LibrariansBot(seed + p) for p in range(state.num_players)]
    while not state.is_over:
        p = state.to_move()[0]
        state.apply(p, bots[p].choose(state, p))
    return state


def won(adventure: str, path: str = "", players: int = 2) -> LibrariansState:
    """A game of `adventure` won by its winning Mission of `path`: that Mission put in play
    with what advances it (its Progress, or the card it waits for in the Adventure discard
    pile), then the Enemy phase's advance step run (the engine's own win). A state for the
    carry hook; no record could replay to it."""
    s = new_state(players, 1, LibrariansOptions(adventure=adventure), log=True)
    mission = next(
        c
        for c in s.t.missions
        if isinstance(s.record(c), Mission) and s.record(c).win and s.record(c).path == path
    )
    s.zones.move(mission, s.where(mission), R.MISSION_ZONE)
    m = s.record(mission)
    need = m.advance_for(players)
    if need is None:  # it advances once a named card is defeated: defeat that card
        name = next(
            str(a.params["card"]) for a in m.abilities if a.effect == "advance-when-defeated"
        )
        card = next(c for c in range(len(s.t.names)) if s.name(c) == name)
        s.zones.move(card, s.where(card), R.ADV_DISCARD)
    else:
        s.progress[mission] = need
    N.AdvanceMission().run(s)
    assert s.result is not None and s.result.team == "won"
    return s


def checklist(adventure: str, path: str = "") -> list[str]:
    names = {c.name: c.slug for c in CONTENT.cards}
    return [names[u.card] for u in CONTENT.unlocks if (u.adventure, u.path) == (adventure, path)]


# -- chapters and carry-over ----------------------------------------------------------------------
def test_the_chapters_are_c1_to_c4_in_order_with_the_campaigns_options() -> None:
    chapters = C.chapters(3, 7, {"difficulty": "expert", "heroes": "eve-baird,jacob-stone"})
    assert [c.options["adventure"] for c in chapters] == ["C-1", "C-2", "C-3", "C-4"]
    assert all(c.players == 3 and c.options["difficulty"] == "expert" for c in chapters)
    assert len({c.seed for c in chapters}) == 4
    assert C.chapters(3, 7)[2].seed == chapters[2].seed  # the seeds come from the campaign's
    for key in ("adventure", "unlocked"):
        with pytest.raises(CampaignError, match=f"option '{key}' is set by the campaign"):
            C.chapters(2, 1, {key: "C-2"})


@pytest.mark.parametrize(
    ("adventure", "path", "cards"),
    [
        ("C-1", "", ["flynn-carsen", "the-back-door"]),
        ("C-2", "", ["ariadnes-thread"]),
        ("C-3", "storyteller", ["jamie-heyer"]),
        ("C-3", "storybook", ["libris-fabula"]),
        ("C-4", "", ["crown-of-king-arthur"]),
    ],
)
def test_a_won_adventure_unlocks_what_the_checklist_says(
    adventure: str, path: str, cards: list[str]
) -> None:
    s = won(adventure, path)
    assert sorted(C.unlocks_of(s)) == sorted(cards) == sorted(checklist(adventure, path))
    carried = C.carry(s, C.START)
    assert sorted(carried["unlocked"]) == sorted(cards)
    assert carried["played"] == [
        {"adventure": adventure, "won": True, "path": path, "unlocked": list(C.unlocks_of(s))}
    ]


def test_the_two_paths_of_c3_unlock_different_cards() -> None:
    a = C.unlocks_of(won("C-3", "storyteller"))
    b = C.unlocks_of(won("C-3", "storybook"))
    assert a and b and not set(a) & set(b)


def test_a_lost_adventure_unlocks_nothing_and_unlocks_persist() -> None:
    games = (
        play_out(new_state(2, seed, LibrariansOptions(adventure="C-2"), log=True))
        for seed in range(40)
    )
    lost = next(g for g in games if g.result is not None and g.result.team == "lost")
    assert C.unlocks_of(lost) == ()
    after_c1 = C.carry(won("C-1"), C.START)
    after_c2 = C.carry(lost, after_c1)
    assert after_c2["unlocked"] == after_c1["unlocked"] == ["flynn-carsen", "the-back-door"]
    assert after_c2["played"][-1] == {
        "adventure": "C-2",
        "won": False,
        "path": "",
        "unlocked": [],
    }
    after_c3 = C.carry(won("C-3", "storybook"), after_c2)
    order = [c.slug for c in CONTENT.cards if c.unlockable]  # kept in content order
    want = {"flynn-carsen", "libris-fabula", "the-back-door"}
    assert after_c3["unlocked"] == [slug for slug in order if slug in want]
    assert [p["adventure"] for p in after_c3["played"]] == ["C-1", "C-2", "C-3"]
    lines = C.describe(after_c3)
    assert lines[0] == "C-1 Assault on the Library: won; unlocked Flynn Carsen, The Back Door"
    assert lines[1].startswith("C-2 ") and lines[1].endswith(": lost")
    assert "won by the storybook path; unlocked Libris Fabula" in lines[2]
    assert "Flynn Carsen" in lines[-1] and "Libris Fabula" in lines[-1]


def test_a_game_not_over_carries_nothing() -> None:
    with pytest.raises(CampaignError, match="finished"):
        C.carry(new_state(1, 1, LibrariansOptions(), log=True), C.START)


@pytest.mark.parametrize(
    ("carried", "message"),
    [
        ({"unlocked": [], "played": 5}, r"\(played: Input should be a valid list\)"),
        ({"unlocked": "flynn-carsen"}, r"\(unlocked: Input should be a valid list\)"),
        ({"played": ["C-1"]}, "played.0: Input should be a valid dictionary"),
        ({"played": [{"adventure": "C-1", "won": "yes"}]}, "played.0.won"),
        ({"unlocked": [], "gold": 3}, "gold: Extra inputs are not permitted"),
    ],
)
def test_carry_and_describe_refuse_a_carry_over_of_another_shape(
    carried: dict[str, Any], message: str
) -> None:
    """What an adventure is handed is checked whole before it is read (a `played` that is not
    a list was a traceback in carry and describe: issue 21)."""
    with pytest.raises(CampaignError, match=message) as e:
        C.carry(won("C-1"), carried)
    assert "a Librarians carry-over is an object {unlocked:" in str(e.value)
    with pytest.raises(CampaignError, match=message):
        C.describe(carried)


def test_unlocked_cards_are_legal_in_deck_construction_only_once_unlocked() -> None:
    options = {"heroes": "ezekiel-jones", "decks": KATE}
    campaign = C.new_campaign(1, 4, options)
    with pytest.raises(OptionError, match="Flynn Carsen"):
        campaign.start()  # nothing is unlocked in chapter 1
    carried = C.carry(won("C-1", players=1), C.START)
    fed = default_feed(registry.get("librarians"))(carried, campaign.chapters[1].options)
    assert fed["unlocked"] == ["flynn-carsen", "the-back-door"]
    state = registry.new_game("librarians", 1, campaign.chapters[1].seed, fed)
    assert isinstance(state, LibrariansState)
    assert state.opts.unlocked == ("flynn-carsen", "the-back-door")
    assert sum(state.name(c) == "Flynn Carsen" for c in state.t.decks[0]) == 2
    # the same carry-over handed to a campaign's next chapter
    later = Campaign("librarians", campaign.chapters[1:], carry=C.carry, start=carried)
    assert later.options()["unlocked"] == ["flynn-carsen", "the-back-door"]
    later.start()


# -- a campaign record, end to end ----------------------------------------------------------------
def played_campaign(players: int = 2, seed: int = 11) -> Campaign:
    campaign = C.new_campaign(players, seed, {"difficulty": "narrative"})
    while not campaign.is_over:
        state = play_out(campaign.start(), campaign.chapter)
        campaign.finish(state)
    return campaign


@pytest.fixture(scope="module")
def record_json() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(played_campaign().record().to_json()))
    return data


def test_a_campaign_record_replays_and_verifies_end_to_end(record_json: dict[str, Any]) -> None:
    record = CampaignRecord.from_json(record_json)
    assert [c.options["adventure"] for c in record.chapters] == ["C-1", "C-2", "C-3", "C-4"]
    assert len(record.played) == 4
    states = replay_campaign(record, carry=C.carry)
    assert [s.opts.adventure for s in states if isinstance(s, LibrariansState)] == list(
        C.ADVENTURES
    )
    assert all(s.is_over for s in states)
    assert [p["adventure"] for p in record.played[-1].carried["played"]] == list(C.ADVENTURES)
    resumed = Campaign.resume(record, carry=C.carry)
    assert resumed.is_over and resumed.carried == record.played[-1].carried


def test_a_tampered_campaign_record_names_its_chapter(record_json: dict[str, Any]) -> None:
    def tampered(edit: Any) -> CampaignRecord:
        data = json.loads(json.dumps(record_json))
        edit(data)
        return CampaignRecord.from_json(data)

    def unlocked(d: dict[str, Any]) -> None:
        d["played"][0]["carried"]["unlocked"] = ["flynn-carsen"]

    with pytest.raises(RecordError, match="chapter 1 diverges in its carry-over"):
        replay_campaign(tampered(unlocked), carry=C.carry)

    def answer(d: dict[str, Any]) -> None:
        answers = d["played"][1]["record"]["answers"]
        answers[len(answers) // 2][1] = (
            "pass" if answers[len(answers) // 2][1] != "pass" else "done"
        )

    with pytest.raises(RecordError, match="campaign chapter 2"):
        replay_campaign(tampered(answer), carry=C.carry)

    def difficulty(d: dict[str, Any]) -> None:
        d["chapters"][2]["options"]["difficulty"] = "expert"

    with pytest.raises(RecordError, match="campaign chapter 3 diverges at set-up"):
        replay_campaign(tampered(difficulty), carry=C.carry)


# -- the command ----------------------------------------------------------------------------------
def tabletop(*args: str, stdin: str = "") -> Result:
    return CliRunner().invoke(app, list(args), input=stdin, env={"COLUMNS": "200"})


def test_the_command_plays_the_campaign_a_chapter_a_run(tmp_path: Path) -> None:
    file = tmp_path / "camp.json"
    bots = ("--seats", "heuristic,heuristic")
    first = tabletop("campaign", "librarians", str(file), "--players", "2", "--seed", "5", *bots)
    assert first.exit_code == 0, first.output
    assert "New campaign of The Librarians" in first.output
    assert "Chapter 1 of 4: C-1 Assault on the Library" in first.output
    assert "Next: C-2 The Minotaur's Maze" in first.output
    # a chapter's seed comes from the campaign's: no "--seed N" hint for a chapter
    assert "Chapter seed " in first.output and "(the same deal again" not in first.output
    data = json.loads(file.read_text())
    assert len(data["campaign"]["played"]) == 1 and data["current"] is None
    assert data["seats"] == "heuristic,heuristic"
    for n in (2, 3, 4):
        run = tabletop("campaign", "librarians", str(file))  # the seats are kept
        assert run.exit_code == 0, run.output
        assert f"{n - 1} of 4 chapters played" in run.output
        assert f"Chapter {n} of 4: {C.title(C.ADVENTURES[n - 1])}" in run.output
    over = tabletop("campaign", "librarians", str(file))
    assert over.exit_code == 0 and "The campaign is over" in over.output
    record = CampaignRecord.from_json(json.loads(file.read_text())["campaign"])
    assert len(replay_campaign(record, carry=C.carry)) == 4


def test_the_command_saves_a_chapter_in_progress_and_continues_it(tmp_path: Path) -> None:
    file = tmp_path / "camp.json"
    run = tabletop(
        "campaign",
        "librarians",
        str(file),
        "--players",
        "2",
        "--seats",
        "human,heuristic",
        "--seed",
        "9",
        stdin="1\n1\nquit\n",
    )
    assert run.exit_code == 0, run.output
    assert f"tabletop campaign librarians {file}" in " ".join(run.output.split())
    data = json.loads(file.read_text())
    assert data["current"] is not None and data["campaign"]["played"] == []
    answered = len(data["current"]["answers"])
    assert answered >= 2
    # options change between chapters only
    refused = tabletop("campaign", "librarians", str(file), "-o", "difficulty=expert")
    assert refused.exit_code == 2 and "a chapter is in progress" in refused.output
    # the chapter goes on from where it stopped, with bots this time
    run = tabletop("campaign", "librarians", str(file), "--seats", "heuristic,heuristic")
    assert run.exit_code == 0, run.output
    data = json.loads(file.read_text())
    assert data["current"] is None and len(data["campaign"]["played"]) == 1
    played = data["campaign"]["played"][0]["record"]["answers"]
    assert len(played) > answered


def test_end_of_input_keeps_the_chapter(tmp_path: Path) -> None:
    file = tmp_path / "camp.json"
    run = tabletop(
        "campaign", "librarians", str(file), "--players", "1", "--seats", "human", stdin="1\n"
    )
    assert run.exit_code == 1
    assert "the campaign is saved in" in " ".join(run.output.split())
    assert json.loads(file.read_text())["current"]["answers"]


def test_options_change_the_chapters_not_played_yet(tmp_path: Path) -> None:
    file = tmp_path / "camp.json"
    bots = ("--seats", "heuristic")
    assert tabletop("campaign", "librarians", str(file), "--players", "1", *bots).exit_code == 0
    run = tabletop("campaign", "librarians", str(file), "-o", "difficulty=expert")
    assert run.exit_code == 0, run.output
    chapters = json.loads(file.read_text())["campaign"]["chapters"]
    assert "difficulty" not in chapters[0]["options"]
    assert [c["options"].get("difficulty") for c in chapters[1:]] == ["expert"] * 3
    record = CampaignRecord.from_json(json.loads(file.read_text())["campaign"])
    assert len(replay_campaign(record, carry=C.carry)) == 2


def test_the_command_refuses_what_it_cannot_do(tmp_path: Path) -> None:
    file = tmp_path / "camp.json"
    bots = ("--seats", "heuristic")
    for args, message in (
        (("-o", "adventure=C-2"), "option 'adventure' is set by the campaign"),
        (("-o", "unlocked=flynn-carsen"), "option 'unlocked' is set by the campaign"),
        (("-o", "colour=red"), "unknown option 'colour'"),
        (("--players", "5"), "1 to 4 players"),
        (("--players", "2"), "--seats names 1 seat"),
        (("--pref", "no-such-pref"), "has no preference"),
    ):
        run = tabletop("campaign", "librarians", str(file), *bots, *args)
        assert run.exit_code == 2 and message in run.output, run.output
        assert not file.exists()
    assert tabletop("campaign", "librarians", str(file), "--players", "1", *bots).exit_code == 0
    for args, message in (
        (("--seed", "3"), "leave --seed out"),
        (("--players", "2"), "is for 1 player"),
        (("-o", "adventure=C-3"), "set by the campaign"),
    ):
        run = tabletop("campaign", "librarians", str(file), *args)
        assert run.exit_code == 2 and message in run.output, run.output
    quests = tabletop("campaign", "quests", str(tmp_path / "q.json"))
    assert quests.exit_code == 2 and "quests has no campaign" in quests.output
    chess = tabletop("campaign", "chess", str(tmp_path / "c.json"))
    assert chess.exit_code == 2 and "unknown game" in chess.output


def test_a_damaged_campaign_file_is_a_one_line_error(tmp_path: Path) -> None:
    file = tmp_path / "camp.json"
    run = tabletop("campaign", "librarians", str(file), "--players", "1", "--seats", "heuristic")
    assert run.exit_code == 0, run.output
    good = json.loads(file.read_text())
    for bad in (
        "not json",
        json.dumps({"format": 99}),
        json.dumps({**good, "campaign": {**good["campaign"], "campaign": "quests"}}),
    ):
        file.write_text(bad)
        run = tabletop("campaign", "librarians", str(file))
        assert run.exit_code == 2, run.output
        assert run.output.count("\n") == 1 and "error:" in run.output
    tampered = json.loads(json.dumps(good))
    tampered["campaign"]["played"][0]["carried"]["unlocked"] = ["jamie-heyer"]
    file.write_text(json.dumps(tampered))
    run = tabletop("campaign", "librarians", str(file))
    assert run.exit_code == 2 and "chapter 1 diverges in its carry-over" in run.output


# -- campaigns the bots win -----------------------------------------------------------------------
def bots_campaign(players: int, seed: int, options: dict[str, Any]) -> Campaign:
    campaign = C.new_campaign(players, seed, options)
    while not campaign.is_over:
        campaign.finish(play_out(campaign.start(), campaign.chapter))
    return campaign


@pytest.mark.parametrize("path", ["storyteller", "storybook"])
def test_a_campaign_won_by_play_unlocks_its_cards_and_replays(path: str) -> None:
    """Real games of heuristic bots, searched by seed: a campaign that wins C-1 and wins C-3
    by `path` carries exactly the checklist's cards of what it won, and its record replays
    and verifies end to end."""
    options = {"heroes": "ezekiel-jones"}
    for seed in range(60):
        campaign = bots_campaign(1, seed, options)
        played = campaign.carried["played"]
        if played[0]["won"] and played[2]["won"] and played[2]["path"] == path:
            break
    else:
        raise AssertionError(f"no campaign of 60 wins C-1 and C-3 by the {path} path")
    want: list[str] = []
    for entry, code in zip(played, C.ADVENTURES, strict=True):
        assert entry["adventure"] == code
        got = checklist(code, entry["path"]) if entry["won"] else []
        assert sorted(entry["unlocked"]) == sorted(got)
        want += got
    assert sorted(campaign.carried["unlocked"]) == sorted(want)
    other = "libris-fabula" if path == "storyteller" else "jamie-heyer"
    assert other not in campaign.carried["unlocked"]
    assert {"flynn-carsen", "the-back-door"} <= set(campaign.carried["unlocked"])
    record = CampaignRecord.from_json(json.loads(json.dumps(campaign.record().to_json())))
    states = replay_campaign(record, carry=C.carry)
    assert [s.result.team if s.result else None for s in states] == [
        "won" if p["won"] else "lost" for p in played
    ]
    # every later chapter was fed what was unlocked before it
    for i, chapter_record in enumerate(record.played[1:], start=1):
        before = record.played[i - 1].carried["unlocked"]
        assert chapter_record.record.options["unlocked"] == before


def test_kates_deck_is_refused_until_flynn_carsen_is_won(tmp_path: Path) -> None:
    """The command with bots: Kate's Ezekiel deck (two Flynn Carsen) is refused for the
    campaign's first adventure; after a won C-1 it is accepted for the adventures to come and
    chapter 2 is played with it."""
    deck = ("-o", f"decks={KATE}")
    file = tmp_path / "kate.json"
    refused = tabletop(
        "campaign", "librarians", str(file), "--players", "1", "-o", "heroes=ezekiel-jones", *deck
    )
    assert refused.exit_code == 2 and "Flynn Carsen" in refused.output, refused.output
    for seed in range(30):
        file = tmp_path / f"camp-{seed}.json"
        args = ("--players", "1", "--seats", "heuristic", "--seed", str(seed))
        run = tabletop("campaign", "librarians", str(file), *args, "-o", "heroes=ezekiel-jones")
        assert run.exit_code == 0, run.output
        if json.loads(file.read_text())["campaign"]["played"][0]["carried"]["unlocked"]:
            break
    else:
        raise AssertionError("the bots won no C-1 in 30 campaigns")
    assert "unlocked Flynn Carsen, The Back Door" in run.output
    run = tabletop("campaign", "librarians", str(file), *deck)
    assert run.exit_code == 0, run.output
    data = json.loads(file.read_text())
    chapter2 = data["campaign"]["played"][1]["record"]
    assert chapter2["options"]["decks"] == [KATE]
    assert chapter2["options"]["unlocked"] == ["flynn-carsen", "the-back-door"]
    record = CampaignRecord.from_json(data["campaign"])
    assert len(replay_campaign(record, carry=C.carry)) == 2
