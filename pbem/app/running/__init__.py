"""The running judge: the sweep that `pbem serve` wakes, which processes the phases due,
sends reminders, pairs the league's next rounds, sends the outbox and keeps the retention
(sweep); the retention itself: mail kept whole only as long as it may be needed
(retention); and what the operator asks of a running judge (status).

The top layer: it may call every other package of pbem.app; nothing of pbem.app calls it.
"""
