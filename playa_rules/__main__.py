"""``python -m playa_rules`` runs the ``playa-rules`` command."""
from .cli import main

raise SystemExit(main())
