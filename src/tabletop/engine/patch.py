"""Content patches: a designer's changes to a game's shipped content, kept with the game.

A patch is a TOML document whose keys walk the game's content files:

    [artifacts.artifact.staff-of-ra]    # file artifacts.toml, its [[artifact]] records,
    amount = 3                          # the one whose name slugs to "staff-of-ra"

    [cards.card.practice-swing]         # (Guardians) cards.toml, [[card]] "Practice Swing"
    copies = 20                         # a count field: fewer copies of the card

    [game.numbers]                      # a plain table: its values are replaced one by one
    start_hand = 6

The first key names a file of the game's `content/` (without `.toml`; a path such as
`missions/m01` is quoted), or a table that only one file has (`artifact.staff-of-ra.amount`
then means the same as `artifacts.artifact.staff-of-ra.amount`). Below it, tables merge into
tables; an array of tables (`[[artifact]]`) is addressed by record: a record's `id` field if it
has one, else the slug of its `name` (lower case, words joined by hyphens), else its position
(0 for the first). A record id the file lacks adds a new record, which must then give every
field (its `name` too) and is validated like the shipped ones; `_remove = true` removes a
record. Any other value (a number, a string, a list of numbers) replaces the shipped one.

The patched files are then validated exactly like the shipped content, by the game's own
loader: an error names the patch, the file, the record and the field. A `Patch` keeps the
TOML as given (`text`), where it came from (`source`) and `digest`, the SHA-256 of the
canonical JSON of the parsed patch: the digest a game record carries, so a replay knows what
content a game was played with.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, Generic, TypeVar

from tabletop.engine.content import ContentError, slugify
from tabletop.engine.errors import TabletopError

# The largest patch file `load_patch` reads: a patch rewriting a whole game's content fits many
# times over (the largest game's content is under 200 KiB of TOML).
MAX_PATCH_BYTES = 256 * 1024
ASSIGNMENTS = "<assignments>"
REMOVE = "_remove"
T = TypeVar("T")


class PatchError(ContentError, TabletopError):
    """A content patch that cannot be read, does not fit the content, or makes it invalid."""


@dataclass(frozen=True)
class Patch:
    """A content patch for one game: the TOML text as given, its digest and its source."""

    game_id: str
    text: str
    digest: str
    source: str

    @classmethod
    def from_text(cls, game_id: str, text: str, source: str = "<patch>") -> Patch:
        """A patch from TOML text; a syntax error or a value that is not a table is a
        `PatchError` naming `source`."""
        data = _parse(text, source)
        return cls(game_id, text, digest_of(data), source)

    @classmethod
    def from_assignments(cls, game_id: str, assignments: Iterable[str]) -> Patch:
        """A patch from `path=value` assignments, e.g. `artifacts.artifact.staff-of-ra.amount=3`
        (the form `simulate --sweep` takes): the path is file (or table), table, record id and
        field, dot-separated; the value is a TOML value (`3`, `"text"`, `[1, 2]`, `true`), or
        text when it is not one."""
        data: dict[str, Any] = {}
        for a in assignments:
            if not isinstance(a, str) or "=" not in a:
                raise PatchError(
                    f"{ASSIGNMENTS}: {a!r} is not an assignment; "
                    "write file.table.record.field=value, e.g. artifact.staff-of-ra.amount=3"
                )
            path, _, raw = a.partition("=")
            keys = [k.strip() for k in path.strip().split(".")]
            if len(keys) < 2 or not all(keys):
                raise PatchError(
                    f"{ASSIGNMENTS}: {path.strip()!r} is not a path; "
                    "write file.table.record.field=value, e.g. artifact.staff-of-ra.amount=3"
                )
            value = _value(raw.strip())
            node = data
            for k in keys[:-1]:
                nxt = node.setdefault(k, {})
                if not isinstance(nxt, dict):
                    raise PatchError(f"{ASSIGNMENTS}: {path.strip()!r} is inside a value")
                node = nxt
            node[keys[-1]] = value
        return cls(game_id, dumps(data), digest_of(data), ASSIGNMENTS)

    def data(self) -> dict[str, Any]:
        """The parsed patch (a fresh copy each time)."""
        return _parse(self.text, self.source)

    def describe(self) -> str:
        """One line for reports and messages: the source and the digest's start."""
        return f"{self.source} ({self.digest[:12]})"


def load_patch(path: str | Path, game_id: str) -> Patch:
    """Read a patch file for `game_id` and check it against the game's content at once (so a
    bad patch is refused before anything is played): a file that is missing, too large, not
    UTF-8 or not TOML, or a patch that makes the content invalid, is a `PatchError` naming
    the file (and the record and field)."""
    p = Path(path)
    limit = f"a content patch is at most {MAX_PATCH_BYTES // 1024} KiB"
    try:
        with open(p, "rb") as fh:
            raw = fh.read(MAX_PATCH_BYTES + 1)
    except OSError as e:
        raise PatchError(f"cannot read the content patch {p}: {e.strerror or e}") from None
    if len(raw) > MAX_PATCH_BYTES:
        raise PatchError(f"{p.name} is too large: {limit}")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise PatchError(
            f"{p.name}: byte {e.start:,} is not UTF-8 (a patch is TOML text)"
        ) from None
    patch = Patch.from_text(game_id, text, p.name)
    check(patch)
    return patch


