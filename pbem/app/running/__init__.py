"""The running judge: the sweep that `pbem serve` wakes, which processes the phases due,
sends reminders, pairs the league's next rounds, sends the outbox and keeps the retention
(sweep: the order of its steps, the guard around each, its faults remembered); its steps:
the clock and outage guards (guards), the read-only scan of what each game needs now (scan),
the pass over each game that needs something (act), the outbox sent (sending) with its mail
drawn in worker processes (workers), and what they share (shared); the retention itself:
mail kept whole only as long as it may be needed (retention); and what the operator asks of
a running judge (status).

The top layer: it may call every other package of pbem.app; nothing of pbem.app calls it.
"""
