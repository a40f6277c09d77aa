"""Elysium's rule book in code (``RULES``) and the rule references the event log cites.

The references name pages of the Elysium rulebook, Greek edition (the Spanish edition has the
same rules); every rules module imports ``RULES`` from here and registers its offerers, doers
and automatic tasks with it (``@RULES.automatic``). Where the rulebooks are silent, the rules
cite ``RULES.ruling("<id>")``, a ruling of ``data/rulings.yaml``.
"""

from __future__ import annotations

from mythlab.engine import Rules

#: which rule offers each decision's moves and which rule carries out each move
RULES = Rules("Elysium")

SETUP = "Elysium · p.3 Setup"
TWO_PLAYERS = "Elysium · p.4 Two players: the 2 quests under 2 colours"
ORACLE = "Elysium · p.4 The Oracle (Apollo)"
CITIZENS = "Elysium · p.4 Citizens"
PHASE_I = "Elysium · p.5 Phase I: Awakening"
PHASE_II = "Elysium · p.5 Phase II: Actions"
TURN_ORDER = "Elysium · p.5 Phase II: disc #1 first, then ascending discs"
CONDITION = "Elysium · p.5 Acquisition condition"
IDENTICAL = "Elysium · p.5 No two identical cards in a domain"
QUOTA = "Elysium · p.5 Exactly 1 quest and 3 cards in 4 turns"
COLUMN = "Elysium · p.6 Discard one column"
FORCED_CITIZEN = "Elysium · p.6 Forced Citizen"
PASS = "Elysium · p.6 No quest possible: pass"
INCOMPLETE = "Elysium · p.6 Incomplete quest"
POWERS = "Elysium · p.7 Using a power in Phase II"
INSTANT = "Elysium · p.7 Instant power"
PERMANENT = "Elysium · p.7 Permanent power"
ACTIVATE = "Elysium · p.7 Activate power"
TRIGGER = "Elysium · p.7 Trigger power"
ELEUSIS = "Elysium · p.7 Eleusis"
ATHENA_ORDER = "Elysium · p.7 Shared powers: active player first"
PHASE_III = "Elysium · p.8 Phase III: Writing legends"
DISCS = "Elysium · p.8 Reassigning the discs"
QUEST_REWARD = "Elysium · p.8 Quest VP and gold"
TRANSFERS = "Elysium · p.8 Transfers: lyres, paid by level"
LEGEND_POWER = "Elysium · p.8 Legend power"
PHASE_COUNT = "Elysium · p.8 Legend power; p.13 Charon: the cards you transfer during Phase III"
LEVEL_LEGEND = "Elysium · p.8 Level legends"
FAMILY_LEGEND = "Elysium · p.9 Family legends"
WRITING = "Elysium · p.9 Writing legends"
CITIZEN_JOKER = "Elysium · p.9 Citizens in legends"
FAMILY_BONUS = "Elysium · p.9 Family legend bonus"
LEVEL_BONUS = "Elysium · p.9 Level legend bonus"
PHASE_IV = "Elysium · p.10 Phase IV: End of the epoch"
FINAL = "Elysium · p.10 Final scoring"
CHRONOS = "Elysium · p.10 Chronos powers"
LEGEND_VP = "Elysium · p.10 Legend VP"
PRESTIGE = "Elysium · p.10 Ares prestige"
CITIZEN_VP = "Elysium · p.10 Citizens cost 2 VP"
TIES = "Elysium · p.10 Ties: most gold, then shared"
FAMILIES = "Elysium · p.3 Choose 5 of the 8 families"
OWN_POWER = "Elysium · p.12 A card can be affected by its own power"


