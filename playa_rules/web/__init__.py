"""A table in the browser for any rule set: ``playa-rules serve`` (the ``web`` extra).

``setup`` checks what a page asks for and loads its rules, ``tables`` runs live tables
(moves, agents, the pages watching each seat), ``store`` keeps them in SQLite, ``present``
makes what a page is sent from one seat's view and log, ``replays`` steps through saved logs,
``app`` is the Starlette application and ``cli`` the command. The pages in ``static/`` draw
any view from the rule file's ``display`` hints; no page code names a game.
"""
