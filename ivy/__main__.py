"""``python -m ivy run|info``: see ``ivy._cli``."""
import sys

from ivy._cli import main

sys.exit(main())
