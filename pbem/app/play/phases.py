"""Use-cases for phases: process one exactly once, or preview it without saving.

Processing claims the open phase, resolves it with the game's seeded dice, stores the result,
opens the next phase and writes the journal, all in one transaction: two processes can never
resolve the same phase, and a crash leaves it open, never half-resolved.

A preview rolls dice of its own (a key derived from the seed with a label, so no roll of the
phase is ever shown before its orders are final): its outcome is one the phase could have,
not the one it will have.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy.engine import Engine

from pbem.app.base import rulesets, waits
from pbem.app.base.errors import JudgeError
from pbem.app.base.shared import effective_text, require_game, utcnow
from pbem.app.base.timing import next_deadline, vacations_of
from pbem.app.mailout.queue import queue_reports
from pbem.app.play import games
from pbem.rules.dice import SeededDice, log_entries
from pbem.rules.events import Event
from pbem.rules.interface import PhaseResult
from pbem.store import repo
from pbem.store.db import retrying, snapshot, transaction
from pbem.store.models import GameRow, PhaseRow

LOG = logging.getLogger(__name__)


@dataclass(frozen=True)
class Processed:
    game_id: str
    key: str
    events: tuple[dict[str, Any], ...]
    refused: tuple[tuple[str, str], ...]
    next_key: str
    winner: str | None
    happened: tuple[str, ...] = ()  # the ruleset's sentence for each event that has one
    # (neither compared: a preview of a phase that rolls no dice equals its processing)
    rolls: tuple[int, ...] = field(default=(), compare=False)  # the dice rolled, in order
    note: str = field(default="", compare=False)  # what to know of it (a preview says so)

    def as_json(self) -> dict[str, Any]:
        return {"game": self.game_id, "phase": self.key, "events": list(self.events),
                "refused": [list(r) for r in self.refused], "next": self.next_key,
                "winner": self.winner, "happened": list(self.happened),
                **({"note": self.note} if self.note else {})}


PREVIEW_NOTE = "the dice of this preview are not the phase's: the rolls will differ"


def _narration(after: rulesets.HostedGame, events: tuple[dict[str, Any], ...]) -> tuple[str, ...]:
    return tuple(text for text in (after.narrate(e) for e in events) if text)


def dice_for(game: GameRow, key: str) -> SeededDice:
    return SeededDice(seed=bytes.fromhex(game.seed), game=game.dice_name, phase=key)


def preview_dice_for(game: GameRow, key: str) -> SeededDice:
    """Dice for previewing phase `key`: keyed by HMAC of the seed with a label of their own,
    so they are as random as the phase's but independent of them (a preview reveals none
    of the rolls the phase will have), and the same for every preview of it."""
    seed = hmac.new(bytes.fromhex(game.seed), b"pbem preview dice", hashlib.sha256).digest()
    return SeededDice(seed=seed, game=game.dice_name, phase=key)


def stored_orders(session: Any, phase: PhaseRow) -> list[tuple[str, str]]:
    """The current submissions in the order received, as (side, effective text)."""
    return [(row.side, effective_text(row)) for row in repo.submissions(session, phase.id or 0)]


def resolve_stored(game: GameRow, phase: PhaseRow, orders: list[tuple[str, str]]
             ) -> tuple[rulesets.HostedGame, PhaseResult, SeededDice]:
    after, result, dice, _ = _resolve(game, phase, orders)
    return after, result, dice


def _resolve(game: GameRow, phase: PhaseRow, orders: list[tuple[str, str]],
             dice: SeededDice | None = None
             ) -> tuple[rulesets.HostedGame, PhaseResult, SeededDice, rulesets.HostedGame]:
    hosted = rulesets.load(game.ruleset, json.loads(phase.state_before))
    dice = dice if dice is not None else dice_for(game, phase.key)
    taken = set(hosted.owes()) | set(hosted.may_send())
    after, result, _ = hosted.play([(s, t) for s, t in orders if s in taken], dice)
    return after, result, dice, hosted


def _assign_pieces(session: Any, game_id: str, phase: PhaseRow, before: rulesets.HostedGame,
                   result: PhaseResult) -> None:
    """Who commands which pieces after the phase, as the ruleset says (a side of several players):
    the host only stores each player's list."""
    players = list(repo.players(session, game_id))
    accepted: dict[int, list[str]] = {}
    for row in repo.submissions(session, phase.id or 0):
        accepted[row.player_id] = [line[1] for line in json.loads(row.parsed)["lines"]
                                   if line[2] == "accepted"]
    changed = before.commanders_after(
        [(p.id or 0, p.side, tuple(json.loads(p.pieces))) for p in players], accepted, result)
    for player in players:
        if (player.id or 0) in changed:
            player.pieces = json.dumps(list(changed[player.id or 0]))
            session.add(player)


def _needs_no_mail(before: rulesets.HostedGame, after: rulesets.HostedGame,
                   events: tuple[Event, ...], side: str, sent_orders: bool) -> bool:
    """Whether a phase is folded into a player's next report instead of mailed alone: the
    game goes on, the phase did not wait for the player's orders and they sent none, they
    owe none for the next phase and are shown none of its events, so a report would tell
    them nothing they could act on."""
    return (not after.over and side not in before.owes() and not sent_orders
            and side not in after.owes() and not after.view_events(events, side))


