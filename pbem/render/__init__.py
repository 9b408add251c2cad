"""Renderers: turn what the rules engine reports into text for people. Imports only rules."""
