"""The public archive (pbem.app.archive): an index grouped by turn with the players and a
line on each phase, pages linked to the index and to each other, one stylesheet, and the
secrets of play (orders, press, seed) told only once the game has ended."""

from __future__ import annotations

import contextlib
import html
import io
import json
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from pbem.app.play import audit, games
from pbem.app.reports.archive import _order_lines, archive_game, summary
from pbem.cli.main import main
from pbem.store import repo
from pbem.store.db import transaction
from tests.app.helpers import DEMO, new_demo_game, play_demo_phases

PHASES = 9  # build, two set-ups, turn 1 (three phases), turn 2 (three phases)
SEED = "64656d6f2d736565642d31"  # the demo's seed in hexadecimal (game.toml)
# a comment in blue's orders for T1-combat: no report or map tells it
ORDER_ONLY = "the only weapon that reaches"
PRESS = "Meet me off the headland at dawn."


@pytest.fixture
def played(engine: Engine) -> Engine:
    new_demo_game(engine)
    play_demo_phases(engine, "g1", PHASES)
    with transaction(engine) as session:
        hanno = repo.player(session, "g1", "Hanno")
        assert hanno is not None and hanno.id is not None
        repo.store_press(session, game_id="g1", phase_key="T2-combat",
                         from_player_id=hanno.id, to="all", body=PRESS,
                         now=datetime(2026, 1, 1, tzinfo=UTC))
    return engine


def _keys(engine: Engine) -> list[str]:
    return [p["key"] for p in games.show_game(engine, "g1")["phases"]
            if p["status"] == "resolved"]


def _texts(folder: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.iterdir())
            if p.suffix != ".png"}


def _turn(key: str) -> int:
    found = re.match(r"T(\d+)-", key)
    return int(found.group(1)) if found else 1  # build and set-up count in turn 1


def test_the_index_groups_the_phases_by_turn_with_the_players_and_a_line_each(
        played: Engine, tmp_path: Path) -> None:
    index = archive_game(played, "g1", tmp_path).read_text(encoding="utf-8")
    keys = _keys(played)
    assert len(keys) == PHASES
    turns = re.split(r"<h3>Turn (\d+)</h3>", index.split("<h2>Phases</h2>")[1].split("<h2>")[0])
    grouped = {int(number): re.findall(r'<li><a href="([^"]+)-observer\.html">', block)
               for number, block in zip(turns[1::2], turns[2::2], strict=True)}
    assert grouped == {turn: [k for k in keys if _turn(k) == turn] for turn in (1, 2)}
    assert "<tr><td>blue</td><td>Aristides</td></tr>" in index
    assert "<tr><td>red</td><td>Hanno</td></tr>" in index
    for key in keys:  # each phase's line begins with the first sentence observers were told
        told = json.loads((tmp_path / f"{key}-observer.json").read_text())["happened"]
        line = index.split(f'href="{key}-observer.html"')[1].split("</li>")[0]
        assert html.escape(told[0]) in line if told else "Nothing that observers" in line
        assert ("on its page" in line) == (bool(told) and summary(told) != " ".join(told))


def test_every_page_links_to_the_index_and_to_the_phases_either_side(
        played: Engine, tmp_path: Path) -> None:
    games.end_game(played, "g1")
    archive_game(played, "g1", tmp_path)
    pages = [f"{key}-observer.html" for key in _keys(played)]
    for number, name in enumerate(pages):
        page = (tmp_path / name).read_text(encoding="utf-8")
        links = re.findall(r'<a href="([^"#]+)"( rel="(prev|next)")?', page)
        assert ("index.html", "", "") in links, name
        before = [href for href, _, rel in links if rel == "prev"]
        after = [href for href, _, rel in links if rel == "next"]
        assert before == pages[number - 1:number] if number else before == []
        assert after == pages[number + 1:number + 2]
        assert 'href="style.css"' in page and "<style>" not in page
    for name in ("press.html", "dice.html", "index.html"):
        assert '<a href="index.html"' in (tmp_path / name).read_text(encoding="utf-8")