def _folded_before(session: Any, game: GameRow, phase: PhaseRow,
                   player: Any) -> list[list[str]]:
    """The phases resolved before `phase` since the player's last report was mailed (those
    folded for them, oldest first), each as [key, title]."""
    folded: list[list[str]] = []
    earlier = sorted((p for p in repo.phases(session, game.id)
                      if p.status == "resolved" and p.seq < phase.seq),
                     key=lambda p: p.seq, reverse=True)
    for row in earlier:
        try:
            after = rulesets.load(game.ruleset, json.loads(row.state_after or "{}"))
            played = rulesets.load(game.ruleset, json.loads(row.state_before))
        except Exception:  # noqa: BLE001 - an unreadable old phase ends the search
            break
        events = tuple(Event(e["kind"], tuple((k, v) for k, v in e.items() if k != "kind"))
                       for e in json.loads(row.events or "[]"))
        sent = any(s.player_id == player.id for s in repo.submissions(session, row.id or 0))
        if not _needs_no_mail(played, after, events, player.side, sent):
            break
        folded.insert(0, [row.key, played.phase_title])
    return folded


def _queue_phase_reports(session: Any, mail: Any, game: GameRow, phase: PhaseRow,
                         before: rulesets.HostedGame, after: rulesets.HostedGame,
                         events: tuple[Event, ...], now: datetime) -> None:
    """Queue the reports of a resolved phase: one for each player it tells something they
    can act on (always the last phase's, always the one asking a player for orders), each
    naming the phases folded into it since that player's last, and the game master's."""
    sent = {row.player_id for row in repo.submissions(session, phase.id or 0)}
    chosen, since = [], {}
    for player in repo.players(session, game.id):
        if _needs_no_mail(before, after, events, player.side, player.id in sent):
            continue
        chosen.append(player)
        since[player.id or 0] = _folded_before(session, game, phase, player)
    queue_reports(session, mail, game.id, phase.key, now, phase.generation,
                  phase_title=before.phase_title, final=after.over, players=chosen,
                  since=since, gm_email=game.gm_email)


def phase_seen(engine: Engine, game_id: str) -> tuple[int, str] | None:
    """The open phase as committed now (its row id and key), read without waiting for a
    writer: what a processing command saw when it started."""
    with snapshot(engine) as session:
        phase = repo.open_phase(session, game_id)
        return None if phase is None else (phase.id or 0, phase.key)


def process_phase(engine: Engine, game_id: str, expected_key: str | None = None,
                  now: datetime | None = None, mail: Any = None,
                  skip_locked: bool = False) -> Processed:
    """Resolve the open phase of a game exactly once and open the next. Only the phase open
    when this call began (and, given `expected_key`, only that one): a phase opened meanwhile
    by another judge is never resolved by a call that started before it existed. Given the
    mail settings (`mail`), each player's report is queued in the same transaction."""
    now = now or utcnow()
    seen = phase_seen(engine, game_id)
    seen_id = seen[0] if seen else None
    expected_key = expected_key or (seen[1] if seen else None)

    def work() -> Processed:
        with transaction(engine) as session:
            if skip_locked:  # another judge at work on this game: leave it to that one
                locked = repo.lock_game(session, game_id, skip_locked=True)
                if locked is None:
                    raise JudgeError(f"{game_id} is being processed by another judge")
            game = require_game(session, game_id, lock=True)
            if game.status != "active":
                raise JudgeError(f"{game_id} is {game.status}; no phase can be processed")
            phase = repo.open_phase(session, game_id)
            if phase is None or phase.id != seen_id or phase.key != expected_key:
                raise JudgeError(f"{expected_key or 'the phase'} of {game_id} has already been "
                                 "processed (by another judge since this one began); nothing "
                                 "more was done")
            if not repo.claim(session, phase.id or 0):
                raise JudgeError(f"{phase.key} of {game_id} has already been processed")
            orders = stored_orders(session, phase)
            after, result, dice, before = _resolve(game, phase, orders)
            events = tuple(e.as_dict() for e in result.events)
            phase.status = "resolved"
            phase.state_after = json.dumps(after.to_json())
            phase.events = json.dumps(events)
            phase.refused = json.dumps([list(r) for r in result.rejected])
            phase.dice_log = json.dumps(log_entries(dice.log))  # [purpose, value(, sides)]
            phase.resolved_at = now
            session.add(phase)
            _assign_pieces(session, game_id, phase, before, result)
            if after.over:
                game.status = "over"
                game.winner = after.winner
                game.current_key = "over"
            else:
                game.current_key = after.key
                repo.add(session, PhaseRow(
                    game_id=game_id, seq=phase.seq + 1,
                    # a play's generation is unique for its place and its phase (reports
                    # are keyed by phase and generation; games.next_generation)
                    generation=games.next_generation(session, game_id, phase.seq + 1,
                                                     after.key),
                    key=after.key, status="open",
                    deadline=next_deadline(game, after.phase.kind, now, phase.deadline,
                                           vacations_of(session, game_id)),
                    state_before=json.dumps(after.to_json()), opened_at=now,
                ))
            session.add(game)
            if mail is not None:
                _queue_phase_reports(session, mail, game, phase, before, after,
                                     result.events, now)
            repo.journal_append(session, game_id, "phase_resolved", {
                "phase": phase.key, "events": len(events), "rolls": len(dice.log),
                "next": game.current_key, "winner": game.winner,
                # the chain commits to exactly which orders were adjudicated
                "orders": [[row.side, row.player_id, row.received_at.isoformat(),
                            hashlib.sha256(row.raw.encode()).hexdigest()]
                           for row in repo.submissions(session, phase.id or 0)],
            }, now)
            return Processed(game_id, phase.key, events, result.rejected, game.current_key,
                             game.winner, _narration(after, events),
                             tuple(r.value for r in dice.log))

    return retrying(work)  # type: ignore[no-any-return]


