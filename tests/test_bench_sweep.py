"""`pbem bench sweep` as a user runs it: a real subprocess with a few games due at once.
The figures are printed, never judged here; their shape and counts are."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


# it runs a whole bench of sweeps
# (make test and CI run it, make test-fast does not)
pytestmark = pytest.mark.slow


def test_bench_sweep_prints_seconds_by_number_of_games_due(tmp_path: Path) -> None:
    env = {**os.environ, "PBEM_DATA": str(tmp_path / "data")}
    env.pop("PBEM_DATABASE_URL", None)
    done = subprocess.run([sys.executable, "-m", "pbem.cli.main", "bench", "sweep", "--json",
                           "--games", "4,8", "--dir", str(tmp_path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert set(figures["sweep_s"]) == {"4", "8"}
    assert all(seconds > 0 for seconds in figures["sweep_s"].values())
    assert figures["ratio"] > 0 and figures["workers"] >= 1
    assert set(figures["next_sweep_s"]) == {"4", "8"}
    # every due phase resolved, and both players' reports with maps delivered
    assert figures["games"] == {"4": 4, "8": 8}
    assert figures["reports"] == {"4": 8, "8": 16}
    assert figures["queued_after"] == {"4": 0, "8": 0} and figures["failed"] == {"4": 0, "8": 0}
    assert figures["reports_after_next"] == figures["reports"]  # nothing left to send
    assert list(tmp_path.iterdir()) == []  # the scratch folder is removed afterwards
