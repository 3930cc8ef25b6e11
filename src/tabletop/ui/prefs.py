"""Personal preferences that answer some questions for a person at the terminal.

A game's renderer module (`tabletop.ui.<game>`) may declare

    PREFERENCES = {name: (help, answer, default)}

where `answer(view, seat, decision) -> option id | None` picks the option the preference
gives for `seat` (None: ask the person), from the seat's own view and the pending decision
only, and `default` says whether it is on unless the person says otherwise. The terminal
hands the answers to the table (`Table(prefer=...)`), so an answer a preference gives goes
through the table like any other: the question is still put to everyone, a secret answer
is held back until the others are in (its timing tells nothing), and undo is unchanged.

Preferences are chosen with `--pref NAME` / `--pref no-NAME` on `play` and `resume`, and
shown and toggled during play with the `prefs` command.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from tabletop.engine.decision import Decision
from tabletop.engine.errors import OptionError
from tabletop.engine.state import State
from tabletop.ui import game_module

Answer = Callable[[dict[str, Any], int, Decision], str | None]


class PreferenceError(OptionError):
    """A preference name that the game does not have."""


def available(game_id: str) -> dict[str, tuple[str, Answer, bool]]:
    """The game's preferences: name -> (help, answer, on by default)."""
    module = game_module(game_id)
    declared = getattr(module, "PREFERENCES", None) if module is not None else None
    if not isinstance(declared, dict):
        return {}
    return {str(k): v for k, v in declared.items()}


def choose(game_id: str, flags: Iterable[str] = ()) -> set[str]:
    """The preferences on: the defaults, then each `NAME` (on) or `no-NAME` (off) in order.
    An unknown name raises `PreferenceError` listing the game's preferences."""
    prefs = available(game_id)
    on = {name for name, (_, _, default) in prefs.items() if default}
    for flag in flags:
        raw = flag.strip().lower()
        name = raw.removeprefix("no-")
        if name not in prefs:
            names = ", ".join(prefs) or "none"
            raise PreferenceError(
                f"{game_id} has no preference {raw[:40]!r}; its preferences are: {names} "
                "(write --pref NAME to turn one on, --pref no-NAME to turn it off)"
            )
        if raw.startswith("no-"):
            on.discard(name)
        else:
            on.add(name)
    return on


class Preferences:
    """The preferences on for each person's seat of one game, as the table's `prefer` hook.
    The seat's view is built once per answer and seat, however often the table asks."""

    def __init__(self, game_id: str, on: set[str], state: Callable[[], State]) -> None:
        self.game_id = game_id
        self.prefs = available(game_id)
        self.on = set(on)
        self._state = state
        self._cache: tuple[State, int, int, str | None] | None = None

    def toggle(self, name: str) -> bool | None:
        """Flip `name`; return whether it is on now (None: no such preference)."""
        if name not in self.prefs:
            return None
        self._cache = None
        if name in self.on:
            self.on.discard(name)
            return False
        self.on.add(name)
        return True

    def describe(self) -> list[str]:
        return [
            f"{'on ' if name in self.on else 'off'}  {name}: {help_}"
            for name, (help_, _, _) in self.prefs.items()
        ]

    def flags(self) -> list[str]:
        """`--pref` arguments that give these settings again (for a resume hint)."""
        out = []
        for name, (_, _, default) in self.prefs.items():
            if (name in self.on) != default:
                out.append(name if name in self.on else f"no-{name}")
        return out

    def __call__(self, seat: int, decision: Decision) -> str | None:
        if not self.on:
            return None
        state = self._state()
        cache = self._cache
        if cache is not None and cache[0] is state and cache[1:3] == (state.steps, seat):
            return cache[3]
        view = state.view(seat)
        wanted: str | None = None
        for name, (_, answer, _) in self.prefs.items():
            if name in self.on:
                wanted = answer(view, seat, decision)
                if wanted is not None:
                    break
        self._cache = (state, state.steps, seat, wanted)
        return wanted


__all__ = ["PreferenceError", "Preferences", "available", "choose"]
