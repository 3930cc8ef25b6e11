"""The `tabletop` command: play, resume, replay, list games, simulate, run tournaments, report.

Each command checks its input, then hands over to the module that does the work: terminal
play in `tabletop.ui.terminal`, simulation and reports in `tabletop.sim.commands`. Every
`TabletopError` becomes a one-line message on stderr and exit status 2; a value the message
repeats is cut short (`tabletop.engine.record.clip_message`), so a hostile argument or file
never floods the terminal.

Exit statuses: 0 done (a game played to its end, or left with `quit`); 1 `play`/`resume`
whose standard input ended before the game was over; 2 bad input (arguments, records,
settings, a simulated game past `--max-steps`); 130 interrupted (Ctrl-C).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from tabletop.engine import registry
from tabletop.engine.errors import OptionError, TabletopError
from tabletop.engine.options import describe_options
from tabletop.engine.patch import Patch, load_patch
from tabletop.engine.record import clip_message

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="tabletop: tabletop games played exactly as their rulebooks say.",
)
err = Console(stderr=True)


def _build_line() -> str:
    import platform
    from importlib.metadata import PackageNotFoundError, version

    import tabletop

    try:
        number = version("tabletop")
    except PackageNotFoundError:  # run from a source tree that was never installed
        number = "(not installed)"
    return f"tabletop {number}, the {tabletop.build()} build, Python {platform.python_version()}"


def _version(value: bool) -> None:
    if value:
        Console().print(_build_line(), highlight=False)
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_version,
            is_eager=True,
            help="say the version and which build runs (compiled or interpreted), and stop",
        ),
    ] = False,
) -> None:
    """tabletop: tabletop games played exactly as their rulebooks say."""


OptionArg = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="a game option as key=value (repeatable)"),
]
PrefArg = Annotated[
    list[str] | None,
    typer.Option(
        "--pref",
        help="a preference that answers for you, NAME to turn on or no-NAME to turn off "
        "(repeatable; `prefs` during play lists them)",
    ),
]
UiArg = Annotated[
    str,
    typer.Option(
        "--ui",
        help="auto (the full-screen table on a terminal, lines when piped), screen or line",
    ),
]
ContentArg = Annotated[
    Path | None,
    typer.Option(
        "--content",
        help="a content patch (TOML) changing the game's cards and numbers (docs/designing.md)",
        show_default=False,
    ),
]
MaxStepsArg = Annotated[
    int | None,
    typer.Option(
        "--max-steps",
        help="answers a game may take (default 1,000,000); a game still going then stops the run",
        show_default=False,
    ),
]


def parse_option_args(pairs: list[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs or []:
        key, eq, value = pair.partition("=")
        if not eq or not key.strip():
            raise OptionError(f"write game options as key=value, not {pair!r}")
        out[key.strip()] = value.strip()
    return out


def _fail(e: Exception) -> typer.Exit:
    # The message is text, not markup ("pip install tabletop[ray]" keeps its brackets), and
    # is never wrapped, so paths and ids stay whole for people and scripts.
    message = escape(clip_message(str(e)))
    err.print(f"[bold red]error:[/] {message}", highlight=False, markup=True, soft_wrap=True)
    return typer.Exit(2)


@app.command()
def games() -> None:
    """List the registered games, their player counts and options."""
    from tabletop.agents import agent_names

    console = Console()
    for gid in registry.game_ids():
        spec = registry.get(gid)
        console.print(
            f"[bold]{gid}[/]  {spec.title} (version {spec.version}), "
            f"{spec.min_players}-{spec.max_players} players: {spec.summary}"
        )
        table = Table(show_header=True, box=None, pad_edge=False)
        for col in ("option", "default", "allowed", "meaning"):
            table.add_column(col)
        for opt in describe_options(spec.options_type):
            allowed = (
                ", ".join(map(str, opt["choices"]))
                if "choices" in opt
                else f"{opt.get('min', '')}..{opt.get('max', '')}"
            )
            table.add_row(opt["name"], str(opt["default"]), allowed, opt["help"])
        console.print(table)
        console.print(f"  rules matrix: {spec.rules_doc}\n")
    console.print("agents: " + ", ".join([*agent_names(), "human"]))
    console.print(_build_line(), highlight=False)


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="game id (see `tabletop games`)")],
    players: Annotated[int, typer.Option(help="number of players")] = 3,
    seats: Annotated[
        str | None,
        typer.Option(help="comma-separated agent per seat: human, heuristic, random, ismcts"),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(help="the deal's seed (default: a new random one, printed at the start)"),
    ] = None,
    option: OptionArg = None,
    pref: PrefArg = None,
    ui: UiArg = "auto",
    content: ContentArg = None,
) -> None:
    """Play a game in the terminal, against bots or hot-seat with other people."""
    from tabletop.ui.commands import run_play

    try:
        code = run_play(
            game, players, seats, seed, parse_option_args(option), pref, ui, content=content
        )
    except TabletopError as e:
        raise _fail(e) from None
    raise typer.Exit(code)


@app.command()
def resume(
    file: Annotated[
        Path | None,
        typer.Argument(help="a saved game record (default: the last unfinished game)"),
    ] = None,
    seats: Annotated[str | None, typer.Option(help="agents per seat, as for play")] = None,
    pref: PrefArg = None,
    ui: UiArg = "auto",
    content: ContentArg = None,
) -> None:
    """Resume a saved game where it stopped, or without FILE the last unfinished game. A
    game played with a content patch resumes with it (the record keeps it); --content
    refuses a record played with other content."""
    from tabletop.ui.commands import run_resume

    try:
        code = run_resume(file, seats, pref, ui, content=content)
    except TabletopError as e:
        raise _fail(e) from None
    raise typer.Exit(code)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="a saved game record")],
    verify: Annotated[bool, typer.Option(help="check every recorded digest")] = False,
    content: ContentArg = None,
) -> None:
    """Replay a saved game and print its log; with --verify, fail at the first divergence.
    A game played with a content patch replays with it (the record keeps it); with --verify,
    --content refuses a record played with other content."""
    from tabletop.ui.commands import run_replay

    try:
        code = run_replay(file, verify, content=content)
    except TabletopError as e:
        raise _fail(e) from None
    raise typer.Exit(code)


@app.command()
def campaign(
    game: Annotated[str, typer.Argument(help="game id of a game with a campaign (librarians)")],
    file: Annotated[Path, typer.Argument(help="the campaign file: started if missing")],
    players: Annotated[
        int | None, typer.Option(help="number of players of a new campaign (default 3)")
    ] = None,
    seats: Annotated[str | None, typer.Option(help="agents per seat, as for play")] = None,
    seed: Annotated[int | None, typer.Option(help="a new campaign's seed")] = None,
    option: OptionArg = None,
    pref: PrefArg = None,
) -> None:
    """Start or continue a campaign: each run plays its next chapter, saving FILE as it goes."""
    from tabletop.ui.campaign import run_campaign

    try:
        code = run_campaign(game, file, players, seats, seed, parse_option_args(option), pref)
    except TabletopError as e:
        raise _fail(e) from None
    raise typer.Exit(code)


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="game id")],
    games_: Annotated[int, typer.Option("--games", help="number of games")] = 100,
    players: Annotated[int | None, typer.Option(help="players per game")] = None,
    agents: Annotated[
        str | None, typer.Option(help="comma-separated plain agent names, one per seat")
    ] = None,
    agent: Annotated[
        list[str] | None,
        typer.Option(help="one seat's agent spec with settings (repeat, in seat order)"),
    ] = None,
    seed: Annotated[int, typer.Option(help="master seed")] = 0,
    workers: Annotated[int, typer.Option(help="worker processes (1: in this process)")] = 1,
    backend: Annotated[str, typer.Option(help="process or ray")] = "process",
    option: OptionArg = None,
    out: Annotated[Path | None, typer.Option(help="write one row per game and seat")] = None,
    json_: Annotated[bool, typer.Option("--json", help="print the summary as JSON")] = False,
    max_steps: MaxStepsArg = None,
    impact: Annotated[
        bool, typer.Option(help="record what each seat drew, held, played (card impact)")
    ] = True,
    content: Annotated[
        Path | None, typer.Option(help="a content patch (TOML) to play with; see docs")
    ] = None,
    baseline: Annotated[
        Path | None, typer.Option(help="a results .parquet to compare this run with")
    ] = None,
    sweep: Annotated[
        str | None,
        typer.Option(help="record.field=v1,v2,...: one variant per value, on the same seeds"),
    ] = None,
) -> None:
    """Play many games between bots (default: the game's heuristic bot in every seat) and
    summarise the results."""
    from tabletop.sim.commands import simulate_cmd

    try:
        code = simulate_cmd(
            game=game,
            games=games_,
            players=players,
            agents=agents,
            agent=agent,
            seed=seed,
            workers=workers,
            backend=backend,
            options=parse_option_args(option),
            out=out,
            as_json=json_,
            max_steps=max_steps,
            impact=impact,
            content=content,
            baseline=baseline,
            sweep=sweep,
        )
    except TabletopError as e:
        raise _fail(e) from None
    raise typer.Exit(code)


@app.command()
def tournament(
    game: Annotated[str, typer.Argument(help="game id")],
    agents: Annotated[
        str | None, typer.Option(help="comma-separated plain agent names, one per seat")
    ] = None,
    agent: Annotated[
        list[str] | None, typer.Option(help="an agent spec with settings (repeatable)")
    ] = None,
    games_: Annotated[int, typer.Option("--games", help="number of games")] = 100,
    seed: Annotated[int, typer.Option(help="master seed")] = 0,
    workers: Annotated[int, typer.Option(help="worker processes")] = 1,
    option: OptionArg = None,
    out: Annotated[Path | None, typer.Option(help="write one row per game and seat")] = None,
    json_: Annotated[bool, typer.Option("--json", help="print the standings as JSON")] = False,
    max_steps: MaxStepsArg = None,
) -> None:
    """Agents play each other with seats rotated; win rates with 95% confidence intervals."""
    from tabletop.sim.commands import tournament_cmd

    try:
        code = tournament_cmd(
            game=game,
            agents=agents,
            agent=agent,
            games=games_,
            seed=seed,
            workers=workers,
            options=parse_option_args(option),
            out=out,
            as_json=json_,
            max_steps=max_steps,
        )
    except TabletopError as e:
        raise _fail(e) from None
    raise typer.Exit(code)


@app.command()
def report(
    results: Annotated[Path, typer.Argument(help="a results.parquet written by simulate")],
    out: Annotated[Path, typer.Option(help="the HTML page to write")] = Path("report.html"),
) -> None:
    """Write one self-contained HTML page of plots and balance figures from results."""
    from tabletop.sim.commands import report_cmd

    try:
        code = report_cmd(results=results, out=out)
    except TabletopError as e:
        raise _fail(e) from None
    raise typer.Exit(code)


@app.command()
def compare(
    a: Annotated[Path, typer.Argument(help="the baseline results .parquet")],
    b: Annotated[Path, typer.Argument(help="the results .parquet to compare with it")],
    html_: Annotated[
        Path | None, typer.Option("--html", help="also write the comparison as an HTML page")
    ] = None,
    json_: Annotated[bool, typer.Option("--json", help="print the comparison as JSON")] = False,
) -> None:
    """Each figure's change from run A to run B, with its 95% interval and a test."""
    from tabletop.sim.compare import compare_cmd

    try:
        code = compare_cmd(a=a, b=b, html_out=html_, as_json=json_)
    except TabletopError as e:
        raise _fail(e) from None
    raise typer.Exit(code)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            help="database URL (default: SQLite tables.db in the data directory; "
            "postgresql+psycopg://... for PostgreSQL)"
        ),
    ] = None,
    rate: Annotated[
        float, typer.Option(help="messages a second one connection may send, on average")
    ] = 20.0,
    tables_at_once: Annotated[
        int, typer.Option(min=1, max=1_000_000, help="tables one address may create at once")
    ] = 10,
    tables_an_hour: Annotated[
        float, typer.Option(min=0, max=1e9, help="... and then this many an hour")
    ] = 60.0,
    max_tables: Annotated[
        int, typer.Option(min=1, max=10_000_000, help="unfinished tables the server holds")
    ] = 2000,
    expire_hours: Annotated[
        float,
        typer.Option(min=0.01, max=1e6, help="remove a table nobody changed for this long"),
    ] = 48.0,
    bot_workers: Annotated[
        int, typer.Option(min=1, max=64, help="bots thinking at once, over every table")
    ] = 2,
    bot_seconds: Annotated[
        float, typer.Option(min=0.01, max=3600, help="the most time= an agent spec may ask")
    ] = 2.0,
    bot_iterations: Annotated[
        int, typer.Option(min=1, max=1_000_000, help="the most iterations= an agent spec may ask")
    ] = 5000,
    requests_a_second: Annotated[
        float, typer.Option(min=0.01, max=1e6, help="HTTP requests an address may make a second")
    ] = 20.0,
    connections_at_once: Annotated[
        int,
        typer.Option(
            min=1, max=1_000_000, help="WebSocket connections an address may open at once"
        ),
    ] = 30,
    connections_a_second: Annotated[
        float, typer.Option(min=0.01, max=1e6, help="... and then this many a second")
    ] = 2.0,
    origin: Annotated[
        list[str] | None,
        typer.Option(help="a page (scheme://host:port) besides this server's own that may connect"),
    ] = None,
    content: Annotated[
        list[str] | None,
        typer.Option(
            "--content",
            help="GAME=PATCH.toml: new tables of GAME play this content patch (repeatable; "
            "docs/designing.md)",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Serve tables over HTTP and WebSocket, with a browser client at http://HOST:PORT/.

    Set TABLETOP_OPERATOR_TOKEN to a secret of your own to download running games' records
    (header Authorization: Bearer TOKEN); nobody at a table may."""
    try:
        from tabletop.server import serve as run_server
    except ImportError as e:
        raise _fail(
            TabletopError(
                f"the server needs the server extra: pip install 'tabletop[server]' ({e})"
            )
        ) from None
    try:
        patches = served_patches(content or [])
    except TabletopError as e:
        raise _fail(e) from None
    run_server(
        host,
        port,
        db,
        rate=rate,
        create_burst=tables_at_once,
        create_per_hour=tables_an_hour,
        max_tables=max_tables,
        expire_hours=expire_hours,
        bot_workers=bot_workers,
        bot_seconds=bot_seconds,
        bot_iterations=bot_iterations,
        origins=tuple(origin or ()),
        request_rate=requests_a_second,
        request_burst=3 * requests_a_second,
        connects=connections_at_once,
        connect_rate=connections_a_second,
        content=patches,
    )


def served_patches(given: list[str]) -> dict[str, Patch]:
    """`serve --content GAME=PATCH.toml ...`: each game's patch, read and checked at once."""
    patches: dict[str, Patch] = {}
    for item in given:
        game, sep, path = item.partition("=")
        if not sep or not game or not path:
            raise TabletopError(
                f"--content takes GAME=PATCH.toml (e.g. quests=stronger.toml), not {item!r}"
            )
        if game in patches:
            raise TabletopError(f"--content names {game!r} twice: give one patch a game")
        registry.get(game)  # an unknown game, by name
        patches[game] = load_patch(path, game)
    return patches


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        err.print("interrupted")
        sys.exit(130)
