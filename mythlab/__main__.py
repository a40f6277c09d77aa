"""``python -m mythlab``: the same command line as ``mythlab``."""

import sys

from mythlab.cli import main

sys.exit(main())
