"""Writes the parser's tables, read at start-up instead of being built from the grammar:

    python -m playa_rules.compiler.dsl.tables > grammar/effects.tables.json

Run it after changing ``grammar/effects.lark`` (a test fails until you do; meanwhile the
parser is built from the grammar, only slower to start).
"""

import sys

from .parse import parser_tables

if __name__ == "__main__":
    sys.stdout.write(parser_tables())
