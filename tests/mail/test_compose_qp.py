"""A text-only message's body in quoted-printable is the email package's, byte for byte
(issue 26: compose encodes it itself, as the package does but faster)."""

from __future__ import annotations

import binascii
import random
import re
from email import quoprimime

from pbem.mail import compose
from pbem.mail.compose import _LINE, _plain_text, _text_head, _text_part


def _package(text: str) -> bytes:
    """_plain_text as it was written on the package's own encoder (before issue 26)."""
    lines = text.encode("utf-8").splitlines()
    if max((len(line) for line in lines), default=0) <= _LINE and text.isascii():
        return _text_head("7bit") + b"\r\n" + b"\r\n".join(lines) + b"\r\n"
    sniff = b"\r\n".join(lines[:10]) + b"\r\n"
    quoted = quoprimime.body_encode(sniff.decode("latin-1"), _LINE)
    if len(quoted) > len(binascii.b2a_base64(sniff)):
        return _text_part(text, "plain").as_bytes()
    if len(lines) > 10:
        quoted = quoprimime.body_encode((b"\n".join(lines) + b"\n").decode("latin-1"), _LINE)
    wire = "\r\n".join(re.split(r"\r\n|\r|\n", quoted))
    return _text_head("quoted-printable") + ("\r\n" + wire).encode("ascii")


def _texts() -> list[str]:
    """Texts of every kind the encoder cuts differently: escapes, "=" and white space at and
    around the 78th column, long and empty lines, many code points, CR and LF, few and many
    lines, mostly ASCII (quoted-printable) and mostly not (base64)."""
    rng = random.Random(26)
    letters = [chr(code) for code in range(1, 400)] + ["—", "½", "€", "…", "Å", "\u2028"]
    pieces = ["=", " ", "\t", "½", "—", "a", "\r\n", "\n", "\r", "\x0b", "\x0c", "\x1c",
              "\x85", "=\n", " \n", "\t\n", "=>", "x" * 80]
    texts = ["", "a", "\n", "\r\n", " ", "=", "a \n", "a\t", "=" * 200, " " * 200, "½",
             "\n\n½\n\n", "½" * 200, "x" * 77 + " \n", "x" * 76 + " \n", "x" * 78 + " \n",
             "x" * 79 + "\t\n", "x" * 75 + "=" + "y" * 10, "x" * 76 + "=" + "y" * 10,
             "x" * 77 + "=" + "y" * 10]
    for width in range(70, 160):
        for end in (" ", "\t", "=", "½", "a", "=½", " ½"):
            texts.append("x" * width + end + "\n")
            texts.append("½\n" * (width % 13) + "x" * width + end)
    for _ in range(4000):
        count = rng.randrange(1, 80)
        ascii_only = rng.random() < 0.8
        texts.append("".join(
            rng.choice(pieces) if rng.random() < 0.35 else
            (chr(rng.randrange(32, 127)) if ascii_only else rng.choice(letters))
            * rng.randrange(1, 40) for _ in range(count)))
    return texts


def test_plain_text_is_the_packages() -> None:
    kinds = set()
    for text in _texts():
        made = _plain_text(text)
        assert made == _package(text), text
        kinds.add(made.split(b"Content-Transfer-Encoding: ", 1)[1][:6])
    assert kinds == {b"7bit\r\n", b"quoted", b"base64"}


def test_the_reply_of_an_order_mail() -> None:
    text = ("The judge's answer to your mail.\n\nbench — orders received for build (4.2).\n\n"
            + "  line 5  A: trireme catapult archer 2 bp  =>  a trireme, capacity 2½ of 5; 54 "
            "BP, 66 of 120 left\n" * 12 + "Status: the open phase is Build (4.2). " * 4)
    assert b"quoted-printable" in _plain_text(text)
    assert _plain_text(text) == _package(text)
    assert compose._quoted_printable([b"a"]) == ("a\n", len("a\n"))
