"""Use-cases that check a game: recompute it from its stored orders and seed, check the
journal's hash chain, and let anyone recompute the dice once the seed is revealed."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.engine import Engine

from pbem.app.base import rulesets
from pbem.app.base.errors import JudgeError
from pbem.app.base.shared import require_game
from pbem.app.play.phases import resolve_stored, stored_orders
from pbem.rules.dice import DiceError, check_sides, log_entries, read_log, seeded_rolls_by_size
from pbem.store import repo
from pbem.store.db import transaction


@dataclass(frozen=True)
class Verdict:
    game_id: str
    phases_checked: int
    journal_entries: int
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.problems


def verify_game(engine: Engine, game_id: str) -> Verdict:
    """Replay every resolved phase from its stored orders and the seed and compare with what
    was stored; check that each phase starts where the one before ended, and the journal."""
    problems: list[str] = []
    with transaction(engine) as session:
        game = require_game(session, game_id)
        phases = list(repo.phases(session, game_id))
        checked = 0
        previous_after: str | None = None
        for phase in phases:
            if previous_after is not None and phase.state_before != previous_after:
                problems.append(f"{phase.key} does not start where the phase before it ended")
            if phase.status == "resolving":
                problems.append(f"{phase.key} was left half-resolved")
            if phase.status != "resolved":
                previous_after = None
                continue
            after, result, dice = resolve_stored(game, phase, stored_orders(session, phase))
            checked += 1
            if after.to_json() != _stored_value(game.ruleset, phase.state_after):
                problems.append(f"{phase.key}: the stored result differs from the replay")
            if json.dumps(tuple(e.as_dict() for e in result.events)) != phase.events:
                problems.append(f"{phase.key}: the stored events differ from the replay")
            if json.dumps(log_entries(dice.log)) != phase.dice_log:
                problems.append(f"{phase.key}: the stored dice differ from the seed's")
            previous_after = phase.state_after
        open_phases = [p for p in phases if p.status == "open"]
        if len(open_phases) > 1:
            problems.append("more than one phase is open")
        if game.status == "active" and not open_phases:
            problems.append("the game is active but no phase is open")
        entries = repo.journal(session, game_id)
        problems.extend(repo.journal_breaks(entries))
        archived = repo.phases(session, game_id, archived=True)
        replaced = [p for p in repo.players(session, game_id, active_only=False) if not p.active]
        problems.extend(_journal_gaps(entries, game.status, archived, len(replaced)))
    return Verdict(game_id, checked, len(entries), tuple(problems))


def _stored_value(ruleset: str, text: str | None) -> dict[str, Any] | None:
    """A stored game value as its ruleset writes it today (values stored before the codec
    carried its format number compare equal to their replay)."""
    try:
        return rulesets.load(ruleset, json.loads(text or "")).to_json()
    except (ValueError, KeyError, TypeError):
        return None


def _journal_gaps(entries: Sequence[Any], status: str, phases: Sequence[Any],
                  replaced: int) -> list[str]:
    """What the chain alone cannot show: entries cut off its end. Every resolved phase (also
    one archived by a roll back), every replaced player and the game's status must each have
    their entry."""
    problems = []
    kinds = [entry.kind for entry in entries]
    if not kinds or kinds[0] != "game_created":
        problems.append("the journal does not begin with the game's creation")
    resolved = Counter(p.key for p in phases if p.resolved_at is not None)
    logged = Counter(json.loads(e.data).get("phase", "") for e in entries
                     if e.kind == "phase_resolved")
    if resolved != logged:
        missing = [p.key for p in phases if (resolved - logged)[p.key] > 0]
        problems.append(f"the journal records {logged.total()} resolved phases but "
                        f"{resolved.total()} were resolved (missing: "
                        f"{', '.join(dict.fromkeys(missing)) or 'none; some are extra'})")
    if kinds.count("player_replaced") != replaced:
        problems.append(f"the journal records {kinds.count('player_replaced')} replaced "
                        f"players but {replaced} were replaced")
    last_status = next((k for k in reversed(kinds) if k in STATUS_ENTRIES), None)
    if status in ("paused", "ended") and last_status != status:
        problems.append(f"the journal does not record that the game is {status}")
    return problems


STATUS_ENTRIES = ("paused", "resumed", "ended", "rollback")


@dataclass(frozen=True)
class DiceVerdict:
    game_id: str
    seed: str
    commitment_ok: bool
    rolls_checked: int
    problems: tuple[str, ...]


def verify_dice(engine: Engine, game_id: str) -> DiceVerdict:
    """Once a game is over its seed is public: recompute every roll of every phase from it."""
    with transaction(engine) as session:
        game = require_game(session, game_id)
        if game.status not in ("over", "ended"):
            raise JudgeError(f"{game_id} is still being played; its seed stays secret until it "
                             f"ends. Its commitment is {game.seed_commitment}")
        seed = bytes.fromhex(game.seed)
        commitment_ok = hashlib.sha256(seed).hexdigest() == game.seed_commitment
        problems = [] if commitment_ok else ["the seed does not match the commitment"]
        count = 0
        for phase in repo.phases(session, game_id, archived=True):
            if not phase.dice_log:
                continue
            try:
                rolls = read_log(json.loads(phase.dice_log))
            except (DiceError, TypeError, ValueError) as exc:
                problems.append(f"{phase.key} (generation {phase.generation}): the stored dice "
                                f"log cannot be read: {exc}")
                continue
            # Each roll again on its own die; a log stored before dice had sizes is all d6.
            stored = [roll.value for roll in rolls]
            again = seeded_rolls_by_size(seed, game.dice_name, phase.key, [roll.sides for roll in rolls])
            count += len(stored)
            if stored != again:
                problems.append(f"{phase.key} (generation {phase.generation}): the stored "
                                "rolls are not the seed's")
        return DiceVerdict(game_id, game.seed, commitment_ok, count, tuple(problems))


def rolls_from_seed(seed_hex: str, dice_name: str, phase: str, count: int,
                    sizes: Sequence[int] | None = None) -> list[int]:
    """The first `count` rolls of a phase, for a player checking a published seed: each on its
    die in `sizes` (a number of sides each, as many as `count`), all d6 when none are given."""
    try:
        seed = bytes.fromhex(seed_hex)
    except ValueError:
        raise JudgeError("the seed is written as hexadecimal digits (0-9, a-f)") from None
    dice = [6] * count if sizes is None else list(sizes)
    if len(dice) != count:
        raise JudgeError(f"give one die size for each roll: {count} rolls but {len(dice)} sizes")
    try:
        return seeded_rolls_by_size(seed, dice_name, phase, [check_sides(sides) for sides in dice])
    except DiceError as exc:
        raise JudgeError(f"{exc}; write sizes as numbers of sides, e.g. 6,100,10") from None
