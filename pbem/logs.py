"""The judge's logs for the operator: one JSON object per line (or plain lines for a person),
each naming the game, phase, player or mail it concerns.

Modules log as usual (`LOG = logging.getLogger(__name__)`, `LOG.exception(...)`); a
long-running command calls `configure()` once, and code working on one game binds it:

    log = bound(LOG, game="aegean", phase="T3-move-blue")
    log.info("phase processed", extra={"events": 12})

prints {"ts": "...Z", "level": "INFO", "logger": "...", "event": "phase processed",
"game": "aegean", "phase": "T3-move-blue", "events": 12}.
"""

from __future__ import annotations

import json
import logging
import math
import sys
from collections.abc import Mapping, MutableMapping
from datetime import UTC, date, datetime
from typing import Any, TextIO

# what a LogRecord holds of its own: everything else on a record came in through `extra`
_RECORD_ATTRIBUTES = frozenset(logging.LogRecord("", 0, "", 0, "", (), None).__dict__) | {
    "message", "asctime", "taskName"}
_OWN_FIELDS = ("ts", "level", "logger", "event", "error", "traceback", "stack")
FIRST_FIELDS = ("game", "phase", "player", "mail")  # shown first, in this order
_DEPTH = 4  # nested lists and mappings deeper than this are shown as text


def timestamp(created: float) -> str:
    """A record's time in UTC, ISO-8601 with milliseconds: 2026-05-01T12:00:00.123Z."""
    moment = datetime.fromtimestamp(created, UTC)
    return f"{moment:%Y-%m-%dT%H:%M:%S}.{moment.microsecond // 1000:03d}Z"


def _simple(value: Any, depth: int = 0) -> Any:
    """A value JSON writes as itself; anything else as its text."""
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)  # NaN is not JSON
    if isinstance(value, datetime | date):
        return value.isoformat()
    if depth < _DEPTH and isinstance(value, list | tuple):
        return [_simple(item, depth + 1) for item in value]
    if depth < _DEPTH and isinstance(value, Mapping):
        return {str(key): _simple(item, depth + 1) for key, item in value.items()}
    return str(value)


def extras(record: logging.LogRecord) -> dict[str, Any]:
    """What the record carries beyond a LogRecord's own attributes (its `extra`), game,
    phase, player and mail first; a key that would hide one of the line's own fields gets
    a trailing underscore (`event_`)."""
    found = {key: value for key, value in record.__dict__.items()
             if key not in _RECORD_ATTRIBUTES and not key.startswith("_")}
    ordered = [key for key in FIRST_FIELDS if key in found]
    ordered += [key for key in found if key not in FIRST_FIELDS]
    return {(f"{key}_" if key in _OWN_FIELDS else key): _simple(found[key]) for key in ordered}


def _error(record: logging.LogRecord) -> str | None:
    if not record.exc_info or record.exc_info[1] is None:
        return None
    exc = record.exc_info[1]
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__


class JsonLines(logging.Formatter):
    """One JSON object per record, on one line (non-ASCII and line separators escaped, so
    no player's text can split or forge a line)."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {"ts": timestamp(record.created), "level": record.levelname,
                                "logger": record.name, "event": record.getMessage()}
        line.update(extras(record))
        error = _error(record)
        if error is not None and record.exc_info:
            line["error"] = error
            line["traceback"] = self.formatException(record.exc_info)
        if record.stack_info:
            line["stack"] = self.formatStack(record.stack_info)
        return json.dumps(line, ensure_ascii=True)


class PlainLines(logging.Formatter):
    """For a person at a terminal: time, level, logger, the event and its fields as
    key=value, then the traceback, if any, on the lines below."""

    def format(self, record: logging.LogRecord) -> str:
        fields = " ".join(f"{key}={json.dumps(value, ensure_ascii=True)}"
                          if not isinstance(value, str) or not value or " " in value
                          or not value.isprintable() else f"{key}={value}"
                          for key, value in extras(record).items())
        text = (f"{timestamp(record.created)} {record.levelname} {record.name}: "
                f"{record.getMessage()}" + (f" [{fields}]" if fields else ""))
        if record.exc_info:
            text += "\n" + self.formatException(record.exc_info)
        if record.stack_info:
            text += "\n" + self.formatStack(record.stack_info)
        return text


class _JudgeHandler(logging.StreamHandler[TextIO]):
    """The handler `configure` installs (and replaces when called again)."""


def configure(json_lines: bool = True, level: str = "INFO",
              stream: TextIO | None = None) -> None:
    """Send every logger's records (the root's) to `stream` (default: standard error at the
    time of the call) as JSON lines, or as plain lines for a person. Calling it again
    replaces its handler rather than adding one; other handlers are left alone."""
    number = logging.getLevelName(level.upper())
    if not isinstance(number, int):
        raise ValueError(f"there is no log level {level!r}; use DEBUG, INFO, WARNING, ERROR "
                         "or CRITICAL")
    root = logging.getLogger()
    for handler in [h for h in root.handlers if isinstance(h, _JudgeHandler)]:
        root.removeHandler(handler)
        handler.close()
    handler = _JudgeHandler(stream if stream is not None else sys.stderr)
    handler.setFormatter(JsonLines() if json_lines else PlainLines())
    root.addHandler(handler)
    root.setLevel(number)


class BoundLogger(logging.LoggerAdapter[logging.Logger]):
    """A logger whose records all carry some fields (a game, a phase ...); a call's own
    `extra` is added to them, and wins where both name a field."""

    def process(self, msg: Any, kwargs: MutableMapping[str, Any],
                ) -> tuple[Any, MutableMapping[str, Any]]:
        kwargs["extra"] = {**(self.extra or {}), **(kwargs.get("extra") or {})}
        return msg, kwargs


def bound(logger: logging.Logger | BoundLogger, **fields: Any) -> BoundLogger:
    """`logger` with `fields` on every record; binding a bound logger adds to its fields."""
    if isinstance(logger, BoundLogger):
        return BoundLogger(logger.logger, {**(logger.extra or {}), **fields})
    return BoundLogger(logger, fields)
