"""Batch simulation: many games between agents, in parallel, summarised and reported.

- `make_config(game, agents, players=, options=, seed=, rotate=)` checks a run's settings.
- `play_game(config, i)` plays game `i` (seed `derive_seed(seed, i)`, the agent in seat `s`
  seeded with `derive_seed(game_seed, s)`) without a log and returns one `SeatRow` per seat.
- `run(config, games, workers=, backend="process"|"ray")` plays games 0..games-1 on a pool of
  long-lived worker processes fed batches of game indices (or on Ray), rows in game order;
  the same config gives the same rows whatever the backend or number of workers.
- `summarize(rows, ...)` / `standings(rows)`: win rates with Wilson 95% intervals, scores,
  game lengths, throughput, outcomes; `results.write/read`: Parquet files; `report.build`:
  a self-contained HTML page. Parquet and plots need the `sim` extra, Ray the `ray` extra.
"""

from tabletop.sim.parallel import RunResult, run
from tabletop.sim.runner import SeatRow, SimConfig, SimulationError, make_config, play_game
from tabletop.sim.summary import standings, summarize, wilson

__all__ = [
    "RunResult",
    "SeatRow",
    "SimConfig",
    "SimulationError",
    "make_config",
    "play_game",
    "run",
    "standings",
    "summarize",
    "wilson",
]
