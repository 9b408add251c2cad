"""Use-cases: the only place that opens transactions. Mail, scheduler and CLI call these.

They stack in layers, each importing only those below it and never a sibling of its own
layer (import-linter in pyproject.toml; tests/test_app_layers_issue19.py):

    running > mailin | league > reports | gm | orders > play > mailout > base

- running: the running judge: the sweep `pbem serve` wakes (in steps: guards, scan, act,
  sending, workers), the retention, `pbem status`.
- mailin: mail in as a pipeline of small steps (intake, auth, blocks, gmmail, unsigned,
  answers; mailgate runs them) and the mail commands.
- league: the club league: entries, rounds, the season, results and ratings, its pages,
  records.
- reports: what people read: reports, briefings, the archive, and the bytes of queued mail.
- gm: the game master's tools (a module): deadlines, processing, pauses, rollbacks.
- orders: orders checked and submitted (a module).
- play: games and phases: a game's life, invitations, processing a phase, the audit.
- mailout: every message the judge sends, as the use-cases queue it: reports' and
  briefings' jobs, notices, replies, reports sent again, press (mail in, the league and the
  game master send only through its functions).
- base: what every use-case may call: errors, rulesets, passwords and the hash budget,
  names, timing, and the shared look-ups (the clock, require_game, effective_text).
"""
