"""The HTTP middleware every request passes: a body limit (413 before the body is read in
full), a request rate per client address (429), and the security headers of every answer."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from tabletop.server.limits import PerClient
from tabletop.server.protocol import MAX_BODY_BYTES

# Sent with every HTTP answer: the pages load scripts and styles from this server only (none
# inline), are never framed, and send no referrer (a table's address names the table).
SECURITY_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        b"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
        b"frame-ancestors 'none'",
    ),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-content-type-options", b"nosniff"),
]


class _TooLarge(Exception):
    pass


Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGI = Callable[[Scope, Receive, Send], Awaitable[None]]


class BodyLimit:
    """Refuses an HTTP body over `limit` bytes (413) before the application reads it all."""

    def __init__(
        self, app: ASGI, limit: int = MAX_BODY_BYTES, larger: dict[str, int] | None = None
    ) -> None:
        self.app, self.limit = app, limit
        self.larger = larger or {}  # exact paths that take more (an uploaded record)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.larger.get(scope.get("path", ""), self.limit)
        for key, value in scope.get("headers", ()):
            if key == b"content-length" and (not value.isdigit() or int(value) > limit):
                await self._refuse(send, limit)
                return
        seen = 0

        async def bounded() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise _TooLarge
            return message

        try:
            await self.app(scope, bounded, send)
        except _TooLarge:
            await self._refuse(send, limit)

    async def _refuse(self, send: Send, limit: int) -> None:
        body = json.dumps(
            {"error": {"code": "too_large", "message": f"a body is at most {limit} bytes"}}
        ).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]
        await send({"type": "http.response.start", "status": 413, "headers": headers})
        await send({"type": "http.response.body", "body": body})


class SecurityHeaders:
    """Adds `SECURITY_HEADERS` to every HTTP answer."""

    def __init__(self, app: ASGI) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), *SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, with_headers)


class RequestLimit:
    """At most `rate` HTTP requests a second from one client address (`burst` at once); past
    that, 429 `rate_limited` with `Retry-After`, before the application does any work."""

    def __init__(self, app: ASGI, buckets: PerClient) -> None:
        self.app, self.buckets = app, buckets

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        wait = self.buckets.take(client[0] if client else "unknown")
        if not wait:
            await self.app(scope, receive, send)
            return
        body = json.dumps(
            {"error": {"code": "rate_limited", "message": "too many requests: try again soon"}}
        ).encode()
        headers = [
            (b"content-type", b"application/json"),
            (b"content-length", b"%d" % len(body)),
            (b"retry-after", b"%d" % max(1, round(wait))),
        ]
        await send({"type": "http.response.start", "status": 429, "headers": headers})
        await send({"type": "http.response.body", "body": body})
