"""The statistics helper: Wilson intervals and the exact McNemar test on paired outcomes."""

import math

import pytest

from aleph_null_desktop.ai.stats import binomial_tail, mcnemar, paired, wilson


def test_binomial_tail_against_hand_counts():
    assert binomial_tail(0, 5) == 1.0
    assert binomial_tail(5, 5) == 1 / 32
    assert binomial_tail(4, 5) == 6 / 32
    assert binomial_tail(6, 5) == 0.0
    assert binomial_tail(3, 6) == pytest.approx(42 / 64)


def test_mcnemar_exact_one_sided():
    # 10 discordant deals all won by the first: (1/2)^10
    assert mcnemar(10, 0) == pytest.approx(2 ** -10)
    # no discordant deal: no evidence at all
    assert mcnemar(0, 0) == 1.0
    # the textbook value: b = 15, c = 5 -> P(X >= 15 | n = 20) = 0.02069
    assert mcnemar(15, 5) == pytest.approx(sum(math.comb(20, i) for i in range(15, 21)) / 2 ** 20)
    assert mcnemar(15, 5) == pytest.approx(0.020695, abs=1e-6)
    # the second being stronger never makes the first significant
    assert mcnemar(5, 15) > 0.99
    # big counts stay exact and in range
    assert 0.0 < mcnemar(160, 100) < 0.001
    with pytest.raises(ValueError):
        mcnemar(-1, 3)


def test_paired_counts_deal_by_deal():
    first = [True, True, False, False, True]
    second = [True, False, True, False, False]
    p = paired(first, second)
    assert (p.games, p.both, p.only_first, p.only_second, p.neither) == (5, 1, 2, 1, 1)
    assert p.p_first_stronger == pytest.approx(mcnemar(2, 1))
    with pytest.raises(ValueError):
        paired([True], [True, False])


def test_wilson_interval():
    lo, hi = wilson(0, 200)
    assert lo == 0.0 and 0.018 < hi < 0.02
    lo, hi = wilson(100, 200)
    assert lo == pytest.approx(0.4314, abs=1e-3) and hi == pytest.approx(0.5686, abs=1e-3)
    assert wilson(0, 0) == [0.0, 1.0]
