"""A test run leaves the checkout as it found it (issue 25 item 11): the judge's settings are
taken out of the environment and PBEM_DATA points into the temporary folder, so a command a test
runs in the repository's root (as tests/test_startup.py does) writes nothing into ./data; the
session's end compares the checkout's files with those at its start (tests/conftest.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT, _checkout_files


def test_the_judge_a_test_runs_keeps_its_data_outside_the_checkout() -> None:
    data = Path(os.environ["PBEM_DATA"]).resolve()
    assert not data.is_relative_to(ROOT.resolve())
    assert not [name for name in os.environ if name.startswith("PBEM_")
                and name not in ("PBEM_DATA",) and not name.startswith("PBEM_TEST_")]
    before = _checkout_files()
    for command in (["db", "upgrade"], ["game", "new", "clean-check", "--player",
                                     "Ann,ann@example.org,blue", "--player", "Bo,bo@example.org,red"]):
        made = subprocess.run([sys.executable, "-m", "pbem.cli.main", *command], cwd=ROOT,
                              capture_output=True, text=True, timeout=120)
        assert made.returncode == 0, made.stderr
    assert (data / "pbem.sqlite").is_file()
    after = _checkout_files()
    assert not [name for name in after if name.startswith("data") and before.get(name) != after[name]]
