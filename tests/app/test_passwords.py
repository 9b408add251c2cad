"""Passwords: salted scrypt; a process remembers right passwords only, keyed by hash."""

from __future__ import annotations

import pytest

from pbem.app.base import passwords
from pbem.app.base.passwords import check_password, hash_password


def test_a_password_matches_only_its_own_hash() -> None:
    one, two = hash_password("oars-and-sails"), hash_password("oars-and-sails")
    assert one != two  # salted
    assert check_password("oars-and-sails", one) and check_password("oars-and-sails", two)
    assert not check_password("oars-and-sail", one)
    assert not check_password("", one) and not check_password("x", "not a hash")


def test_a_remembered_password_is_checked_without_scrypt_and_a_wrong_one_never_is(
        monkeypatch: pytest.MonkeyPatch) -> None:
    stored = hash_password("trireme-42")
    assert check_password("trireme-42", stored)
    calls = []
    real = passwords._scrypt_matches

    def counted(password: str, hashed: str) -> bool:
        calls.append(password)
        return real(password, hashed)

    monkeypatch.setattr(passwords, "_scrypt_matches", counted)
    assert check_password("trireme-42", stored) and calls == []  # remembered
    assert not check_password("trireme-43", stored) and calls == ["trireme-43"]
    assert not check_password("trireme-43", stored) and len(calls) == 2  # never remembered
    other = hash_password("trireme-42")  # the same password, a new hash: checked afresh
    assert check_password("trireme-42", other) and calls[-1] == "trireme-42"
    assert "trireme-42" not in repr(passwords._MATCHED)  # only keyed digests are kept
