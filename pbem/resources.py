"""Where the files the judge ships beside its code are: the Jinja templates and the demo
game's orders. An installed wheel carries them inside the package (pbem/templates/,
pbem/orders/demo/: pyproject.toml maps them in); a checkout keeps them at the top of the
repository (templates/, orders/demo/)."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent


def shipped(folder: str) -> Path:
    """The folder inside the installed package, or else the one at the top of the checkout."""
    inside = PACKAGE / folder
    return inside if inside.is_dir() else PACKAGE.parent / folder


def templates() -> Path:
    return shipped("templates")


def demo_orders(ruleset: str = "") -> Path:
    """The demo game of a rule system: orders/demo for the reference one (no name given),
    orders/demo-<ruleset> for the others (in the wheel: pbem/orders/demo_<ruleset>)."""
    if not ruleset:
        return shipped("orders/demo")
    inside = PACKAGE / "orders" / f"demo_{ruleset.replace('-', '_')}"
    return inside if inside.is_dir() else PACKAGE.parent / "orders" / f"demo-{ruleset}"
