"""The one Jinja environment for reports and maps (templates/): autoescaped HTML and SVG,
undefined names are errors."""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from pbem import resources


def templates_dir() -> Path:
    configured = os.environ.get("PBEM_TEMPLATES")
    if configured:
        return Path(configured)
    return resources.templates()


@lru_cache(maxsize=4)
def environment(folder: str = "") -> Environment:
    """Autoescaping for HTML and SVG (names are user input); undefined names are errors."""
    return Environment(
        loader=FileSystemLoader(folder or str(templates_dir())),
        autoescape=select_autoescape(enabled_extensions=("html.j2", "svg.j2"),
                                     disabled_extensions=("txt.j2",), default=True),
        undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
        keep_trailing_newline=True,
    )
