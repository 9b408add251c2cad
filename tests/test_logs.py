"""The operator's logs: one JSON object per line, with the game, phase, player or mail bound."""

from __future__ import annotations

import io
import json
import logging
import re
from collections.abc import Iterator
from datetime import datetime

import pytest

from pbem.logs import bound, configure

TS = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z")


@pytest.fixture(autouse=True)
def _restore_root() -> Iterator[None]:
    """configure() changes the root logger: put back what pytest had."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    for handler in root.handlers:
        if handler not in handlers:
            root.removeHandler(handler)
            handler.close()
    root.setLevel(level)


def lines(stream: io.StringIO) -> list[dict[str, object]]:
    text = stream.getvalue()
    assert text.endswith("\n")
    return [json.loads(line) for line in text.splitlines()]


def test_a_module_logger_with_extra_and_an_exception_is_one_json_line() -> None:
    stream = io.StringIO()
    configure(stream=stream)
    log = logging.getLogger("pbem.app.phases")  # as the modules log: no adapter
    try:
        raise KeyError("galley X")
    except KeyError:
        log.exception("processing %s of %s failed", "T3-move-blue", "aegean",
                      extra={"game": "aegean", "attempt": 2, "sides": ("blue", "red"),
                             "when": datetime(2026, 5, 1, 12), "thing": object()})
    [line] = lines(stream)
    assert list(line)[:6] == ["ts", "level", "logger", "event", "game", "attempt"]
    assert TS.fullmatch(str(line["ts"]))
    assert line["level"] == "ERROR" and line["logger"] == "pbem.app.phases"
    assert line["event"] == "processing T3-move-blue of aegean failed"
    assert line["game"] == "aegean" and line["attempt"] == 2
    assert line["sides"] == ["blue", "red"] and line["when"] == "2026-05-01T12:00:00"
    assert str(line["thing"]).startswith("<object object at")
    assert line["error"] == "KeyError: 'galley X'"
    assert str(line["traceback"]).startswith("Traceback (most recent call last):")
    assert "raise KeyError" in str(line["traceback"])


def test_a_player_cannot_split_or_forge_a_line() -> None:
    stream = io.StringIO()
    configure(stream=stream)
    logging.getLogger("pbem.app.mailgate").warning(
        'bad subject %r', 'x\n{"level": "CRITICAL"}\u2028y', extra={"player": "Ånn\r\n"})
    [line] = lines(stream)
    assert line["level"] == "WARNING" and line["player"] == "Ånn\r\n"
    assert stream.getvalue().isascii()


def test_a_bound_logger_adds_its_fields_to_every_record() -> None:
    stream = io.StringIO()
    configure(stream=stream, level="debug")
    log = bound(logging.getLogger("pbem.schedule"), game="aegean", phase="T3-move-blue")
    log.info("phase processed", extra={"events": 12})
    log.debug("reminder sent", extra={"phase": "T3-combat", "player": "Hanno"})
    bound(log, mail="<m1@judge>").info("mail sent")
    first, second, third = lines(stream)
    assert {k: v for k, v in first.items() if k != "ts"} == {
        "level": "INFO", "logger": "pbem.schedule", "event": "phase processed",
        "game": "aegean", "phase": "T3-move-blue", "events": 12}
    assert second["phase"] == "T3-combat" and second["player"] == "Hanno"  # the call's wins
    assert second["level"] == "DEBUG"
    assert (third["game"], third["phase"], third["mail"]) == ("aegean", "T3-move-blue",
                                                              "<m1@judge>")


def test_an_extra_never_hides_the_lines_own_fields() -> None:
    stream = io.StringIO()
    configure(stream=stream)
    logging.getLogger("pbem").info("said", extra={"event": "other", "level": 3})
    [line] = lines(stream)
    assert line["event"] == "said" and line["event_"] == "other"
    assert line["level"] == "INFO" and line["level_"] == 3


def test_configure_twice_keeps_one_handler_and_the_level() -> None:
    first, second = io.StringIO(), io.StringIO()
    configure(stream=first)
    count = len(logging.getLogger().handlers)
    configure(stream=second, level="WARNING")
    assert len(logging.getLogger().handlers) == count
    log = logging.getLogger("pbem.mail.outbox")
    log.info("not shown")
    log.warning("shown")
    assert first.getvalue() == ""
    assert [line["event"] for line in lines(second)] == ["shown"]


def test_an_unknown_level_is_refused_with_a_sentence() -> None:
    with pytest.raises(ValueError, match="there is no log level 'loud'"):
        configure(level="loud")


def test_plain_lines_for_a_person() -> None:
    stream = io.StringIO()
    configure(json_lines=False, stream=stream)
    log = bound(logging.getLogger("pbem.app.phases"), game="aegean")
    log.info("phase processed", extra={"phase": "T3", "player": "Hanno Barca", "events": 12})
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        log.exception("failed")
    text = stream.getvalue()
    first, second = text.splitlines()[:2]
    stamp, rest = first.split(" ", 1)
    assert TS.fullmatch(stamp)
    assert rest == ('INFO pbem.app.phases: phase processed '
                    '[game=aegean phase=T3 player="Hanno Barca" events=12]')
    assert second.endswith("ERROR pbem.app.phases: failed [game=aegean]")
    assert "Traceback (most recent call last):" in text and "RuntimeError: boom" in text
    assert not text.lstrip().startswith("{")
