"""Shared test setup: registers the test-only ``toy-race`` game (see ``toygame.py``)."""

import toygame  # noqa: F401  (importing registers "toy-race")
