"""The build phase (4.2, 16.1, 16.2, 15.x budgets, rulings §10)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from pbem.rules.errors import IllegalOrderError
from pbem.rules.ramspeed.orders import BuildOrder
from pbem.rules.ramspeed.state import Galley, GameState, Weapon
from pbem.rules.ramspeed.tables import Scenario, ScenarioSide, Tables


class Galleys(Protocol):
    """What a build line is checked against: the galleys in the game so far, by ID (a frozen
    GameState, or the Board the phase's check builds on)."""

    def galley(self, galley_id: str) -> Galley | None: ...


@dataclass
class Budget:
    """What a side has built so far in this phase: the running total of rulings §10."""

    side: ScenarioSide
    spent: int = 0
    counts: dict[tuple[str, bool], int] | None = None


def cost_of(order: BuildOrder, tables: Tables) -> tuple[int, int, int]:
    """(total Build Points, Build Points of weapons and parties, size in half points)."""
    items = sum(tables.weapons[w].cost for w in order.weapons)
    items += order.boarding_parties * tables.party_cost
    halves = sum(tables.weapons[w].halves for w in order.weapons)
    halves += order.boarding_parties * tables.party_halves
    return tables.galleys[order.type].cost + items, items, halves


def _size(halves: int) -> str:
    if halves % 2 == 0:
        return str(halves // 2)
    return f"{halves // 2}½" if halves > 1 else "½"


def start_budget(state: GameState, side: str, scenario: Scenario, tables: Tables) -> Budget:
    found = scenario.side(side)
    if found is None:
        names = ", ".join(s.name for s in scenario.sides)
        raise IllegalOrderError(f"side '{side}' is not in {scenario.title} (sides: {names})")
    budget = Budget(side=found, counts={})
    for galley in state.galleys:
        if galley.side == side:
            order = BuildOrder(galley.id, galley.type, tuple(w.type for w in galley.weapons),
                               galley.boarding_parties, galley.merchantman)
            budget.spent += cost_of(order, tables)[0]
            key = (galley.type, galley.merchantman)
            assert budget.counts is not None
            budget.counts[key] = budget.counts.get(key, 0) + 1
    return budget


def build(order: BuildOrder, state: Galleys, side: str, budget: Budget,
          tables: Tables) -> tuple[Galley, str]:
    """Check one build line against capacity and budget; return the galley and an echo."""
    if state.galley(order.galley) is not None:
        raise IllegalOrderError(f"the ID {order.galley} is already taken in this game",
                                accepted="a new ID of 1 to 12 letters, digits or hyphens.")
    kind = tables.galleys[order.type]
    total, items, halves = cost_of(order, tables)
    if halves > 2 * kind.capacity:
        raise IllegalOrderError(
            f"a {kind.name} has capacity {kind.capacity}; these weapons and parties need "
            f"{_size(halves)} (4.2.2)",
            accepted="fewer weapons or parties (archer and bp ½ each, arbalest and catapult 1, "
            "onager 2).",
        )
    merchantman = order.merchantman
    forces = budget.side.forces
    if forces:
        force = next((f for f in forces if f.type == order.type
                      and (f.merchantman or not merchantman)), None)
        if force is None:
            allowed = ", ".join(f"{f.count} {'merchantmen' if f.merchantman else f.type}"
                                for f in forces)
            raise IllegalOrderError(f"the {budget.side.name} side has fixed forces: {allowed}")
        merchantman = force.merchantman
        assert budget.counts is not None
        key = (order.type, merchantman)
        if budget.counts.get(key, 0) >= force.count:
            raise IllegalOrderError(
                f"the {budget.side.name} side may have only {force.count} of these (15.3)")
        if items > force.max_items:
            raise IllegalOrderError(
                f"weapons and parties on this galley may cost at most {force.max_items} Build "
                f"Points; these cost {items} (15.3)")
        budget.counts[key] = budget.counts.get(key, 0) + 1
        echo_cost = f"{items} BP of weapons and parties (limit {force.max_items})"
    else:
        if merchantman:
            raise IllegalOrderError("only the convoy side has merchantmen (15.3)")
        limit = budget.side.budget or 0
        if budget.spent + total > limit:
            raise IllegalOrderError(
                f"this galley costs {total} Build Points and only {limit - budget.spent} of "
                f"{limit} are left",
                accepted="a cheaper galley or fewer weapons; lines below that fit are "
                "still built.",
            )
        budget.spent += total
        echo_cost = f"{total} BP, {limit - budget.spent} of {limit} left"
    galley = Galley(
        id=order.galley, side=side, type=order.type,
        weapons=tuple(Weapon(w) for w in order.weapons),
        boarding_parties=order.boarding_parties, merchantman=merchantman,
    )
    label = "a merchantman (bireme)" if merchantman else f"a {kind.name}"
    return galley, f"{label}, capacity {_size(halves)} of {kind.capacity}; {echo_cost}"
