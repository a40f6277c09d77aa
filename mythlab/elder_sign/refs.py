"""Elder Sign's rule book in code (``RULES``) and its rule references, as the log shows them.

Pages are those of the Elder Sign rulebook, Greek edition. ``RULES`` lives here, beside the
references, so every rules module can register its offerers and doers without import cycles;
the mythlab rulings it cites (``RULES.ruling(id)``) are listed in ``data/rulings.yaml``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from mythlab.engine import Action, Rules
from mythlab.engine import act as new_action

#: which rule offers each decision's moves (or chance outcomes) and which rule does each move
RULES = Rules("Elder Sign")


@lru_cache(maxsize=1 << 14)
def act(label: str, kind: str, rule: str, *args: Any, note: str = "") -> Action:
    """``mythlab.engine.act``, one object per distinct move: actions are frozen, so states
    share them, and making a frozen dataclass costs more than finding it here."""
    return new_action(label, kind, rule, *args, note=note)

ANCIENT_ONE = "Elder Sign · p.4 The Ancient One's ability"
INVESTIGATOR = "Elder Sign · p.4 The investigator's ability"
SETUP = "Elder Sign · p.5 Setup"
MOVE = "Elder Sign · p.5 Movement"
ADVENTURE = "Elder Sign · p.5 Resolving an adventure"
DICE = "Elder Sign · p.6 Rolling the dice"
COMPLETE = "Elder Sign · p.6 Completing a task"
ONE_TASK = "Elder Sign · p.6 One task per roll"
TASK_COST = "Elder Sign · p.7 A task may not reduce sanity or stamina to 0"
SUCCESS = "Elder Sign · p.7 Resolving the adventure card"
FAIL_ROLL = "Elder Sign · p.7 Failing to complete a task"
TERROR = "Elder Sign · p.7 Terror effects"
TRY_AGAIN = "Elder Sign · p.7 Try again: set a die aside"
AUTO_FAIL = "Elder Sign · p.7 No way left to complete a task"
FAIL = "Elder Sign · p.7 Failing the adventure"
REWARDS = "Elder Sign · p.8 Rewards and penalties"
ORDERED = "Elder Sign · p.8 Order of tasks"
OTHER_WORLDS = "Elder Sign · p.8 Other Worlds"
ENTRANCE = "Elder Sign · p.8 Waiting at the Entrance"
FIRST_AID = "Elder Sign · p.8 First aid"
LOST_FOUND = "Elder Sign · p.8 Lost and found"
SOUVENIR = "Elder Sign · p.8 Buying a souvenir"
TROPHIES = "Elder Sign · p.8-9 Spending and losing trophies"
CLOCK = "Elder Sign · p.9 Advancing the clock"
MYTHOS = "Elder Sign · p.9 Resolving Mythos cards"
ITEMS = "Elder Sign · p.9 Using items and spells"
SPELLS = "Elder Sign · p.9-10 Spells hold a die"
ALLIES = "Elder Sign · p.10 Using allies"
CLUES = "Elder Sign · p.10 Using clues"
FOCUS = "Elder Sign · p.10 Focus and assist"
MONSTERS = "Elder Sign · p.10-11 Monsters"
LOCKED = "Elder Sign · p.11 Locked dice"
DEVOURED = "Elder Sign · p.11 Being devoured"
DOOM = "Elder Sign · p.11 The doom track"
AWAKENING = "Elder Sign · p.11 The Ancient One awakens"
BATTLE = "Elder Sign · p.12 Fighting the Ancient One"
ATTACK = "Elder Sign · p.12 The Ancient One's attack"
ENDING = "Elder Sign · p.12 Ending the game"

