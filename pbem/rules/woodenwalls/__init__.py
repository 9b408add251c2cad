"""Wooden Walls (shared/rules/003_6f2764ab46a732e1.txt, played as
shared/rules/wooden-walls-rulings.md says): the fifth rule system, being built (issue 22; the
plan is docs/woodenwalls-plan.md). Not registered as a ruleset until its plug-in is whole."""
