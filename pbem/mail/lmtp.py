"""Mail from the MTA over LMTP (`LmtpListener`, `serve_lmtp`): the MTA delivers over a socket,
one connection for many messages. The handler runs once per message (whatever the number of
recipients), in a pool of `LMTP_WORKERS` threads: the event loop stays free, and a message
slow to handle does not hold up the others (so the handler must be safe to call from several
threads at once). After DATA every accepted recipient gets its own reply (RFC 2033): 250 when
handled, 451 when not (the MTA keeps the message and retries); never 5xx for the judge's own
trouble. The handler gets `Return-Path: <envelope sender>` CRLF (the final delivery agent's
line, RFC 5321 4.4, as Postfix's local delivery and Dovecot write it; `<>` marks a bounce)
followed by the message exactly as the MTA sent it, dot-stuffing undone: CRLF line ends. A
recipient `accept` says is not ours gets 550 at RCPT (`accept_only` makes the check for a
list of addresses); a message over `LMTP_SIZE_LIMIT` (the reader's 25 MiB less room for the
Return-Path line) gets 552. Memory is bounded: beyond `LMTP_CONNECTIONS` connections at once a
new one is answered 421 and closed, and a message that would take the bytes in hand (handed
to the pool, not yet done) beyond `LMTP_MEMORY_BUDGET` is answered 452 for every recipient,
so the MTA tries it later. At most, then, the listener holds the budget plus what its
connections are receiving.

It owns the listener, its bounds and its replies; the handler contract (`Transient`) is
pbem.mail.sources's, the only module of pbem it calls.
"""

from __future__ import annotations

import functools
import logging
import signal
import socket
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from types import FrameType, TracebackType
from typing import TYPE_CHECKING, Any, AnyStr

from pbem.mail.sources import Handler, Transient

if TYPE_CHECKING:
    from aiosmtpd.controller import Controller
    from aiosmtpd.lmtp import LMTP
    from aiosmtpd.smtp import Envelope, Session

# asyncio and aiosmtpd are imported where used: importing this module loads neither (~80 ms)

LOG = logging.getLogger(__name__)

LMTP_PORT = 8024
MESSAGE_SIZE_LIMIT = 25 * 1024 * 1024  # pbem.mail.bounds.MAX_BYTES: larger is refused there
RETURN_PATH_ROOM = 1024  # the Return-Path line put before the message (a long address fits)
LMTP_SIZE_LIMIT = MESSAGE_SIZE_LIMIT - RETURN_PATH_ROOM
LMTP_WORKERS = 4  # messages handled at once
LMTP_CONNECTIONS = 8  # MTA connections at once; more are answered 421
LMTP_MEMORY_BUDGET = 4 * MESSAGE_SIZE_LIMIT  # bytes of messages in hand at once; more: 452
DELIVERED = "250 2.0.0 Ok"
DEFERRED = "451 4.3.0 The judge cannot take mail just now; try again later"
BUSY = "452 4.3.1 The judge has too much mail in hand just now; try again later"
TOO_MANY = "421 4.3.2 Too many connections to the judge just now; try again later"


def accept_only(addresses: Iterable[str]) -> Callable[[str], bool]:
    """A recipient check taking these addresses only: the whole address, in any case."""
    ours = frozenset(address.strip().lower() for address in addresses)
    if not ours:
        raise ValueError("the LMTP listener needs at least one address to take mail for")

    def accept(address: str) -> bool:
        return address.strip().lower() in ours
    return accept


