"""Every section of the ram-cruise rulings (§1-§22) has at least one rules case, named by its
section (issue 20), and each is run by `pbem rules case` through the registered plug-in."""

from __future__ import annotations

from pathlib import Path

from pbem.cases import run_case

CASES = sorted((Path(__file__).parents[2] / "cases" / "ram-cruise").glob("*.toml"))


def test_every_section_of_the_rulings_has_a_case() -> None:
    sections = {path.name.split("_")[0].split(".")[0] for path in CASES}
    missing = [str(number) for number in range(1, 23) if str(number) not in sections]
    assert missing == [], f"no ram-cruise case for §{', §'.join(missing)}"


def test_the_host_runs_a_case_through_the_registered_plug_in() -> None:
    # the host's runner finds the ruleset by the case's `ruleset` key (pbem rules case FILE)
    result = run_case(next(p for p in CASES if p.name.startswith("9.2")))
    assert result.passed, result.errors
