"""orders/ram-cruise.md, the players' syntax reference, read with the judge's own reader, so the
page cannot drift from it.

Every fenced block of the page carries a marker as its info string:

- `orders-build`, `orders-setup`, `orders-round1` ... `orders-round4`, optionally followed by a
  side (`carthage`, `rome`: that side's mail in that round of the default battle) and/or
  `extras` (every line uses a friendly extra; without it, no line may use one). Each line reads
  in its context; a round line's verb is one that round takes (from that side, when it is
  named); ships and targets are the default battle's, targets enemies; one line of a kind a
  ship. Build blocks build as one side's fleet with nothing refused and the costs the comments
  give; set-up blocks place (in page order) where §20 allows; every move shown passes the mode
  checks of §6 for the default battle's ship of that id (having cruised the turn before, as the
  page's whole turn says), and the whole turn has both sides' mail of all four rounds.
- `mail-round<N> <side>`: a mail, read from its `SIGNON <game> <player> <password>` line to
  `ENDORDERS`, its orders checked as `orders-round<N> <side>`.
- `refused-build`, `refused-setup`, `refused-round`: every line is refused, and the reason the
  page gives after `=>` is the reader's.
- `answer-round` (and `-build`, `-setup`): pairs of lines, an order and the judge's whole
  refusal sentence for it, on the line that sentence names.

The page's tables of the classes and of the default battle's ships are the rules data's.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

import pytest

from pbem.rules.ramcruise import notation
from pbem.rules.ramcruise.classes import class_table
from pbem.rules.ramcruise.fleet import BuildLine, build_fleet
from pbem.rules.ramcruise.modes import move_problem
from pbem.rules.ramcruise.notation import (
    BUILD_LINES,
    ROUND_LINES,
    SETUP_LINES,
    NotationError,
    numbered_lines,
    read_line,
)
from pbem.rules.ramcruise.orders import (
    Build,
    Duty,
    Move,
    Order,
    Picking,
    Place,
    Reading,
    Standing,
    Targets,
)
from pbem.rules.ramcruise.scenario import initial_state, load_scenario, placement_problem
from pbem.rules.ramcruise.state import CRUISE, GameState
from pbem.rules.ramcruise.switches import parse_options
from pbem.rules.table import Table

ROOT = Path(__file__).resolve().parents[3]
REFERENCE = ROOT / "orders" / "ram-cruise.md"
SIDES = ("carthage", "rome")  # side A first (§5.1, §20)
CONTEXT = {"build": BUILD_LINES, "setup": SETUP_LINES, "round": ROUND_LINES}
MARKER = re.compile(r"(orders|mail|refused|answer)-(build|setup|round([1-4])?)")

ROUND_ONE = frozenset({"move", "BREAK", "DUTY"})
FIRE = frozenset({"BOW", "BALLISTA"})
BOARDING = frozenset({"GRAPPLE", "MELEE"})
STANDING = frozenset({"STANCE", "ONBREAK", "ONSHEAR", "LOSSES"})
AT_ENEMIES = frozenset({"BREAK", "BOW", "BALLISTA", "GRAPPLE", "MELEE"})


@dataclass(frozen=True)
class Block:
    start: int  # the page's line number of the opening fence
    info: str
    text: str

    @property
    def name(self) -> str:
        return f"line {self.start}: {self.info or '(no marker)'}"

    def marker(self) -> re.Match[str]:
        found = MARKER.fullmatch(self.info.split()[0]) if self.info else None
        assert found, f"{self.name}: every fenced block needs a marker (see this test's docstring)"
        return found

    @property
    def kind(self) -> str:
        return self.marker().group(1)

    @property
    def context(self) -> str:
        return CONTEXT[re.sub(r"[1-4]$", "", self.marker().group(2))]

    @property
    def round(self) -> int:
        number = self.marker().group(3)
        return int(number) if number else 0

    @property
    def side(self) -> str:
        named = [word for word in self.info.split()[1:] if word in SIDES]
        return named[0] if named else ""

    @property
    def extras(self) -> bool:
        return "extras" in self.info.split()[1:]


def blocks() -> list[Block]:
    found: list[Block] = []
    lines = REFERENCE.read_text(encoding="utf-8").splitlines()
    index = 0
    while index < len(lines):
        if lines[index].startswith("```"):
            end = next(i for i in range(index + 1, len(lines)) if lines[i].startswith("```"))
            found.append(Block(index + 1, lines[index][3:].strip(), "\n".join(lines[index + 1:end])))
            index = end
        index += 1
    return found


BLOCKS = blocks()


def of_kind(*kinds: str) -> list[Block]:
    """The blocks of these kinds (an unmarked block is the first test's failure)."""
    return [block for block in BLOCKS
            if block.info and MARKER.fullmatch(block.info.split()[0]) and block.kind in kinds]


def order_text(block: Block) -> str:
    """A block's order lines: a mail's from its SIGNON line to ENDORDERS."""
    if block.kind != "mail":
        return block.text
    lines = block.text.splitlines()
    signon = next(i for i, line in enumerate(lines) if line.startswith("SIGNON"))
    assert len(lines[signon].split()) == 4, f"{block.name}: SIGNON <game> <player> <password>"
    after = lines[signon + 1:]
    end = next((i for i, line in enumerate(after) if line.strip().upper() == "ENDORDERS"), len(after))
    return "\n".join(after[:end])


def readings(block: Block) -> list[tuple[int, str, Reading]]:
    read = []
    for number, raw in numbered_lines(order_text(block)):
        try:
            read.append((number, raw, read_line(number, raw, block.context)))
        except NotationError as error:
            raise AssertionError(f"{block.name}: {error.sentence()}") from None
    return read


def kind_of(order: Order) -> str:
    if isinstance(order, Move):
        return "move"
    if isinstance(order, Targets | Picking):
        return order.verb
    if isinstance(order, Duty):
        return "DUTY"
    if isinstance(order, Standing):
        return order.name.upper()
    return "build" if isinstance(order, Build) else "place"


def allowed(round_: int, side: str) -> frozenset[str]:
    """What a side may send in a round of the turn (§5.4, §18); with no side, any side."""
    phasing = SIDES[0] if round_ in (1, 2) else SIDES[1]
    if round_ % 2:
        mine = ROUND_ONE if side in (phasing, "") else frozenset()
    elif not side:
        mine = FIRE | BOARDING
    else:
        mine = BOARDING if side == phasing else FIRE
    return mine | STANDING


@cache
def default_battle() -> GameState:
    options = parse_options({"setup": "free"})
    return initial_state(load_scenario("default", options), options)


def side_of(ship_id: str) -> str:
    ship = default_battle().ship(ship_id)
    assert ship is not None, f"{ship_id} is no ship of the default battle"
    return ship.side


ORDER_BLOCKS = of_kind("orders", "mail")


def test_every_block_is_marked_and_each_kind_is_there() -> None:
    for block in BLOCKS:
        block.marker()
    infos = Counter(block.info.split()[0] for block in BLOCKS)
    for marker in ("orders-build", "orders-setup", "orders-round1", "orders-round2", "orders-round3",
                   "orders-round4", "mail-round1", "refused-build", "refused-setup", "refused-round",
                   "answer-round"):
        assert infos[marker], f"the reference has no {marker} block"


@pytest.mark.parametrize("block", ORDER_BLOCKS, ids=[block.name for block in ORDER_BLOCKS])
def test_order_lines_read_as_the_block_says(block: Block) -> None:
    seen: set[tuple[str, str]] = set()
    for number, raw, reading in readings(block):
        where = f"{block.name}, its line {number} {raw.strip()!r}"
        if block.extras:
            assert reading.extras, f"{where} uses no extra; move it to a standard block"
        else:
            assert not reading.extras, f"{where} is not standard notation: {reading.extras}"
        kind = kind_of(reading.order)
        key = (reading.ship.upper(), kind)
        assert key not in seen, f"{where}: a second {kind} line for {reading.ship} is refused (§18)"
        seen.add(key)
        if block.context != ROUND_LINES:
            continue
        side = side_of(reading.ship)
        if block.side:
            assert side == block.side, f"{where}: {reading.ship} is not {block.side}'s"
        assert kind in allowed(block.round, block.side), \
            f"{where}: {block.side or 'no side'} sends no {kind} line in round {block.round} (§5.4)"
        if kind in AT_ENEMIES:
            targets = reading.order.targets  # type: ignore[union-attr]
            assert all(side_of(target) != side for target in targets), f"{where}: a target is a friend"


@pytest.mark.parametrize("block", of_kind("refused"), ids=[b.name for b in of_kind("refused")])
def test_refused_lines_are_refused_for_the_reason_given(block: Block) -> None:
    for number, raw in numbered_lines(block.text):
        with pytest.raises(NotationError) as refused:
            read_line(number, raw, block.context)
        if notation.NOTE_MARK in raw:
            given = raw.split(notation.NOTE_MARK, 1)[1].strip()
            assert refused.value.reason == given, f"{block.name}: {raw.split('=>')[0].strip()!r}"


@pytest.mark.parametrize("block", of_kind("answer"), ids=[b.name for b in of_kind("answer")])
def test_an_answer_is_the_judges_whole_sentence(block: Block) -> None:
    lines = [line for line in block.text.splitlines() if line.strip()]
    assert lines and len(lines) % 2 == 0, f"{block.name}: pairs of an order and its answer"
    for order, answer in zip(lines[::2], lines[1::2], strict=True):
        number = int(re.match(r"line ([0-9]+)", answer).group(1))  # type: ignore[union-attr]
        with pytest.raises(NotationError) as refused:
            read_line(number, order, block.context)
        assert refused.value.sentence() == answer


@pytest.mark.parametrize("block", [b for b in ORDER_BLOCKS if b.context == BUILD_LINES],
                         ids=[b.name for b in ORDER_BLOCKS if b.context == BUILD_LINES])
def test_a_build_block_is_a_fleet_the_judge_builds(block: Block) -> None:
    lines: list[BuildLine] = []
    comments: list[str] = []
    for number, raw, reading in readings(block):
        assert isinstance(reading.order, Build), f"{block.name}: {raw!r} is no build line"
        lines.append(BuildLine(number, reading.ship, reading.order.design))
        comments.append(raw)
    fleet = build_fleet(SIDES[0], lines, parse_options({}))
    assert not fleet.refused, f"{block.name}: {fleet.refused}"
    for raw, built in zip(comments, fleet.built, strict=True):
        said = re.search(r"#\s*costs ([0-9]+)", raw)
        assert said, f"{block.name}: say what {built.ship_id} costs"
        assert built.cost == int(said.group(1)), f"{block.name}: {built.ship_id} costs {built.cost}"


def test_set_up_blocks_place_the_default_battle_as_section_20_allows() -> None:
    state = default_battle()
    table = Table(state.options.table_width, state.options.table_height)
    homes = {side.id: side.home for side in state.sides}
    ships = list(state.ships)
    placed = 0
    for block in (b for b in ORDER_BLOCKS if b.context == SETUP_LINES):
        for _, raw, reading in readings(block):
            order = reading.order
            assert isinstance(order, Place)
            index = next(i for i, ship in enumerate(ships) if ship.id == reading.ship)
            ship = replace(ships[index], x=order.x, y=order.y, heading=order.heading, placed=True)
            assert block.side in ("", ship.side), f"{block.name}: {ship.id} is not {block.side}'s"
            problem = placement_problem(ships, ship, homes[ship.side], table)
            assert not problem, f"{block.name}: {raw.strip()!r}: {problem}"
            ships[index] = ship
            placed += 1
    assert placed >= len(ships)


def test_the_whole_turn_is_both_sides_mail_and_every_move_shown_is_legal() -> None:
    state = default_battle()
    cruised = replace(state, ships=tuple(replace(ship, mode=CRUISE) for ship in state.ships))
    mails = {(block.round, block.side) for block in ORDER_BLOCKS if block.side and block.round}
    assert {(1, "carthage"), (2, "rome"), (2, "carthage"), (3, "rome"), (4, "carthage"),
            (4, "rome")} <= mails
    for block in ORDER_BLOCKS:
        if not block.round % 2:
            continue
        for _, raw, reading in readings(block):
            if isinstance(reading.order, Move):
                ship = cruised.require(reading.ship)
                problem = move_problem(cruised, ship, reading.order)
                assert not problem, f"{block.name}: {raw.strip()!r}: {problem}"


def test_every_order_of_section_19_has_a_standard_example() -> None:
    shown: set[str] = set()
    for block in ORDER_BLOCKS:
        if block.extras:
            continue
        for _, _, reading in readings(block):
            order = reading.order
            shown.add(kind_of(order))
            if isinstance(order, Move):
                shown.add(order.mode)
            if isinstance(order, Picking) and order.picks:
                shown.add(f"{order.verb} PICK")
    wanted = {"build", "place", "ram", "cruise", "strategic", "back", "stay", "BREAK", "DUTY",
              "BOW", "BOW PICK", "BALLISTA", "GRAPPLE", "MELEE", "MELEE PICK"} | STANDING
    assert wanted <= shown, f"no standard example of {sorted(wanted - shown)}"


def test_every_word_the_reader_knows_is_named_on_the_page() -> None:
    prose = re.sub(r"^```.*?^```", "", REFERENCE.read_text(encoding="utf-8"), flags=re.M | re.S)
    quoted = {word.upper() for span in re.findall(r"`([^`]+)`", prose)
              for word in re.findall(r"[A-Za-z0-9]+", span)}
    tables = (notation.MODE_WORDS, notation.STEP_WORDS, notation.VERB_WORDS,
              notation.CATEGORY_WORDS, notation.DUTY_WORDS, notation.CLASS_WORDS,
              notation.BUILD_WORDS)
    words = {word for table in tables for word in table} | set(notation.CREW_CLASS_WORDS)
    words |= {value for values in notation.STANDING_VALUES.values() for value in values} | {"PICK"}
    assert not words - quoted, f"the reference never names {sorted(words - quoted)}"


def test_the_readme_names_the_reference() -> None:
    assert "orders/ram-cruise.md" in (ROOT / "README.md").read_text(encoding="utf-8")


def table_rows(first: str) -> list[list[str]]:
    """The rows of the page's table whose header starts with `| <first> |`, cells stripped of
    backquotes."""
    lines = REFERENCE.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"| {first} |"))
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip().strip("`") for cell in line.strip().strip("|").split("|")])
    return rows


def test_the_class_table_is_the_rules_data() -> None:
    rows = {row[0]: row for row in table_rows("class")}
    assert set(rows) == set(class_table())
    for name, row in class_table().items():
        length, beam = (float(size) for size in rows[name][8].split("×"))
        assert [int(cell) for cell in rows[name][1:8]] == [
            row.oarbanks, row.ram, row.cruise, row.strategic, row.turns, row.points,
            row.crew_maximum], name
        assert (length, beam) == (row.length, row.beam), name


def test_the_default_battle_table_is_the_scenarios() -> None:
    rows = table_rows("id")
    state = default_battle()
    assert [row[0] for row in rows] == [ship.id for ship in state.ships]
    for row, ship in zip(rows, state.ships, strict=True):
        crew = ship.crew
        equipment = ["tower"] * ship.tower + ["ballista"] * len(ship.ballistas) \
            + [ship.gear] * bool(ship.gear) + ["admiral"] * ship.flagship
        assert row[1:] == [
            ship.name, ship.ship_class,
            f"{crew.oar + crew.deck} {crew.crewmen_class} ({crew.oar})",
            f"{crew.bowmen} {crew.bowmen_class}", f"{crew.marines} {crew.marines_class}",
            ", ".join(equipment)], ship.id
