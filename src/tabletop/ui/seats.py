"""Seats of a terminal game: one agent spec per seat, `human` for a person at this screen."""

from __future__ import annotations

from tabletop.agents import HUMAN, Agent, make_agent, parse_spec
from tabletop.engine.errors import PlayerCountError, UnknownAgentError
from tabletop.engine.rng import derive_seed


def who(seat: int) -> str:
    """How people read a seat: P1..Pn."""
    return f"P{seat + 1}"


def split_seats(text: str) -> list[str]:
    """`human,ismcts:iterations=200,c=0.7,heuristic` -> one spec per seat. A piece of the form
    `key=value` (no colon) after a spec with settings continues that spec's settings."""
    specs: list[str] = []
    for raw in text.split(","):
        piece = raw.strip()
        if "=" in piece and ":" not in piece and specs and ":" in specs[-1]:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def default_seats(players: int) -> list[str]:
    return [HUMAN] + ["heuristic"] * (players - 1)


def _players(n: int) -> str:
    return f"{n} player{'' if n == 1 else 's'}"


def make_seats(
    game_id: str, players: int, seats: str | None, seed: int
) -> tuple[list[Agent | None], list[str]]:
    """One agent per seat (None: a person) and the specs they came from. Bots get seeds
    derived from the game's seed and their seat, so the same command plays the same game."""
    specs = default_seats(players) if seats is None else split_seats(seats)
    if len(specs) != players:
        named = f"{len(specs)} seat{'' if len(specs) == 1 else 's'}"
        raise PlayerCountError(
            f"--seats names {named} ({','.join(specs)}) but the game has "
            f"{_players(players)}: give one agent per seat"
        )
    agents: list[Agent | None] = []
    for seat, spec in enumerate(specs):
        name, settings = parse_spec(spec)
        if name == HUMAN:
            if settings:
                raise UnknownAgentError(f"seat {who(seat)}: 'human' takes no settings")
            agents.append(None)
        else:
            agents.append(make_agent(spec, game_id, derive_seed(seed, seat), extra=(HUMAN,)))
    return agents, specs


def plural(n: int, word: str) -> str:
    """`1 answer`, `2 answers`."""
    return f"{n:,} {word}{'' if n == 1 else 's'}"


__all__ = ["default_seats", "make_seats", "plural", "split_seats", "who"]
