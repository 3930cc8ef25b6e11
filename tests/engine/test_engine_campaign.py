"""Campaigns: carry-over from one chapter to the next through the game's options, and a
campaign record that replays and verifies end to end (on the toy game, tests/engine/toy.py)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pytest
from toy import SPEC, register

from tabletop.agents import RandomAgent
from tabletop.engine import OptionError, RecordError, digest, new_game, registry
from tabletop.engine.campaign import (
    Campaign,
    CampaignError,
    CampaignRecord,
    Chapter,
    replay_campaign,
)
from tabletop.engine.registry import GameSpec
from tabletop.engine.state import State
from tabletop.engine.table import Table

UNLOCKS = ("sword", "shield", "lamp")


def carry(state: State, carried: Mapping[str, Any]) -> dict[str, Any]:
    """Gold grows by the winner's score; each chapter unlocks the next item in order."""
    assert state.result is not None
    unlocks = list(carried.get("unlocks", []))
    if len(unlocks) < len(UNLOCKS):
        unlocks.append(UNLOCKS[len(unlocks)])
    return {
        "gold": carried.get("gold", 0) + int(max(state.result.scores)),
        "unlocks": unlocks,
        "chapters_won": carried.get("chapters_won", 0) + 1,  # bookkeeping, not an option
    }


@pytest.fixture(autouse=True)
def _toy(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)


CHAPTERS = [Chapter(2, 1, {"rounds": 1}), Chapter(3, 2), Chapter(2, 3, {"rounds": "1"})]


def play(state: State, seed: int) -> State:
    table = Table(state, [RandomAgent(seed + s) for s in range(state.num_players)])
    table.drive()
    assert table.state.is_over
    return table.state


def play_campaign(campaign: Campaign) -> list[State]:
    finals = []
    while not campaign.is_over:
        state = play(campaign.start(), campaign.chapter)
        campaign.finish(state)
        finals.append(state)
    return finals


def test_carry_over_is_fed_into_the_next_chapters_options() -> None:
    campaign = Campaign("toy", CHAPTERS, carry=carry, start={"gold": 1})
    assert campaign.options() == {"rounds": 1, "gold": 1}
    first = campaign.start()
    assert first.opts.gold == 1 and first.opts.unlocks == ()
    assert first.scores == [1, 1]  # type: ignore[attr-defined]
    first = play(first, 0)
    after = campaign.finish(first)
    gold = 1 + int(max(first.result.scores))  # type: ignore[union-attr]
    assert after == {"gold": gold, "unlocks": ["sword"], "chapters_won": 1}
    assert campaign.carried == after and campaign.chapter == 1
    second = campaign.start()
    assert second.opts.gold == gold and second.opts.unlocks == ("sword",)
    assert second.scores == [gold + 1] * 3  # type: ignore[attr-defined]
    assert "chapters_won" not in campaign.options()  # not an option of the game: only carried
    campaign.finish(play(second, 1))
    third = campaign.start()
    assert third.opts.unlocks == ("sword", "shield")
    campaign.finish(play(third, 2))
    assert campaign.is_over
    with pytest.raises(CampaignError, match="all 3 chapters played"):
        campaign.start()


def test_campaign_record_replays_and_verifies_end_to_end() -> None:
    campaign = Campaign("toy", CHAPTERS, carry=carry)
    finals = play_campaign(campaign)
    record = CampaignRecord.from_json(json.loads(json.dumps(campaign.record().to_json())))
    assert record.to_json() == campaign.record().to_json()
    states = replay_campaign(record, carry=carry)
    assert [digest(s) for s in states] == [digest(s) for s in finals]
    assert [p.carried for p in record.played][-1]["unlocks"] == ["sword", "shield", "lamp"]


def recorded() -> dict[str, Any]:
    campaign = Campaign("toy", CHAPTERS, carry=carry)
    play_campaign(campaign)
    data: dict[str, Any] = campaign.record().to_json()
    return data


def test_a_tampered_carry_over_is_caught_naming_the_chapter() -> None:
    data = recorded()
    data["played"][0]["carried"]["gold"] += 5
    with pytest.raises(RecordError, match=r"campaign chapter 1 diverges in its carry-over"):
        replay_campaign(CampaignRecord.from_json(data), carry=carry)


def test_a_tampered_answer_is_caught_naming_the_chapter() -> None:
    data = recorded()
    answers = data["played"][1]["record"]["answers"]
    i = next(i for i, (_, o) in enumerate(answers) if o == "end")
    answers[i][1] = "draw"
    with pytest.raises(RecordError, match=r"campaign chapter 2: the record diverges at answer"):
        replay_campaign(CampaignRecord.from_json(data), carry=carry)


