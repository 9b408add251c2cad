"""Issue 24: the plan map of checked orders is framed like a report's map. The orders of the
demo's first phase mailed in as raw bytes, the reply made by the outbox's maker and read back
with the stdlib email package: its PNG is the close-up of the plotted paths over the overview
at a phone's width (pbem.render.frame), not the whole board; the CLI's plan map (the orders
use-case) is the same picture."""

from __future__ import annotations

import json
from io import BytesIO
from pathlib import Path

from PIL import Image
from sqlalchemy.engine import Engine

from pbem.app import orders
from pbem.app.base import rulesets
from pbem.app.mailin import mailgate
from pbem.render.frame import PHONE, frame
from pbem.store import repo
from pbem.store.db import transaction
from tests.app.helpers import DEMO, PLAYERS, new_demo_game
from tests.app.test_report_mail_kit import (
    START,
    order_mail,
    play_by_mail,
    report_mails,
    settings_in,
)

KEY, SIDE = "T1-move", "blue"
GAP = 8  # px between the close-up and the overview (png.paint_column)


def _plan_scene(engine: Engine, answer: orders.OrdersAnswer):  # type: ignore[no-untyped-def]
    with transaction(engine) as session:
        phase = repo.open_phase(session, "g1")
        assert phase is not None
        hosted = rulesets.load("ramspeed", json.loads(phase.state_before))
    return orders.plan_scene_of(hosted, answer)


def _expected_size(engine: Engine, answer: orders.OrdersAnswer) -> tuple[int, int]:
    framed = frame(_plan_scene(engine, answer))
    return PHONE, framed.closeup.height + GAP + framed.overview.height  # one over the other


def test_the_orders_reply_carries_the_close_up_of_the_plotted_paths(engine: Engine,
                                                                    tmp_path: Path) -> None:
    settings = settings_in(tmp_path)
    new_demo_game(engine)
    play_by_mail(engine, settings, "g1", 3, PLAYERS)  # build and set-up: no paths yet
    text = (DEMO / f"{KEY}-{SIDE}.txt").read_text(encoding="utf-8")
    done = mailgate.receive(engine, order_mail("g1", PLAYERS[SIDE], KEY, text), "inject",
                            settings, START)
    assert done.outcome == "orders" and done.accepted
    replies = report_mails(engine, settings, kind="reply")
    reply = replies[-1]
    assert reply.message["In-Reply-To"] == f"<g1.{KEY}.{PLAYERS[SIDE]}@players.example>"
    [png] = [p for p in reply.message.walk() if p.get_content_type() == "image/png"]
    assert png.get_filename() == "orders.png"
    picture = Image.open(BytesIO(png.get_payload(decode=True)))
    answer = orders.check_orders(engine, "g1", PLAYERS[SIDE], text)
    whole = _plan_scene(engine, answer)
    assert whole.width > PHONE  # the whole board is wider than a phone: framing matters
    assert picture.size == _expected_size(engine, answer)
    svg = [p for p in reply.message.walk() if p.get_content_type() == "image/svg+xml"]
    assert svg  # the SVG keeps the whole board, to zoom on a desk


def test_the_cli_s_plan_map_is_the_same_close_up(engine: Engine, tmp_path: Path) -> None:
    new_demo_game(engine)
    play_by_mail(engine, settings_in(tmp_path), "g1", 3, PLAYERS)
    text = (DEMO / f"{KEY}-{SIDE}.txt").read_text(encoding="utf-8")
    answer = orders.check_orders(engine, "g1", PLAYERS[SIDE], text)
    assert answer.accepted
    svg, png = orders.plan_map(engine, answer)
    assert Image.open(BytesIO(png)).size == _expected_size(engine, answer)
    assert "<svg" in svg
