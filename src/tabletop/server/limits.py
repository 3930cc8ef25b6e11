"""What a server allows an anonymous client, and the settings an operator changes.

No login is needed to create or watch a table, so every limit is per table, per connection or
per client address: how many tables an address may create (`create_burst` at once, then
`create_per_hour`), how many unfinished tables the server keeps at most (`max_tables`), how
much thinking a bot may be given (`bot_seconds`, `bot_iterations`: an agent spec asking for
more is refused when the table is created, and every spec gets the time cap as a last stop),
how many bots think at once (`bot_workers`), how long an abandoned table is kept
(`expire_hours`, counted from its last change, which is stored), what a connection may send
(`rate`, `burst`, `hello_seconds`, `refusals`), how many connections an address may open
(`connects`, `connect_rate`) and which pages may open a WebSocket (`origins`).
docs/server.md lists each with its default and what a client meets when it reaches it.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from tabletop.agents import parse_spec
from tabletop.agents.settings import DEFAULT_SECONDS
from tabletop.engine.errors import TabletopError
from tabletop.engine.patch import Patch

OPERATOR_ENV = "TABLETOP_OPERATOR_TOKEN"
# agents that search until a budget is spent, with the seconds a bare spec of one thinks
SEARCHING = {"ismcts": DEFAULT_SECONDS}


@dataclass
class Settings:
    """What a server is run with; tests shrink the limits and stop the clock."""

    rate: float = 20.0  # messages a second a connection may send, on average
    burst: float = 40.0  # messages it may send at once
    clock: Callable[[], float] = time.monotonic
    hello_seconds: float = 30.0  # a connection that says no hello by then (from connect) closes
    refusals: float = 20.0  # refused messages a connection may send at once before it is closed
    refusal_rate: float = 1.0  # ... refilled at this many a second
    request_rate: float = 20.0  # HTTP requests a second one client address may make
    request_burst: float = 60.0  # ... and at once (a table page loads a dozen files)
    connects: float = 30.0  # WebSocket connections one client address may open at once
    connect_rate: float = 2.0  # ... and then this many a second; a connection closed for its
    # refusals costs its address `connects / 2` more, so a flood's reconnections are turned
    # away at the handshake, before any of their messages is read
    create_burst: float = 10.0  # tables one client address may create at once
    create_per_hour: float = 60.0  # ... and then this many an hour
    max_tables: int = 2000  # unfinished tables the server holds at most
    expire_hours: float = 48.0  # an unfinished table nobody changed for this long is removed
    bot_workers: int = 2  # bots thinking at once, over every table
    bot_slice: float = 0.05  # seconds of bot answers one table gets before the next table's turn
    bot_seconds: float = 2.0  # the most thinking time an agent spec may ask for, per answer
    bot_iterations: int = 5000  # the most search iterations an agent spec may ask for
    origins: tuple[str, ...] = ()  # pages (scheme://host[:port]) allowed besides the server's own
    operator_token: str | None = field(default_factory=lambda: os.environ.get(OPERATOR_ENV) or None)
    idle_evict_seconds: float = 600.0  # a table nobody watches is dropped from memory after this
    sweep_seconds: float = 30.0  # how often expiry and eviction run
    chat_burst: float = 5.0  # chat messages a connection may send at once
    chat_rate: float = 0.5  # ... and then this many a second
    clock_min_seconds: float = 30.0  # the shortest real-time turn clock a table may ask for
    # Content patches the server's new tables of a game are played with (`serve --content`),
    # by game id; a table keeps the patch it was made with (stored with it), whatever later.
    content: Mapping[str, Patch] = field(default_factory=dict)


class Bucket:
    """A token bucket: `burst` at once, refilled at `rate` a second."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float]) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = burst
        self.last = clock()

    def take(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def wait(self) -> float:
        """Seconds until one more may be taken."""
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) / self.rate if self.rate else 3600.0


