"""The printed page of a handout: print CSS for A4 and Letter, provenance marks, tables and the
phase diagram, as plain HTML (no script, no external file: it prints the same anywhere)."""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from mythlab.display import phase_figure
from mythlab.engine.phase import PhaseBook

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
tr { break-inside: avoid; page-break-inside: avoid; }
table.small { break-inside: avoid; page-break-inside: avoid; }
th, td { border: 1px solid #bbb; padding: 0.6mm 1.2mm; text-align: left; vertical-align: top;
         overflow-wrap: anywhere; }
th { background: #eee; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
caption { caption-side: top; text-align: left; font-style: italic; padding-bottom: 1mm; }
.mark { font-size: 7pt; padding: 0 0.8mm; border-radius: 1mm; white-space: nowrap; }
.mark.seed { background: #e3efe3; } .mark.public { background: #e3eaf5; }
.mark.mythlab { background: #f8e6cf; }
.summary { font-size: 8pt; line-height: 1.2; }
.summary h2 { margin: 2.5mm 0 1mm; } .summary table { margin: 0.5mm 0 1.5mm; }
.summary th, .summary td { padding: 0.3mm 1mm; }
table.phases .rule { font-size: 7pt; color: #444; }
.pair { display: flex; gap: 3mm; } .pair > div { flex: 1 1 0; min-width: 0; }
.legend, .foot { font-size: 7.5pt; color: #333; }
.phase-picture { margin: 0; text-align: center; break-inside: avoid; }
.phase-picture svg { width: auto; max-width: 100%; height: 46mm; }
.tables { break-before: page; page-break-before: always; }
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


SHORT_WHERE = 16
"""A source this short (``p.5``) stays beside its mark on the summary; a longer one is in the
sources table after it."""


def numbers_table(data: Iterable[Datum], caption: str = "") -> str:
    """The summary's table of rule numbers: each value with its provenance mark (and its page
    when that is short); more than ten go in two tables side by side."""
    rows = [[html.escape(d.name.replace("_", " ")), html.escape(_value(d.value)),
             mark(d.provenance) + (f" {html.escape(d.where)}" if len(d.where) <= SHORT_WHERE
                                   else "")]
            for d in data]
    return pair(["rule", "value", "provenance"], rows, caption, (45, 30, 25))


def sources_table(data: Iterable[Datum]) -> str:
    """Where each rule number comes from, in full (the summary keeps only the marks)."""
    rows = [[html.escape(d.name.replace("_", " ")), mark(d.provenance), html.escape(d.where)]
            for d in data if len(d.where) > SHORT_WHERE]
    return table(["rule", "provenance", "source"], rows,
                 widths=(25, 12, 63)) if rows else ""


def _value(value: object) -> str:
    """A rule number's value as text: ``key: value`` pairs or list items, joined by commas."""
    if isinstance(value, dict):
        return ", ".join(f"{k}: {v}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(map(str, value))
    return str(value)


def table(headers: Sequence[str], rows: Iterable[Sequence[str]], caption: str = "", *,
          numeric: Sequence[int] = (), widths: Sequence[int] = (), small: bool = False,
          css: str = "") -> str:
    """A table of ready HTML cells; ``numeric`` columns are right-aligned, ``widths`` in %;
    ``small`` tables never split across pages; ``css`` adds a class."""
    cols = "".join(f'<col style="width:{w}%">' for w in widths)
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(
        f'<td class="num">{c}</td>' if i in numeric else f"<td>{c}</td>"
        for i, c in enumerate(row)) + "</tr>" for row in rows)
    cap = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    classes = " ".join(c for c in ("small" if small else "", css) if c)
    cls = f' class="{classes}"' if classes else ""
    return (f"<table{cls}>{cap}<colgroup>{cols}</colgroup><thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table>")


def phase_picture(phases: PhaseBook, title: str) -> str:
    """The phase diagram as inline SVG (text kept as text, so it prints sharp and reads in
    the page's source; no date or random ids, so the same game prints the same page)."""
    import io

    import matplotlib
    import matplotlib.pyplot as plt

    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "mythlab"}):
        fig = phase_figure(phases.graph(), title, size=(5.2, 2.5))
        out = io.StringIO()
        fig.savefig(out, format="svg", metadata={"Date": None})
        plt.close(fig)
    svg = out.getvalue()
    svg = svg[svg.index("<svg"):].strip()
    return f'<figure class="phase-picture">{svg}</figure>'


def phase_diagram(phases: PhaseBook, title: str = "The phases") -> str:
    """The game's phases: the diagram (its arrows are the declared transitions), then each
    phase in rulebook order with its rule reference (its page; the game is in the title) and
    what happens; more than eight go in two tables side by side."""
    rows = [[f'<b>{n}. {html.escape(p.name)}</b>'
             f'<div class="rule">{html.escape(p.rule.split(" · ", 1)[-1])}</div>',
             html.escape(p.summary)] for n, p in enumerate(phases, 1)]
    return phase_picture(phases, title) + pair(["phase", "what happens"], rows, "",
                                               (38, 62), over=8, css="phases")


def pair(headers: Sequence[str], rows: list[Sequence[str]], caption: str,
         widths: Sequence[int], over: int = 10, css: str = "") -> str:
    """One table, or two side by side (the rows halved) when there are more than ``over``
    rows: the summary fits its page."""
    if len(rows) <= over:
        return table(headers, rows, caption, widths=widths, css=css)
    half = -(-len(rows) // 2)
    first = table(headers, rows[:half], caption, widths=widths, css=css)
    second = table(headers, rows[half:], f"{caption} (cont.)" if caption else "",
                   widths=widths, css=css)
    return f'<div class="pair"><div>{first}</div><div>{second}</div></div>'


class Section(NamedTuple):
    """A part of a handout: its heading, its HTML, and whether it belongs on the one-page
    rules summary (the numbers that matter) or after it, with the tables for the table."""

    heading: str
    html: str
    summary: bool = False


def document(title: str, lead: str, sections: Iterable[Section], foot: str) -> str:
    """The whole page: the rules summary (title, lead, the summary sections, the provenance
    legend) on the first sheet, then the tables, starting on a new sheet."""
    legend = "; ".join(f"{mark(k)} {html.escape(v)}" for k, v in PROVENANCE.items())
    sections = list(sections)

    def body(part: list[Section]) -> str:
        """The sections' HTML, each under its heading."""
        return "".join(f"<section><h2>{html.escape(s.heading)}</h2>{s.html}</section>"
                       for s in part)

    tables = [s for s in sections if not s.summary]
    after = f'<div class="tables">{body(tables)}</div>' if tables else ""
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f"<title>{html.escape(title)}</title><style>{CSS}</style></head><body>"
            f'<div class="summary"><h1>{html.escape(title)}</h1>'
            f'<p class="lead">{html.escape(lead)}</p>{body([s for s in sections if s.summary])}'
            f'<p class="legend">Provenance: {legend}.</p>'
            f'<p class="foot">{html.escape(foot)}</p></div>{after}</body></html>\n')
