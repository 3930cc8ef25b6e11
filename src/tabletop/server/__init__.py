"""Play in the browser and online: `tabletop serve`.

A FastAPI application (`app.create_app`) serves tables of every registered game over HTTP and
WebSocket, with a plain HTML and JavaScript client (`static/`, no build step). Tables, seats
and every accepted answer are stored through SQLAlchemy (`store`: SQLite in the user's data
directory by default, PostgreSQL by URL), so a server killed at any moment and started again
resumes every table where its last acknowledged answer left it. `hub` creates and loads
tables, `room` plays one on the kernel's `Table`, `protocol` bounds every message. The
protocol and its guarantees are described in docs/server.md.

Needs the `server` extra: `pip install 'tabletop[server]'`.
"""

from __future__ import annotations

from typing import Any

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def serve(
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    db: str | None = None,
    *,
    rate: float = 20.0,
    **limits: Any,
) -> None:
    """Run the server until interrupted (the `tabletop serve` command). `rate`: messages a
    second a connection may send on average (twice as many at once); `limits`: other fields
    of `tabletop.server.limits.Settings`."""
    import uvicorn

    from tabletop.server.app import create_app
    from tabletop.server.limits import Settings
    from tabletop.server.protocol import MAX_MESSAGE_BYTES

    uvicorn.run(
        create_app(db, Settings(rate=rate, burst=2 * rate, **limits)),
        host=host,
        port=port,
        ws_max_size=16 * MAX_MESSAGE_BYTES,  # past this uvicorn closes the socket (1009)
        log_level="info",
    )


__all__ = ["DEFAULT_HOST", "DEFAULT_PORT", "serve"]
