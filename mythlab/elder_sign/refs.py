"""Rule references of Elder Sign (seed 004_dc53002bacdad986.txt, Greek rulebook pages)."""

from __future__ import annotations

from typing import Any

from mythlab.engine import Action, ruling_ref

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


def ruling(name: str) -> str:
    """A mythlab ruling where the seed is silent (listed in data/elder_sign/SOURCES.md)."""
    return ruling_ref("Elder Sign", name)


def act(label: str, kind: str, rule: str, *args: Any, note: str = "") -> Action:
    """An Elder Sign action: ``args`` are what its rule needs."""
    return Action(label, kind, args, rule, note)
