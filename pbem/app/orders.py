"""Use-cases for orders: check them without storing, submit them (the latest submission of a
player for a phase replaces the earlier one; every submission is kept).

Whatever the text, the answer is a sentence: a JudgeError for text not taken at all, and a
refusal for each line the rules cannot read. Should the rules' checker itself fail on a
line (a defect of the judge), that line alone is refused and set aside, and the rest are
read without it; the fault is logged for the operator.

A layer of its own (pbem.app's docstring): it may call pbem.app.play and pbem.app.base.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, replace
from datetime import datetime
from functools import lru_cache
from typing import Any

from sqlalchemy.engine import Engine

from pbem.app.base import rulesets
from pbem.app.base.errors import JudgeError
from pbem.app.base.ordertext import (  # noqa: F401 - the limits and the reading, as before
    MAX_BYTES,
    MAX_LINES,
    LineAnswer,
    answer_lines,
    checked_sheet,
    decode,
)
from pbem.app.base.passwords import check_password
from pbem.app.play.games import require_game, utcnow
from pbem.rules.errors import NotCommandedError
from pbem.rules.interface import OrderSheet
from pbem.store import repo
from pbem.store.db import core_transaction, retrying, transaction

MAX_SUBMISSIONS = 200  # per player and phase: enough to correct, not to flood the store
LOG = logging.getLogger(__name__)


@dataclass(frozen=True)
class OrdersAnswer:
    game_id: str
    phase: str
    player: str
    side: str
    lines: tuple[LineAnswer, ...]
    stored: bool
    replaced_earlier: bool = False
    summary: tuple[str, ...] = ()  # where each of the sender's pieces stands after these lines
    paused: bool = False  # the game is paused: kept for the phase, played once it resumes
    title: str = ""  # the open phase for people ("Turn 3, red moves")

    @property
    def accepted(self) -> tuple[LineAnswer, ...]:
        return tuple(line for line in self.lines if line.status == "accepted")

    @property
    def refused(self) -> tuple[LineAnswer, ...]:
        return tuple(line for line in self.lines if line.status == "refused")

    def as_json(self) -> dict[str, Any]:
        return {"game": self.game_id, "phase": self.phase, "player": self.player,
                "side": self.side, "stored": self.stored,
                "replaced_earlier": self.replaced_earlier,
                "lines": [line.__dict__ for line in self.lines]}


def _effective(text: str, sheet: OrderSheet) -> str:
    """The text kept for resolution: lines for pieces another player of the side commands
    are blanked (line numbers stay), so they can never be carried out."""
    blank = {line.line_no for line in sheet.refused if isinstance(line.error, NotCommandedError)}
    if not blank:
        return text
    return "\n".join("" if number in blank else raw
                     for number, raw in enumerate(text.splitlines(), start=1))


@dataclass(frozen=True)
class _Checked:
    answer: OrdersAnswer
    effective: str


class _MissingContext(Exception):
    """No game, player or open phase: explained outside the transaction."""


MissingOrderContext = _MissingContext


@lru_cache(maxsize=64)
def _game_value(ruleset: str, phase_id: int, generation: int, state: str,
                ) -> rulesets.HostedGame:
    """A phase's starting value never changes: decode it once per process (the stored text
    is part of the key, so two databases can never mix their games up)."""
    return rulesets.load(ruleset, json.loads(state))


def _explain_missing(engine: Engine, game_id: str, player_name: str) -> JudgeError:
    """Why no game, player or open phase was found: the slow path, for refusals only."""
    with transaction(engine) as session:
        game = require_game(session, game_id)
        if repo.player(session, game_id, player_name) is None:
            return JudgeError(f"there is no player '{player_name}' in {game_id}")
        if game.status in ("over", "ended"):
            return JudgeError(f"{game_id} has ended; no orders are taken")
        return JudgeError(f"{game_id} has no phase open for orders")


def _check(session: Any, game_id: str, player_name: str, text: str, password: str | None,
           require_password: bool, phase_key: str | None,
           ) -> tuple[_Checked, repo.OrderContext]:
    context = repo.order_context(session, game_id, player_name)
    if context is None:
        raise _MissingContext
    if context.game_status == "forming":
        raise JudgeError(f"{game_id} has not started yet; its game master starts it when every "
                         "side has its players")
    if context.game_status in ("over", "ended"):
        raise JudgeError(f"{game_id} has ended; no orders are taken")
    if require_password and (password is None
                             or not check_password(password, context.password_hash)):
        raise JudgeError("the password is wrong; nothing was stored. Check the password in "
                         "your start-of-game message")
    if phase_key and phase_key.lower() != context.phase_key.lower():
        raise JudgeError(f"the open phase of {game_id} is {context.phase_key}; orders for "
                         f"{phase_key} are not taken now")
    hosted = _game_value(context.ruleset, context.phase_id, context.generation,
                         context.state_before)
    if context.side not in hosted.owes() and context.side not in hosted.may_send():
        # (never say who does owe: it may be a secret)
        raise JudgeError(f"the {context.side} side has nothing to order in the open phase "
                         f"({hosted.phase_title}); your next orders are due when a phase of "
                         "yours opens")
    # 15.2: on a side of several players each commands only the pieces on their own list,
    # whatever it holds (an empty list commands none); a lone player commands the whole side
    commands = (frozenset(g.upper() for g in json.loads(context.pieces))
                if context.side_players > 1 else None)
    sheet, faults, read = checked_sheet(hosted, context.side, text, commands, game_id)
    lines = answer_lines(sheet, faults)
    try:
        summary = rulesets.order_summary(hosted, context.side, lines, commands)
    except Exception:  # noqa: BLE001 - a defect of the rules costs the summary, not the orders
        LOG.exception("the rules failed summing up the orders of %s for %s", context.side,
                      game_id)
        summary = ()
    answer = OrdersAnswer(game_id, context.phase_key, context.player_name, context.side,
                          lines, False, summary=summary,
                          paused=context.game_status == "paused", title=hosted.phase_title)
    return _Checked(answer, _effective(read, sheet)), context


def check_orders(engine: Engine, game_id: str, player_name: str, text: str | bytes,
                 phase_key: str | None = None) -> OrdersAnswer:
    """What the judge would make of these orders now; nothing is stored."""
    decoded = decode(text)
    try:
        with core_transaction(engine) as connection:
            checked, _ = _check(connection, game_id, player_name, decoded, None, False,
                                phase_key)
    except _MissingContext:
        raise _explain_missing(engine, game_id, player_name) from None
    return checked.answer


def submit_orders(engine: Engine, game_id: str, player_name: str, text: str | bytes,
                  source: str = "cli", password: str | None = None,
                  phase_key: str | None = None, now: datetime | None = None) -> OrdersAnswer:
    """Check and store a player's orders for the open phase. Orders of which not one line can
    be accepted are not stored (an earlier submission stands)."""
    decoded = decode(text)
    now = now or utcnow()

    def work() -> OrdersAnswer:
        with core_transaction(engine) as session:
            return store_orders(session, game_id, player_name, decoded, source, now,
                                password=password, require_password=source == "mail",
                                phase_key=phase_key)

    try:
        return retrying(work)  # type: ignore[no-any-return]
    except _MissingContext:
        raise _explain_missing(engine, game_id, player_name) from None


def store_orders(connection: Any, game_id: str, player_name: str, decoded: str, source: str,
                 now: datetime, password: str | None = None, require_password: bool = False,
                 phase_key: str | None = None) -> OrdersAnswer:
    """Check and store orders in the caller's transaction (the mail gateway queues its reply
    in the same one). JudgeError for orders not taken at all; _MissingContext (a
    MissingOrderContext) when the game, player or open phase is missing."""
    checked, context = _check(connection, game_id, player_name, decoded, password,
                              require_password, phase_key)
    answer = checked.answer
    if not answer.accepted and answer.refused:
        return answer
    if context.earlier >= MAX_SUBMISSIONS:
        raise JudgeError(f"you have sent {context.earlier} sets of orders for this phase, "
                         "the most the judge keeps for one phase; your latest ones stand")
    # what resolution needs, and no more: the echo and reasons can be had again by
    # checking the raw text against the phase's stored start
    parsed = {"lines": [[line.line_no, line.piece, line.status] for line in answer.accepted],
              "effective": None if checked.effective == decoded else checked.effective}
    repo.store_submission(connection, context.phase_id, context.player_id, context.side,
                          decoded, json.dumps(parsed), source, now)
    return replace(answer, stored=True, replaced_earlier=context.earlier > 0)


def held_orders(connection: Any, game_id: str, player_name: str,
                raw: str) -> OrdersAnswer | None:
    """The orders the judge holds from a player (the raw text of their latest submission)
    checked again against the open phase's start, as they were when sent: which lines are
    held and which were refused, and the summary per piece (what the ORDERS command shows).
    None when the game, player or open phase is missing or the text is no longer taken."""
    try:
        checked, _ = _check(connection, game_id, player_name, raw, None, False, None)
    except (_MissingContext, JudgeError):
        return None
    return replace(checked.answer, stored=True)


def explain_missing(engine: Engine, game_id: str, player_name: str) -> JudgeError:
    return _explain_missing(engine, game_id, player_name)


def plan_scene_of(hosted: rulesets.HostedGame, answer: OrdersAnswer) -> Any:
    """The map of the paths as the judge understood them, from the phase's start."""
    return hosted.plan_scene(answer.side, [(line.piece, line.plan) for line in answer.accepted],
                             f"Orders of {answer.player} for {answer.phase}",
                             "as the judge understood them")


def plan_map(engine: Engine, answer: OrdersAnswer) -> tuple[str, bytes]:
    """A small map of the paths as the judge understood them (SVG and PNG): the side's own
    view of the open phase, with each accepted line's plan drawn as a trail; the PNG is
    framed on the plotted paths at a phone's width over the whole board small, as a report's
    map (pbem.render.frame), the SVG is the whole board."""
    from pbem.render.frame import phone_png
    from pbem.render.svg import write_svg

    with transaction(engine) as session:
        phase = repo.open_phase(session, answer.game_id)
        game = require_game(session, answer.game_id)
        if phase is None:
            raise JudgeError(f"{answer.game_id} has no open phase")
        hosted = rulesets.load(game.ruleset, json.loads(phase.state_before))
    scene = plan_scene_of(hosted, answer)
    return write_svg(scene), phone_png(scene)
