"""Run many games: in this process, on a pool of worker processes, or on Ray.

Every backend plays the same games with the same seeds (see `runner`), so the rows of a run
depend only on its config, never on the backend or the number of workers. Workers are
long-lived: each receives the config once and then batches of consecutive game indices, and
sends back the rows of a whole batch; the rows are put back in game order here. Batches are
made as they are handed out, at most `IN_FLIGHT` per worker ahead, so a run of a trillion
games starts at once and holds only the rows of the games that finished.

Ctrl-C (KeyboardInterrupt) during a run stops it cleanly: pool workers ignore SIGINT and
finish the game in hand, batches not started are cancelled, and the run returns the games
that finished, with `interrupted` set.
"""

from __future__ import annotations

import itertools
import math
import multiprocessing
import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from multiprocessing.synchronize import Event as EventType
from typing import Any

from tabletop.engine.record import clip
from tabletop.sim.runner import SeatRow, SimConfig, SimulationError, play_game

BACKENDS = ("process", "ray")
# Upper bound on games per batch: small enough for a smooth progress bar and to lose little
# work on Ctrl-C with Ray, large enough that sending a batch costs nothing next to its games.
MAX_CHUNK = 64
# Batches submitted per worker ahead of the results: enough to keep every worker busy.
IN_FLIGHT = 2
# Guided batches: each holds the games left over this many batches per worker (`chunks`).
GUIDE = 4
# The most worker processes (or Ray tasks at once) a run may ask for: beyond any one
# machine's cores, and far below a number of processes that would exhaust it.
MAX_WORKERS = 256

Progress = Callable[[int], None]  # called with the number of games just finished


@dataclass(frozen=True)
class RunResult:
    """The rows of the finished games, in game order, and how the run went."""

    config: SimConfig
    requested: int
    rows: list[SeatRow]
    seconds: float  # wall time of the whole run
    interrupted: bool
    workers: int
    backend: str

    @property
    def finished(self) -> int:
        return len(self.rows) // self.config.players if self.config.players else 0


def chunks(games: int, workers: int, chunk_size: int | None = None) -> Iterator[range]:
    """Consecutive batches of game indices, made one at a time: of `chunk_size` games when
    given, else shrinking as the run goes (guided: the games left over `GUIDE` batches per
    worker, at most MAX_CHUNK, at least 1), so that the last batches are short and no worker
    is left playing a long one while the others wait."""
    if chunk_size is not None:
        return (range(lo, min(games, lo + chunk_size)) for lo in range(0, games, chunk_size))
    return _guided(games, max(1, workers))