class _Delivery:
    """aiosmtpd's handler: which recipients are ours, and what became of each message. It
    also keeps the count of connections and of the bytes in hand (on the event loop only,
    so with no lock)."""

    def __init__(self, handle: Handler, accept: Callable[[str], bool],
                 worker: ThreadPoolExecutor, max_connections: int, memory_budget: int) -> None:
        self.handle, self.accept, self.worker = handle, accept, worker
        self.max_connections, self.memory_budget = max_connections, memory_budget
        self.connections = 0
        self.in_hand = 0  # bytes of the messages handed to the pool and not yet done

    async def handle_RCPT(self, server: LMTP, session: Session, envelope: Envelope,
                          address: str, rcpt_options: list[str]) -> str:
        try:
            ours = self.accept(address)
        except Exception:
            LOG.exception("the LMTP recipient check failed on %r", address)
            return DEFERRED
        if not ours:
            return f"550 5.1.1 <{address}>: no such mailbox at the judge"
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 Ok"

    async def handle_DATA(self, server: LMTP, session: Session, envelope: Envelope) -> str:
        sender = envelope.mail_from or ""
        sender = "" if sender == "<>" else sender  # aiosmtpd keeps the null path's brackets
        content = bytes(envelope.original_content or b"")
        envelope.original_content = envelope.content = None  # one copy in hand, not two
        replies = len(envelope.rcpt_tos)
        size = len(content)
        if self.in_hand and self.in_hand + size > self.memory_budget:  # alone, always taken
            LOG.warning("LMTP message put off: %d bytes in hand, %d more would pass the "
                        "budget of %d", self.in_hand, size, self.memory_budget)
            return "\r\n".join(BUSY for _ in range(replies))
        raw = b"Return-Path: <" + sender.encode("utf-8", "replace") + b">\r\n" + content
        del content
        import asyncio

        self.in_hand += size
        try:
            await asyncio.get_running_loop().run_in_executor(self.worker, self.handle, raw, "lmtp")
        except Transient as exc:
            LOG.warning("LMTP message deferred: the judge cannot take mail now (%s)", exc)
            status = DEFERRED
        except Exception:
            LOG.exception("the mail handler failed on a message delivered over LMTP")
            status = DEFERRED
        else:
            status = DELIVERED
        finally:
            self.in_hand -= size
        return "\r\n".join(status for _ in range(replies))  # RFC 2033: one per recipient


@functools.cache
def _lmtp_controller_class() -> Callable[..., Controller]:
    """aiosmtpd's threaded controller serving its LMTP, our way; made on first use."""
    import asyncio

    from aiosmtpd.controller import Controller
    from aiosmtpd.lmtp import LMTP

    class _JudgeLmtp(LMTP):
        """aiosmtpd's LMTP, except that its own refusals after DATA (message too large, line
        too long) are repeated for every recipient, as RFC 2033 wants (the MTA waits for as
        many replies as it has recipients), and that a connection beyond the listener's cap
        is answered 421 and closed before aiosmtpd starts on it."""

        _data_reply_due = False
        _counted = False  # this connection is one of the listener's
        _turned_away = False  # beyond the cap: answered 421 and closed

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            delivery = self.event_handler
            if self._counted or self._turned_away:  # the same connection again (STARTTLS)
                super().connection_made(transport)
                return
            if delivery.connections >= delivery.max_connections:
                self._turned_away = True
                LOG.warning("LMTP connection from %r turned away: %d connections already",
                            transport.get_extra_info("peername"), delivery.connections)
                assert isinstance(transport, asyncio.WriteTransport)
                transport.write(TOO_MANY.encode("ascii") + b"\r\n")
                transport.close()
                return
            delivery.connections += 1
            self._counted = True
            super().connection_made(transport)

        def connection_lost(self, error: Exception | None) -> None:
            if self._turned_away:
                return  # aiosmtpd never started on it
            if self._counted:
                self._counted = False
                self.event_handler.connections -= 1
            super().connection_lost(error)

        def data_received(self, data: bytes) -> None:
            if not self._turned_away:
                super().data_received(data)

        def eof_received(self) -> bool | None:
            return False if self._turned_away else super().eof_received()

        async def push(self, status: AnyStr) -> None:
            if self._data_reply_due and isinstance(status, str) and "\r\n" not in status:
                self._data_reply_due = False
                recipients = len(self.envelope.rcpt_tos) if self.envelope is not None else 1
                await super().push("\r\n".join(status for _ in range(max(recipients, 1))))
                return
            self._data_reply_due = False
            await super().push(status)
            if isinstance(status, str) and status.startswith("354"):
                self._data_reply_due = True  # the next reply ends the DATA exchange

    class _LmtpController(Controller):
        """Serves on a socket bound beforehand: a port in use fails at once, and port 0's
        choice is known before the thread starts."""

        def __init__(self, delivery: _Delivery, listening: socket.socket, **options: Any) -> None:
            host, port = listening.getsockname()[:2]
            super().__init__(delivery, hostname=host, port=port, **options)
            self.listening = listening

        def factory(self) -> LMTP:
            return _JudgeLmtp(self.handler, **self.SMTP_kwargs)

        def _create_server(self) -> Any:
            return self.loop.create_server(self._factory_invoker, sock=self.listening,
                                           ssl=self.ssl_context)

    return _LmtpController