def preview_phase(engine: Engine, game_id: str) -> Processed:
    """What processing the open phase now could give, without saving anything, rolled with
    the preview's own dice (preview_dice_for), never the phase's: its note says so."""
    with transaction(engine) as session:
        game = require_game(session, game_id)
        phase = repo.open_phase(session, game_id)
        if phase is None:
            raise JudgeError(f"{game_id} has no open phase")
        after, result, dice, _ = _resolve(game, phase, stored_orders(session, phase),
                                          preview_dice_for(game, phase.key))
        events = tuple(e.as_dict() for e in result.events)
        return Processed(game_id, phase.key, events, result.rejected,
                         after.key if not after.over else "over", after.winner,
                         _narration(after, events), tuple(r.value for r in dice.log),
                         PREVIEW_NOTE)


def due_games(engine: Engine, now: datetime | None = None) -> list[tuple[str, str]]:
    """Active games whose open phase has passed its deadline: (game, phase key)."""
    now = now or utcnow()
    found = []
    with snapshot(engine) as session:
        for game in repo.games(session):
            if game.status != "active":
                continue
            phase = repo.open_phase(session, game.id)
            if phase is not None and phase.deadline is not None and phase.deadline <= now:
                found.append((game.id, phase.key))
    return found


def ready_games(engine: Engine) -> list[tuple[str, str]]:
    """Active games whose open phase has every order it waits for: each player of each side
    that owes orders has sent some (rulings §10, 15.2) and none of them waits (WAIT by mail,
    or orders with refused lines not yet confirmed; pbem.app.base.waits). (game, phase key).
    A game whose stored phase cannot be read counts as ready, so that processing it reports
    the fault. The deadline plays a phase whoever waits (due_games does not ask)."""
    found = []
    with snapshot(engine) as session:
        for game in repo.games(session):
            if game.status != "active":
                continue
            phase = repo.open_phase(session, game.id)
            if phase is None:
                continue
            try:
                owing = set(rulesets.load(game.ruleset, json.loads(phase.state_before)).owes())
            except Exception:  # noqa: BLE001 - one broken game must not hide the others
                found.append((game.id, phase.key))
                continue
            sent = {row.player_id for row in repo.submissions(session, phase.id or 0)}
            waiting = [p for p in repo.players(session, game.id) if p.side in owing
                       and (p.id not in sent or waits.waits(p, phase.key))]
            if not waiting:
                found.append((game.id, phase.key))
    return found


@dataclass(frozen=True)
class SweepOutcome:
    """What became of one due phase in a sweep: processed, skipped (a refusal, e.g. another
    judge was first) or failed (a fault in that game; the others went on)."""

    game_id: str
    key: str
    status: str  # processed | skipped | failed
    processed: Processed | None = None
    reason: str = ""

    def as_json(self) -> dict[str, Any]:
        if self.processed is not None:
            return {**self.processed.as_json(), "status": self.status}
        return {"game": self.game_id, "phase": self.key, "status": self.status,
                "reason": self.reason}


def process_due(engine: Engine, ready: bool = False, now: datetime | None = None,
                mail: Any = None) -> list[SweepOutcome]:
    """Process every phase past its deadline (and with `ready`, every phase whose orders are
    all in), each game on its own: a fault in one game is logged with the game and phase,
    reported in the outcome, and the sweep goes on with the next."""
    due = due_games(engine, now)
    if ready:
        due += [item for item in ready_games(engine) if item not in due]
    outcomes = []
    for game_id, key in due:
        try:
            outcomes.append(SweepOutcome(game_id, key, "processed",
                                         process_phase(engine, game_id, key, now, mail)))
        except JudgeError as exc:  # processed meanwhile by another judge, or paused
            outcomes.append(SweepOutcome(game_id, key, "skipped", reason=str(exc)))
        except Exception as exc:  # noqa: BLE001 - the next game must still be processed
            LOG.exception("processing %s of %s failed", key, game_id)
            outcomes.append(SweepOutcome(
                game_id, key, "failed",
                reason=f"{type(exc).__name__}: {exc}".splitlines()[0][:300]))
    return outcomes
