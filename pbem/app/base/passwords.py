"""Player passwords: salted scrypt (memory-hard), never stored in clear.

A long-running judge (a Maildir or IMAP poll, the LMTP listener) checks the same player's
password again and again; scrypt costs tens of milliseconds each time. A process keeps,
for each stored hash that a password matched, an HMAC of that password under a random key
made when the process started (never written anywhere), and a later check of the same
password against the same hash compares those in constant time. Only right passwords are
kept, so every wrong guess still pays the whole scrypt; a changed password has a new hash
and is checked afresh."""

from __future__ import annotations

import hashlib
import hmac
import secrets

_PROCESS_KEY = secrets.token_bytes(32)
_MATCHED: dict[str, bytes] = {}  # stored hash -> HMAC of the password that matched it
_MATCHED_MOST = 4096

N, R, P = 2**14, 8, 1


def hash_password(password: str) -> str:
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, n=N, r=R, p=P, dklen=32)
    return f"scrypt${N}${R}${P}${salt.hex()}${digest.hex()}"


def check_password(password: str, stored: str) -> bool:
    tag = hmac.new(_PROCESS_KEY, password.encode(), hashlib.sha256).digest()
    known = _MATCHED.get(stored)
    if known is not None and hmac.compare_digest(known, tag):
        return True
    if not _scrypt_matches(password, stored):
        return False
    if len(_MATCHED) >= _MATCHED_MOST:
        _MATCHED.clear()
    _MATCHED[stored] = tag
    return True


def remembered(password: str, stored: str) -> bool:
    """Whether this process already knows that the password matches the hash: then checking
    it costs no scrypt."""
    known = _MATCHED.get(stored)
    tag = hmac.new(_PROCESS_KEY, password.encode(), hashlib.sha256).digest()
    return known is not None and hmac.compare_digest(known, tag)


def _scrypt_matches(password: str, stored: str) -> bool:
    try:
        kind, n, r, p, salt, digest = stored.split("$")
    except ValueError:
        return False
    if kind != "scrypt":
        return False
    computed = hashlib.scrypt(password.encode(), salt=bytes.fromhex(salt), n=int(n), r=int(r),
                              p=int(p), dklen=len(digest) // 2)
    return hmac.compare_digest(computed.hex(), digest)


def new_password() -> str:
    return secrets.token_urlsafe(9)
