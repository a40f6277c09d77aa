"""Effects that change the table: rewards and penalties, doom, monsters, locks, trophies,
being devoured (rulebook p.8-11). Functions take the state being changed (``s``) first.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product
from operator import attrgetter, itemgetter, methodcaller
from typing import TYPE_CHECKING

from .load import PLAYER_KINDS, parse_token
from .refs import (
    ANCIENT_ONE,
    DEVOURED,
    DOOM,
    ENDING,
    INVESTIGATOR,
    LOCKED,
    MONSTERS,
    OTHER_WORLDS,
    RULES,
    TROPHIES,
)
from .state import InPlay, Investigator, Lock, Placed, Task, without
from .tasks import COLOURS, EMPTY_TASK, TOTALS, card_rows, monster_slots, split

if TYPE_CHECKING:
    from .rules import ElderSignState

CARD_KINDS = ("common_item", "unique_item", "spell", "ally")
#: rewards "Ashcan" Pete may exchange, and what he may take instead (p.4, his card)
SWAPPABLE = ("common_item", "unique_item", "spell")
SWAP_FOR = ("clue", "common_item", "spell")
EXTRA = {"common_item": "extra_common_item", "unique_item": "extra_unique_item",
         "spell": "extra_spell"}


# ------------------------------------------------------------------ investigators
def new_investigator(s: ElderSignState, name: str) -> Investigator:
    """An investigator at the Entrance with full sanity, stamina and starting items (p.5)."""
    card = s.game.data.investigators[name]
    inv = Investigator(name, card.sanity, card.stamina, card.sanity, card.stamina)
    for kind, what in card.start.items():
        if kind == "clue":
            inv.clues += int(what)  # type: ignore[arg-type]
        elif isinstance(what, list):
            for named in what:
                deck = s.data.decks[kind]
                if named in deck:
                    i = deck.index(named)
                    s.data.decks = {**s.data.decks, kind: deck[:i] + deck[i + 1:]}
                    inv.cards.append(named)
                else:  # someone else holds it: the top card of its deck instead
                    draw_card(s, inv, kind)
                    s.log(f"{named} is already in play: {inv.name} draws another "
                          f"{kind}.", RULES.ruling("starting-card-taken"))
        else:
            for _ in range(what):
                draw_card(s, inv, kind)
    return inv


def draw_card(s: ElderSignState, inv: Investigator, kind: str) -> None:
    """The investigator draws the top card of a deck; an empty deck gives nothing (mythlab
    ruling 'empty-decks'). ``inv``: one the move may change (``investigator_to_change``)."""
    deck = s.data.decks[kind]
    if deck:
        inv.cards.append(deck[0])
        s.data.decks = {**s.data.decks, kind: deck[1:]}
    else:
        s.log(f"The {kind.replace('_', ' ')} deck is empty: nothing is drawn.",
              RULES.ruling("empty-decks"))


def return_card(s: ElderSignState, card: str) -> None:
    """A spent or discarded card goes face down to the bottom of its deck (p.9)."""
    kind = s.game.data.cards[card].kind
    s.data.decks = {**s.data.decks, kind: s.data.decks[kind] + [card]}


def trophy_value(s: ElderSignState, trophy: str) -> int:
    """A trophy's value: a monster's, or the adventure's printed value (1 when it prints none)."""
    kind, _, name = trophy.partition(":")
    if kind == "monster":
        return s.game.data.monsters[name].trophy
    value = s.game.data.adventures[name].trophy_value
    return 1 if value is None else value


def return_trophy(s: ElderSignState, trophy: str) -> None:
    """Spent or lost trophies go back: cards to the bottom of their deck, monsters to the cup."""
    kind, _, name = trophy.partition(":")
    d = s.data
    if kind == "monster":
        d.cup = d.cup + [name]
    elif s.game.data.adventures[name].deck == "other_world":
        d.other_world_deck = d.other_world_deck + [name]
    else:
        d.adventure_deck = d.adventure_deck + [name]


