"""What a use-case says when it cannot do what was asked."""

from __future__ import annotations


class JudgeError(ValueError):
    """A refusal a person can read: what was wrong and what to do instead."""
