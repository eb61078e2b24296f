"""fourchess._quote.quoted: bad input in a message, repr-style and bounded."""

import doctest

import pytest

import fourchess._quote
from fourchess._quote import quoted


def test_short_text_is_its_repr():
    assert quoted("h2-h4") == "'h2-h4'"
    assert quoted("it's") == '"it\'s"'
    assert quoted("a\nb") == "'a\\nb'"
    assert quoted("x" * 40) == repr("x" * 40)


def test_long_text_is_a_prefix_and_the_length():
    text = "Q" * 5_000_000
    shown = quoted(text)
    assert shown == "'" + "Q" * 40 + "... (5000000 characters)'"
    assert quoted("abcdef", limit=3) == "'abc... (6 characters)'"


def test_a_lone_surrogate_is_escaped():
    assert quoted("\udc80" * 50, limit=2) == "'\\udc80\\udc80... (50 characters)'"


def test_other_values_are_their_repr_bounded():
    assert quoted(5) == "5" and quoted(None) == "None"
    assert quoted(list(range(10**6))).endswith(" characters)") and len(quoted(list(range(10**6)))) < 80


@pytest.mark.parametrize("limit", [0, -1, True, 2.5])
def test_a_bad_limit_is_refused(limit):
    with pytest.raises(ValueError, match="limit must be a positive int"):
        quoted("x", limit=limit)


def test_docstring_examples():
    failures, tried = doctest.testmod(fourchess._quote)
    assert failures == 0 and tried > 0