def payments(s: ElderSignState, inv: Investigator, price: int) -> list[list[str]]:
    """Ways to pay ``price`` in trophies: minimal sets, one per distinct multiset of values.

    Overpaying is allowed when nothing smaller fits, without change (p.8-9); the cheapest way
    comes first, and is the one paid (mythlab ruling 'trophy-payment').
    """
    by_value: dict[int, list[str]] = {}
    for t in inv.trophies:
        by_value.setdefault(trophy_value(s, t), []).append(t)
    values = sorted(by_value)
    out = []
    for counts in product(*(range(len(by_value[v]) + 1) for v in values)):
        total = sum(v * k for v, k in zip(values, counts, strict=True))
        if total < price:
            continue
        smallest = min((v for v, k in zip(values, counts, strict=True) if k), default=0)
        if total - smallest >= price:
            continue
        out.append([t for v, k in zip(values, counts, strict=True) for t in by_value[v][:k]])
    out.sort(key=lambda ts: (sum(trophy_value(s, t) for t in ts), len(ts)))
    return out


def pay(s: ElderSignState, inv: Investigator, trophies: list[str], why: str) -> None:
    """The investigator spends ``trophies`` (they go back, :func:`return_trophy`), logged with
    the reason ``why`` (``inv``: one the move may change, ``investigator_to_change``)."""
    for t in trophies:
        inv.trophies.remove(t)
        return_trophy(s, t)
    s.log(f"{inv.name} spends {trophy_names(s, trophies)} ({why}).", TROPHIES)


def trophy_names(s: ElderSignState, trophies: list[str]) -> str:
    """Trophies in words, each with its value, joined by `` + `` ("nothing" for none)."""
    names = []
    for t in trophies:
        kind, _, name = t.partition(":")
        label = s.game.data.monsters[name].name if kind == "monster" else name
        names.append(f"{label} ({trophy_value(s, t)})")
    return " + ".join(names) or "nothing"


def lose_trophies(s: ElderSignState, inv: Investigator, worth: int) -> bool:
    """Lose trophies worth ``worth``, the cheapest way (mythlab ruling 'trophy-payment');
    False if unable (``inv``: one the move may change, ``investigator_to_change``)."""
    ways = payments(s, inv, worth)
    if not ways:
        s.log(f"{inv.name} has no trophies worth {worth} to lose.", TROPHIES)
        return False
    pay(s, inv, ways[0], f"loses trophies worth {worth}")
    return True


# ------------------------------------------------------------------ rewards and penalties
def apply_effects(s: ElderSignState, seat: int, tokens: list[str] | tuple, rule: str,
                  exclude: str = "") -> None:
    """Rewards or penalties for the investigator of ``seat`` (p.8), in order."""
    for token in tokens:
        kind, n = parse_token(token, PLAYER_KINDS)
        if s.data.result:
            return
        apply_one(s, seat, kind, n, rule, exclude)


def apply_one(s: ElderSignState, seat: int, kind: str, n: int, rule: str,
              exclude: str = "") -> None:
    """One reward or penalty token (``kind``, ``n``) for the investigator of ``seat``; doom,
    monsters, Elder Signs and Other Worlds apply even when the seat has no investigator."""
    d = s.data
    inv = d.seats[seat].investigator
    if kind == "doom":
        if n > 0:
            add_doom(s, n, rule)
        else:
            removed = min(-n, d.doom)
            d.doom -= removed
            s.log(f"{removed} doom token(s) are removed (doom {d.doom}).", rule)
    elif kind == "monster":
        for _ in range(n):
            monster_appears(s, exclude)
    elif kind == "elder_sign":
        d.elder_signs = max(0, d.elder_signs + n)
        s.log(f"Elder Signs: {d.elder_signs} of {s.ancient_one.elder_signs}.", rule)
        if d.elder_signs >= s.ancient_one.elder_signs:
            s.finish("won", f"the investigators have {d.elder_signs} Elder Signs and seal "
                            f"{s.ancient_one.name}", ENDING)
    elif kind == "other_world":
        for _ in range(n):
            open_gate(s)
    elif inv is None:
        return
    elif kind in ("sanity", "stamina"):
        change_health(s, seat, kind, n, rule)
    elif kind == "clue":
        inv = s.investigator_to_change(seat)
        inv.clues = max(0, inv.clues + n)
        s.log(f"{inv.name} {'gains' if n > 0 else 'loses'} {abs(n)} clue(s) "
              f"(now {inv.clues}).", rule)
    elif kind in SWAPPABLE and n > 0 and d.phase != "Setup" and \
            s.game.data.investigators[inv.name].ability == "swap_reward":
        pending = s.to_change("pending")
        for _ in range(n):
            pending.append(Task("reward", seat, reward=kind))
        s.log(f"{inv.name} gains {n} {kind.replace('_', ' ')}(s): for each he may take a "
              "clue, common item or spell instead.", INVESTIGATOR)
    elif kind in CARD_KINDS:
        gain_cards(s, seat, kind, n, rule)
    elif kind == "trophies":
        lose_trophies(s, s.investigator_to_change(seat), -n)


