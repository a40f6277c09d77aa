"""Recompute the precomputed handout tables (now: Elder Sign's adventures × dice scenarios).

Run it after changing the Elder Sign odds solver or its adventure data; it prints how long the
solver took (about 90 s on 2 cores).

    .venv/bin/python scripts/handout_tables.py
"""

from __future__ import annotations

import time
from pathlib import Path

from mythlab.handouts import elder_sign_table

if __name__ == "__main__":
    target = Path(elder_sign_table.__file__).with_name(elder_sign_table.ODDS_FILE)
    start = time.perf_counter()
    elder_sign_table.write_odds_file(target)
    print(f"wrote {target} in {time.perf_counter() - start:.1f} s")
