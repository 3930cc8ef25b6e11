"""What the Quests questions say (issue 22): an Escape window names who plays what at whom,
the Initiative window who leads, the hand limit why a card must go; the terminal's
preferences pass where no card can change anything; `moment` says what is happening; no
card id appears in any question, option, log line or board."""

from __future__ import annotations

import io
import re
from typing import Any

from rich.console import Console

from helpers import R, action_game, choose, events, rigged, window
from tabletop.engine import new_game
from tabletop.ui import quests as ui

DAN, ESC = "Asp", "Brawl"
SLUG = re.compile(r"\b[a-z0-9]+(?:-[a-z0-9]+)+\b")  # a card id: words joined by hyphens


def asked(s: R.QuestsState, seat: int) -> str:
    assert s.pending is not None
    return s.pending.ask(seat).prompt


def test_escape_prompt_names_the_player_the_card_and_the_target() -> None:
    s = action_game(3, hands={0: [DAN], 1: [ESC, "Canoe"], 2: ["Slip Bonds"]})
    choose(s, 0, "play:danger")
    choose(s, 0, "target:1")
    assert asked(s, 1) == "P1 plays Asp (Danger) at you: cancel it with an Escape card?"
    assert asked(s, 2) == "P1 plays Asp (Danger) at P2: cancel it with an Escape card?"
    window(s, escapes=[1])  # P2 escapes: P1 and P3 may escape the Escape
    assert asked(s, 0) == (
        "P2 plays Brawl (Escape) to negate your Asp: cancel it with an Escape card?"
    )
    assert asked(s, 2) == (
        "P2 plays Brawl (Escape) to negate P1's Asp: cancel it with an Escape card?"
    )


def test_initiative_prompt_says_who_leads() -> None:
    s = rigged(3, dice=[1, 2, 5, 3], hands={0: ["Canoe"], 1: [], 2: []})
    assert asked(s, 0) == (
        "Initiative (you rolled 2, P2 leads with 5): play a Travel or Companion card, or pass"
    )


def test_hand_limit_prompt_names_its_cause() -> None:
    from tabletop.games.quests import texts

    assert texts.hand_limit_prompt(0, 12, 10) == (
        "End phase: P1 holds 12 cards, over the hand limit of 10: discard a card (2 to go)"
    )


def test_a_won_meld_says_how_far_the_winner_is() -> None:
    from helpers import answer, meld_game, one_of_each

    s = meld_game(3, hands={0: one_of_each(), 1: [], 2: []}, prize="Excalibur")
    answer(s, "meld")
    assert events(s, "quests.meld.new-prize")[0].startswith(
        "P1 now has 1 of the 3 artifacts needed to win; "
    )


class _Ask:
    def __init__(self, kind: str, prompt: str, ids: list[str]) -> None:
        self.kind, self.prompt = kind, prompt
        self.options = [type("O", (), {"id": i})() for i in ids]


class _Decision:
    def __init__(self, ask: _Ask) -> None:
        self._ask = ask

    def ask(self, seat: int) -> _Ask:
        return self._ask


def _initiative(prompt: str, ids: list[str], hand: list[str]) -> str | None:
    view = {"viewer": 0, "seats": [{"hand": [{"suit": s} for s in hand]}]}
    d: Any = _Decision(_Ask("initiative", prompt, ids))
    return ui._auto_pass_initiative(view, 0, d)


def test_auto_pass_initiative_passes_only_where_no_card_can_help() -> None:
    travel = ["pass", "play:travel"]
    lead = "Initiative (you lead with 5): play a Travel or Companion card, or pass"
    assert _initiative(lead, [*travel, "play:companion"], ["travel", "companion"]) == "pass"
    far = "Initiative (you rolled 2, P2 leads with 5): play a Travel or Companion card, or pass"
    assert _initiative(far, travel, ["travel", "travel"]) == "pass"  # 2 + 2 < 5
    assert _initiative(far, travel, ["travel"] * 3) is None  # 2 + 3 ties: a roll-off
    assert _initiative(far, [*travel, "play:companion"], ["travel", "companion"]) is None
    tie = "Initiative (you and P2 tie at 4): play a Travel or Companion card, or pass"
    assert _initiative(tie, travel, ["travel"]) is None
    assert "auto-pass-initiative" in ui.PREFERENCES and ui.PREFERENCES["auto-pass-initiative"][2]


def test_moment_names_the_card_in_play_and_fits_a_line() -> None:
    s = action_game(3, hands={0: [DAN], 1: [ESC], 2: []})
    choose(s, 0, "play:danger")
    choose(s, 0, "target:1")
    assert s.pending is not None
    assert ui.moment(s.view(1), 1, s.pending) == "P1 plays Asp (Danger) at you"
    assert ui.moment(s.view(2), 2, s.pending) == "P1 plays Asp (Danger) at P2"


def test_no_card_id_in_any_question_option_log_line_or_board() -> None:
    """A whole game: every prompt, label, log line, moment and board is free of card ids."""
    s = new_game("quests", 3, 5)
    slugs = set(R.SLUGS)
    steps = 0
    while s.pending is not None and steps < 400:
        d = s.pending
        for seat in d.players:
            a = d.ask(seat)
            texts = [a.prompt, *(o.label for o in a.options)]
            texts.append(ui.moment(s.view(seat), seat, d) or "")
            for text in texts:
                assert not slugs & set(SLUG.findall(text)), text
                assert len(texts[-1]) <= 78
        if steps % 25 == 0:
            out = io.StringIO()
            ui.render(s.view(d.players[0]), Console(file=out, width=80, color_system=None))
            assert not slugs & set(SLUG.findall(out.getvalue()))
        seat = d.players[0]
        s.apply(seat, d.options_for(seat)[-1].id) if d.mode == "one" else None
        if d.mode != "one":
            for q in d.players:
                s.apply(q, d.options_for(q)[0].id)
        steps += 1
    for e in s.log or []:
        assert not slugs & set(SLUG.findall(e.text_for(None))), e.text_for(None)


def test_the_last_turn_is_logged_plainly() -> None:
    s = rigged(2, dice=[1, 6, 1], options={"turn_limit": 1})
    assert events(s, "quests.turn.phases") == ["Turn 1 begins (the last turn: the turn limit)"]
    t = rigged(2, dice=[1, 6, 1], options={"turn_limit": 2})
    assert events(t, "quests.turn.phases") == ["Turn 1 begins"]