class LmtpListener:
    """An LMTP server on `host`:`port` (0: any free port) that the MTA delivers to. `accept`
    says which recipient addresses are the judge's (default: all; `pbem mail lmtp` gives
    `accept_only` of the settings' addresses); it runs on the event loop, so it must be
    quick. `workers`, `max_connections` and `memory_budget` bound the listener (see the
    module's docstring)."""

    def __init__(self, handle: Handler, host: str = "127.0.0.1", port: int = LMTP_PORT,
                 accept: Callable[[str], bool] | None = None, *, workers: int = LMTP_WORKERS,
                 max_connections: int = LMTP_CONNECTIONS,
                 memory_budget: int = LMTP_MEMORY_BUDGET) -> None:
        for value, what in ((workers, "workers"), (max_connections, "connections at once"),
                            (memory_budget, "bytes of the memory budget")):
            if value < 1:
                raise ValueError(f"the LMTP listener needs at least 1 for its {what}; "
                                 f"got {value}")
        self.handle, self.host, self._port = handle, host, port
        self.accept = accept or (lambda address: True)
        self.workers, self.max_connections = workers, max_connections
        self.memory_budget = memory_budget
        self._controller: Controller | None = None
        self._worker: ThreadPoolExecutor | None = None

    @property
    def port(self) -> int:
        return int(self._controller.port) if self._controller is not None else self._port

    def start(self) -> LmtpListener:
        """Listen; an OSError at once when the address cannot be had (port in use)."""
        if self._controller is not None:
            raise RuntimeError("the LMTP listener is already running")
        family = socket.AF_INET6 if ":" in self.host else socket.AF_INET
        listening = socket.create_server((self.host, self._port), family=family)
        worker = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="pbem-lmtp")
        controller = _lmtp_controller_class()(
            _Delivery(self.handle, self.accept, worker, self.max_connections,
                      self.memory_budget), listening,
            server_hostname=socket.gethostname(), ident="pbem judge LMTP",
            data_size_limit=LMTP_SIZE_LIMIT, decode_data=False)
        try:
            controller.start()
        except BaseException:
            listening.close()
            worker.shutdown()
            raise
        self._controller, self._worker = controller, worker
        return self

    def stop(self) -> None:
        """Stop listening. The handler calls under way finish; their MTAs, cut off before
        the reply, deliver again later, and the pipeline recognises the copies."""
        if self._controller is not None:
            self._controller.stop()
            self._controller = None
        if self._worker is not None:
            self._worker.shutdown(wait=True)
            self._worker = None

    def __enter__(self) -> LmtpListener:
        return self.start()

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.stop()


def serve_lmtp(handle: Handler, host: str = "127.0.0.1", port: int = LMTP_PORT,
               accept: Callable[[str], bool] | None = None, *,
               on_ready: Callable[[int], object] | None = None) -> None:
    """Listen until SIGTERM or SIGINT, then stop cleanly. Call it from the main thread (only
    it may set signal handlers); `on_ready` gets the port once the listener is up."""
    stopping = threading.Event()

    def stop(signum: int, frame: FrameType | None) -> None:
        stopping.set()

    previous = {number: signal.signal(number, stop) for number in (signal.SIGTERM, signal.SIGINT)}
    try:
        with LmtpListener(handle, host, port, accept) as listener:
            LOG.info("LMTP listener on %s:%d", host, listener.port)
            if on_ready is not None:
                on_ready(listener.port)
            while not stopping.wait(timeout=1.0):
                pass
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
