"""A real IMAP server on loopback for the tests: pymap with its in-memory "dict" backend,
run in-process on an event loop of its own thread, listening on 127.0.0.1 (a free port).

pymap's own tests drive its IMAPServer through a mock transport; here the same server
object serves a real socket, the way `pymap dict` does from the command line (its
IMAPService), but on a port the kernel chooses and with one user and an empty INBOX.

    with ImapServer() as server:        # plain IMAP (no STARTTLS offered)
        with server.client() as client: # an IMAPClient logged in as the one user
            client.append("INBOX", raw)
    ImapServer(certificate=...)         # STARTTLS offered, and required before LOGIN
    ImapServer(certificate=..., implicit_tls=True)   # TLS from the first byte (IMAPS)
    ImapServer(keywords=False)          # pymap's own INBOX: system flags only, no keywords

pymap's dict backend keeps only the system flags (its PERMANENTFLAGS has no \\*), as some
servers do; by default the INBOX here keeps keywords too, as Dovecot or Cyrus do.
"""

from __future__ import annotations

import asyncio
import ssl
import threading
from argparse import Namespace
from collections.abc import Iterator
from concurrent.futures import Future
from contextlib import AsyncExitStack, contextmanager
from pathlib import Path
from types import TracebackType
from typing import Any

from imapclient import IMAPClient  # type: ignore[import-untyped, unused-ignore]
from proxyprotocol.reader import ProxyProtocolReader
from pymap.backend.dict import Config, DictBackend, Login
from pymap.backend.dict.filter import FilterSet
from pymap.backend.dict.mailbox import MailboxData, MailboxSet
from pymap.imap import IMAPServer
from pymap.parsing.specials.flag import Flag, Wildcard
from pysasl.hashing import BuiltinHash

USER = "judge@club.example"
PASSWORD = "galleys-ahoy"
START_TIMEOUT = 10.0


class _Config(Config):
    @property
    def greeting(self) -> bytes:  # pymap's own asks the resolver for our name (slow, offline)
        return b"Server ready"


class _KeywordMailbox(MailboxData):
    @property
    def permanent_flags(self) -> frozenset[Flag]:
        return super().permanent_flags | {Wildcard}  # any keyword may be set and kept


class ImapServer:
    def __init__(self, *, certificate: tuple[Path, Path] | None = None,
                 implicit_tls: bool = False, keywords: bool = True) -> None:
        self.certificate = certificate
        self.implicit_tls = implicit_tls
        self.keywords = keywords
        self.port = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._stopped: asyncio.Event | None = None

    def _tls_context(self) -> ssl.SSLContext | None:
        if self.certificate is None:
            return None
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(*self.certificate)
        return context

    async def _serve(self, ready: Future[int]) -> None:
        tls = self._tls_context()
        args = Namespace(host="127.0.0.1", port=0, debug=False, cert=None, key=None,
                         tls=tls is not None and not self.implicit_tls, passlib_cfg=None,
                         proxy_protocol=None, demo_data=False, demo_user=USER,
                         demo_password=PASSWORD)
        overrides: dict[str, Any] = {
            "hash_context": BuiltinHash(hash_name="sha1", salt_len=0, rounds=1),
            "invalid_user_sleep": 0.0, "reject_dnsbl": False}
        if tls is not None:
            overrides["ssl_context"] = tls
        config = _Config.from_args(args, **overrides)
        login = Login(config)
        await DictBackend._add_demo_user(config, login)  # our one user, empty INBOX
        config.apply_context()
        if self.keywords:
            mailboxes = MailboxSet()
            mailboxes._inbox = _KeywordMailbox(mailboxes._content_cache, mailboxes._thread_cache)
            config.set_cache[USER] = (mailboxes, FilterSet())
        callback = ProxyProtocolReader(config.proxy_protocol).get_callback(
            IMAPServer(login, config))
        async with AsyncExitStack() as stack:
            server = await asyncio.start_server(callback, host="127.0.0.1", port=0,
                                                ssl=tls if self.implicit_tls else None)
            await stack.enter_async_context(server)
            self._stopped = asyncio.Event()
            ready.set_result(int(server.sockets[0].getsockname()[1]))
            await self._stopped.wait()

    def start(self) -> ImapServer:
        ready: Future[int] = Future()

        def run() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            try:
                loop.run_until_complete(self._serve(ready))
            except BaseException as exc:  # the test thread must hear of it
                if not ready.done():
                    ready.set_exception(exc)
            finally:
                loop.close()

        self._thread = threading.Thread(target=run, name="pymap", daemon=True)
        self._thread.start()
        self.port = ready.result(timeout=START_TIMEOUT)
        return self

    def stop(self) -> None:
        if self._loop is not None and self._stopped is not None:
            self._loop.call_soon_threadsafe(self._stopped.set)
        if self._thread is not None:
            self._thread.join(START_TIMEOUT)
        self._thread = self._loop = self._stopped = None

    def __enter__(self) -> ImapServer:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.stop()

    @contextmanager
    def client(self) -> Iterator[Any]:
        """An IMAPClient logged in as the one user: the test's own hands on the mailbox."""
        context = None
        if self.certificate is not None:
            context = ssl.create_default_context(cafile=self.certificate[0])
        with IMAPClient("127.0.0.1", self.port, ssl=self.implicit_tls, ssl_context=context,
                        timeout=START_TIMEOUT) as client:
            if context is not None and not self.implicit_tls:
                client.starttls(context)
            client.login(USER, PASSWORD)
            yield client
