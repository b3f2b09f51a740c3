"""The ``ginrules`` command: one module per sub-command (:mod:`~ginrules.cli.deadwood`,
:mod:`~ginrules.cli.showdown`, :mod:`~ginrules.cli.play`, :mod:`~ginrules.cli.simulate`,
:mod:`~ginrules.cli.validate`, :mod:`~ginrules.cli.serve`) and
:mod:`~ginrules.cli.command`, which parses the command line and runs one: a sub-command's
module is imported only when it runs, so the command imports what that sub-command needs.

Every sub-command prints for a person by default and JSON with ``--json``. Bad input
prints one line on stderr and exits with code 2.

>>> main(["deadwood", "7H 8H 9H KS QS", "--json"])
{"deadwood": 20, "melds": [["7H", "8H", "9H"]], "deadwood_cards": ["QS", "KS"]}
0
"""

from ginrules.cli.command import build_parser, main

__all__ = ["build_parser", "main"]
