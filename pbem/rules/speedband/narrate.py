"""Speed-band events told as sentences, one per event, with every die the event carries and the
number it was held against ("rolled 37 against 45: hit"): the presenter's narration.

    sentence(event) -> str      # one event as a dict (view.view_events: Event.as_dict(), with
                                # the fields this viewer may not read taken out)
    SENTENCES                   # kind -> its teller: every kind the engine makes
    reason_of(event) -> str     # the reason an event gives, if any

Ships are named by id, bands and reactions in lower case. A field that `view_events` removed
for a viewer is left out of the sentence (never "None"); an event of a kind not known here, or
of an odd shape, is told plainly (its kind and fields), never raised. What became of each order
line is `fates`, told from these sentences. The tellers are `narrate_move` (round 1 and the
set-up) and `narrate_combat` (round 2 and the end of the turn); imports only those and
`narrate_words`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from pbem.rules.speedband.narrate_combat import COMBAT_SENTENCES
from pbem.rules.speedband.narrate_move import MOVE_SENTENCES
from pbem.rules.speedband.narrate_words import Event, plain

SENTENCES: Mapping[str, Callable[[Event], str]] = {**MOVE_SENTENCES, **COMBAT_SENTENCES}


def reason_of(e: Event) -> str:
    return str(e.get("reason") or "").strip()


def sentence(e: Event) -> str:
    """One event as a sentence; an event of a kind this module does not know, or whose fields
    are of an unexpected shape, is listed plainly rather than lost."""
    teller = SENTENCES.get(str(e.get("kind")))
    if teller is None:
        return plain(e)
    try:
        return teller(e)
    except (AttributeError, IndexError, KeyError, OverflowError, TypeError, ValueError):
        return plain(e)


__all__ = ["SENTENCES", "Event", "reason_of", "sentence"]
