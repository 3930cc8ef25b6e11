"""A cheap evaluation of a Guardians position (`GameSpec.evaluate`), and what the search values.

A seat wins when the party beats the final boss (the Red Boss; the Blue Boss in the Apprentice
game) and, unless the game is fully cooperative, the seat has the most trophy points. Every
seat's win depends on the party's, so the search values the party's win first: an ended game
is worth 0 to every seat when the party lost, and `PARTY` plus `1 - PARTY` times the seat's own
share when it won (`reward`: the share is three quarters its share of the win, 1/k for k tied
winners, and a quarter its share of the points scored). A position's value is the chance the
party wins times (`PARTY` plus `1 - PARTY` times the seat's expected share):

- The party's chance is a logistic model of the log-ratio of the party's power to the final
  boss's attack level, of how far the game has gone, of whether the Blue Boss fell (Guardian
  game) and of the number of players. A seat's power is four times the mean power of the cards
  it owns (attack, damage counters, half the energy, a little for effects) plus one per
  Warlock and a half per Robot trophy (their persistent rewards). An unrevealed final boss
  counts at the mean of its colour.
- The share is a softmax (a conditional logit) of the points a seat has (trophy points and the
  points of its Secret Quests completed now) and of the power still to come (its deck power
  times the rounds left). Alone or cooperating, every seat's value is the party's chance.

How the search plays Guardians (`agents/hooks.py`; docs/agents.md has the measurements):

- `DEPTH`: rollouts play to the end of the game, so the game's own result (`reward`) scores
  them, not this evaluation (a fitted guess: a rollout cut after 20 answers mostly measures
  its error). A 3-player game of rule bots is some 350 answers and a few milliseconds, so
  0.2 s still gives about 60 iterations a decision.
- `MARGIN`: the search answers other than the rule bot only when the answer it prefers beats
  the rule bot's by 2 standard errors of the difference of their mean rewards (more where
  several other answers were searched: 2.89 among thirteen draft cards). A search of
  60 full games a decision is noisy, and with several options the best-looking one is
  usually lucky: without the margin it left the rule bot at about 8 of some 100 decisions a
  game, and those departures cost the party as often as they helped.
- `BIAS` 1 (the default): with the margin guarding the answer, the search spreads its
  iterations more evenly, so what it knows of the alternatives is less noisy.
- `RULE_KINDS`: in the Power Up (`power`: which card to play next) and the Battle (`battle`:
  where to place damage counters, which location to battle) the search bot answers as the
  rule bot without searching. Replayed departures there (24 games at 0.2 s a decision) were
  worth nothing to the party (+0.003 and -0.004 of a win each) and cost the seat a quarter
  and a half of a point each, all of the points the search seat lost; at the other kinds
  (draft, discard, fort, visit, ...) they were worth about +0.12 of a party win a game.

The weights were fitted by maximum likelihood to the outcomes of 1500 games between heuristic
bots, 1 to 5 players, both difficulties, some cooperative (positions sampled every seven answers
from round 1 on; the party's chance has a log loss of 0.52 against 0.62 for a constant, the
share 0.99 against 1.31 for an even split).
"""

from __future__ import annotations

import math

from tabletop.engine.state import Result, State
from tabletop.games.guardians import rules as R
from tabletop.games.guardians import tables as T

DEPTH = 100_000  # rollouts play to the end of the game (a game is a few hundred answers)
MARGIN = 2.0  # the evidence the search needs to leave the rule bot (agents/hooks.py)
BIAS = 1.0  # the search's progressive bias toward the rule bot (the default)
RULE_KINDS = ("power", "battle")  # answered as the rule bot, unsearched (agents/hooks.py)
PARTY = 0.6  # the part of a seat's reward that is the party's win alone
WIN_PART = 0.75  # of the seat's own share: its share of the win; the rest, of the points
# party's chance: intercept, log power ratio, progress, progress x log ratio, Blue Boss fell,
# log of the number of players
TEAM = (1.472, 5.325, -0.795, 1.771, 0.073, 0.782)
SCORE_WEIGHT = 0.288  # per point held now (trophies, completed quests)
FUTURE_WEIGHT = 0.342  # per unit of hand power times the fraction of rounds left
HAND = R.HAND_SIZE
# power of one card of each kind
POWER = tuple(
    k.attack
    + k.counters
    + 0.5 * k.energy
    + (2.0 if k.end_fx or k.battle_fx or k.battle_bonus else 0.0)
    - (3.0 if k.type == "coward" else 0.0)
    for k in T.KINDS
)
_OWNED = (T.HAND, T.DECK, T.DISCARD, T.PLAY, T.PERSIST, T.UNDER, T.LOOK, T.COLLECT)
_MEAN_LEVEL = {
    colour: sum(b.per_player for b in T.BOSSES if b.colour == colour)
    / sum(1 for b in T.BOSSES if b.colour == colour)
    for colour in ("blue", "red")
}
# per monster card (index card - M0): persistent-reward power, trophy points
_REWARD = tuple(1.0 if f == "warlock" else 0.5 if f == "robot" else 0.0 for f in T.MON_FAMILY)
_POINTS = tuple(T.MONSTERS[k].points for k in T.MKIND)
_CARD_POINTS = tuple(float(k.points) for k in T.KINDS)


