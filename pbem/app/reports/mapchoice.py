"""Which map a player's report mail carries, a setting each player makes by mail
(`SET MAP svg|png|none`) and the judge keeps in the player's settings (PlayerRow.settings,
key "map"): the PNG inline in the HTML part by default, the SVG besides it on request, or
no map at all. An absent or unreadable setting is the default."""

from __future__ import annotations

import json
from typing import Any

MAP_KEY = "map"
DEFAULT_MAP = "png"
MAP_CHOICES = {
    "png": "the map as a picture inside the report (the default)",
    "svg": "the picture inside the report and the scalable SVG map attached",
    "none": "no map: the report's text alone",
}


def _settings(player: Any) -> dict[str, Any]:
    try:
        stored = json.loads(player.settings or "{}")
    except (TypeError, ValueError):
        return {}
    return stored if isinstance(stored, dict) else {}


def map_choice(player: Any) -> str:
    """The player's map setting: png, svg or none (png when unset or not one of them)."""
    chosen = _settings(player).get(MAP_KEY, DEFAULT_MAP)
    return chosen if chosen in MAP_CHOICES else DEFAULT_MAP


def set_map_choice(player: Any, value: str) -> str:
    """Keep the player's map setting (the caller commits the row) and say what it now is, as
    a sentence for the answer to SET MAP; raises ValueError, saying the choices, for a word
    that is not one of them."""
    chosen = value.strip().lower()
    if chosen not in MAP_CHOICES:
        raise ValueError(f"{value.strip()[:40]!r} is not a map setting; write SET MAP "
                         f"followed by one of {', '.join(MAP_CHOICES)}")
    stored = _settings(player)
    stored[MAP_KEY] = chosen
    player.settings = json.dumps(stored, sort_keys=True)
    return f"your reports will carry {MAP_CHOICES[chosen]}."
