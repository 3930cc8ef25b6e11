"""Several server processes on one PostgreSQL database: each change of a table is announced
with PostgreSQL's NOTIFY on `store.CHANNEL` (sent by the change's own transaction, so only
once it is committed), and every process LISTENs: a `Listener` thread hands each table id it
hears about to a callback, which has the process adopt what was stored (`Room.refresh_sync`)
and tell its own connections. A listener that loses its connection connects again and then
asks for every table to be refreshed, since notifications sent meanwhile are lost.

A notification's payload is the table's id and the sending process (`Store.sender`): a
process skips its own, which it has adopted already (each would cost a locked transaction)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from sqlalchemy.engine import make_url

from tabletop.server.schema import CHANNEL

log = logging.getLogger("tabletop.server")


def conninfo(url: str) -> str:
    """A libpq connection string from a SQLAlchemy URL (`postgresql+psycopg://...`)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Listener:
    def __init__(
        self,
        url: str,
        on_table: Callable[[str], None],
        on_reconnect: Callable[[], None],
        sender: str = "",
    ) -> None:
        self.conninfo = conninfo(url)
        self.sender = sender
        self.on_table = on_table
        self.on_reconnect = on_reconnect
        self.ready = threading.Event()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="tabletop-listen", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(5)

    def _run(self) -> None:
        import psycopg

        first = True
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.conninfo, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.ready.set()
                    if not first:
                        self.on_reconnect()
                    first = False
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=0.5):
                            table_id, _, sender = note.payload.partition(" ")
                            if not sender or sender != self.sender:
                                self.on_table(table_id)
            except psycopg.Error as e:
                log.warning("listening for table changes failed (%s); connecting again", e)
                self._stop.wait(1.0)
