"""Each handout, rendered by headless Chromium, paginates to A4 and to Letter without clipped
tables: printed to PDF within a sane page count, its rules summary (phase diagram and the
numbers that matter) on one sheet, and in print media no table is wider than the printable
width of either paper (skipped when /usr/bin/chromium or playwright is absent)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import browser_support as harness
import pytest

from mythlab.handouts import handout_html

pytestmark = harness.BROWSER_MARKS
playwright_sync = harness.require_browser()

GAMES = ["agea", "cyclades", "elder_sign", "elysium"]
MARGIN_MM = 12  # the page's @page margin
PAPERS = {"A4": 210, "Letter": 215.9}  # widths in mm
HEIGHTS = {"A4": 297, "Letter": 279.4}
MAX_PAGES = 6
"""A handout is a summary page and its tables: more pages means something spilled."""


def px(mm: float) -> int:
    return int(mm * 96 / 25.4)


@pytest.fixture(scope="module")
def browser() -> Iterator:
    with playwright_sync.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=harness.CHROMIUM, args=harness.CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


TABLE_OVERFLOW = """() => [...document.querySelectorAll('table, .phases')].map(t => {
    const box = t.getBoundingClientRect();
    const cut = [...t.querySelectorAll('td, th')].filter(c => c.scrollWidth > c.clientWidth + 1);
    return {right: box.right, clipped: cut.length, caption: t.caption ? t.caption.innerText : ''};
})"""


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_handout_prints_without_clipped_tables(browser, game, paper):
    page = browser.new_page(viewport={"width": px(PAPERS[paper] - 2 * MARGIN_MM),
                                      "height": 1000})
    try:
        page.set_content(handout_html(game))
        page.emulate_media(media="print")
        width = page.viewport_size["width"]
        for table in page.evaluate(TABLE_OVERFLOW):
            assert table["right"] <= width + 1, f"{game} on {paper}: {table} wider than {width}px"
            assert table["clipped"] == 0, f"{game} on {paper}: {table} has clipped cells"
        summary = page.evaluate(
            "() => document.querySelector('.summary').getBoundingClientRect().height")
        sheet = px(HEIGHTS[paper] - 2 * MARGIN_MM)
        assert summary <= sheet, f"{game} on {paper}: the summary is {summary:.0f}px, " \
                                 f"taller than one sheet ({sheet}px)"
        pdf = page.pdf(format=paper, prefer_css_page_size=False)
    finally:
        page.close()
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert 1 <= pages <= MAX_PAGES, f"{game} on {paper}: {pages} pages"


def test_the_overflow_check_catches_a_table_wider_than_the_paper(browser):
    """The check above can fail: a table with an unbreakable long cell is caught."""
    page = browser.new_page(viewport={"width": px(PAPERS["A4"] - 2 * MARGIN_MM), "height": 800})
    try:
        page.set_content("<table><tr><td style='white-space:nowrap'>" + "wide " * 200
                         + "</td></tr></table>")
        page.emulate_media(media="print")
        (table,) = page.evaluate(TABLE_OVERFLOW)
    finally:
        page.close()
    assert table["right"] > page.viewport_size["width"]
