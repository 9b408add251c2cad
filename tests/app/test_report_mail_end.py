"""Issue 23 §2: the end mail says how anyone can check the dice without installing the
judge: the revealed seed, its commitment, and what to compute. This test follows the final
report's own words with nothing but hashlib and hmac, and gets the rolls the judge stored."""

from __future__ import annotations

import hashlib
import hmac
import json
import re
from pathlib import Path

from sqlalchemy.engine import Engine

from pbem.app import gm
from pbem.app.mailin import mailgate
from pbem.store import repo
from pbem.store.db import transaction
from tests.app.helpers import PLAYERS, new_demo_game
from tests.app.test_report_mail_kit import START, play_by_mail, report_mails, settings_in


def _rolls_as_told(seed: bytes, dice_name: str, phase: str, sizes: list[int]) -> list[int]:
    """The rolls of a phase computed as the end mail says, die by die."""
    rolls: list[int] = []
    counter = 0
    pool: list[int] = []
    for sides in sizes:
        while True:
            if not pool:
                text = f"{dice_name}\x00{phase}\x00{counter}".encode()
                pool = list(hmac.new(seed, text, hashlib.sha256).digest())
                counter += 1
            byte = pool.pop(0)
            if byte < 256 - 256 % sides:
                rolls.append(byte % sides + 1)
                break
    return rolls


def test_the_end_mail_tells_how_to_check_every_roll_without_the_judge(
        engine: Engine, tmp_path: Path) -> None:
    settings = settings_in(tmp_path)
    new_demo_game(engine)
    play_by_mail(engine, settings, "g1", 6, PLAYERS)  # to turn 1's combat, which rolls
    gm.end(engine, "g1", None)
    raw = (b"From: Hanno <hanno@example.org>\r\nTo: judge@example.net\r\nSubject: report\r\n"
           b"Message-ID: <end.1@players.example>\r\n\r\nSIGNON g1 Hanno secret-h\r\nREPORT\r\n")
    mailgate.receive(engine, raw, "inject", settings, START)
    final = report_mails(engine, settings)[-1]
    text = " ".join(final.text.split())  # the rows are wrapped to the mail's width
    assert final.to == "hanno@example.org" and "final report" in final.subject
    assert "pbem " not in text  # no command line in a player's mail
    seed_hex = re.search(r"Seed \(revealed\) ([0-9a-f]+)", text)
    commitment = re.search(r"Commitment ([0-9a-f]{64}): the SHA-256 of the seed's bytes", text)
    told = re.search(r'HMAC-SHA256 keyed with the seed\'s bytes of the text "([^"]+)", a zero '
                     r'byte, the phase\'s name \(the last was "([^"]+)"\), a zero byte and a '
                     r"counter written in digits, 0 then 1", text)
    assert seed_hex and commitment and told, text
    seed = bytes.fromhex(seed_hex.group(1))
    assert hashlib.sha256(seed).hexdigest() == commitment.group(1)
    assert "a die of N sides reads a byte b below 256 - (256 mod N) as b mod N + 1" in text
    with transaction(engine) as session:
        last = [p for p in repo.phases(session, "g1") if p.status == "resolved"][-1]
        stored = json.loads(last.dice_log or "[]")
    assert last.key == told.group(2) and stored  # the last phase rolled dice
    sizes = [entry[2] if len(entry) == 3 else 6 for entry in stored]
    assert _rolls_as_told(seed, told.group(1), told.group(2), sizes) == [e[1] for e in stored]
