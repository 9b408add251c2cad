"""`pbem dice verify --seed ... --sizes`: published rolls of any die recomputed from a seed
(issue 21; speed-band rulings §19)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pbem.rules.dice import seeded_rolls_by_size

ROOT = Path(__file__).resolve().parents[1]
SEED = "0badc0de"


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PBEM_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("PBEM_DATABASE_URL", raising=False)


def pbem(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pbem.cli.main", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, env=dict(os.environ))


def verify(rolls: str, *more: str) -> subprocess.CompletedProcess[str]:
    return pbem("dice", "verify", "--seed", SEED, "--dice-name", "g", "--phase", "T1-r1", "--rolls", rolls,
                *more)


def test_published_rolls_of_several_dice_verify_by_size_and_not_as_d6() -> None:
    values = seeded_rolls_by_size(bytes.fromhex(SEED), "g", "T1-r1", [100, 10, 6])
    rolls = ",".join(map(str, values))
    done = verify(rolls, "--sizes", "100,10,6", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"ok": True, "rolls": values, "sizes": [100, 10, 6]}
    as_d6 = verify(rolls, "--json")                       # without sizes every roll is a d6
    assert as_d6.returncode == 1 and json.loads(as_d6.stdout)["sizes"] == [6, 6, 6]


def test_bad_sizes_are_a_sentence() -> None:
    done = verify("3,1", "--sizes", "6,x")
    assert done.returncode != 0
    assert "--sizes takes whole numbers separated by commas, e.g. 6,100,10" in done.stderr
    short = verify("3,1", "--sizes", "6")
    assert short.returncode != 0 and "give one die size for each roll: 2 rolls but 1 sizes" in short.stderr