def gain_cards(s: ElderSignState, seat: int, kind: str, n: int, rule: str) -> None:
    """Draw ``n`` cards of ``kind``, one more for Bob Jenkins, Monterey Jack, Dexter Drake."""
    inv = s.investigator_to_change(seat)
    extra = 1 if s.game.data.investigators[inv.name].ability == EXTRA.get(kind) else 0
    for _ in range(n + extra):
        draw_card(s, inv, kind)
    s.log(f"{inv.name} draws {n + extra} {kind.replace('_', ' ')}(s)"
          + (" (+1: ability)" if extra else "") + ".", INVESTIGATOR if extra else rule)


def change_health(s: ElderSignState, seat: int, kind: str, n: int, rule: str) -> None:
    """Gain (up to the maximum, p.4) or lose sanity or stamina; 0 means devoured (p.11)."""
    if s.data.seats[seat].investigator is None:
        return
    inv = s.investigator_to_change(seat)
    top = inv.max_sanity if kind == "sanity" else inv.max_stamina
    now = getattr(inv, kind)
    new = min(top, now + n)
    setattr(inv, kind, max(new, 0))
    s.log(f"{inv.name} {'gains' if n > 0 else 'loses'} {abs(new - now)} {kind} "
          f"(now {max(new, 0)}).", rule)
    if new <= 0:
        if kind == "sanity" and s.ancient_one.ability == "sanity_costs_elder_sign" \
                and s.data.elder_signs:
            s.data.elder_signs -= 1
            s.log(f"{s.ancient_one.name}: an investigator driven to 0 sanity costs an Elder "
                  f"Sign (now {s.data.elder_signs}).", ANCIENT_ONE)
        devour(s, seat, f"{kind} fell to 0")


def devour(s: ElderSignState, seat: int, why: str) -> None:
    """The investigator is devoured: +1 doom, cards and trophies go back, a new one comes (p.11)."""
    d = s.data
    if d.seats[seat].investigator is None:
        return
    place = s.seat_to_change(seat)
    inv = place.investigator
    place.investigator = None
    place.devoured.append(inv.name)
    d.pending = [t for t in d.pending
                 if not (t.player == seat and t.kind in ("max", "helper", "reward"))]
    s.log(f"{inv.name} is devoured ({why}).", DEVOURED)
    for card in inv.cards:
        return_card(s, card)
    for t in inv.trophies:
        return_trophy(s, t)
    if d.attempt is not None and seat == d.turn:
        release_attempt(s)
        d.attempt = None
        if not d.clock_done:
            d.phase = "Clock"
    if d.awake or not d.pool:
        place.out = True
        s.log(f"{s.player_name(seat)} has no investigator left and is out of the game "
              "(they still win if the others do).", DEVOURED if not d.awake else ENDING)
    else:
        s.to_change("pending").append(Task("replace", seat))
    add_doom(s, 1, DEVOURED)
    if all(p.out for p in d.seats):
        s.finish("lost", "every investigator has been devoured", ENDING
                 if d.awake else RULES.ruling("all-devoured"))


def release_attempt(s: ElderSignState) -> None:
    """Dice of an attempt go back; spells that got no die return to their deck."""
    for spell in [sp for sp in s.data.spells if not sp.die]:
        s.to_change("spells").remove(spell)
        return_card(s, spell.spell)


