"""``python -m playa_rules`` runs the ``playa-rules`` command."""

from .cli.main import main

raise SystemExit(main())
