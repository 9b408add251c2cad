"""Issue 23 §2: the words in reports are right. A mail's sign-off below its orders
("Cheers, Aristides", answered as refused when the mail came) is no order in the next report's
orders table; counts agree with their nouns ("1 marine", "1 sailor"); a roll that needs a 1
says so ("needed a 1", never "needed 1-1")."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy.engine import Engine

from pbem.app.mailin import mailgate
from pbem.app.play import phases
from pbem.rules.greeksromans.narrate import sentence as greek_sentence
from pbem.rules.ramspeed.narrate import sentence_of as ramspeed_sentence
from tests.app.helpers import DEMO, new_demo_game
from tests.app.test_report_mail_kit import START, order_mail, report_mails, settings_in


def test_a_refused_sign_off_is_not_carried_into_the_orders_table(engine: Engine,
                                                                 tmp_path: Path) -> None:
    settings = settings_in(tmp_path)
    new_demo_game(engine)
    for name, side in (("Aristides", "blue"), ("Hanno", "red")):  # no ENDORDERS: the
        # sign-off is read as an order line, and refused
        orders = (DEMO / f"build-{side}.txt").read_text(encoding="utf-8")
        taken = mailgate.receive(engine, order_mail("g1", name, "build", orders, end=False),
                                 "inject", settings, START)
        assert taken.refused >= 1
    phases.process_phase(engine, "g1", expected_key="build", now=START, mail=settings)
    reports = {sent.to: sent for sent in report_mails(engine, settings)}
    blue = reports["aristides@example.org"].text
    table = blue[blue.index("ORDERS"):blue.index("YOUR GALLEYS")]
    assert "Cheers" not in table
    assert "C: penteconter archer" in table and "refused: line 7 (C)" in table  # a real
    # order refused stays in the table, with why
    assert "Cheers" not in reports["aristides@example.org"].html
    assert "Cheers" not in reports["hanno@example.org"].text


def test_counts_left_agree_with_their_nouns() -> None:
    hit = {"kind": "hit", "ship": "G4", "figure": "marine", "lost": 1, "by": "R2",
           "weapon": "archery", "marines": 1, "sailors": 3}
    assert greek_sentence(hit) == ("G4 lost 1 marine to R2's archery; 1 marine and 3 sailors "
                                   "left.")
    hit |= {"marines": 2, "sailors": 1}
    assert greek_sentence(hit).endswith("; 2 marines and 1 sailor left.")
    ram = {"kind": "strike", "strike": "ram", "ship": "R2", "target": "G3",
           "impact": [42.5, 19.21], "theta": 45, "die": 1, "sailors": 1, "total": 2}
    assert "rolled 1 + 1 sailor = 2" in greek_sentence(ram)


def test_a_roll_that_needs_a_1_says_so() -> None:
    shot = {"kind": "fire", "galley": "B1", "hit": False, "needed": 1, "roll": 6,
            "target": "R3", "weapon": "catapult"}
    said = ramspeed_sentence(shot)
    assert "needed a 1" in said and "1-1" not in said
    assert "needed 1-3" in ramspeed_sentence(shot | {"needed": 3})


def test_a_phase_of_orders_alone_does_not_say_nothing_happened(engine: Engine,
                                                               tmp_path: Path) -> None:
    from tests.app.helpers import PLAYERS
    from tests.app.test_report_mail_kit import play_by_mail

    settings = settings_in(tmp_path)
    new_demo_game(engine)
    play_by_mail(engine, settings, "g1", 2, PLAYERS)  # blue's set-up places, with no event
    setup = {sent.to: sent for sent in report_mails(engine, settings)
             if sent.subject == "g1 — set-up of blue (4.4): your report"}
    placed = "Nothing happened that you could see beyond the orders below."
    assert placed in setup["aristides@example.org"].text
    assert placed in setup["aristides@example.org"].html
    assert "  Nothing happened that you could see.\r\n" in setup["hanno@example.org"].text
