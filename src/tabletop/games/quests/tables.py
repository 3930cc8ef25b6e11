"""The numbers the Quests rules read from the content, per content: built once for the shipped
content and once per content patch, and reached through the state (`state.t`), so games on
different content share a process without touching each other.

A patch may change any field of the cards (an artifact's amount, type, ability or suits, an
Action card's suit) but not which cards there are: the card ids, names and the action space
(one option per card, per action artifact) are fixed for the game (`check_same_cards`)."""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.engine.patch import ByDigest, Patch, PatchError
from tabletop.games.quests.content import SUITS, ActionCard, Artifact, Content, load


@dataclass(frozen=True, slots=True)
class Tables:
    actions: tuple[ActionCard, ...]
    artifacts: tuple[Artifact, ...]
    first_art: int  # card id of the first artifact (= the number of Action cards)
    suit: tuple[int, ...]  # Action card -> suit index
    fate_bonus: dict[int, int]  # artifact card -> bonus to its owner's Fate rolls
    hand_bonus: dict[int, int]
    opponent_hand: dict[int, int]
    foe_immune: frozenset[int]
    limited: dict[int, tuple[int, ...]]  # Limited Meld artifact -> the two suits it stands for
    flip: dict[int, tuple[int, ...]]  # Flip artifact -> the suits it keeps

    def art(self, card: int) -> Artifact:
        return self.artifacts[card - self.first_art]


def build(c: Content) -> Tables:
    n = len(c.actions)

    def cards(ability: str) -> dict[int, Artifact]:
        return {n + i: a for i, a in enumerate(c.artifacts) if a.ability == ability}

    return Tables(
        actions=c.actions,
        artifacts=c.artifacts,
        first_art=n,
        suit=tuple(SUITS.index(a.suit) for a in c.actions),
        fate_bonus={k: a.amount for k, a in cards("fate-bonus").items()},
        hand_bonus={k: a.amount for k, a in cards("hand-size").items()},
        opponent_hand={k: a.amount for k, a in cards("opponent-hand-size").items()},
        foe_immune=frozenset(cards("foe-immunity")),
        limited={
            k: tuple(SUITS.index(s) for s in a.suits) for k, a in cards("limited-meld").items()
        },
        flip={k: tuple(SUITS.index(s) for s in a.suits) for k, a in cards("flip").items()},
    )


SHIPPED = build(load())


def check_same_cards(shipped: Content, patched: Content, source: str) -> None:
    """Refuse a patch that adds, removes or renames cards, or changes which artifacts are
    used as actions: those are fixed for Quests (card ids, the action space)."""
    for what, old, new in (
        ("Action cards", [a.slug for a in shipped.actions], [a.slug for a in patched.actions]),
        ("artifacts", [a.slug for a in shipped.artifacts], [a.slug for a in patched.artifacts]),
        (
            "artifacts used as actions",
            [a.slug for a in shipped.artifacts if a.action],
            [a.slug for a in patched.artifacts if a.action],
        ),
    ):
        if old != new:
            gone = sorted(set(old) - set(new))
            added = sorted(set(new) - set(old))
            raise PatchError(
                f"{source}: Quests plays a patch that changes the cards' fields, not which "
                f"{what} there are (added: {', '.join(added) or 'none'}; "
                f"removed or renamed: {', '.join(gone) or 'none'})"
            )


def _derive(patch: Patch) -> Tables:
    content = load(patch)
    check_same_cards(load(), content, patch.source)
    return build(content)


# The tables of the shipped content (None) or of the content under a patch.
tables: ByDigest[Tables] = ByDigest(SHIPPED, _derive)
