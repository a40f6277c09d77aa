"""The games, one package each; importing this registers them all."""

from . import agea  # noqa: F401
