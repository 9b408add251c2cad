"""A real SMTP server on loopback (aiosmtpd) for the tests: it keeps every message it takes,
with its envelope, and can refuse chosen recipients for good (5xx) or for now (4xx)."""

from __future__ import annotations

import socket
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword


@dataclass(frozen=True)
class Received:
    mail_from: str
    rcpt_tos: tuple[str, ...]
    content: bytes  # the message exactly as it came over the wire
    tls: bool  # whether the session was encrypted when the message came


@dataclass
class Collector:
    """The server's handler. `refuse` maps a recipient to the whole answer to its RCPT,
    e.g. "550 5.1.1 No such mailbox here"."""

    received: list[Received] = field(default_factory=list)
    refuse: dict[str, str] = field(default_factory=dict)

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str,
                          rcpt_options: list[str]) -> str:
        if address in self.refuse:
            return self.refuse[address]
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        tls = session.ssl is not None  # after STARTTLS; implicit TLS shows on the transport
        tls = tls or server.transport.get_extra_info("ssl_object") is not None
        self.received.append(Received(envelope.mail_from, tuple(envelope.rcpt_tos),
                                      bytes(envelope.original_content), tls))
        return "250 Message accepted for delivery"


def free_port() -> int:
    """A loopback port nothing listens on (the kernel's choice, then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class SmtpServer:
    """An aiosmtpd server on 127.0.0.1:`port`, which can be stopped and started again on
    the same port (to play a server that is down for a while)."""

    def __init__(self, port: int | None = None, **options: Any) -> None:
        self.port = port or free_port()
        self.collector = Collector()
        self.options = options
        self._controller: Controller | None = None

    @property
    def received(self) -> list[Received]:
        return self.collector.received

    def start(self) -> SmtpServer:
        self._controller = Controller(self.collector, hostname="127.0.0.1", port=self.port,
                                      **self.options)
        self._controller.start()
        return self

    def stop(self) -> None:
        if self._controller is not None:
            self._controller.stop()
            self._controller = None


@pytest.fixture
def smtp_server() -> Iterator[SmtpServer]:
    server = SmtpServer().start()
    yield server
    server.stop()


@dataclass(frozen=True)
class Certificate:
    cert: Path
    key: Path


@pytest.fixture(scope="session")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> Certificate:
    """A self-signed certificate for 127.0.0.1, made with the openssl command."""
    folder = tmp_path_factory.mktemp("tls")
    cert, key = folder / "cert.pem", folder / "key.pem"
    try:
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
             "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
             "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        pytest.skip(f"cannot make a test certificate with the openssl command ({exc})")
    return Certificate(cert, key)


def authenticator(user: str, password: str) -> Any:
    """An aiosmtpd authenticator taking one user name and password."""

    def check(server: Any, session: Any, envelope: Any, mechanism: str,
              auth_data: Any) -> AuthResult:
        good = (isinstance(auth_data, LoginPassword) and auth_data.login == user.encode()
                and auth_data.password == password.encode())
        return AuthResult(success=good, handled=False)  # a refusal answered with 535

    return check