def add_doom(s: ElderSignState, n: int, rule: str) -> None:
    """Doom tokens fill the track in order; monster icons make a monster appear (p.11)."""
    d = s.data
    ao = s.ancient_one
    for _ in range(n):
        if d.result:  # the game is over: nothing more happens
            return
        if d.doom >= ao.doom:
            if not d.awake:
                d.awakening = True
            return
        d.doom += 1
        s.log(f"A doom token is added (doom {d.doom} of {ao.doom}).", rule)
        if d.doom in ao.monster_spaces and not d.awake:
            s.log("The doom token covers a monster icon.", DOOM)
            monster_appears(s)
        if d.doom >= ao.doom and not d.awake:
            d.awakening = True


def open_gate(s: ElderSignState) -> None:
    """An Other World card comes into play under the six adventures (p.8)."""
    from .state import InPlay

    d = s.data
    if not d.other_world_deck:
        s.log("No Other World card is left: no gate opens.", RULES.ruling("empty-decks"))
        return
    name, *d.other_world_deck = d.other_world_deck
    s.to_change("board").append(InPlay(name))
    s.log(f"A gate opens: {name} comes into play.", OTHER_WORLDS)


# ------------------------------------------------------------------ monsters
def monster_appears(s: ElderSignState, exclude: str = "") -> None:
    """Draw a random monster from the cup; the active player places it (p.10)."""
    d = s.data
    active = d.seats[d.turn].investigator
    if active is not None and s.game.data.investigators[active.name].ability == "fearless" \
            and d.phase != "Setup":
        s.log(f"No monster may appear during {active.name}'s turn.", INVESTIGATOR)
        return
    if not d.cup:
        s.log("The monster cup is empty: no monster appears.", RULES.ruling("empty-cup"))
        return
    i = s.stream.choice_index(equal_chances(len(d.cup)))
    monster = d.cup[i]
    d.cup = d.cup[:i] + d.cup[i + 1:]
    s.log(f"A monster appears: {s.game.data.monsters[monster].name}.", MONSTERS)
    s.to_change("pending").append(Task("place", d.turn, monster=monster, exclude=exclude))


@cache
def equal_chances(n: int) -> tuple[Fraction, ...]:
    """``n`` equal chances, the same Fractions every time: for a cup of 16 monsters or more
    the seeded draw finds its table by their identity (``SeededStream.choice_index``), where
    fresh ones made it anew; a shorter list's table is worked out at each draw."""
    return (Fraction(1, n),) * n


def placements(s: ElderSignState, exclude: str) -> list[tuple[str, int]]:
    """Where a monster may go: free monster tasks, else under the last task of any card;
    never on a task completed in this attempt nor on the card ``exclude`` being resolved
    (mythlab ruling 'monster-placement')."""
    d = s.data
    attempt = d.attempt
    free = []
    for card in d.board:
        if card.name == exclude:
            continue
        slots, empty = monster_slots(card.name)
        taken = {p.row for p in card.monsters}
        done = attempt.done if attempt and attempt.card == card.name else []
        free += [(card.name, r) for r in sorted(slots) if r not in taken and r not in done]
        if sum(p.row == EMPTY_TASK for p in card.monsters) < empty:
            free.append((card.name, EMPTY_TASK))
    if free:
        return free
    return [(card.name, -2) for card in d.board if card.name != exclude]


def card_index(s: ElderSignState, card_name: str) -> int:
    """Where the card called ``card_name`` lies on the board."""
    return next(i for i, c in enumerate(s.data.board) if c.name == card_name)


def place_monster(s: ElderSignState, monster: str, card_name: str, row: int) -> None:
    """The monster goes on the card (a new ``InPlay``: states share cards in play)."""
    i = card_index(s, card_name)
    board = s.to_change("board")
    board[i] = InPlay(board[i].name, board[i].monsters + [Placed(monster, row)])
    m = s.game.data.monsters[monster]
    where = {EMPTY_TASK: "on its empty monster task", -2: "under its last task"}.get(
        row, f"on task {row + 1}")
    s.log(f"{m.name} ({m.task}) is placed on {card_name} {where}.", MONSTERS)
    if m.lock != "none":
        lock_die(s, m.lock, f"monster:{monster}")