def check(patch: Patch) -> None:
    """Load the game's content under `patch` (raising its `PatchError` if it is invalid)."""
    from tabletop.engine.registry import get  # (the registry imports this module)

    spec = get(patch.game_id)
    if spec.content is None:
        raise PatchError(f"{spec.title} does not take content patches")
    spec.content(patch)


def combine(a: Patch | None, b: Patch | None) -> Patch | None:
    """`a` then `b`: one patch with both changes, `b`'s winning where both set a value."""
    if a is None or b is None:
        return a or b
    if a.game_id != b.game_id:
        raise PatchError(f"cannot combine a {a.game_id} patch with a {b.game_id} patch")
    data = _merge(a.data(), b.data())
    return Patch(a.game_id, dumps(data), digest_of(data), f"{a.source}+{b.source}")


def digest_of(data: dict[str, Any]) -> str:
    """SHA-256 (hex) of the canonical JSON of a parsed patch."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


# -- applying a patch to a game's raw files ------------------------------------------------------
def apply(patch: Patch, files: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The game's parsed content files (by name, `cards.toml`...) with `patch` applied; the
    input is left as it was. Keys that fit nothing are a `PatchError` naming the patch."""
    out = dict(files)
    stems = {name.removesuffix(".toml"): name for name in files}
    for key, change in patch.data().items():
        where = f"{patch.source}: {key}"
        if not isinstance(change, dict):
            raise PatchError(f"{where}: must be a table of changes, not {_short(change)}")
        name = stems.get(key)
        if name is None:
            holders = [n for n, doc in files.items() if key in doc]
            if len(holders) != 1:
                raise PatchError(
                    f"{where}: names no content file"
                    + (" (several files have such a table: name the file)" if holders else "")
                    + f"; the files are: {', '.join(sorted(stems))}"
                )
            name, change = holders[0], {key: change}
        out[name] = _apply_table(out[name], change, f"{patch.source}: {name}")
    return out


def _apply_table(doc: dict[str, Any], change: dict[str, Any], where: str) -> dict[str, Any]:
    new = dict(doc)
    for key, val in change.items():
        here = f"{where}: {key}"
        old = new.get(key)
        if isinstance(old, list) and old and all(isinstance(r, dict) for r in old):
            if not isinstance(val, dict):
                raise PatchError(
                    f"{here}: is a list of records; give a table of record ids, not {_short(val)}"
                )
            new[key] = _apply_records(old, val, here)
        elif isinstance(old, dict):
            if not isinstance(val, dict):
                raise PatchError(f"{here}: is a table; give a table of changes, not {_short(val)}")
            new[key] = _apply_table(old, val, here)
        else:
            new[key] = val
    return new


def record_id(rec: dict[str, Any], index: int) -> str:
    """How a patch names a record of an array of tables: its `id`, else its name's slug, else
    its position."""
    if isinstance(rec.get("id"), str):
        return str(rec["id"])
    if isinstance(rec.get("name"), str):
        return slugify(rec["name"])
    return str(index)


def _apply_records(
    records: list[dict[str, Any]], change: dict[str, Any], where: str
) -> list[dict[str, Any]]:
    new = list(records)
    ids = [record_id(r, i) for i, r in enumerate(records)]
    for rid, val in change.items():
        here = f"{where}: record {rid!r}"
        if not isinstance(val, dict):
            raise PatchError(f"{here}: give a table of field changes, not {_short(val)}")
        if ids.count(rid) > 1:
            raise PatchError(f"{here}: several records have this id; name it by its position")
        if rid in ids:
            i = ids.index(rid)
        elif rid.isdigit() and int(rid) < len(records):
            i = int(rid)
        else:
            i = -1
        if val.get(REMOVE) is True:
            if i < 0:
                raise PatchError(f"{here}: no such record to remove; {_ids(ids)}")
            new[i] = {}
            continue
        if REMOVE in val:
            raise PatchError(f"{here}: field {REMOVE!r} must be true (to remove the record)")
        if i >= 0:
            new[i] = _apply_table(new[i], val, here)
            continue
        if "name" not in val and "id" not in val:
            raise PatchError(
                f"{here}: no such record; {_ids(ids)}. "
                "To add a record, give all its fields, its name among them"
            )
        if record_id(val, len(new)) != rid:
            raise PatchError(
                f"{here}: a new record's key must be its id ({record_id(val, len(new))!r})"
            )
        new.append(dict(val))
    return [r for r in new if r]


def _ids(ids: list[str]) -> str:
    shown = ", ".join(ids[:12]) + (f" … ({len(ids)} in all)" if len(ids) > 12 else "")
    return f"the records are: {shown}"


def _short(val: object) -> str:
    text = repr(val)
    return text if len(text) <= 60 else text[:60] + "…"


