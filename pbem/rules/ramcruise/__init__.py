"""The ram / cruise / strategic galley rules (shared/rules/002, played as
shared/rules/ram-cruise-rulings.md): the third rule system, an open-table plug-in.

Built so far (see the build plan): `classes` (§2 footprints, §3), `switches` (§22), `state`,
`fleet` (§4), `rows` (ship and side rows of the case format), `scenario` (§20), `orders` (the
typed orders) and `notation` (§19, reading them). It has no `host.py` and no entry point yet, so
the judge does not offer it until it plays.
"""
