"""The games, one package each; importing this registers them all.

``mythlab.games`` is both this package (``mythlab.games.agea``) and, as DESIGN.md promises,
a function: ``mythlab.games()`` lists the registered games.
"""

import sys
import types

from mythlab.engine.game import games as _registered_games


class _CallablePackage(types.ModuleType):
    def __call__(self) -> list[str]:
        """Names of the registered games."""
        return _registered_games()


sys.modules[__name__].__class__ = _CallablePackage

from . import agea, cyclades, elder_sign, elysium  # noqa: E402, F401