def _merge(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    out = dict(a)
    for k, v in b.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = _merge(out[k], v)
        else:
            out[k] = v
    return out


def _parse(text: str, source: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise PatchError(f"{source}: not valid TOML: {e}") from None


def _value(raw: str) -> Any:
    try:
        return tomllib.loads(f"v = {raw}")["v"]
    except tomllib.TOMLDecodeError:
        return raw


# -- writing a patch as TOML ---------------------------------------------------------------------
_BARE = re.compile(r"[A-Za-z0-9_-]+\Z")


def dumps(data: dict[str, Any]) -> str:
    """`data` as TOML: one `dotted.key = value` line per value, keys sorted."""
    lines: list[str] = []

    def walk(node: dict[str, Any], prefix: str) -> None:
        for k in sorted(node):
            v = node[k]
            key = prefix + (k if _BARE.match(k) else json.dumps(k, ensure_ascii=False))
            if isinstance(v, dict) and v:
                walk(v, key + ".")
            else:
                lines.append(f"{key} = {_toml(v)}")

    walk(data, "")
    return "".join(line + "\n" for line in lines)


def _toml(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(_toml(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {_toml(x)}" for k, x in v.items()) + "}"
    return json.dumps(str(v))  # dates and times, as text


def same_records(shipped: Any, patched: Any, source: str, title: str) -> None:
    """Refuse a patch that adds, removes or renames records of a game whose card ids or
    action space follow its records' names: every field of `shipped` (a game's content, a
    dataclass) that is a tuple of named records must list the same names in `patched`. The
    records' other fields (numbers, counts of copies) may change."""
    for f in fields(shipped):
        old, new = getattr(shipped, f.name), getattr(patched, f.name)
        if not isinstance(old, tuple) or not all(hasattr(r, "name") for r in old):
            continue
        a, b = [r.name for r in old], [r.name for r in new]
        if a != b:
            added = sorted(set(b) - set(a))
            gone = sorted(set(a) - set(b))
            raise PatchError(
                f"{source}: {f.name}: {title} plays a patch that changes the records' fields, "
                f"not which records there are (added: {', '.join(added) or 'none'}; removed "
                f"or renamed: {', '.join(gone) or 'none'})"
            )


# -- per-patch content caches for games ----------------------------------------------------------
class PerPatch(Generic[T]):
    """A game's `load(patch=None)`: the content built from its raw files (`read`), with the
    patch applied first; built once per patch digest (the shipped content once, and at most
    `size` patched contents kept, the oldest dropped), never changed in place. A content
    error under a patch is a `PatchError` that names the patch."""

    def __init__(
        self,
        game_id: str,
        read: Callable[[], dict[str, dict[str, Any]]],
        build: Callable[[dict[str, dict[str, Any]]], T],
        size: int = 32,
    ) -> None:
        self.game_id = game_id
        self.read = read
        self.build = build
        self.size = size
        self._cache: dict[str, T] = {}

    def __call__(self, patch: Patch | None = None) -> T:
        key = "" if patch is None else patch.digest
        found = self._cache.get(key)
        if found is not None:
            return found
        if patch is None:
            content = self.build(self.read())
        else:
            content = self._patched(patch)
            if len(self._cache) > self.size:
                del self._cache[next(k for k in self._cache if k)]
        self._cache[key] = content
        return content

    def _patched(self, patch: Patch) -> T:
        if patch.game_id != self.game_id:
            raise PatchError(
                f"{patch.source}: is a patch for {patch.game_id}, not for {self.game_id}"
            )
        files = apply(patch, self.read())
        try:
            return self.build(files)
        except PatchError:
            raise
        except ContentError as e:
            raise PatchError(f"{patch.source}: {e}") from None
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            # a loader that assumed a shape the shipped files always have
            raise PatchError(
                f"{patch.source}: the patched content is invalid: {type(e).__name__}: {e}"
            ) from None


class ByDigest(Generic[T]):
    """What a game derives from its content (its tables of numbers), for the shipped content
    (`shipped`, made once) or under a patch (`derive(patch)`, made once per digest, at most
    `size` kept, the oldest dropped): call it with the patch or None."""

    def __init__(self, shipped: T, derive: Callable[[Patch], T], size: int = 32) -> None:
        self.shipped = shipped
        self.derive = derive
        self.size = size
        self._cache: dict[str, T] = {}

    def __call__(self, patch: Patch | None) -> T:
        if patch is None:
            return self.shipped
        found = self._cache.get(patch.digest)
        if found is None:
            found = self.derive(patch)
            if len(self._cache) >= self.size:
                del self._cache[next(iter(self._cache))]
            self._cache[patch.digest] = found
        return found


def per_patch(
    game_id: str,
    read: Callable[[], dict[str, dict[str, Any]]],
    build: Callable[[dict[str, dict[str, Any]]], T],
) -> PerPatch[T]:
    """A game's `load(patch=None)` (see `PerPatch`)."""
    return PerPatch(game_id, read, build)
