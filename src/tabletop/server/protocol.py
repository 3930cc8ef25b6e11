"""The messages of the server's API, each a pydantic model that bounds every field.

HTTP bodies: `CreateTable`, `Join`, `Leave`, `Reinvite`, `Rematch`; the lobby's query:
`Listing`. WebSocket messages from a client (`ClientMessage`, told apart by `type`): `hello`
(the seat tokens this connection plays, none for a spectator, and where each viewer's log was
read up to), `answer`, `undo`, `sync`, `name` (a held seat's display name), `chat` and
`autopass` (one of a held seat's auto-pass switches on or off).
A display name (`Name`) is 1 to `NAME_CHARS` printable characters once trimmed; a chat
message 1 to `CHAT_CHARS`.
A message that is not valid JSON, too large, or does not fit its model is refused with an
`error` whose `code` says which (see `ErrorCode`); the connection stays open.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter

from tabletop.engine.record import clip

# The largest WebSocket message a client may send (a hello with eight tokens is ~700 bytes)
# and the largest HTTP body (a create with every option is well under 4 kB).
MAX_MESSAGE_BYTES = 4096
MAX_BODY_BYTES = 16384
MAX_SEATS = 8
TOKEN_CHARS = 64
SPEC_CHARS = 200
OPTION_ID_CHARS = 200
MAX_PAGE = 100  # tables in one page of the lobby's listing
NAME_CHARS = 24  # a seat's display name
CHAT_CHARS = 300  # a chat message
PREF_CHARS = 40  # an auto-pass switch's name
CLOCK_SECONDS = 600  # the longest real-time turn clock (the shortest: Settings.clock_min_seconds)
CLOCK_DAYS = 14  # the longest days-per-move clock
ClockRule = Literal["bot", "skip", "forfeit"]

ErrorCode = Literal[
    "malformed",  # not JSON, or not one of the messages (the message says what was wrong)
    "too_large",  # over MAX_MESSAGE_BYTES / MAX_BODY_BYTES
    "rate_limited",  # too many messages: this one was dropped
    "bad_token",  # a token, invite or host token that this table does not know
    "not_your_seat",  # an answer or undo for a seat this connection does not hold
    "no_hello",  # an answer or undo before hello
    "stale",  # an answer to a question the game has moved past
    "wrong_player",  # the game is not waiting for that seat
    "illegal_option",  # not one of the seat's options now
    "already_answered",  # the seat already answered this simultaneous decision
    "game_over",
    "nothing_to_undo",
    "unknown_table",
    "bad_request",  # a table that cannot be created as asked (game, options, seats)
    "seat_taken",
    "server_full",  # the server holds as many unfinished tables as it may
    "too_many_refused",  # the connection sent too many refused messages: it is closed
    "internal",  # the server failed; nothing was changed
]

Token = Annotated[str, Field(min_length=1, max_length=TOKEN_CHARS)]


def _printable(limit: int) -> Any:
    def check(text: str) -> str:
        text = " ".join(text.split())  # trimmed, runs of white space as one space
        if not text:
            raise ValueError("must not be empty")
        if len(text) > limit:
            raise ValueError(f"at most {limit} characters")
        if not text.isprintable():
            raise ValueError("only printable characters")
        return text

    return AfterValidator(check)


# a display name, a chat message: trimmed, printable (bounded before trimming too)
Name = Annotated[str, Field(max_length=4 * NAME_CHARS), _printable(NAME_CHARS)]
ChatText = Annotated[str, Field(max_length=2 * CHAT_CHARS), _printable(CHAT_CHARS)]
ChatMode = Literal["seats", "everyone"]
Seat = Annotated[int, Field(ge=0, lt=MAX_SEATS)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class CursorIn(_Strict):
    seat: Seat | None = None  # None: the spectator's log
    position: Annotated[int, Field(ge=0, le=10**9)] = 0
    epoch: Annotated[int, Field(ge=0, le=10**9)] = 0
    gen: Annotated[str, Field(max_length=32)] = ""  # which kernel table gave the cursor


class Hello(_Strict):
    type: Literal["hello"]
    tokens: Annotated[list[Token], Field(max_length=MAX_SEATS)] = []
    cursors: Annotated[list[CursorIn], Field(max_length=MAX_SEATS + 1)] = []


class Answer(_Strict):
    type: Literal["answer"]
    seat: Seat
    option: Annotated[str, Field(min_length=1, max_length=OPTION_ID_CHARS)]
    step: Annotated[int, Field(ge=0, le=10**9)]  # the `step` of the state the answer was made in


class Undo(_Strict):
    type: Literal["undo"]
    seat: Seat


class Sync(_Strict):
    type: Literal["sync"]


class Rename(_Strict):
    """Name a seat this connection holds."""

    type: Literal["name"]
    seat: Seat
    name: Name


class AutoPass(_Strict):
    """Turn one of a held seat's auto-pass switches on or off (`tabletop.server.clock`)."""

    type: Literal["autopass"]
    seat: Seat
    name: Annotated[str, Field(min_length=1, max_length=PREF_CHARS)]
    on: bool


