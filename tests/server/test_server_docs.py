"""docs/server.md names only files and modules that exist, and lists exactly the error codes
the protocol has."""

from __future__ import annotations

import re
import typing

from tabletop.server.protocol import ErrorCode
from test_docs import PATH, ROOT, exists, resolve, ticked

DOC = "docs/server.md"


def test_paths_and_names_exist() -> None:
    refs = ticked(DOC)
    paths = [r for r in refs if PATH.match(r)]
    assert paths and all(exists(p) for p in paths), [p for p in paths if not exists(p)]
    for name in (r for r in refs if re.fullmatch(r"tabletop(\.\w+)+", r)):
        resolve(name)


def test_error_codes_are_the_protocols() -> None:
    text = (ROOT / DOC).read_text(encoding="utf-8")
    listed = text.split("with `code` one of", 1)[1].split(".\n", 1)[0]
    ws_codes = set(re.findall(r"`(\w+)`", listed))
    http_codes = set(re.findall(r"\d{3} \(`(\w+)`\)", text))
    assert ws_codes | http_codes == set(typing.get_args(ErrorCode))
