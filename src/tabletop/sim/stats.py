"""The statistics the reports need, in plain Python (no SciPy): Wilson intervals, the normal
and Student t tails, the chi-square tail, two-proportion tests (z, or Fisher's exact test for
small counts), Welch's test of two means, and the sample size that detects a given edge.

Every p-value is two-sided. Reference values in tests/sim/test_sim_stats.py come from SciPy.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054
Z80 = 0.8416212335729143  # one-sided 80% power
# Below this many expected in a cell of a 2x2 table, rates are compared by Fisher's test.
FISHER_BELOW = 5.0


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion wins/n; (0, 1) when n is 0."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if wins <= 0 else max(0.0, min(p, centre - half))
    hi = 1.0 if wins >= n else min(1.0, max(p, centre + half))
    return (lo, hi)


def diff_interval(k1: int, n1: int, k2: int, n2: int) -> tuple[float, float]:
    """Newcombe's 95% interval of p1 - p2 from the two Wilson intervals (hybrid score)."""
    if n1 <= 0 or n2 <= 0:
        return (-1.0, 1.0)
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson(k1, n1)
    l2, u2 = wilson(k2, n2)
    d = p1 - p2
    lo = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    hi = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return (max(-1.0, lo), min(1.0, hi))


def normal_sf2(z: float) -> float:
    """Two-sided tail of the standard normal: P(|Z| >= |z|)."""
    return math.erfc(abs(z) / math.sqrt(2))


def _gamma_q(a: float, x: float) -> float:
    """Regularised upper incomplete gamma Q(a, x) (series or continued fraction)."""
    if x <= 0:
        return 1.0
    gln = math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        ap = a
        for _ in range(1000):
            ap += 1
            term *= x / ap
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(-x + a * math.log(x) - gln))
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return math.exp(-x + a * math.log(x) - gln) * h


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with `df` degrees of freedom."""
    if df < 1:
        return 1.0
    return _gamma_q(df / 2, x / 2)


def _beta_cf(a: float, b: float, x: float) -> float:
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1, a - 1
    c = 1.0
    d = 1 - qab * x / qap
    d = tiny if abs(d) < tiny else d
    d = 1 / d
    h = d
    for m in range(1, 1000):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1 + aa * d
        d = tiny if abs(d) < tiny else d
        c = 1 + aa / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1 + aa * d
        d = tiny if abs(d) < tiny else d
        c = 1 + aa / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return h


def _beta_inc(a: float, b: float, x: float) -> float:
    """Regularised incomplete beta I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1) / (a + b + 2):
        return front * _beta_cf(a, b, x) / a
    return 1 - front * _beta_cf(b, a, 1 - x) / b


def t_sf2(t: float, df: float) -> float:
    """Two-sided tail of Student's t with `df` (possibly fractional) degrees of freedom."""
    if not math.isfinite(df) or df <= 0:
        return normal_sf2(t)
    return _beta_inc(df / 2, 0.5, df / (df + t * t))


@dataclass(frozen=True)
class Test:
    """A comparison of two samples: the estimated change (b - a), its 95% interval, the
    p-value of 'no change', and the test's name."""

    change: float
    ci95: tuple[float, float]
    p: float
    test: str


def compare_rates(k_a: int, n_a: int, k_b: int, n_b: int) -> Test:
    """Change of a rate from k_a/n_a to k_b/n_b: a two-proportion z test, or Fisher's exact
    test when a cell of the 2x2 table expects fewer than 5."""
    lo, hi = diff_interval(k_b, n_b, k_a, n_a)
    if n_a <= 0 or n_b <= 0:
        return Test(0.0, (-1.0, 1.0), 1.0, "none")
    pa, pb = k_a / n_a, k_b / n_b
    pooled = (k_a + k_b) / (n_a + n_b)
    expected = min(pooled * min(n_a, n_b), (1 - pooled) * min(n_a, n_b))
    if expected < FISHER_BELOW:
        return Test(pb - pa, (lo, hi), fisher(k_a, n_a - k_a, k_b, n_b - k_b), "Fisher")
    se = math.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
    p = 1.0 if se == 0 else normal_sf2((pb - pa) / se)
    return Test(pb - pa, (lo, hi), p, "z")


def fisher(a: int, b: int, c: int, d: int) -> float:
    """Two-sided Fisher's exact test of the table [[a, b], [c, d]] (sum of the tables no
    likelier than the one seen)."""
    r1, c1, n = a + b, a + c, a + b + c + d

    def logp(x: int) -> float:
        return _lchoose(r1, x) + _lchoose(n - r1, c1 - x) - _lchoose(n, c1)

    lo, hi = max(0, c1 - (n - r1)), min(r1, c1)
    seen = logp(a)
    total = 0.0
    for x in range(lo, hi + 1):
        lp = logp(x)
        if lp <= seen + 1e-7:
            total += math.exp(lp)
    return min(1.0, total)


def _lchoose(n: int, k: int) -> float:
    return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)


def welch(a: Sequence[float], b: Sequence[float]) -> Test:
    """Change of the mean from sample `a` to sample `b`: Welch's t test and interval."""
    if len(a) < 2 or len(b) < 2:
        return Test(0.0, (-math.inf, math.inf), 1.0, "none")
    ma, mb = statistics.fmean(a), statistics.fmean(b)
    va, vb = statistics.variance(a) / len(a), statistics.variance(b) / len(b)
    se = math.sqrt(va + vb)
    if se == 0:
        return Test(mb - ma, (mb - ma, mb - ma), 1.0 if mb == ma else 0.0, "Welch")
    df = (va + vb) ** 2 / (va * va / (len(a) - 1) + vb * vb / (len(b) - 1))
    t = (mb - ma) / se
    q = _t_quantile(df)
    return Test(mb - ma, (mb - ma - q * se, mb - ma + q * se), t_sf2(t, df), "Welch")


def _t_quantile(df: float) -> float:
    """The t value with a two-sided tail of 5% (bisection on `t_sf2`)."""
    lo, hi = 0.0, 50.0
    for _ in range(80):
        mid = (lo + hi) / 2
        if t_sf2(mid, df) > 0.05:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


@dataclass(frozen=True)
class SeatTest:
    """Chi-square test that every seat wins equally often, and the games a seat-level test
    would need to see a win rate `edge` above the fair share (5% two-sided, 80% power)."""

    chi2: float
    df: int
    p: float
    games_for_edge: int
    edge: float


def seat_advantage(wins: Sequence[int], games: int, edge: float = 0.02) -> SeatTest | None:
    """`wins[s]`: games seat s won, of `games`. None with fewer than two seats or no wins."""
    k = len(wins)
    total = sum(wins)
    if k < 2 or total <= 0 or games <= 0:
        return None
    expected = total / k
    chi2 = sum((w - expected) ** 2 / expected for w in wins)
    # a seat's fair win rate: the mean of the seats' win rates
    p0 = min(0.97, max(0.01, total / (k * games)))
    p1 = min(0.999, p0 + edge)
    n = (Z95 * math.sqrt(p0 * (1 - p0)) + Z80 * math.sqrt(p1 * (1 - p1))) ** 2 / edge**2
    return SeatTest(chi2, k - 1, chi2_sf(chi2, k - 1), math.ceil(n), edge)
