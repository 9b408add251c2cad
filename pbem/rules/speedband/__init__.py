"""The speed-band percentile rules (shared/rules/001, played as
shared/rules/speed-band-rulings.md): the fourth rule system, an open-table plug-in.

Built so far (see the build plan, docs/speedband-plan.md): `shiptypes` (§2.1 ship table, band
ladder, turns per band, row shifts), `switches` (§23 and §16's opt_*), `state` (§2.2 and the
game's frozen position), `scenario` (§18 and free set-up), `orders` and `notation` (§21),
`bands` (§3.1, §3.2, §4's missing-orders speed, §16's row shifts), `paths` (§3.3 path
legality), `rows` (the case format's ship, player and front rows), `initiative` (§5),
`ramming` (§7.2 chance, §7.5 damage, zones by §1.1), `missiles` (§12.1 ranges, §12.2 chart,
§16's opt_missile_speed), `melee` (§13.3 one round's numbers) and `victory` (§17). It has no
`host.py` or entry point yet, so the judge does not offer it until it plays.
"""