def _guided(games: int, workers: int) -> Iterator[range]:
    lo = 0
    while lo < games:
        size = max(1, min(MAX_CHUNK, -(-(games - lo) // (GUIDE * workers))))
        yield range(lo, min(games, lo + size))
        lo += size


def run(
    config: SimConfig,
    games: int,
    *,
    workers: int = 1,
    backend: str = "process",
    chunk_size: int | None = None,
    progress: Progress | None = None,
) -> RunResult:
    """Play games 0..games-1 of `config`. `workers=1` with the process backend plays in this
    process. `progress(n)` is called in this process as games finish; a KeyboardInterrupt
    (Ctrl-C, or raised by `progress`) ends the run with the games finished so far."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise SimulationError(f"the number of games must be at least 1, not {games!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= MAX_WORKERS:
        raise SimulationError(
            f"the number of workers must be from 1 to {MAX_WORKERS}, not {clip(repr(workers))}"
        )
    if backend not in BACKENDS:
        raise SimulationError(f"unknown backend {backend!r}; the backends are: process, ray")
    if chunk_size is not None and chunk_size < 1:
        raise SimulationError(f"the chunk size must be at least 1, not {chunk_size!r}")
    ray = import_ray() if backend == "ray" else None
    batches = chunks(games, workers, chunk_size)
    # no more workers than batches can keep busy (guided batches go down to single games)
    workers = min(workers, games if chunk_size is None else math.ceil(games / chunk_size))
    done: dict[int, list[SeatRow]] = {}
    start = time.perf_counter()
    if ray is not None:
        interrupted = _run_ray(ray, config, batches, workers, done, progress)
    elif workers == 1:
        interrupted = _run_inline(config, games, done, progress)
    else:
        interrupted = _run_pool(config, batches, workers, done, progress)
    seconds = time.perf_counter() - start
    rows = [row for i in sorted(done) for row in done[i]]
    return RunResult(config, games, rows, seconds, interrupted, workers, backend)


# -- in this process -----------------------------------------------------------------------


def _run_inline(
    config: SimConfig, games: int, done: dict[int, list[SeatRow]], progress: Progress | None
) -> bool:
    try:
        for i in range(games):
            done[i] = play_game(config, i)
            if progress is not None:
                progress(1)
    except KeyboardInterrupt:
        return True
    return False


# -- process pool --------------------------------------------------------------------------

# Set in each worker process by `_init_worker`: the run's config and its stop flag.
_worker_config: SimConfig | None = None
_worker_stop: EventType | None = None


def _init_worker(config: SimConfig, stop: EventType) -> None:
    global _worker_config, _worker_stop
    # Ctrl-C reaches every process of the terminal's group; only the parent decides.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _worker_config = config
    _worker_stop = stop


def _worker_batch(lo: int, hi: int) -> list[tuple[int, list[SeatRow]]]:
    """Play games lo..hi-1, stopping early (keeping what finished) once the stop flag is up."""
    config, stop = _worker_config, _worker_stop
    assert config is not None and stop is not None
    out = []
    for i in range(lo, hi):
        if stop.is_set():
            break
        out.append((i, play_game(config, i)))
    return out


def _context() -> Any:
    """Fork server where the platform has one (a clean, single-threaded parent for every
    worker, with the kernel imported once), spawn elsewhere."""
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" in methods:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["tabletop.sim.runner"])
        return ctx
    return multiprocessing.get_context("spawn")


def _run_pool(
    config: SimConfig,
    batches: Iterator[range],
    workers: int,
    done: dict[int, list[SeatRow]],
    progress: Progress | None,
) -> bool:
    ctx = _context()
    stop = ctx.Event()
    pool = ProcessPoolExecutor(
        max_workers=workers, mp_context=ctx, initializer=_init_worker, initargs=(config, stop)
    )
    futures: set[Future[list[tuple[int, list[SeatRow]]]]] = set()
    interrupted = False
    try:
        for b in itertools.islice(batches, IN_FLIGHT * workers):
            futures.add(pool.submit(_worker_batch, b.start, b.stop))
        while futures:
            finished, _ = wait(futures, return_when=FIRST_COMPLETED)
            for fut in finished:
                _collect(fut.result(), done, progress)
                futures.discard(fut)  # only once collected: Ctrl-C collects what is left
                for b in itertools.islice(batches, 1):
                    futures.add(pool.submit(_worker_batch, b.start, b.stop))
    except KeyboardInterrupt:
        interrupted = True
        stop.set()
        for fut in futures:
            fut.cancel()
        # Batches already running stop after their current game; keep what they finished.
        for fut in futures:
            if not fut.cancelled():
                _collect(fut.result(), done, None)
    finally:
        stop.set()
        pool.shutdown(wait=True, cancel_futures=True)
    return interrupted


def _collect(
    batch: list[tuple[int, list[SeatRow]]],
    done: dict[int, list[SeatRow]],
    progress: Progress | None,
) -> None:
    fresh = 0
    for i, rows in batch:
        if i not in done:
            done[i] = rows
            fresh += 1
    if progress is not None and fresh:
        progress(fresh)


# -- Ray -----------------------------------------------------------------------------------


def import_ray() -> Any:
    """The `ray` module, or a SimulationError saying how to install it."""
    try:
        import ray
    except ImportError:
        raise SimulationError(
            "the ray backend needs Ray, which is not installed: pip install tabletop[ray]"
        ) from None
    return ray


def _ray_batch(config: SimConfig, lo: int, hi: int) -> list[tuple[int, list[SeatRow]]]:
    return [(i, play_game(config, i)) for i in range(lo, hi)]


def _run_ray(
    ray: Any,
    config: SimConfig,
    batches: Iterator[range],
    workers: int,
    done: dict[int, list[SeatRow]],
    progress: Progress | None,
) -> bool:
    """Batches as Ray tasks, on the cluster this process is connected to, or else on a
    local one started for the run (with `workers` CPUs) and shut down after it."""
    started = not ray.is_initialized()
    if started:
        ray.init(
            num_cpus=workers,
            include_dashboard=False,
            log_to_driver=False,
            configure_logging=False,
        )
    pending: list[Any] = []
    try:
        task = ray.remote(_ray_batch)
        ref = ray.put(config)
        pending = [
            task.remote(ref, b.start, b.stop)
            for b in itertools.islice(batches, IN_FLIGHT * workers)
        ]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for r in ready:
                _collect(ray.get(r), done, progress)
                pending += [task.remote(ref, b.start, b.stop) for b in itertools.islice(batches, 1)]
    except KeyboardInterrupt:
        # Keep the batches that are ready; cancel the rest.
        if pending:
            ready, pending = ray.wait(pending, num_returns=len(pending), timeout=0)
            for r in ready:
                _collect(ray.get(r), done, None)
        for r in pending:
            ray.cancel(r, force=True)
        return True
    finally:
        if started and threading.current_thread() is threading.main_thread():
            ray.shutdown()
    return False