class PerClient:
    """One bucket per client address, the least recently seen forgotten past `keep`
    addresses (so the table itself is bounded too)."""

    def __init__(
        self, rate: float, burst: float, clock: Callable[[], float], keep: int = 10_000
    ) -> None:
        self.rate, self.burst, self.clock, self.keep = rate, burst, clock, keep
        self.buckets: OrderedDict[str, Bucket] = OrderedDict()

    def take(self, client: str) -> float:
        """0 if `client` may go on, else the seconds it must wait."""
        bucket = self._bucket(client)
        return 0.0 if bucket.take() else max(bucket.wait(), 0.001)

    def fine(self, client: str, amount: float) -> None:
        """Take `amount` more from `client`'s bucket (it may go below empty: a longer wait)."""
        bucket = self._bucket(client)
        bucket.take()
        bucket.tokens -= amount

    def _bucket(self, client: str) -> Bucket:
        bucket = self.buckets.pop(client, None) or Bucket(self.rate, self.burst, self.clock)
        self.buckets[client] = bucket
        while len(self.buckets) > self.keep:
            self.buckets.popitem(last=False)
        return bucket


class BudgetError(TabletopError):
    """An agent spec asks for more thinking than this server gives a bot."""


def bounded_spec(spec: str, settings: Settings, *, strict: bool = True) -> str:
    """The agent spec a server plays `spec` with: refused (`BudgetError`) if it asks for more
    time or iterations than the caps allow; otherwise the same spec with the time cap added
    as a last stop when it has no time of its own (agents without budgets are unchanged).
    With `strict=False` (a table stored before the caps were lowered) values over a cap are
    brought down to it instead."""
    name, values = parse_spec(spec)
    if not strict:
        if "time" in values:
            values["time"] = f"{settings.bot_seconds:g}"
        if "iterations" in values:
            values["iterations"] = str(settings.bot_iterations)
        return bounded_spec(
            f"{name}:" + ",".join(f"{k}={v}" for k, v in values.items()) if values else name,
            settings,
        )
    for key in ("time", "seconds"):  # two names of one budget
        if key not in values:
            continue
        try:
            seconds = float(values[key])
        except ValueError:
            seconds = -1.0
        if not 0 < seconds <= settings.bot_seconds:  # NaN fails this too
            raise BudgetError(
                f"agent {name!r}: {key}={values[key][:20]!r} is over this server's cap; "
                f"a bot may think at most {settings.bot_seconds:g} seconds an answer here"
            )
    if "iterations" in values:
        try:
            count = int(values["iterations"])
        except ValueError:
            count = -1
        if not 0 < count <= settings.bot_iterations:
            raise BudgetError(
                f"agent {name!r}: iterations={values['iterations'][:20]!r} is over this "
                f"server's cap; a bot may search at most {settings.bot_iterations:,} "
                "iterations an answer here"
            )
    if name in SEARCHING and "time" not in values and "seconds" not in values:
        if "iterations" in values:  # an iteration budget gets the time cap as a last stop
            values["time"] = f"{settings.bot_seconds:g}"
        else:  # a bare search thinks its own default time, never more than the cap
            values["time"] = f"{min(SEARCHING[name], settings.bot_seconds):g}"
        return f"{name}:" + ",".join(f"{k}={v}" for k, v in values.items())
    return spec


class BotPool:
    """Where every table's bots think: `workers` threads, taken in turn. A table waits for a
    turn (`turns`, first come first served) before it takes its lock, so people answering at
    a table are never queued behind other tables' bots; each turn is one slice of answers
    (`Settings.bot_slice` seconds at most, one answer when the table is paced). Tables with no
    person's seat also wait for `background` first."""

    def __init__(self, workers: int) -> None:
        self.executor = ThreadPoolExecutor(max(1, workers), thread_name_prefix="tabletop-bot")
        self.workers = max(1, workers)
        self._turns: asyncio.Semaphore | None = None
        self._background: asyncio.Semaphore | None = None

    @property
    def turns(self) -> asyncio.Semaphore:
        if self._turns is None:
            self._turns = asyncio.Semaphore(self.workers)
        return self._turns

    @property
    def background(self) -> asyncio.Semaphore:
        """Tables of bots only (watched, or nobody's) take turns one at a time, and rest as long
        as each turn took before the next: together they keep at most half of one worker, so
        anyone may start a bot game but none slows the tables where people play."""
        if self._background is None:
            self._background = asyncio.Semaphore(1)
        return self._background

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
