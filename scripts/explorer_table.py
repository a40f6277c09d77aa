"""Write the odds explorer's shipped table again (``mythlab/elder_sign/data/explorer_odds.csv.gz``).

Run it after changing the Elder Sign odds solver or its adventure data; it prints how long the
solver took (about 8 minutes on one core).

    .venv/bin/python scripts/explorer_table.py
"""

from __future__ import annotations

import time
from pathlib import Path

from mythlab.elder_sign import explorer_table

if __name__ == "__main__":
    target = Path(explorer_table.__file__).with_name("data") / explorer_table.TABLE_FILE
    start = time.perf_counter()
    explorer_table.write_table(target)
    print(f"wrote {target} in {time.perf_counter() - start:.1f} s")
