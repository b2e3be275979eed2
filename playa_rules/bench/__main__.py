"""``python -m playa_rules.bench``."""

import sys

from .run import main

sys.exit(main())
