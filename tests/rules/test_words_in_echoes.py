"""Words a player reads in echoes and order templates (issue 23 §2): "needs a 1", not "needs
1-1"; "½", not "0½"; "1 party", "1 marine"."""

from __future__ import annotations

import pytest

from pbem.rules.ramspeed.building import _size
from pbem.rules.ramspeed.tables import roll_needed
from pbem.rules.woodenwalls.template import _kind_word


@pytest.mark.parametrize(("needed", "words"), [(0, "no roll can succeed"), (1, "needs a 1"),
                                                (3, "needs 1-3"), (5, "needs 1-5"),
                                                (6, "any roll succeeds"), (7, "any roll succeeds")])
def test_the_roll_a_table_entry_needs(needed: int, words: str) -> None:
    assert roll_needed(needed) == words


@pytest.mark.parametrize(("halves", "words"), [(0, "0"), (1, "½"), (2, "1"), (3, "1½"), (9, "4½")])
def test_a_size_in_halves(halves: int, words: str) -> None:
    assert _size(halves) == words


@pytest.mark.parametrize(("kind", "number", "words"), [
    ("marines", 1, "marine"), ("marines", 2, "marines"), ("shooters", 1, "shooter"),
    ("engine", 1, "engine"), ("engine", 2, "engines")])
def test_element_kinds_agree_with_their_count(kind: str, number: int, words: str) -> None:
    assert _kind_word(kind, number) == words
