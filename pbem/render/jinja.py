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
from markupsafe import Markup, escape

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


ESCAPED_KEPT = 1 << 14  # strings whose HTML escape a process keeps (then starts again)
_escaped: dict[str, Markup] = {}


def _escape_kept(value: Any) -> Markup:
    """markupsafe.escape, the escape of each plain string kept: a phase's reports show
    the same cells to every reader of a view, and most to every view."""
    if type(value) is not str:
        return escape(value)
    found = _escaped.get(value)
    if found is None:
        if len(_escaped) >= ESCAPED_KEPT:
            _escaped.clear()
        found = _escaped[value] = escape(value)
    return found


@lru_cache(maxsize=32)
def template(name: str,
             filters: tuple[tuple[str, Callable[..., Any]], ...] = ()) -> Template:
    """The template `name` of the environment, compiled once per process, with the
    `filters` it uses (name, function) set on the environment before it is compiled. Its
    output is escaped by _escape_kept (the same text as markupsafe.escape gives), where
    the compiled template calls markupsafe.escape by that name, as Jinja's do."""
    env = environment()
    env.filters.update(dict(filters))
    compiled = env.get_template(name)
    names = getattr(compiled.root_render_func, "__globals__", {})
    if names.get("escape") is escape:
        names["escape"] = _escape_kept
    return compiled
