"""The bottom layer of the use-cases: small pieces that every use-case may call and that call
no use-case. The refusal every use-case raises (errors), the ruleset registry (rulesets),
passwords and the password-hash budget (passwords, throttle), names and addresses (names),
deadlines and vacations (timing), and the shared look-ups (shared: the clock, a game or a
refusal naming it, the effective text of a submission).

It may call pbem.rules (through rulesets), pbem.store, pbem.mail's pure parts,
pbem.deadlines and pbem.timing; nothing else of pbem.app.
"""
