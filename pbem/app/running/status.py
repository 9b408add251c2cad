"""What the operator asks of a running judge (`pbem status`): games by state, phases past
their deadline and the players they wait for, the outbox, the quarantine, the last sweep and
the games and steps the sweep cannot do, and whether it holds for a clock that jumped, read
in one snapshot that never takes SQLite's
write lock."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy.engine import Engine
from sqlmodel import Session

from pbem.app.base import rulesets
from pbem.store import repo
from pbem.store.db import snapshot

GAME_STATES = ("active", "paused", "over", "ended")
MAIL_OUT_STATES = ("queued", "sent", "failed", "held")
UNFINISHED_AFTER = timedelta(minutes=10)  # a mail stored "new" this long ago was never handled
SWEEP = "sweep"  # the judge_state key the sweep writes
FAULTS = "sweep_faults"  # and the one where it keeps the games and steps that fail
HOLD = "sweep_hold"  # and the one that says it holds, its clock having jumped


def _utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _when(moment: datetime | None) -> str | None:
    return None if moment is None else _utc(moment).isoformat()


def _counts(found: dict[str, int], names: tuple[str, ...]) -> dict[str, int]:
    """Rows by state: every name in `names` (0 when none), then any other state found."""
    return {**{name: 0 for name in names}, **found}


def _open_phases(session: Session,
                 problems: list[str]) -> list[tuple[str, str, int, str, datetime | None]]:
    """Each active game's open phase (its latest, as repo.open_phase reads it): game, ruleset,
    phase id, key, deadline; the phases' stored states are not read here. On SQLite the
    deadline is read as text and parsed here, so that one damaged row is told in `problems`
    (its game left out) instead of hiding every other."""
    rows = repo.gameplay.active_open_phases(session)
    latest: dict[str, tuple[str, str, int, str, datetime | None]] = {}
    for game_id, ruleset, phase_id, key, deadline in rows:
        if game_id in latest:
            continue
        if isinstance(deadline, str):
            try:
                deadline = datetime.fromisoformat(deadline)
            except ValueError:
                problems.append(f"{game_id} {key}: the stored deadline {deadline[:40]!r} "
                                "is not a time")
                latest[game_id] = (game_id, ruleset, phase_id, key, None)
                continue
        latest[game_id] = (game_id, ruleset, phase_id, key, deadline)
    return list(latest.values())


def _late(session: Session, game_id: str, ruleset: str, phase_id: int, key: str,
          deadline: str | None) -> list[dict[str, Any]]:
    """The players of the sides the phase waits for who have sent no orders for it."""
    state = repo.gameplay.phase_state_before(session, phase_id)
    owing = set(rulesets.load(ruleset, json.loads(state)).owes())
    sent = repo.gameplay.phase_senders(session, phase_id)
    return [{"game": game_id, "phase": key, "player": player.name, "side": player.side,
             "deadline": deadline}
            for player in repo.players(session, game_id)
            if player.side in owing and player.id not in sent]


def _paused(session: Session, problems: list[str]) -> list[dict[str, Any]]:
    """Each paused game, its open phase and the players it waits for (those of the sides the
    phase owes orders from who have sent none): how many, and who."""
    found: list[dict[str, Any]] = []
    for game in repo.games(session):
        if game.status != "paused":
            continue
        phase = repo.open_phase(session, game.id)
        if phase is None:
            found.append({"game": game.id, "phase": None, "waiting_for": [], "count": 0})
            continue
        try:
            waiting = _late(session, game.id, game.ruleset, phase.id or 0, phase.key, None)
        except Exception as exc:  # noqa: BLE001 - one broken game must not hide the others
            problems.append(f"{game.id} {phase.key}: the stored phase cannot be read "
                            f"({type(exc).__name__}: {exc})")
            continue
        found.append({"game": game.id, "phase": phase.key,
                      "waiting_for": [f"{p['player']} ({p['side']})" for p in waiting],
                      "count": len(waiting)})
    return found


def _sweep_age(last: dict[str, Any] | None, now: datetime) -> float | None:
    if not last or not isinstance(last.get("at"), str):
        return None
    try:
        at = _utc(datetime.fromisoformat(last["at"]))
    except ValueError:
        return None
    return round((now - at).total_seconds(), 3)


def judge_status(engine: Engine, now: datetime) -> dict[str, Any]:
    """The judge at `now` (UTC; a naive time is taken as UTC), as plain JSON values: games
    by state; phases due and late players (active games only); `paused`: each paused game,
    its open phase and the players it waits for (`count` of them); the outbox by state and its
    oldest queued mail; the quarantine and the mail stored but never handled; the last
    sweep and how long ago it ended; `faults`: the games and steps the last sweeps could not
    do (step, game, phase, error, since), until they work again. `problems`: games whose open
    phase cannot be read here. `held`: None, or the sweep holding because its clock jumped
    (now, last_sweep: the last good sweep's time, direction: forward or back, limit, since)."""
    now = _utc(now)
    due: list[dict[str, Any]] = []
    late: list[dict[str, Any]] = []
    problems: list[str] = []
    with snapshot(engine) as session:
        games = _counts(repo.gameplay.games_by_status(session), GAME_STATES)
        for game_id, ruleset, phase_id, key, deadline in _open_phases(session, problems):
            if deadline is None or _utc(deadline) > now:
                continue
            when = _when(deadline)
            due.append({"game": game_id, "phase": key, "deadline": when})
            try:
                late.extend(_late(session, game_id, ruleset, phase_id, key, when))
            except Exception as exc:  # noqa: BLE001 - one broken game must not hide the others
                problems.append(f"{game_id} {key}: the stored phase cannot be read "
                                f"({type(exc).__name__}: {exc})")
        paused = _paused(session, problems)
        mail = _counts(repo.mail.outbox_by_state(session), MAIL_OUT_STATES)
        oldest = repo.mail.oldest_queued(session)
        quarantined = repo.mail.count_incoming(session, "quarantined")
        unfinished = repo.mail.count_incoming(session, "new",
                                              received_before=now - UNFINISHED_AFTER)
        last_sweep = repo.judge_state(session, SWEEP)
        faults = _faults(repo.judge_state(session, FAULTS))
        held = repo.judge_state(session, HOLD)
    due.sort(key=lambda phase: (phase["deadline"], phase["game"]))
    late.sort(key=lambda player: (player["deadline"], player["game"]))
    return {
        "now": now.isoformat(),
        "games": games,
        "phases_due": due,
        "late_players": late,
        "paused": paused,
        "mail": {**mail, "oldest_queued": _when(oldest)},
        "quarantine": {"quarantined": int(quarantined), "unfinished": int(unfinished)},
        "last_sweep": last_sweep,
        "sweep_age_s": _sweep_age(last_sweep, now),
        "held": held,
        "faults": faults,
        "problems": problems,
    }


def _faults(stored: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The sweep's faults as stored, each with the same keys (a damaged record shown as
    far as it can be read)."""
    found = stored.get("faults", []) if isinstance(stored, dict) else []
    return [{name: record.get(name) for name in ("step", "game", "phase", "error", "since")}
            for record in found if isinstance(record, dict)]
