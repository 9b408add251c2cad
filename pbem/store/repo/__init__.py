"""Queries and writes, one function each; the use-cases own the transactions they run in.

The SQL of every aggregate lives in a module of its own: `gameplay` (games, sides, players,
phases, submissions, the journal, the judge's own state), `mail` (mail in and out, press),
`guards` (wrong passwords and lockouts, throttles, notices), `leagues` (leagues, seasons,
rounds, ratings) and `running` (what the sweep scans and draws); `_base` holds what they
share. This package re-exports the public names `repo`
had before the split, so `repo.<name>` keeps working for every caller written then, and a
test that replaces `repo.<name>` still reaches the use-cases that call it that way. New
code should call the aggregate module (`repo.mail.queue_mail(...)`, or import the module);
names added since the split are found there only.

The modules are not called `games` or `league`: those are functions of this package, and a
submodule of the same name would take (or lose) that attribute of the package."""

from __future__ import annotations

from pbem.store.repo import gameplay, guards, leagues, mail, running
from pbem.store.repo._base import add
from pbem.store.repo.gameplay import (
    GENESIS,
    OrderContext,
    claim,
    game,
    games,
    is_current,
    journal,
    journal_append,
    journal_breaks,
    judge_state,
    latest_submission,
    lock_game,
    next_generation,
    open_phase,
    order_context,
    phases,
    player,
    players,
    set_judge_state,
    sides,
    store_submission,
    submissions,
)
from pbem.store.repo.guards import (
    LOCKOUT_FAILURES,
    LOCKOUT_WINDOW,
    claim_lockout_notice,
    claim_mail_notice,
    claim_throttle,
    gm_locked_out_until,
    locked_out_until,
    login_failures_since,
    record_gm_failure,
    record_login_failure,
)
from pbem.store.repo.leagues import (
    latest_ratings,
    league,
    league_game_of,
    league_games,
    league_rounds,
    rating_history,
    running_seasons,
    season,
    season_players,
)
from pbem.store.repo.mail import (
    GIVE_UP_AFTER,
    MAIL_IN_STATES,
    MAIL_KINDS,
    MAIL_SOURCES,
    RETRY_FIRST,
    RETRY_MOST,
    claim_due_mail,
    copies,
    copies_handled,
    due_mail,
    envelope,
    find_incoming,
    forget_incoming,
    incoming,
    mark_failed,
    mark_incoming,
    mark_retry,
    mark_sent,
    outbox_rows,
    press,
    queue_mail,
    retry_delay,
    store_incoming,
    store_made,
    store_press,
    trim_incoming,
)

__all__ = [
    "GENESIS", "GIVE_UP_AFTER", "LOCKOUT_FAILURES", "LOCKOUT_WINDOW", "MAIL_IN_STATES",
    "MAIL_KINDS", "MAIL_SOURCES", "OrderContext", "RETRY_FIRST", "RETRY_MOST", "add", "claim",
    "claim_due_mail", "claim_lockout_notice", "claim_mail_notice", "claim_throttle", "copies",
    "copies_handled", "due_mail", "envelope", "find_incoming", "forget_incoming", "game",
    "gameplay", "games", "guards", "gm_locked_out_until", "incoming", "is_current", "journal",
    "journal_append", "journal_breaks", "judge_state", "latest_ratings", "latest_submission",
    "league", "league_game_of", "league_games", "league_rounds", "leagues", "lock_game",
    "locked_out_until", "login_failures_since", "mail", "mark_failed", "mark_incoming",
    "mark_retry", "mark_sent", "next_generation", "open_phase", "order_context", "outbox_rows",
    "phases", "player", "players", "press", "queue_mail", "rating_history", "record_gm_failure",
    "record_login_failure", "retry_delay", "running", "running_seasons", "season", "season_players",
    "set_judge_state", "sides", "store_incoming", "store_made", "store_press", "store_submission",
    "submissions", "trim_incoming",
]
