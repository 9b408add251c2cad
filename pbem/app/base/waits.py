"""A player's WAIT (as njudge has it): a player still thinking, or whose latest orders had
refused lines, keeps an early-processing game from resolving the open phase before its
deadline. Kept in the player's settings (PlayerRow.settings, JSON) as
{"wait": <phase key>, "wait_why": "asked" | "refused"}; a wait for another phase than the
open one means nothing, so a new phase starts with nobody waiting.

- WAIT sets it ("asked"); NOWAIT clears it, whatever set it;
- orders with refused lines set it ("refused"), unless the player asked to wait already;
- orders with no refused line clear a wait the refusals set, never one the player asked for.

Pure reading and writing of one row's settings (the caller's transaction stores it); the
sweep's readiness asks `waits` (pbem.app.play calls it), the mail commands set and clear it.
"""

from __future__ import annotations

import json
from typing import Any

from pbem.store.models import PlayerRow

ASKED, REFUSED = "asked", "refused"


def _settings(player: PlayerRow) -> dict[str, Any]:
    try:
        found = json.loads(player.settings or "{}")
    except (TypeError, ValueError):
        return {}
    return found if isinstance(found, dict) else {}


def waits(player: PlayerRow, phase_key: str) -> bool:
    """Whether the player holds the open phase `phase_key` back from early processing."""
    return bool(phase_key) and _settings(player).get("wait") == phase_key


def why(player: PlayerRow, phase_key: str) -> str:
    """ASKED, REFUSED, or "" when the player does not wait for this phase."""
    settings = _settings(player)
    if settings.get("wait") != phase_key:
        return ""
    return REFUSED if settings.get("wait_why") == REFUSED else ASKED


def set_wait(player: PlayerRow, phase_key: str, reason: str = ASKED) -> None:
    """The player waits for `phase_key`; a wait the player asked for is never turned into
    one the refusals set."""
    settings = _settings(player)
    if reason == REFUSED and why(player, phase_key) == ASKED:
        return
    settings["wait"], settings["wait_why"] = phase_key, reason
    player.settings = json.dumps(settings, sort_keys=True)


def clear_wait(player: PlayerRow, only: str | None = None) -> bool:
    """The player no longer waits (with `only`, only a wait set for that reason); whether a
    wait was cleared."""
    settings = _settings(player)
    if "wait" not in settings or (only is not None and settings.get("wait_why", ASKED) != only):
        return False
    settings.pop("wait", None)
    settings.pop("wait_why", None)
    player.settings = json.dumps(settings, sort_keys=True)
    return True
