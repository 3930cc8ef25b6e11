"""The Guardians' driver, and the two ways a phase is played: in turn order, everyone at once.

The round is a procedure of steps on the kernel's flow stack (`state.flow`, see
engine/flow.py). A player's step (`PlayerStep`: a `NamedTuple` of its data, its kind a class
with `__slots__ = ()`) is either automatic (`run`) or a question (`options`, `answer`); a
question with nothing to choose is skipped (`skip`), which some steps use to leave something
behind. Where the phase is played in turn order (`Turns`: Location, Battle, boss rewards,
Power Up in the Apprentice game) the current player's steps go on the flow stack itself.
Where everyone acts at once (`Together`: the draft, the Final Choice, the boss reveal,
Overrun, Power Up, Clean Up) each player's steps go on a stack of their own, `state.work[p]`,
and one `Together` step on the flow stack asks every player with a question at once: their
automatic steps run first, in seat order, then each is asked their own question.

`drive` runs automatic steps until a question is on top and asks it. A Final Act waits on the
Shield holders (`state.final_acts`) until the slayer's automatic steps are done; then a
Shield window (city.ShieldWindow, an engine/windows.py window) asks them, before the next
question.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from tabletop.engine.decision import ONE, PARALLEL, SECRET, Ask, Decision, Option

if TYPE_CHECKING:
    from tabletop.games.guardians.state import GuardiansState

PHASE_TITLES = {
    "draft": "Draft",
    "keep-super": "Final Choice (SUPER card)",
    "keep-quest": "Final Choice (Secret Quest)",
    "reveal": "Boss reveal",
    "location": "Location phase",
    "overrun": "Overrun phase",
    "power": "Power Up phase",
    "battle": "Battle phase",
    "rewards": "Boss rewards",
    "cleanup": "Clean Up phase",
}
_TOGETHER = {ph: f"{title}: everyone decides at once" for ph, title in PHASE_TITLES.items()}
PHASE_RULE = "guardians.round.phases"
# the rule id of each kind of question (a decision of several kinds takes the phase's)
RULE_OF: dict[str, str] = {}


class PlayerStep:
    """A step of one player (the `player` field of its `NamedTuple`). Subclasses set `kind`
    (the decision kind), `rule` (the rule id that asks it) and `text` (the prompt), and fill
    `options` and `answer`, or `auto = True` and `run`."""

    __slots__ = ()
    auto: ClassVar[bool] = False
    kind: ClassVar[str] = ""
    rule: ClassVar[str] = PHASE_RULE
    text: ClassVar[str] = ""
    player: int

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.kind and not cls.auto:
            RULE_OF.setdefault(cls.kind, cls.rule)

    def prompt(self, s: GuardiansState) -> str:
        return self.text

    if TYPE_CHECKING:  # what each subclass defines: a question its options and answer,
        # an automatic step its run
        def options(self, s: GuardiansState) -> tuple[Option, ...]: ...
        def answer(self, s: GuardiansState, p: int, option: Option) -> None: ...
        def run(self, s: GuardiansState) -> None: ...

    def skip(self, s: GuardiansState) -> None:
        """The question had nothing to choose: it ends (some leave something behind)."""

    def ask(self, s: GuardiansState) -> Decision | None:
        opts = self.options(s)
        if not opts:
            return None
        # (tuple.__new__: asked after almost every answer)
        return tuple.__new__(
            Decision, ((self.player,), self.kind, self.prompt(s), opts, self.rule, ONE, None)
        )


def drive(s: GuardiansState) -> None:
    """Run automatic steps until a question is on top (it becomes `state.pending`) or the
    game is over; questions with nothing to choose are skipped."""
    flow = s.flow
    while s.result is None:
        step = flow[-1]
        if step.auto:
            flow.pop()
            step.run(s)
            continue
        if s.final_acts:
            from tabletop.games.guardians.city import open_shields

            open_shields(s)
            continue
        d = step.ask(s)
        if d is None:
            flow.pop()
            step.skip(s)
            continue
        s._pending = d
        return
    s._pending = None


# -- in turn order --------------------------------------------------------------------------
class _TurnsFields(NamedTuple):
    order: tuple[int, ...]
    at: int = 0


class Turns(_TurnsFields):
    """Each player of `order` in turn plays the phase's `first` step and all it leads to."""

    __slots__ = ()
    auto = True
    rule = PHASE_RULE
    first: ClassVar[Any] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.first is not None and cls.first._fields != ("player",):
            raise TypeError(f"{cls.__name__}.first must be a step of one player")

    def run(self, s: GuardiansState) -> None:
        at = self.at
        if at < len(self.order):
            flow = s.flow
            # (tuple.__new__: steps made at every turn of a phase)
            flow.append(tuple.__new__(type(self), (self.order, at + 1)))
            flow.append(tuple.__new__(self.first, (self.order[at],)))


