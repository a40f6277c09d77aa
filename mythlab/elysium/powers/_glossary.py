"""The symbol glossary of the Elysium rulebook (Greek edition, p.12), each symbol tied to how the
power language writes it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Symbol:
    """One symbol of the rulebook's glossary and how the language writes it."""

    greek: str
    english: str
    kind: Literal["power", "condition", "card", "count", "timing", "card field"]
    writes: str


GLOSSARY: tuple[Symbol, ...] = (
    Symbol("ΧΡΥΣΟΣ", "gold", "power", "{gain: {gold: 1}}"),
    Symbol("ΠΟΝΤΟΙ ΝΙΚΗΣ (ΠΝ)", "victory points (VP)", "power", "{gain: {vp: 1}}"),
    Symbol("ΠΟΝΤΟΙ ΚΥΡΟΥΣ (ΠΚ)", "prestige points (PP)", "power", "{gain: {pp: 1}}"),
    Symbol("ΑΠΟΚΤΗΣΗ (εδώ 1 Χρυσό)", "gain (here 1 gold)", "power", "{gain: {gold: 1}}"),
    Symbol("ΠΛΗΡΩΜΗ (εδώ 1 Χρυσό)", "pay (here 1 gold)", "power", "{pay: {gold: 1}}"),
    Symbol("ΠΛΗΡΩΜΗ / ΞΕΣΚΑΡΤΑΡΙΣΜΑ (εδώ 1 Χρυσό)", "pay / discard (here 1 gold)", "power",
           "{lose: {gold: 1}}"),
    Symbol("ΜΕΤΑΦΟΡΑ", "transfer", "power", "{transfer: 1}"),
    Symbol("ΔΩΡΕΑΝ ΜΕΤΑΦΟΡΑ", "free transfer", "power", "{transfer: {cost: free}}"),
    Symbol("ΜΕΤΑΦΟΡΑ ΜΕ ΚΟΣΤΟΣ ΑΥΞΗΜΕΝΟ ΚΑΤΑ 1", "transfer costing 1 more", "power",
           "{transfer: {cost: plus_one}}"),
    Symbol("ΤΡΑΒΗΞΤΕ ΜΙΑ ΚΑΡΤΑ ΚΑΙ ΤΟΠΟΘΕΤΗΣΤΕ ΤΗΝ ΑΝΟΙΧΤΗ ΣΤΟΝ ΤΟΜΕΑ ΣΑΣ",
           "draw a card and put it face up in your domain", "power", "{draw: 1}"),
    Symbol("ΠΟΛΙΤΗΣ", "Citizen", "power", "{take_citizen: 1}"),
    Symbol("ΞΕΣΚΑΡΤΑΡΙΣΜΑ ΚΑΡΤΑΣ", "discard a card", "power", "{discard: 1}"),
    Symbol("ΑΝΤΑΛΛΑΓΗ", "exchange", "power", "{exchange: {with: agora}}"),
    Symbol("ΠΡΟΣΘΗΚΗ ΜΙΑΣ ΚΑΡΤΑΣ", "add a card", "power", "{add_card: {to: oracle}}"),
    Symbol("ΑΠΟΚΤΗΜΕΝΗ ΚΑΡΤΑ (εδώ Αθηνά)", "acquired card (here Athena)", "power",
           "{take: {card: {family: athena}, from: oracle}}"),
    Symbol("ΧΡΗΣΙΜΟΠΟΙΗΣΤΕ ΤΗ ΔΥΝΑΜΗ ΜΙΑΣ ΚΑΡΤΑΣ (εδώ Άμεση)",
           "use the power of a card (here Instant)", "power",
           "{use_power: {timing: instant}}"),
    Symbol("ΚΑΝΕΝΑ ΑΠΟΤΕΛΕΣΜΑ", "no effect", "power", "nothing"),
    Symbol("ΕΠΙΛΟΓΗ ΤΟΥ ΕΝΟΣ Η ΤΟΥ ΑΛΛΟΥ", "choose one or the other", "power",
           "{choose_one: [{gain: {gold: 1}}, {gain: {vp: 1}}]}"),
    Symbol("ΕΠΙΛΟΓΗ (εδώ μια κάρτα)", "choose (here a card)", "card", "{family: athena}"),
    Symbol("ΕΣΕΙΣ / ΟΙ ΥΠΟΛΟΙΠΟΙ ΠΑΙΚΤΕΣ", "you / the other players", "power",
           "[{gain: {gold: 3}}, {others: {gain: {gold: 1}}}]"),
    Symbol("(Αθηνά) «οι υπόλοιποι μπορούν να κάνουν το ίδιο για …»",
           "the other players may do the same for a cost", "power",
           "[{take_citizen: 1}, {others_may: {do: same, cost: {gold: 1}}}]"),
    Symbol("Ο ΠΑΙΚΤΗΣ ΜΕ ΤΑ ΠΕΡΙΣΣΟΤΕΡΑ... (εδώ Χρυσό)", "the player with the most … (here gold)",
           "power", "{player_with_most: {of: gold}, gain: {vp: 1}}"),
    Symbol("ΤΟΥΛΑΧΙΣΤΟΝ 2 (εδώ τουλάχιστον 2 Μεταφορές)", "at least 2 (here 2 transfers)",
           "condition", "{at_least: 2, count: {in: transferred}}"),
    Symbol("ΤΟΥΛΑΧΙΣΤΟΝ 1", "at least 1", "condition",
           "{at_least: 1, count: {eleusis: true, in: domain}}"),
    Symbol("ΚΑΝΕΝΑ (εδώ κανέναν Πολίτη)", "none (here no Citizen)", "condition",
           "{none: {citizen: true, in: domain}}"),
    Symbol("ΝΑ ΕΧΕΤΕ ΤΟΣΑ ΟΣΑ", "have as many as", "condition",
           "{have: {family: zeus, in: domain}, as_many_as: {family: hades, in: domain}}"),
    Symbol("Η ΟΠΟΙΟΔΗΠΟΤΕ ΙΔΙΟ", "or any same", "count", "{same: family, in: domain}"),
    Symbol("ΟΠΟΙΑΔΗΠΟΤΕ ΚΑΡΤΑ", "any card", "card", "any"),
    Symbol("ΚΑΡΤΑ ΣΥΓΚΕΚΡΙΜΕΝΗΣ ΟΙΚΟΓΕΝΕΙΑΣ (εδώ Αθηνά)", "card of a family (here Athena)",
           "card", "{family: athena}"),
    Symbol("ΚΑΡΤΑ ΣΕ ΤΟΜΕΑ", "card in domain", "count", "{in: domain}"),
    Symbol("ΚΑΡΤΑ ΣΤΑ ΗΛΥΣΙΑ", "card in Elysium", "count", "{in: elysium}"),
    Symbol("ΚΑΡΤΑ ΣΤΟ ΜΑΝΤΕΙΟ", "card in the Oracle", "count", "{in: oracle}"),
    Symbol("ΚΑΡΤΕΣ ΣΤΗ ΣΤΟΙΒΑ ΞΕΣΚΑΡΤΑΡΙΣΜΑΤΟΣ", "cards in the discard pile", "count",
           "{in: discard_pile}"),
    Symbol("ΜΕΤΑΦΕΡΜΕΝΗ ΚΑΡΤΑ (εδώ Απόλλωνας)", "transferred card (here Apollo)", "count",
           "{family: apollo, in: transferred}"),
    Symbol("ΧΡΕΙΑΖΕΣΤΕ ΜΙΑ ΠΡΑΣΙΝΗ ΣΤΗΛΗ", "you need a green column", "card field",
           "condition: [green]"),
    Symbol("ΑΜΕΣΗ ΔΥΝΑΜΗ", "instant power", "timing", "instant"),
    Symbol("ΜΟΝΙΜΗ ΔΥΝΑΜΗ", "permanent power", "timing", "permanent"),
    Symbol("ΔΥΝΑΜΗ ΕΝΕΡΓΟΠΟΙΗΣΗΣ", "activate power", "timing", "activate"),
    Symbol("ΔΥΝΑΜΗ ΔΡΑΣΗΣ", "trigger power", "timing", "trigger"),
    Symbol("ΔΥΝΑΜΗ ΘΡΥΛΟΥ", "legend power", "timing", "legend"),
    Symbol("ΔΥΝΑΜΗ ΧΡΟΝΟΥ", "chronos power", "timing", "chronos"),
    Symbol("ΔΥΝΑΜΗ ΧΡΟΝΟΥ, ΧΡΗΣΗ ΣΕ ΘΡΥΛΟ ΜΙΑΣ ΟΙΚΟΓΕΝΕΙΑΣ", "chronos, best in a family legend",
           "card field", "best_in: family"),
    Symbol("ΔΥΝΑΜΗ ΧΡΟΝΟΥ, ΧΡΗΣΗ ΣΕ ΘΡΥΛΟ ΕΝΟΣ ΕΠΙΠΕΔΟΥ", "chronos, best in a level legend",
           "card field", "best_in: level"),
    Symbol("ΔΥΝΑΜΗ ΕΛΕΥΣΙΝΕΙΩΝ", "Eleusis power", "card field", "eleusis: true"),
)
