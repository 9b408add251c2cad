"""`pbem bench store` as a user runs it (a real subprocess): beside the submission figures
it prints the bytes a game takes before and after the retention, with the floor (the game's
own rows). The figures are printed, never judged here; their shape and counts are."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # the bench itself, in a process of its own

ROOT = Path(__file__).resolve().parent.parent


def test_bench_store_prints_the_bytes_a_game_takes_past_the_retention(tmp_path: Path) -> None:
    env = {**os.environ, "PBEM_DATA": str(tmp_path / "data")}
    env.pop("PBEM_DATABASE_URL", None)
    done = subprocess.run([sys.executable, "-m", "pbem.cli.main", "bench", "store", "--json",
                           "--count", "8", "--phases", "2", "--dir", str(tmp_path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    for kept in ("submissions_per_s", "floor_per_s", "ratio", "phases_per_s"):
        assert figures[kept] > 0
    assert figures["phases_played"] == 2 and figures["mails_delivered"] == 4
    assert figures["retention_days"] == 30
    # the delivered reports' bodies went; what is left is the game and the mail's records
    assert figures["game_rows_bytes"] <= figures["bytes_per_game"]
    assert figures["bytes_per_game"] < figures["bytes_before_retention"]
    assert figures["size_ratio"] >= 1
