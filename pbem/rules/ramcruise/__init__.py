"""The ram / cruise / strategic galley rules (shared/rules/002, played as
shared/rules/ram-cruise-rulings.md): the third rule system, an open-table plug-in.

Being built (see the build plan): `classes` (§3), `switches` (§22), `state`, `fleet` (§4),
`scenario` (§20) and `notation` (§19) so far. It has no `host.py` and no entry point yet, so
the judge does not offer it until it plays.
"""
