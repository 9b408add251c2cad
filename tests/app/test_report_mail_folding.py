"""Issue 23 §2: one report a phase a player can act on. A phase that did not wait for a
player, showed them nothing and leaves them owing nothing is not mailed to them alone ("nothing
happened that you could see"); their next report says which phases were resolved since their
last. A player a phase waited for, or who is asked for orders next, always gets its report; the
game master gets every phase's. A phase nobody owes orders for is announced with no deadline."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy.engine import Engine

from tests.app.helpers import PLAYERS, new_demo_game
from tests.app.test_report_mail_kit import play_by_mail, report_mails, settings_in

ARISTIDES, HANNO, GM = "aristides@example.org", "hanno@example.org", "gm@example.org"
# Hanno sends nothing for turn 1, red moves: nothing happens that Aristides (blue) could see,
# and the next phase, turn 1 combat, waits for nobody (no galley is in reach)
MISSED = frozenset({"T1-move-red:red"})


def _by_reader(engine: Engine, settings) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    found: dict[str, list[str]] = {}
    for sent in report_mails(engine, settings):
        found.setdefault(sent.to, []).append(sent.subject)
    return found


def test_a_phase_that_shows_a_player_nothing_is_folded_into_their_next_report(
        engine: Engine, tmp_path: Path) -> None:
    settings = settings_in(tmp_path)
    new_demo_game(engine, gm_email=GM)
    play_by_mail(engine, settings, "g1", 6, PLAYERS, skip=MISSED)
    subjects = _by_reader(engine, settings)
    red_moves = "g1 — turn 1, red moves: your report"
    assert red_moves not in subjects[ARISTIDES]  # folded: it showed blue nothing
    assert red_moves in subjects[HANNO]  # the phase waited for red: red hears of it
    assert "g1 — turn 1, red moves: the game master's report" in subjects[GM]
    combat = [sent for sent in report_mails(engine, settings)
              if sent.subject == "g1 — turn 1, combat: your report"]
    assert {sent.to for sent in combat} == {ARISTIDES, HANNO}
    told = {sent.to: sent for sent in combat}
    since = "Since your last report: Turn 1, red moves; nothing in it that you could see."
    assert since in told[ARISTIDES].text and since in told[ARISTIDES].html
    assert told[ARISTIDES].job["since"] == [["T1-move-red", "Turn 1, red moves"]]
    assert "Since your last report" not in told[HANNO].text  # he had the one before


def test_every_player_still_gets_the_report_of_a_phase_that_asks_for_orders(
        engine: Engine, tmp_path: Path) -> None:
    settings = settings_in(tmp_path)
    new_demo_game(engine)
    play_by_mail(engine, settings, "g1", 6, PLAYERS)
    subjects = _by_reader(engine, settings)
    for title in ("build (4.2)", "set-up of blue (4.4)", "set-up of red (4.4)",
                  "turn 1, blue moves", "turn 1, red moves", "turn 1, combat"):
        for reader in (ARISTIDES, HANNO):
            assert f"g1 — {title}: your report" in subjects[reader], (title, reader)


def test_a_phase_nobody_owes_is_announced_without_a_deadline(
        engine: Engine, tmp_path: Path) -> None:
    settings = settings_in(tmp_path)
    new_demo_game(engine)
    play_by_mail(engine, settings, "g1", 5, PLAYERS, skip=MISSED)
    [hanno] = [sent for sent in report_mails(engine, settings)
               if sent.subject == "g1 — turn 1, red moves: your report"]
    assert "Turn 1, combat: orders from nobody." in hanno.text  # by its title, not its key
    assert "Deadline" not in hanno.text.split("NEXT", 1)[1]
    assert "text/calendar" not in hanno.types()  # no .ics for a phase nobody owes
    [asked] = [sent for sent in report_mails(engine, settings)
               if sent.subject == "g1 — turn 1, blue moves: your report"
               and sent.to == HANNO]
    assert "Deadline:" in asked.text and "text/calendar" in asked.types()