def _final_level(s: R.GuardiansState) -> float:
    colour = "blue" if s.opts.apprentice else "red"
    cards = s.zones.cards
    waiting = cards[T.BOSS_BLUE if colour == "blue" else T.BOSS_RED]
    fighting = [b for b in cards[T.BOSS_FIGHT] if T.BOSSES[b - T.B0].colour == colour]
    boss = waiting or fighting
    per = T.BOSSES[boss[0] - T.B0].per_player if boss else _MEAN_LEVEL[colour]
    return float(per * s.num_players)


def evaluate(state: State) -> tuple[float, ...]:
    """Per-seat value of `state` in [0, 1]: the party's chance of beating the final boss times
    the seat's share of the win (see the module docstring)."""
    assert isinstance(state, R.GuardiansState)
    s = state
    n = s.num_players
    cards = s.zones.cards
    gkind = T.GKIND
    m0 = T.M0
    rounds = 4 if s.opts.apprentice else 8
    progress = min(1.0, s.turn / rounds)
    party = 0.0
    strengths = []
    share = n > 1 and not s.opts.cooperative
    for p in range(n):
        base = T.pz(p, 0)
        total = 0.0
        count = 0
        points = 0.0
        for zone in _OWNED:
            for c in cards[base + zone]:
                k = gkind[c]
                total += POWER[k]
                points += _CARD_POINTS[k]
                count += 1
        hand_power = HAND * total / count if count else 0.0
        for m in cards[base + T.TROPHY]:
            party += _REWARD[m - m0]
            points += _POINTS[m - m0]
        party += hand_power
        if share:
            points += sum(T.QUESTS[q].points for q in s.quests_of(p) if s.quest_done(p, q))
            strengths.append(SCORE_WEIGHT * points + FUTURE_WEIGHT * hand_power * (1.0 - progress))
    ratio = math.log(max(party, 0.5) / _final_level(s))
    blue = s.outcomes.get("blue_boss")
    fell = 0.0 if s.opts.apprentice or blue is None else 1.0 if blue == "defeated" else -1.0
    a0, a1, a2, a3, a4, a5 = TEAM
    z = a0 + a1 * ratio + a2 * progress + a3 * progress * ratio + a4 * fell + a5 * math.log(n)
    win = 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, z))))
    if not strengths:
        return (win,) * n
    top = max(strengths)
    weights = [math.exp(x - top) for x in strengths]
    total_w = sum(weights)
    return tuple(win * (PARTY + (1.0 - PARTY) * w / total_w) for w in weights)


def reward(result: Result, players: int) -> tuple[float, ...]:
    """Per-seat search reward of an ended game (see the module docstring)."""
    if result.team != "won":
        return (0.0,) * players
    winners = result.winners
    if players == 1:
        return (1.0,) * players
    points = sum(max(x, 0.0) for x in result.scores)
    out = []
    for p in range(players):
        win = 1.0 / len(winners) if p in winners else 0.0
        own = max(result.scores[p], 0.0) / points if points > 0 else 1.0 / players
        out.append(PARTY + (1.0 - PARTY) * (WIN_PART * win + (1.0 - WIN_PART) * own))
    return tuple(out)


__all__ = ["BIAS", "DEPTH", "MARGIN", "PARTY", "RULE_KINDS", "evaluate", "reward"]