def remove_monster(s: ElderSignState, card_name: str, monster: str) -> None:
    """The monster leaves the card (a new ``InPlay``: states share cards in play)."""
    i = card_index(s, card_name)
    board = s.to_change("board")
    board[i] = InPlay(board[i].name, [p for p in board[i].monsters if p.monster != monster])
    unlock(s, f"monster:{monster}")


def placed_key(s: ElderSignState, card_name: str) -> tuple[tuple[str, int], ...]:
    """A card's monsters as (monster, row) pairs: the hashable key of :func:`tasks.card_rows`."""
    for card in s.data.board:
        if card.name == card_name:
            return tuple([(p.monster, p.row) for p in card.monsters]) if card.monsters else ()
    raise KeyError(f"{card_name} is not in play")


def card_key(s: ElderSignState, card_name: str) -> tuple[str, tuple[tuple[str, int], ...], bool]:
    """A card in play as the caches of its rows key it (:func:`tasks.card_rows`,
    :func:`tasks.card_costs`): its name, its monsters (:func:`placed_key`) and whether the
    Ancient One adds a terror to every monster task."""
    return card_name, placed_key(s, card_name), s.ancient_one.ability == "monster_terror"


def rows_of(s: ElderSignState, card_name: str):
    """The task rows of a card in play, with monsters (see :func:`tasks.card_rows`)."""
    return card_rows(*card_key(s, card_name))


# ------------------------------------------------------------------ dice and locks
def colours_in_use(s: ElderSignState) -> list[str]:
    """The colour of each die that is locked, on a spell, on a marker or in the current
    attempt (read with C-level scans: every roll asks, often several times)."""
    d = s.data
    colours = list(map(_COLOUR, d.locks))
    held = [sp.die for sp in d.spells if sp.die] if d.spells else []
    for seat in d.seats:
        inv = seat.investigator
        if inv and inv.marker:
            held.append(inv.marker)
    a = d.attempt
    if a is not None:
        colours += a.to_roll
        colours += a.aside
        colours += a.used
        held += a.rolled
        held += a.kept
    colours += map(_FIRST, map(_PARTITION, held))
    return colours


_COLOUR = attrgetter("colour")
_PLACE = attrgetter("place")
_PARTITION = methodcaller("partition", ":")
_FIRST = itemgetter(0)


def dice_in_use(s: ElderSignState) -> dict[str, int]:
    """Dice per colour (every colour, 0 when none) in use (:func:`colours_in_use`)."""
    colours = colours_in_use(s)
    return {colour: colours.count(colour) for colour in COLOURS}


def free_dice(s: ElderSignState, colour: str) -> int:
    """Dice of ``colour`` not in use (:func:`colours_in_use`)."""
    return TOTALS[colour] - colours_in_use(s).count(colour)


def lock_die(s: ElderSignState, colour: str, place: str) -> None:
    """A locked-die icon appears (p.11): the active player puts a die of ``colour`` on it at
    once, even one held on a spell or an investigator marker, never one locked elsewhere.

    A free die is taken first, then one set aside or placed on a completed task of the
    adventure under way (out of its rolls already); else a held die (the active player
    chooses when they differ). When every die of that colour is in the roll, the lock waits
    and takes the first die to come free (mythlab ruling 'no-free-die', :func:`settle_locks`).
    """
    d = s.data
    if take_spare_die(s, colour, place):
        return
    options = held_for_lock(s, colour)
    if len(options) > 1:
        s.to_change("pending").append(Task("lock", d.turn, place=place))
        s.log(f"No {colour} die is free: the active player chooses a held die to lock.", LOCKED)
    elif options:
        take_held_die(s, options[0], place)
    else:
        s.log(f"No {colour} die is free: the lock ({place.replace(':', ': ')}) waits for the "
              "first one to come free.", RULES.ruling("no-free-die"))


