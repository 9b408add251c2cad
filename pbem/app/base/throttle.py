"""The budget of password hashes: how many sign-ons (a player's, a game master's, an old
invitation's code) the judge checks by their scrypt hash for an address and a game."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from pbem.store import repo

HASH_WINDOW_MINUTES = 10
HASHES_PER_SENDER = 30  # password hashes spent on one sender's sign-ons in the window
HASHES_PER_GAME = 60  # ... on one game's, from addresses that are not the player's own


def may_hash(session: Any, sender: str, game_id: str, own: bool, now: datetime) -> bool:
    """Whether the judge may spend a password hash on this sender's sign-on now. From the
    signing player's (or game master's) own address, always: five wrong ones in an hour
    lock that address, so the hashes are bounded, and a stranger forging other blocks in
    that address's name cannot use up its budget. From any other address: so many per
    sender in a window, and so many per game."""
    if own:  # bounded by the lockout of the address (five an hour); never spent by others
        return True
    window = timedelta(minutes=HASH_WINDOW_MINUTES)
    if not repo.claim_throttle(session, f"hash:sender:{sender.lower()}", now,
                               HASHES_PER_SENDER, window):
        return False
    return bool(repo.claim_throttle(session, f"hash:game:{game_id.lower()}", now,
                                    HASHES_PER_GAME, window))