class Chat(_Strict):
    """Say something at the table (a spectator may sign it with a name)."""

    type: Literal["chat"]
    text: ChatText
    name: Name | None = None


Message = Hello | Answer | Undo | Sync | Rename | Chat | AutoPass
ClientMessage = Annotated[Message, Field(discriminator="type")]
client_message: TypeAdapter[Message] = TypeAdapter(ClientMessage)

OptionValue = str | int | bool


class CreateTable(_Strict):
    game: Annotated[str, Field(min_length=1, max_length=40)]
    players: Annotated[int, Field(ge=1, le=MAX_SEATS)]
    # one per seat: "person" or an agent spec (random, heuristic, ismcts:iterations=200)
    seats: Annotated[
        list[Annotated[str, Field(min_length=1, max_length=SPEC_CHARS)]],
        Field(min_length=1, max_length=MAX_SEATS),
    ]
    options: Annotated[
        dict[Annotated[str, Field(max_length=40)], OptionValue], Field(max_length=32)
    ] = {}
    seed: Annotated[int, Field(ge=0, lt=2**63)] | None = None
    name: Annotated[str, Field(max_length=80)] = ""
    # the agent that plays a person's seat left idle past idle_seconds, or vacated
    takeover: Annotated[str, Field(min_length=1, max_length=SPEC_CHARS)] | None = None
    idle_seconds: Annotated[float, Field(gt=0, le=86400)] | None = None
    pace_ms: Annotated[int, Field(ge=0, le=10000)] = 0  # a pause before each bot answer
    chat: ChatMode = "everyone"  # who reads the table's chat: its seats, or spectators too
    # a turn clock: seconds per decision (real time) or days per move (async), not both; when
    # the seat asked has not answered in time, `on_timeout` applies (tabletop.server.clock)
    clock_seconds: Annotated[float, Field(gt=0, le=CLOCK_SECONDS)] | None = None
    clock_days: Annotated[int, Field(ge=1, le=CLOCK_DAYS)] | None = None
    on_timeout: ClockRule = "bot"
    # the persons' seats' auto-pass switches start as the game's defaults (on where passing
    # cannot matter: the lobby's choice), or all off (a program answers every question)
    autopass: Literal["defaults", "off"] = "off"


class Listing(BaseModel):
    """The lobby's query of open tables: one page, filtered (`GET /api/tables?...`)."""

    model_config = ConfigDict(extra="forbid")
    game: Annotated[str, Field(min_length=1, max_length=40)] | None = None
    open: bool = False  # only tables with a person's seat still to be taken
    recent: Annotated[float, Field(gt=0, le=30 * 86400)] | None = None  # changed this recently (s)
    limit: Annotated[int, Field(ge=1, le=MAX_PAGE)] = 20
    offset: Annotated[int, Field(ge=0, le=100_000)] = 0


class Join(_Strict):
    invite: Token
    name: Name | None = None  # the seat's display name (else P1, P2, ...)


class Leave(_Strict):
    token: Token


class Reinvite(_Strict):
    host: Token
    seat: Seat


class Rematch(_Strict):
    host: Token


def error(code: ErrorCode, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}


def describe_validation(exc: Exception) -> str:
    """The first problems pydantic or FastAPI found, in one line, without repeating the
    input."""
    errors = getattr(exc, "errors", None)
    if not callable(errors):
        return "the message does not fit the protocol"
    try:
        found = errors(include_input=False, include_url=False)  # pydantic
    except TypeError:
        found = errors()  # FastAPI's RequestValidationError
    parts = []
    for e in list(found)[:3]:
        where = ".".join(str(x) for x in e.get("loc", ())) or "message"
        parts.append(f"{where}: {clip(str(e.get('msg', 'invalid')), 200)}")
    return "; ".join(parts) or "the message does not fit the protocol"
