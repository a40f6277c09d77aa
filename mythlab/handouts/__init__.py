"""``mythlab handout <game>``: a print-ready rules summary and tables of one game.

One HTML page (print CSS for A4 and Letter) with the game's phases from ``Game.phases``, the
numbers that matter and the game's tables (Elder Sign's adventures × dice, the Cyclades battle
table, Elysium's scoring, Agea's victory points), every datum with its provenance mark; a PDF
through headless Chromium when it is installed. Games are found through the registry; a game
without a section in :data:`~mythlab.handouts.sections.SECTIONS` (a class's own) gets its phases.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

from mythlab.registry import BrokenGame, games, spec

from .page import Section, document, phase_diagram
from .sections import SECTIONS

CHROMIUM = "/usr/bin/chromium"
PDF_TIMEOUT = 120


class HandoutError(ValueError):
    """A handout that cannot be made (unknown game, no Chromium, a path it cannot write);
    the message is one line."""


def handout_html(game: str) -> str:
    """The handout of ``game`` as one self-contained HTML page."""
    if game not in games():
        raise HandoutError(f"no game called {game!r}; choose one of: {', '.join(games())}")
    try:
        info = spec(game)
        cls = info.game_class()
    except BrokenGame as exc:
        raise HandoutError(str(exc)) from None
    players = f"{cls.min_players}–{cls.max_players} players"
    rulebooks = "; ".join(info.rulebooks) or "the game's own rules"
    sections = [Section("Phases", phase_diagram(cls.phases, f"{cls.title}: the phases"), True),
                *SECTIONS.get(game, list)()]
    return document(f"{cls.title} — handout", f"{info.summary} {players}.".strip(), sections,
                    f"Made by mythlab from {rulebooks}. Page references are to that rulebook.")


def write_handout(game: str, output: str | Path | None = None, *, pdf: bool = False
                  ) -> list[Path]:
    """Write the handout (``mythlab-<game>-handout.html`` by default) and, with ``pdf``, its
    PDF beside it; returns the files written."""
    page = handout_html(game)
    html_path = Path(output or f"mythlab-{game}-handout.html")
    if pdf and html_path.suffix.lower() == ".pdf":
        html_path = html_path.with_suffix(".html")
    if html_path.is_dir():
        raise HandoutError(f"{html_path} is a folder; give a file name (-o handout.html)")
    try:
        html_path.write_text(page, encoding="utf-8")
    except OSError as exc:
        raise HandoutError(f"cannot write {html_path}: {exc.strerror or exc}") from None
    written = [html_path]
    if pdf:
        written.append(print_pdf(html_path, html_path.with_suffix(".pdf")))
    return written


def print_pdf(html_path: Path, pdf_path: Path) -> Path:
    """Print ``html_path`` to ``pdf_path`` with headless Chromium (paper size: Chromium's
    default for the locale, Letter or A4; the page's margins come from its ``@page`` rule)."""
    browser = shutil.which("chromium") or (CHROMIUM if Path(CHROMIUM).exists() else None)
    if browser is None:
        raise HandoutError(f"no Chromium found ({CHROMIUM}) to print the PDF; open "
                           f"{html_path} in a browser and print it, or install chromium")
    with tempfile.TemporaryDirectory() as profile:
        done = subprocess.run(
            [browser, "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={profile}",
             "--no-pdf-header-footer", f"--print-to-pdf={pdf_path.resolve()}",
             html_path.resolve().as_uri()],
            capture_output=True, text=True, timeout=PDF_TIMEOUT, check=False)
    if done.returncode != 0 or not pdf_path.exists():
        raise HandoutError(f"Chromium could not print {pdf_path}: "
                           f"{(done.stderr.strip().splitlines() or ['no message'])[-1]}")
    return pdf_path


__all__ = ["HandoutError", "handout_html", "print_pdf", "write_handout"]