# -- everyone at once -------------------------------------------------------------------------
class _Phase(NamedTuple):
    phase: str


class Together(_Phase):
    """Everyone with a step in `work` acts at once: their automatic steps run (seat order,
    until none is left), questions with nothing to choose are skipped, then every player with
    a question is asked it, in one decision (SECRET when several: the draft, the Final
    Choice, the discards of Overrun and Clean Up). The phase ends when nobody has a step
    left."""

    __slots__ = ()
    auto = False
    rule = PHASE_RULE
    mode: ClassVar[str] = SECRET

    def ask(self, s: GuardiansState) -> Decision | None:
        asks = settle_work(s)
        if not asks:
            return None
        work = s.work
        if len(asks) == 1:
            ((q, opts),) = asks.items()
            step = work[q][-1]
            return tuple.__new__(
                Decision, ((q,), step.kind, step.prompt(s), opts, step.rule, ONE, None)
            )
        # asks holds the players in seat order
        players = tuple(asks)
        ph = self.phase
        prompt = _TOGETHER.get(ph, ph)
        each = []
        union: dict[int, Option] = {}  # by action, the first option of each, in order
        kind: str | None = None
        for q, opts in asks.items():
            step = work[q][-1]
            k = step.kind
            own = step.prompt(s)  # what this player is asked, and why
            mine = own[:1].upper() + own[1:] if own else prompt
            each.append(tuple.__new__(Ask, (k, mine, opts, step.rule)))
            # the decision as a whole: its players' kind when they share one, else the phase
            kind = k if kind is None or kind == k else ph
            for o in opts:
                if o.action not in union:
                    union[o.action] = o
        assert kind is not None
        return tuple.__new__(
            Decision,
            (
                players,
                kind,
                prompt,
                tuple(union.values()),
                RULE_OF.get(kind, PHASE_RULE),
                self.mode,
                tuple(each),
            ),
        )

    def skip(self, s: GuardiansState) -> None:
        s.together = False

    def answer(self, s: GuardiansState, p: int, option: Option) -> None:
        s.flow.append(self)
        s.work[p].pop().answer(s, p, option)

    def answers(self, s: GuardiansState, decision: Decision, answers: dict[int, Option]) -> None:
        s.flow.append(self)
        work = s.work
        for p in decision.players:
            work[p].pop().answer(s, p, answers[p])


class OpenTogether(Together):
    """Everyone acts at once and openly (PARALLEL: Power Up in the Guardian game,
    guardians.interpret.parallel-power-up): each answer is applied when given and seen by
    all, and the others are asked again, until everyone has finished."""

    __slots__ = ()
    mode = PARALLEL


def settle_work(s: GuardiansState) -> dict[int, tuple[Option, ...]]:
    """Run automatic steps and drop questions without options; return the options of every
    player whose top step is a question."""
    work = s.work
    while True:
        progressed = True
        while progressed:
            progressed = False
            for w in work:
                if w and w[-1].auto:
                    progressed = True
                    while w and w[-1].auto:
                        w.pop().run(s)
        out: dict[int, tuple[Option, ...]] = {}
        dropped = False
        for p, w in enumerate(work):
            if w:
                step = w[-1]
                opts = step.options(s)
                if opts:
                    out[p] = opts
                else:
                    w.pop()
                    step.skip(s)
                    dropped = True
        if not dropped:
            return out


def together(s: GuardiansState, phase: str, *steps: Any, openly: bool = False) -> None:
    """Open a phase where everyone acts at once (`openly`: each answer applied at once and
    seen by all), with these first steps (one per player, pushed in the order given)."""
    s.phase = phase
    s.together = True
    work = s.work
    for step in steps:
        work[step.player].append(step)
    s.flow.append(tuple.__new__(OpenTogether if openly else Together, (phase,)))