def test_chapter_options_that_do_not_match_the_carry_over_are_caught() -> None:
    data = recorded()
    data["chapters"][1]["options"] = {"rounds": 3}
    with pytest.raises(RecordError, match=r"campaign chapter 2 diverges at set-up"):
        replay_campaign(CampaignRecord.from_json(data), carry=carry)
    data = recorded()
    data["chapters"][2]["seed"] = 99
    with pytest.raises(RecordError, match=r"campaign chapter 3 was played with .* seed 3"):
        replay_campaign(CampaignRecord.from_json(data), carry=carry)


def test_a_different_carry_hook_diverges() -> None:
    def stingy(state: State, carried: Mapping[str, Any]) -> dict[str, Any]:
        return {**carry(state, carried), "gold": -1}

    with pytest.raises(RecordError, match="campaign chapter 1 diverges in its carry-over"):
        replay_campaign(CampaignRecord.from_json(recorded()), carry=stingy)


def test_malformed_campaign_records() -> None:
    for bad, msg in [
        ([], "must be a JSON object"),
        ({"format": 1}, "no 'campaign' field"),
        ({**recorded(), "format": 2}, "format 2 is not supported"),
        ({**recorded(), "chapters": [{"players": "2", "seed": 1}]}, "chapter 1 must be"),
        ({**recorded(), "played": [{"record": {}, "carried": {}}]}, "chapter 1: the record has"),
    ]:
        with pytest.raises(RecordError, match=msg):
            CampaignRecord.from_json(bad)
    data = recorded()
    data["chapters"] = data["chapters"][:2]
    with pytest.raises(RecordError, match="3 played chapters for 2 chapters"):
        replay_campaign(CampaignRecord.from_json(data), carry=carry)


def test_resume_verifies_and_plays_on() -> None:
    campaign = Campaign("toy", CHAPTERS, carry=carry)
    campaign.finish(play(campaign.start(), 0))
    saved = CampaignRecord.from_json(json.loads(json.dumps(campaign.record().to_json())))
    resumed = Campaign.resume(saved, carry=carry)
    assert resumed.chapter == 1 and resumed.carried == campaign.carried
    assert digest(resumed.start()) == digest(campaign.start())
    resumed.finish(play(resumed.start(), 1))
    assert resumed.chapter == 2
    tampered = saved.to_json()
    tampered["played"][0]["carried"]["unlocks"] = ["shield"]
    with pytest.raises(RecordError, match="chapter 1"):
        Campaign.resume(CampaignRecord.from_json(tampered), carry=carry)


def test_misuse_is_refused() -> None:
    campaign = Campaign("toy", CHAPTERS, carry=carry)
    with pytest.raises(CampaignError, match="chapter 1 cannot be finished: its game is not over"):
        campaign.finish(campaign.start())
    other = play(new_game("toy", 2, 7, {"rounds": 1}), 0)
    with pytest.raises(CampaignError, match="not chapter 1 of the campaign"):
        campaign.finish(other)
    assert campaign.chapter == 0 and campaign.played == []
    with pytest.raises(CampaignError, match="at least one chapter"):
        Campaign("toy", [], carry=carry)
    with pytest.raises(CampaignError, match="toy has no carry-over hook"):
        Campaign("toy", CHAPTERS)

    def leaky(state: State, carried: Mapping[str, Any]) -> dict[str, Any]:
        return {"hand": {1, 2}}

    campaign = Campaign("toy", CHAPTERS, carry=leaky)
    with pytest.raises(CampaignError, match="not JSON-ready"):
        campaign.finish(play(campaign.start(), 0))


def test_a_carried_option_is_validated_like_any_option() -> None:
    campaign = Campaign("toy", CHAPTERS, carry=carry, start={"unlocks": ["lamp"]})
    with pytest.raises(OptionError, match=r"option 'unlocks' of toy .*the lamp needs the sword"):
        campaign.start()


def test_hooks_found_on_the_game_spec(monkeypatch: pytest.MonkeyPatch) -> None:
    @dataclass(frozen=True)
    class CampaignSpec(GameSpec):
        carry: Any = None
        feed: Any = None

    def feed(carried: Mapping[str, Any], options: Mapping[str, Any]) -> dict[str, Any]:
        return {**options, "gold": 2 * carried.get("gold", 0)}

    fields = {f: getattr(SPEC, f) for f in SPEC.__dataclass_fields__}
    spec = CampaignSpec(**fields, carry=carry, feed=feed)
    monkeypatch.setitem(registry._SPECS, "toy", spec)
    campaign = Campaign("toy", CHAPTERS, start={"gold": 3})
    assert campaign.options() == {"rounds": 1, "gold": 6}
    play_campaign(campaign)
    assert len(replay_campaign(campaign.record())) == 3
