"""Reading a letter's text: sign-on blocks, commands, orders and what was not read, rule by
rule as pbem/mail/signon.py states them, and laws that hold for any text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbem.mail.signon import (
    COMMANDS,
    NO_ENDPRESS,
    ONE_WORD_COMMANDS,
    SIGNON_PROBLEM,
    Block,
    Command,
    Letter,
    read_letter,
)


def letter(*lines: str) -> Letter:
    return read_letter("\n".join(lines))


def block(*lines: str) -> Block:
    (only,) = letter(*lines).blocks
    return only


# --- the sign-on line ----------------------------------------------------------------------------


@pytest.mark.parametrize(("line", "game", "player", "password"), [
    ("SIGNON aegean Ann s3cret", "aegean", "Ann", "s3cret"),
    ("signon aegean Ann s3cret", "aegean", "Ann", "s3cret"),
    ("  SignOn\taegean  Ann   s3cret  ", "aegean", "Ann", "s3cret"),
    ("SIGNON aegean Ann de Vere s3cret", "aegean", "Ann de Vere", "s3cret"),
    ("SIGNON aegean Ann   de  Vere s3cret", "aegean", "Ann de Vere", "s3cret"),
    ("SIGNON aegean Αλέξανδρος θάλασσα", "aegean", "Αλέξανδρος", "θάλασσα"),
])
def test_game_first_password_last_player_between(line: str, game: str, player: str, password: str) -> None:
    signed = block(line, "A: F3")
    assert (signed.game, signed.player, signed.password, signed.problem) == (game, player, password, "")
    assert (signed.line_no, signed.orders) == (1, "A: F3")


@pytest.mark.parametrize(("line", "game", "player"), [
    ("SIGNON aegean Ann", "aegean", "Ann"),
    ("SIGNON aegean", "aegean", ""),
    ("SIGNON", "", ""),
])
def test_a_short_signon_still_forms_a_block_with_a_problem(line: str, game: str, player: str) -> None:
    signed = block("Hi", line, "A: F3")
    assert (signed.game, signed.player, signed.password) == (game, player, "")
    assert signed.problem == SIGNON_PROBLEM
    assert (signed.line_no, signed.orders, signed.orders_line) == (2, "A: F3", 3)


def test_signon_must_be_the_first_word() -> None:
    assert letter("Please SIGNON aegean Ann pw", "A: F3").blocks == ()
    assert letter("SIGNON: aegean Ann pw", "A: F3").blocks == ()


# --- before the first SIGNON ----------------------------------------------------------------------


def test_greeting_is_neither_read_nor_listed() -> None:
    read = letter("Dear judge,", "", "Orders below.", "Password reset please", "Help me!",
                  "Status of things: fine", "ENDORDERS", "SIGNON aegean Ann pw", "A: F3")
    assert read.loose_commands == ()
    assert read.ignored == ()
    assert read.blocks[0].line_no == 8


@pytest.mark.parametrize(("line", "word", "argument"), [
    ("HELP", "HELP", ""), ("help", "HELP", ""), ("  Status  ", "STATUS", ""), ("REPORT", "REPORT", ""),
    ("orders", "ORDERS", ""), ("PASSWORD n3w-pass", "PASSWORD", "n3w-pass"),
])
def test_a_line_that_is_exactly_a_command_is_a_loose_command(line: str, word: str, argument: str) -> None:
    read = letter("Hello,", line, "", "Ann")
    assert read.blocks == ()
    assert [(command.word, command.argument, command.line_no) for command in read.loose_commands] == [
        (word, argument, 2)]


@pytest.mark.parametrize("line", ["Orders below", "Help me", "PASSWORD", "PASSWORD is in the mail",
                                  "PRESS on, lads", "RESIGN", "ＨＥＬＰ"])
def test_prose_before_signon_is_not_a_command(line: str) -> None:
    assert letter(line).loose_commands == ()


def test_a_loose_press_ends_at_the_signon_line() -> None:
    read = letter("PRESS all", "hello everyone", "SIGNON aegean Ann pw", "A: F3")
    (press,) = read.loose_commands
    assert (press.word, press.argument, press.body, press.problem) == ("PRESS", "all", "hello everyone",
                                                                       NO_ENDPRESS)
    assert read.blocks[0].orders == "A: F3"


# --- commands in a block --------------------------------------------------------------------------


def test_commands_after_signon_blank_lines_and_then_orders() -> None:
    signed = block("SIGNON aegean Ann pw", "STATUS", "", "report", "", "", "A: F3", "", "B: F2", "", "")
    assert [(command.word, command.line_no) for command in signed.commands] == [("STATUS", 2), ("REPORT", 4)]
    assert (signed.orders, signed.orders_line, signed.order_lines) == ("A: F3\n\nB: F2", 7, (7, 8, 9))


def test_a_command_among_the_orders_is_still_a_command() -> None:
    signed = block("SIGNON aegean Ann pw", "A: F3", "STATUS", "B: F2")
    assert [(command.word, command.line_no) for command in signed.commands] == [("STATUS", 3)]
    assert (signed.orders, signed.order_lines) == ("A: F3\nB: F2", (2, 4))


def test_an_order_for_a_galley_named_like_a_command_is_an_order() -> None:
    signed = block("SIGNON aegean Ann pw", "PRESS: F3", "Status: R1")
    assert (signed.commands, signed.orders) == ((), "PRESS: F3\nStatus: R1")


def test_help_keeps_its_topic_and_the_others_ignore_what_follows() -> None:
    signed = block("SIGNON aegean Ann pw", "HELP movement", "ORDERS please")
    assert [(command.word, command.argument, command.problem) for command in signed.commands] == [
        ("HELP", "movement", ""), ("ORDERS", "please", "")]


@pytest.mark.parametrize(("line", "argument", "problem"), [
    ("PASSWORD n3w-pass", "n3w-pass", ""),
    ("password n3w-pass", "n3w-pass", ""),
    ("PASSWORD", "", ONE_WORD_COMMANDS["PASSWORD"]),
    ("PASSWORD changed last week", "changed last week", ONE_WORD_COMMANDS["PASSWORD"]),
])
def test_password_takes_exactly_one_word(line: str, argument: str, problem: str) -> None:
    (command,) = block("SIGNON aegean Ann pw", line).commands
    assert (command.word, command.argument, command.problem) == ("PASSWORD", argument, problem)


@pytest.mark.parametrize(("line", "known"), [("RESIGN", False), ("DRAW-OFFER", False)])
def test_an_unknown_capital_word_before_the_orders_is_an_unknown_command(line: str, known: bool) -> None:
    signed = block("SIGNON aegean Ann pw", "", line, "A: F3")
    assert [(command.word, command.known, command.line_no) for command in signed.commands] == [
        (line, known, 3)]
    assert signed.orders == "A: F3"


@pytest.mark.parametrize("line", ["Resign", "AB F3", "A", "X1", "WHAT: F3", "RESIGN NOW"])
def test_lines_that_are_not_unknown_commands(line: str) -> None:
    signed = block("SIGNON aegean Ann pw", line)
    assert (signed.commands, signed.orders) == ((), line)


def test_after_the_first_order_a_capital_word_is_an_order() -> None:
    signed = block("SIGNON aegean Ann pw", "A: F3", "RESIGN")
    assert (signed.commands, signed.orders) == ((), "A: F3\nRESIGN")


def test_every_known_command_is_recognised() -> None:
    others = [word for word in COMMANDS if word != "PRESS"]  # a press body runs to ENDPRESS
    words = [command.word for command in block("SIGNON g p w", *[f"{word} x" for word in others],
                                               "PRESS x", "ENDPRESS").commands]
    assert words == [*others, "PRESS"]


# --- press ---------------------------------------------------------------------------------------


def test_press_keeps_its_body_verbatim_up_to_endpress() -> None:
    signed = block("SIGNON aegean Ann pw", "PRESS red", "", "Friends,", "> you wrote this", "--",
                   "Ann  ", "", "endpress", "A: F3")
    (press,) = signed.commands
    assert press.body == "Friends,\n> you wrote this\n--\nAnn"
    assert (press.line_no, press.problem) == (2, "")
    assert (signed.orders, signed.orders_line) == ("A: F3", 10)


def test_press_without_endpress_runs_to_the_end_of_the_block_and_is_not_sent() -> None:
    read = letter("SIGNON aegean Ann pw", "PRESS all", "Hail!", "A: F3", "ENDORDERS", "after",
                  "SIGNON other Ann pw", "B: F2")
    first, second = read.blocks
    (press,) = first.commands
    assert (press.body, press.problem) == ("Hail!\nA: F3", NO_ENDPRESS)
    assert first.orders == ""
    assert read.ignored == ((6, "after"),)
    assert second.orders == "B: F2"


def test_a_forgotten_endpress_never_carries_a_quoted_report() -> None:
    signed = block("SIGNON aegean Ann pw", "PRESS all", "Hail!", "-- ", "Ann", "> SECRET report",
                   "> ENDPRESS")
    (press,) = signed.commands
    assert (press.body, press.problem) == ("Hail!", NO_ENDPRESS)


def test_the_search_for_endpress_stops_at_a_signon_or_an_original() -> None:
    read = letter("SIGNON aegean Ann pw", "PRESS all", "Hail!", "SIGNON other Ann pw", "B: F2", "ENDPRESS")
    first, second = read.blocks
    assert (first.commands[0].body, first.commands[0].problem) == ("Hail!", NO_ENDPRESS)
    assert second.orders == "B: F2"
    read = letter("SIGNON aegean Ann pw", "PRESS all", "Hail!", "-----Original Message-----",
                  "PRESS all", "old press", "ENDPRESS")
    assert read.blocks[0].commands[0].problem == NO_ENDPRESS
    assert read.ignored[0] == (4, "-----Original Message-----")


def test_press_needs_one_word_but_still_takes_its_body() -> None:
    (press,) = block("SIGNON aegean Ann pw", "PRESS", "words", "ENDPRESS", "A: F3").commands
    assert (press.argument, press.body, press.problem) == ("", "words", ONE_WORD_COMMANDS["PRESS"])


def test_a_stray_endpress_is_listed_as_not_read() -> None:
    read = letter("SIGNON aegean Ann pw", "A: F3", "ENDPRESS", "B: F2")
    assert read.blocks[0].orders == "A: F3\nB: F2"
    assert read.ignored == ((3, "ENDPRESS"),)


# --- where the orders end -------------------------------------------------------------------------


@pytest.mark.parametrize("word", ["ENDORDERS", "endorders", "SignOff"])
def test_endorders_ends_the_block_until_the_next_signon(word: str) -> None:
    read = letter("SIGNON aegean Ann pw", "A: F3", "", word, "Thanks!", "STATUS", "", "SIGNON b Bo pw2",
                  "X: F1")
    first, second = read.blocks
    assert (first.orders, first.commands) == ("A: F3", ())
    assert read.ignored == ((5, "Thanks!"), (6, "STATUS"))
    assert (second.game, second.orders) == ("b", "X: F1")


@pytest.mark.parametrize("separator", ["-- ", "--", "  --  "])
def test_a_signature_ends_all_reading(separator: str) -> None:
    read = letter("SIGNON aegean Ann pw", "A: F3", separator, "Ann", "SIGNON other Ann pw", "B: F2")
    (signed,) = read.blocks
    assert signed.orders == "A: F3"
    assert read.ignored == ((4, "Ann"), (5, "SIGNON other Ann pw"), (6, "B: F2"))


def test_a_dash_dash_line_with_words_is_not_a_signature() -> None:
    assert block("SIGNON aegean Ann pw", "-- Ann", "A: F3").orders == "-- Ann\nA: F3"


@pytest.mark.parametrize("marker", [
    ["-----Original Message-----"],
    ["---------- Forwarded message ---------"],
    ["Begin forwarded message:"],
    ["From: Galley Judge <judge@example.net>", "Sent: Sunday, 30 November 2026 18:00"],
    ["From: Galley Judge", "Date: Sunday, 30 November 2026 at 18:00"],
    ["________________________________"],
])
def test_an_unquoted_original_ends_all_reading(marker: list[str]) -> None:
    read = letter("SIGNON aegean Ann pw", "A: F3", "", *marker, "SIGNON aegean Ann PASSWORD", "A: F1")
    (signed,) = read.blocks
    assert signed.orders == "A: F3"
    assert read.ignored[0] == (4, marker[0])
    assert read.ignored[-1] == (5 + len(marker), "A: F1")


def test_a_from_line_alone_is_an_order() -> None:
    assert block("SIGNON aegean Ann pw", "From: F3", "B: F2").orders == "From: F3\nB: F2"


# --- quoted text ----------------------------------------------------------------------------------


def test_quoted_lines_are_never_orders_and_a_quoted_signon_starts_nothing() -> None:
    read = letter("> SIGNON aegean Ann PASSWORD", "> A: F1", ">", "SIGNON aegean Ann pw", "A: F3",
                  " > B: F9", "B: F2")
    (signed,) = read.blocks
    assert (signed.orders, signed.order_lines) == ("A: F3\nB: F2", (5, 7))
    assert read.ignored == ((1, "> SIGNON aegean Ann PASSWORD"), (2, "> A: F1"), (6, " > B: F9"))


def test_orders_written_between_quotes_are_read_in_order() -> None:
    signed = block("SIGNON aegean Ann pw", "> Galley A is at 0304.", "A: F3", "> Galley B is at 0506.",
                   "B: F2")
    assert (signed.orders, signed.orders_line, signed.order_lines) == ("A: F3\nB: F2", 3, (3, 5))


@pytest.mark.parametrize("attribution", [
    ["On Mon, 1 Dec 2026, Ann wrote:"],
    ["On Mon, 1 Dec 2026 at 10:00, Galley Judge <judge@example.net>", "wrote:"],
    ["Am 01.12.2026 um 10:00 schrieb Galley Judge:"],
    ["Le lun. 1 déc. 2026 à 10:00, Galley Judge a écrit :"],
])
def test_an_attribution_before_a_quote_is_not_an_order(attribution: list[str]) -> None:
    read = letter("SIGNON aegean Ann pw", "A: F3", "", *attribution, "", "> A: F1")
    assert read.blocks[0].orders == "A: F3"
    assert [line for _no, line in read.ignored] == [*attribution, "> A: F1"]


def test_a_line_ending_in_a_colon_with_no_quote_after_it_is_an_order() -> None:
    assert block("SIGNON aegean Ann pw", "A: F3", "Note to self:", "B: F2").orders == (
        "A: F3\nNote to self:\nB: F2")
    assert block("SIGNON aegean Ann pw", "B:", "> quoted").orders == "B:"


# --- lines ----------------------------------------------------------------------------------------


def test_windows_and_old_mac_line_ends_trailing_space_and_a_byte_order_mark() -> None:
    for text in ("\ufeffSIGNON aegean Ann pw\r\nA: F3 \t\r\n\r\nB: F2\r\n",
                 "SIGNON aegean Ann pw\rA: F3\r\rB: F2\r"):
        signed = read_letter(text).blocks[0]
        assert (signed.password, signed.orders, signed.order_lines) == ("pw", "A: F3\n\nB: F2", (2, 3, 4))


def test_an_empty_letter() -> None:
    assert read_letter("") == Letter((), (), ())
    assert block("SIGNON aegean Ann pw") == Block("aegean", "Ann", "pw", 1, (), "", 0)


def test_a_command_value() -> None:
    (command,) = block("SIGNON g p w", "STATUS").commands
    assert command == Command("STATUS", "", 2)


# --- laws ---------------------------------------------------------------------------------------------

WORDS = ["SIGNON", "signon", "aegean", "Ann", "pw", "A:", "F3", "HELP", "STATUS", "PASSWORD", "PRESS",
         "all", "ENDPRESS", "ENDORDERS", "SIGNOFF", "RESIGN", ">", "--", "-- ", "On", "wrote:", "From:",
         "Sent:", "_" * 12, "", " ", "\t", "é", "#"]
LINE = st.lists(st.sampled_from(WORDS), max_size=5).map(" ".join) | st.text(max_size=20)
TEXT = st.lists(LINE, max_size=25).flatmap(
    lambda lines: st.sampled_from(["\n", "\r\n", "\r"]).map(lambda end: end.join(lines)))


@settings(max_examples=500, deadline=None)
@given(TEXT)
def test_laws_for_any_text(text: str) -> None:
    read = read_letter(text)
    lines = [line.rstrip() for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    used: set[int] = set()
    for signed in read.blocks:
        assert lines[signed.line_no - 1].split()[0].upper() == "SIGNON"
        assert (signed.problem == "") == (len(lines[signed.line_no - 1].split()) >= 4)
        order_texts = signed.orders.split("\n") if signed.orders else []
        assert len(order_texts) == len(signed.order_lines)
        assert signed.orders_line == (signed.order_lines[0] if signed.order_lines else 0)
        assert list(signed.order_lines) == sorted(signed.order_lines)
        for number, order in zip(signed.order_lines, order_texts, strict=True):
            assert number > signed.line_no
            assert lines[number - 1] == order
            assert not order.lstrip().startswith(">")
            used.add(number)
        if order_texts:
            assert order_texts[0].strip() and order_texts[-1].strip()
        for command in signed.commands:
            assert command.line_no > signed.line_no
            first = lines[command.line_no - 1].split()[0].upper()
            assert first == command.word
            assert command.known == (command.word in COMMANDS)
    for command in read.loose_commands:
        assert command.known and command.word in COMMANDS
    for number, line in read.ignored:
        assert line.strip() and lines[number - 1] == line
        assert number not in used
    assert [number for number, _line in read.ignored] == sorted({number for number, _ in read.ignored})