def test_orders_press_and_seed_stay_out_of_the_archive_until_the_game_ends(
        played: Engine, tmp_path: Path) -> None:
    with transaction(played) as session:
        commitment = repo.game(session, "g1").seed_commitment  # type: ignore[union-attr]
    during = _texts(archive_game(played, "g1", tmp_path / "during").parent)
    assert "dice.html" not in during and "press.html" not in during
    for name, text in during.items():
        assert SEED not in text and ORDER_ONLY not in text and PRESS not in text, name
        assert "Orders given" not in text, name
    assert commitment in during["index.html"]  # the seed's digest is public from the start

    games.end_game(played, "g1")
    after = _texts(archive_game(played, "g1", tmp_path / "after").parent)
    assert SEED in after["dice.html"] and commitment in after["dice.html"]
    assert PRESS in after["press.html"] and "Hanno" in after["press.html"]
    last = after[f"{_keys(played)[-1]}-observer.html"]
    assert SEED in last and "HMAC-SHA256 keyed with the seed" in last  # the final report closes it
    combat = after["T1-combat-observer.html"]
    assert ORDER_ONLY in combat
    blue = (DEMO / "T1-combat-blue.txt").read_text(encoding="utf-8").strip()
    assert html.escape(blue) in combat  # as the player sent it
    assert "<h3>Aristides, for blue</h3>" in combat and "<h3>Hanno, for red</h3>" in combat
    assert 'href="dice.html"' in after["index.html"] and 'href="press.html"' in after["index.html"]
    only_blue = after["T1-move-blue-observer.html"].split('id="orders"')[1]
    assert "Hanno" not in only_blue  # red had nothing to order while blue moved


def test_the_dice_page_shows_how_to_check_every_roll(played: Engine, tmp_path: Path) -> None:
    games.end_game(played, "g1")
    page = (archive_game(played, "g1", tmp_path).parent / "dice.html").read_text()
    rolls = {key: [int(n) for n in values.split(", ")] for key, values in
             re.findall(r"<tr><td>([^<]+)</td><td>([\d, ]+)</td></tr>", page)}
    assert "T1-combat" in rolls
    for key, values in rolls.items():  # the table is what the seed gives
        assert audit.rolls_from_seed(SEED, "demo", key, len(values)) == values
    assert audit.verify_dice(played, "g1").rolls_checked == sum(map(len, rolls.values()))
    # the few lines of Python on the page compute the commitment and the first phase's rolls
    code = html.unescape(re.search(r'<pre id="check">(.*?)</pre>', page, re.S).group(1))  # type: ignore[union-attr]
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(code, {})  # noqa: S102 - the page's own recipe, run as a reader would
    first = next(iter(rolls))
    assert printed.getvalue().splitlines() == ["True", str(rolls[first])]
    # and the judge's command on the page agrees
    command = html.unescape(re.search(r"<pre>(pbem dice verify [^<]+)</pre>", page).group(1))  # type: ignore[union-attr]
    assert main(command.split()[1:]) == 0


def test_one_stylesheet_readable_in_print_and_no_script(played: Engine,
                                                       tmp_path: Path) -> None:
    games.end_game(played, "g1")
    folder = archive_game(played, "g1", tmp_path).parent
    style = (folder / "style.css").read_text(encoding="utf-8")
    assert "@media print" in style and len(style) < 4000
    pages = [p for p in folder.iterdir() if p.suffix == ".html"]
    assert len(pages) == 1 + PHASES + 2  # the index, the phases, press, dice
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert '<link rel="stylesheet" href="style.css">' in text, page.name
        assert "<script" not in text.lower(), page.name
        assert text.count("<h1>") == 1 and "<main>" in text and "<footer>" in text


def test_a_phase_line_keeps_whole_sentences() -> None:
    assert summary([]) == "Nothing that observers could see."
    assert summary(["A rowed.", "", "B rowed."]) == "A rowed. B rowed."
    long = ["x" * 100 + ".", "y" * 100 + ".", "z."]
    assert summary(long) == "x" * 100 + ". (2 more on its page.)"
    assert summary(["w" * 300 + "."]) == "w" * 300 + "."  # one sentence always, whole


def test_orders_shown_without_blank_lines_or_a_sign_on_line() -> None:
    raw = "\nsignon g1 Ann s3cret\n\nA: F3   # ahead\n  \nB: R\nENDORDERS\n"
    assert _order_lines(raw) == ("A: F3   # ahead", "B: R", "ENDORDERS")
