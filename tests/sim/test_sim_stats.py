"""The report's statistics against reference values computed with SciPy 1.17."""

from __future__ import annotations

import pytest

from tabletop.sim import stats


@pytest.mark.parametrize(
    ("x", "df", "expected"),
    [
        (30.1, 5, 1.4094973141215323e-05),
        (0.5, 3, 0.9188914116546758),
        (7.3, 2, 0.02599112877875535),
    ],
)
def test_chi_square_tail(x: float, df: int, expected: float) -> None:
    assert stats.chi2_sf(x, df) == pytest.approx(expected, rel=1e-9)


@pytest.mark.parametrize(
    ("t", "df", "expected"),
    [(2.1, 7.5, 0.07123707145807809), (1.3, 300, 0.19459888723253324)],
)
def test_student_t_two_sided_tail(t: float, df: float, expected: float) -> None:
    assert stats.t_sf2(t, df) == pytest.approx(expected, rel=1e-9)


def test_fisher_exact_two_sided() -> None:
    assert stats.fisher(3, 7, 9, 2) == pytest.approx(0.02997312285237981, rel=1e-9)
    assert stats.fisher(1, 19, 0, 20) == pytest.approx(1.0)


def test_welch_matches_scipy() -> None:
    a = [9.1, 10.4, 11.2, 8.7, 10.0, 12.3, 9.8]
    b = [11.9, 12.4, 10.1, 13.8, 12.0, 11.1]
    # scipy.stats.ttest_ind(b, a, equal_var=False): pvalue, confidence_interval()
    t = stats.welch(a, b)
    assert t.change == pytest.approx(sum(b) / 6 - sum(a) / 7)
    assert t.p == pytest.approx(0.034579919740083336, rel=1e-6)
    assert t.ci95 == pytest.approx((0.14594779745714836, 3.1921474406380903), rel=1e-6)


def test_rates_use_z_then_fisher_for_small_counts() -> None:
    big = stats.compare_rates(100, 1000, 130, 1000)
    assert big.test == "z" and big.p == pytest.approx(0.0354884, rel=1e-5)
    lo, hi = big.ci95
    assert lo < 0.03 < hi and lo > 0
    small = stats.compare_rates(1, 20, 0, 20)
    assert small.test == "Fisher" and small.p == pytest.approx(1.0)


def test_seat_advantage_sees_a_lopsided_table_and_sizes_a_2_point_edge() -> None:
    fair = stats.seat_advantage([330, 335, 335], 1000)
    assert fair is not None and fair.p > 0.5
    lopsided = stats.seat_advantage([450, 300, 250], 1000)
    assert lopsided is not None and lopsided.p < 1e-6 and lopsided.df == 2
    # a third of the wins each: about 4,400 games to see 0.353 against 0.333
    assert 4000 < fair.games_for_edge < 5000
    assert stats.seat_advantage([0, 0], 10) is None


def test_wilson_interval_holds_the_rate() -> None:
    lo, hi = stats.wilson(30, 100)
    assert lo < 0.3 < hi and lo == pytest.approx(0.2189, abs=1e-4)