def take_spare_die(s: ElderSignState, colour: str, place: str) -> bool:
    """Lock a free die, or one the adventure under way no longer rolls; False if none."""
    d = s.data
    a = d.attempt
    how = ""
    if free_dice(s, colour) <= 0:
        if a is not None and colour in a.aside:
            a.aside = without(a.aside, colour)
            how = " (the die set aside)"
        elif a is not None and colour in a.used:
            a.used = without(a.used, colour)
            how = " (a die on a completed task)"
        else:
            return False
    s.to_change("locks").append(Lock(colour, place))
    s.log(f"A {colour} die{how} is locked ({place.replace(':', ': ')}).", LOCKED)
    return True


def held_for_lock(s: ElderSignState, colour: str) -> list[str]:
    """Held dice of ``colour`` a lock may take, one per distinct choice: ``"spell:<name>"`` or
    ``"marker:<seat>"`` (dice alike on spells, or alike on markers, are one choice)."""
    d = s.data
    out: dict[tuple[str, str], str] = {}
    for sp in d.spells:
        if sp.die and split(sp.die)[0] == colour:
            out.setdefault(("spell", sp.die), f"spell:{sp.spell}")
    for seat, place in enumerate(d.seats):
        inv = place.investigator
        if inv and inv.marker and split(inv.marker)[0] == colour:
            out.setdefault(("marker", inv.marker), f"marker:{seat}")
    return list(out.values())


def held_die_text(s: ElderSignState, source: str) -> str:
    """``"spell:Binding Word"`` -> ``"green:LORE on Binding Word"``."""
    kind, _, name = source.partition(":")
    if kind == "spell":
        return f"{next(sp.die for sp in s.data.spells if sp.spell == name)} on {name}"
    inv = s.data.seats[int(name)].investigator
    return f"{inv.marker} on {inv.name}'s marker"


def take_held_die(s: ElderSignState, source: str, place: str) -> None:
    """Lock the die held on a spell (the spell then goes back to its deck) or a marker."""
    what = held_die_text(s, source)
    kind, _, name = source.partition(":")
    if kind == "spell":
        spells = s.to_change("spells")
        spell = next(sp for sp in spells if sp.spell == name)
        colour = split(spell.die)[0]
        spells.remove(spell)
        return_card(s, spell.spell)
    else:
        inv = s.investigator_to_change(int(name))
        colour = split(inv.marker)[0]
        inv.marker = ""
    s.to_change("locks").append(Lock(colour, place))
    s.log(f"The {what} is locked ({place.replace(':', ': ')}).", LOCKED)


def lock_icons(s: ElderSignState) -> list[tuple[str, str]]:
    """Every locked-die icon in play as (colour, place): the Mythos card, adventure cards and
    monsters on them (a monster whose task was just completed no longer locks, p.11)."""
    d = s.data
    icons = s.game.data.lock_icons
    cards, monsters = icons["card"], icons["monster"]
    out = [icons["mythos"][d.mythos]] if d.mythos in icons["mythos"] else []
    won = d.attempt.won if d.attempt is not None else ()
    for card in d.board:
        if card.name in cards:
            out.append(cards[card.name])
        if card.monsters:
            for p in card.monsters:
                if p.monster in monsters and p.monster not in won:
                    out.append(monsters[p.monster])
    return out


def settle_locks(s: ElderSignState) -> None:
    """Locks still waiting for a die take one as soon as one is spare (ruling 'no-free-die');
    until the awakening, which frees every die."""
    d = s.data
    if d.awake or d.result:
        return
    icons = lock_icons(s)
    if not icons:
        return
    done = set(map(_PLACE, d.locks))
    if d.pending:
        done.update(t.place for t in d.pending if t.kind == "lock")
    for colour, place in icons:
        if place not in done:
            take_spare_die(s, colour, place)


def unlock(s: ElderSignState, place: str) -> None:
    """Free the die locked on ``place`` (e.g. ``monster:<id>``), if any."""
    d = s.data
    if any(lock.place == place for lock in d.locks):
        d.locks = [lock for lock in d.locks if lock.place != place]
        s.log(f"The die locked on {place.partition(':')[2]} is free again.", LOCKED)


def colours_sorted(dice: list[str]) -> list[str]:
    """Dice colours in the order green, yellow, red."""
    return sorted(dice, key=COLOURS.index)

