"""The one Jinja environment for reports and maps (templates/): autoescaped HTML and SVG,
undefined names are errors. Each template is compiled once per process and kept: a
template changed on disk is read again when the judge starts again."""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, Template, select_autoescape

from pbem import resources


def templates_dir() -> Path:
    configured = os.environ.get("PBEM_TEMPLATES")
    if configured:
        return Path(configured)
    return resources.templates()


@lru_cache(maxsize=4)
def environment(folder: str = "") -> Environment:
    """Autoescaping for HTML and SVG (names are user input); undefined names are errors.
    Templates are not looked at again once compiled (auto_reload off)."""
    return Environment(
        loader=FileSystemLoader(folder or str(templates_dir())),
        autoescape=select_autoescape(enabled_extensions=("html.j2", "svg.j2"),
                                     disabled_extensions=("txt.j2",), default=True),
        undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
        keep_trailing_newline=True, auto_reload=False,
    )


@lru_cache(maxsize=32)
def template(name: str,
             filters: tuple[tuple[str, Callable[..., Any]], ...] = ()) -> Template:
    """The template `name` of the environment, compiled once per process, with the
    `filters` it uses (name, function) set on the environment before it is compiled."""
    env = environment()
    env.filters.update(dict(filters))
    return env.get_template(name)
