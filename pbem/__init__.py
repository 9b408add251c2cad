"""A play-by-email judge for galley wargames."""

__version__ = "0.1.0"
DISTRIBUTION = "pbem-galleys"  # the name pyproject.toml installs it under
