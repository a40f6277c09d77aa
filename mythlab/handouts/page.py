"""The printed page of a handout: print CSS for A4 and Letter, provenance marks, tables and the
phase diagram, as plain HTML (no script, no external file: it prints the same anywhere)."""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

PROVENANCE = {
    "seed": "the rulebook",
    "public": "a named public source",
    "mythlab": "a value the rulebooks do not give, chosen by mythlab",
}
"""The provenance marks every datum carries, and what each means (the page's legend)."""

CSS = """
@page { size: auto; margin: 12mm; }
:root { font: 9.5pt/1.3 "DejaVu Sans", Arial, sans-serif; color: #111; }
body { margin: 0 auto; max-width: 190mm; }
h1 { font-size: 16pt; margin: 0 0 2mm; }
h2 { font-size: 11.5pt; margin: 5mm 0 2mm; border-bottom: 1px solid #999; }
p.lead { margin: 0 0 2mm; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; margin: 1mm 0 3mm;
        break-inside: auto; }
thead { display: table-header-group; }          /* the header repeats on every page */
tr, .phase { break-inside: avoid; page-break-inside: avoid; }
table.small { break-inside: avoid; page-break-inside: avoid; }
th, td { border: 1px solid #bbb; padding: 0.6mm 1.2mm; text-align: left; vertical-align: top;
         overflow-wrap: anywhere; }
th { background: #eee; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
caption { caption-side: top; text-align: left; font-style: italic; padding-bottom: 1mm; }
.mark { font-size: 7pt; padding: 0 0.8mm; border-radius: 1mm; white-space: nowrap; }
.mark.seed { background: #e3efe3; } .mark.public { background: #e3eaf5; }
.mark.mythlab { background: #f8e6cf; }
.phases { display: flex; flex-wrap: wrap; gap: 1.5mm; }
.phase { border: 1px solid #777; border-radius: 1.5mm; padding: 1mm 1.5mm; width: 58mm; }
.phase b { font-size: 10pt; } .phase .rule, .phase .next { font-size: 7.5pt; color: #444; }
.legend, .foot { font-size: 7.5pt; color: #333; }
@media print { body { max-width: none; } a { color: inherit; text-decoration: none; } }
"""


def mark(provenance: str, where: str = "") -> str:
    """The provenance mark of one datum: ``seed p.5``, ``public``, ``mythlab``."""
    kind = provenance if provenance in PROVENANCE else "mythlab"
    text = f"{provenance} {where}".strip()
    return f'<span class="mark {kind}" title="{html.escape(PROVENANCE.get(kind, ""))}">' \
           f"{html.escape(text)}</span>"


@dataclass(frozen=True)
class Datum:
    """One number that matters, with its provenance and where it comes from."""

    name: str
    value: object
    provenance: str
    where: str = ""


def numbers_table(data: Iterable[Datum], caption: str = "The numbers that matter") -> str:
    """The handout's table of rule numbers, each with its value and provenance mark."""
    rows = [[html.escape(d.name.replace("_", " ")), html.escape(_value(d.value)),
             mark(d.provenance) + (f" {html.escape(d.where)}" if d.where else "")]
            for d in data]
    return table(["rule", "value", "provenance"], rows, caption, widths=(30, 20, 50))


def _value(value: object) -> str:
    """A rule number's value as text: ``key: value`` pairs or list items, joined by commas."""
    if isinstance(value, dict):
        return ", ".join(f"{k}: {v}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(map(str, value))
    return str(value)


def table(headers: Sequence[str], rows: Iterable[Sequence[str]], caption: str = "", *,
          numeric: Sequence[int] = (), widths: Sequence[int] = (), small: bool = False) -> str:
    """A table of ready HTML cells; ``numeric`` columns are right-aligned, ``widths`` in %."""
    cols = "".join(f'<col style="width:{w}%">' for w in widths)
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(
        f'<td class="num">{c}</td>' if i in numeric else f"<td>{c}</td>"
        for i, c in enumerate(row)) + "</tr>" for row in rows)
    cap = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    cls = ' class="small"' if small else ""
    return (f"<table{cls}>{cap}<colgroup>{cols}</colgroup><thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table>")


def phase_diagram(phases: Iterable) -> str:
    """The game's phases in rulebook order, each with its rule reference and the phases it
    may move to (from ``Game.phases``, the declared transitions)."""
    boxes = []
    for n, p in enumerate(phases, 1):
        nxt = ", ".join(p.next) if p.next else "the game ends"
        boxes.append(f'<div class="phase"><b>{n}. {html.escape(p.name)}</b>'
                     f'<div class="rule">{html.escape(p.rule)}</div>'
                     f"<div>{html.escape(p.summary)}</div>"
                     f'<div class="next">→ {html.escape(nxt)}</div></div>')
    return f'<div class="phases">{"".join(boxes)}</div>'


def document(title: str, lead: str, sections: Iterable[tuple[str, str]], foot: str) -> str:
    """The whole page: title, lead, sections (heading, HTML), the provenance legend."""
    legend = "; ".join(f"{mark(k)} {html.escape(v)}" for k, v in PROVENANCE.items())
    body = "".join(f"<section><h2>{html.escape(h)}</h2>{content}</section>"
                   for h, content in sections)
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f"<title>{html.escape(title)}</title><style>{CSS}</style></head><body>"
            f"<h1>{html.escape(title)}</h1><p class=\"lead\">{html.escape(lead)}</p>{body}"
            f'<p class="legend">Provenance: {legend}.</p>'
            f'<p class="foot">{html.escape(foot)}</p></body></html>\n')
