"""Issue 25 item 14: nothing in `--help` points at files an installed judge does not have.
Every command's help (the parser of pbem/cli/main.py, walked over every noun and verb) is
read for a source or document file (a name ending .py or .md) and for a path into the
checkout's folders (data/scenarios/*.toml, orders/demo, deploy/...): a wheel's user has
neither (the demo's orders are inside the installed package)."""

from __future__ import annotations

import argparse
import re

from pbem.cli.main import build_parser

REPOSITORY_FILE = re.compile(r"[\w*.-]+\.(?:py|md)\b|\b[\w*.-]+/[\w*./-]*\.toml\b"
                             r"|(?<![\w/.])(?:orders|deploy|docs|tests|templates|shared)/[\w*./-]*")


def _helps(parser: argparse.ArgumentParser, path: str) -> list[tuple[str, str]]:
    """Each command's whole --help text, by the command line that shows it."""
    found = [(path, parser.format_help())]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                found += _helps(child, f"{path} {name}")
    return found


def test_no_help_names_a_file_of_the_repository() -> None:
    helps = _helps(build_parser(), "pbem")
    assert len(helps) > 40  # every noun and verb was walked
    named = [f"{command} --help: {match.group()}" for command, text in helps
             for match in REPOSITORY_FILE.finditer(" ".join(text.split()))]
    assert not named, "help texts that name files of the repository:\n" + "\n".join(named)


def test_the_check_finds_what_it_looks_for() -> None:
    for text in ("timing (each optional; pbem/timing.py)", "see shared/rules/cases.md",
                 "a scenario (TOML, as data/scenarios/*.toml)", "the README.md says",
                 "the example game of orders/demo", "(default: orders/demo)"):
        assert REPOSITORY_FILE.search(text), text
    for text in ("a game.toml in the folder", "e.g. build=7d,movement=48h", "pbem rules list",
                 "Europe/London", "2026-12-24T18:00+00:00", "default ./data/pbem.sqlite",
                 "check or submit a player's orders"):
        assert not REPOSITORY_FILE.search(text), text


def test_no_document_of_a_newcomer_points_outside_the_repository() -> None:
    """Issue 25 item 14: the README, the deploy kit's README and the players' order references
    name no file of the rule texts' folder, which a clone of the repository does not have."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    documents = [root / "README.md", root / "deploy" / "README.md",
                 *sorted((root / "orders").glob("*.md"))]
    assert len(documents) >= 7
    outside = re.compile(r"(?:\.\./|\bshared/)[\w./-]*|\b[\w-]+-rulings\.md\b|\bcases(?:-open-table)?\.md\b"
                         r"|\bopen-table-core\.md\b")
    named = [f"{path.relative_to(root)}: {match.group()}" for path in documents
             for match in outside.finditer(path.read_text(encoding="utf-8"))]
    assert not named, "documents that name files outside the repository:\n" + "\n".join(named)
