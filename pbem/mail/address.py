"""What the judge takes as a mail address: one it can write to without SMTPUTF8, i.e. a
dot-atom local part and a domain of two labels or more, in ASCII."""

from __future__ import annotations

import re

_ATOM = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+"
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
ADDRESS = re.compile(rf"{_ATOM}(?:\.{_ATOM})*@{_LABEL}(?:\.{_LABEL})+")
MAX_ADDRESS = 254


def writable(address: str) -> bool:
    return len(address) <= MAX_ADDRESS and ADDRESS.fullmatch(address) is not None
