"""OpenSpiel information states (perfect recall) of a tabletop game, per seat.

What a seat has observed is: what it sees now (its view), every event of the game's log as it
reads it (a card's name where it saw the card, the public text otherwise), in order, and its
own answers, in order. OpenSpiel states keep the log (`log=True`) for this; the seat's own
answers are read from the state's history (kept with the log).

- The **string** is exact: the observation string (the view as JSON, without its log) with
  the whole log as the seat reads it and the option ids of its own answers, as JSON. It is a
  pure function of what the seat observed: two histories it cannot tell apart give the same
  string, and re-drawing what it cannot see (`resample_from_infostate`) leaves it unchanged.
- The **tensor** is a bounded summary, not a lossless encoding (a game runs to thousands of
  answers): the observation tensor; per action id, log(1 + how often the seat answered it);
  the seat's last `LAST` answers one-hot by action id (most recent first); and, per rule id
  (hashed into `RULE_BUCKETS` buckets) and per reading (the public text, or the fuller text
  the seat was shown), log(1 + how many such events the seat read). Its size is
  `encoder.size + (LAST + 1) * num_actions + 2 * RULE_BUCKETS` (`tensor_size`).

The observer keeps, per seat, what it has read of the last state's log and history, and reads
only what is new when asked again about the same state (both only grow; a clone copies them).

A public-only perfect-recall observer (`private_info` not SINGLE_PLAYER) reads the
spectator's view and log, and no answers (a seat's answers are not all public). Before the
deal the string is `{}` and the tensor zeros.
"""

from __future__ import annotations

import json
import zlib
from typing import TYPE_CHECKING, Any

import numpy as np

from tabletop.rl.core import GameConfig

if TYPE_CHECKING:
    from tabletop.rl.openspiel import TabletopObserver, TabletopState

LAST = 4  # the seat's most recent answers, one-hot each
RULE_BUCKETS = 64  # rule ids are hashed into this many buckets


def tensor_size(config: GameConfig) -> int:
    """The information-state tensor's length for this game (and options)."""
    return config.encoder.size + (LAST + 1) * config.num_actions + 2 * RULE_BUCKETS


def rule_bucket(rule: str) -> int:
    """A rule id's bucket (stable across processes: CRC-32, not Python's salted hash)."""
    return zlib.crc32(rule.encode()) % RULE_BUCKETS


class InfoStateObserver:
    """OpenSpiel's perfect-recall observer (`make_py_observer` with `perfect_recall=True`):
    the observation (`TabletopObserver`) with the seat's log and answers."""

    def __init__(self, config: GameConfig, now: TabletopObserver) -> None:
        self.config = config
        self.now = now  # the observation of the present
        self.public_only = now.public_only
        a = config.num_actions
        self.tensor = np.zeros(tensor_size(config), dtype=np.float32)
        pieces = [
            ("observation", config.encoder.size, (config.encoder.size,)),
            ("answer_counts", a, (a,)),
            ("last_answers", LAST * a, (LAST, a)),
            ("events", 2 * RULE_BUCKETS, (RULE_BUCKETS, 2)),
        ]
        self.dict: dict[str, Any] = {}
        start = 0
        for name, size, shape in pieces:
            self.dict[name] = self.tensor[start : start + size].reshape(shape)
            start += size
        self._readings: dict[int, _Reading] = {}  # per seat, of the last state read

    def _read(self, state: TabletopState, player: int) -> _Reading:
        """`player`'s reading of the state's log and history, brought up to date. The log and
        history only grow (a clone copies them), so a reading of the same lists extends."""
        tabletop = state.tabletop
        log, history = tabletop.log, tabletop.history
        if log is None or history is None:
            raise ValueError("information states need a state made with log=True")
        reading = self._readings.get(player)
        if reading is None or reading.log is not log or reading.history is not history:
            reading = self._readings[player] = _Reading(log, history)
        viewer = None if self.public_only else player
        events = reading.events
        for e in log[len(reading.texts) :]:
            shown = e.secret is not None and viewer is not None and (e.seen_by >> viewer) & 1
            events[rule_bucket(e.rule), 1 if shown else 0] += 1.0
            text = e.secret if shown else e.text
            reading.texts.append(json.dumps([e.rule, text], separators=(",", ":")))
        if not self.public_only:
            by_id = self.config.spec.action_space.by_id
            for seat, option_id in history[reading.seen_history :]:
                if seat == player:
                    reading.answers.append(option_id)
                    if option_id in by_id:
                        reading.actions.append(by_id[option_id].action)
        reading.seen_history = len(history)
        return reading

    def set_from(self, state: TabletopState, player: int) -> None:
        self.tensor[:] = 0.0
        if not state.dealt:
            return
        self.now.set_from(state, player)
        self.dict["observation"][:] = self.now.tensor
        reading = self._read(state, player)
        actions = reading.actions
        if actions:
            counts = np.bincount(actions, minlength=self.config.num_actions)
            self.dict["answer_counts"][:] = np.log1p(counts)
            last = self.dict["last_answers"]
            for k, action in enumerate(reversed(actions[-LAST:])):
                last[k, action] = 1.0
        self.dict["events"][:] = np.log1p(reading.events)

    def string_from(self, state: TabletopState, player: int) -> str:
        if not state.dealt:
            return "{}"
        reading = self._read(state, player)
        answers = json.dumps(reading.answers, separators=(",", ":"))
        return (
            self.now.string_from(state, player)[:-1]
            + ',"infostate":{"answers":'
            + answers
            + ',"log":['
            + ",".join(reading.texts)
            + "]}}"
        )


class _Reading:
    """What one seat has read of one state's log and history so far: the log entries as JSON
    text, the event counts, its answers (option ids and action ids)."""

    __slots__ = ("actions", "answers", "events", "history", "log", "seen_history", "texts")

    def __init__(self, log: list[Any], history: list[tuple[int, str]]) -> None:
        self.log = log
        self.history = history
        self.texts: list[str] = []
        self.events = np.zeros((RULE_BUCKETS, 2), dtype=np.float64)
        self.seen_history = 0
        self.answers: list[str] = []
        self.actions: list[int] = []


__all__ = ["LAST", "RULE_BUCKETS", "InfoStateObserver", "rule_bucket", "tensor_size"]
