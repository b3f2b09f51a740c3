"""``python -m ginrules`` runs the ``ginrules`` command."""

import sys

from ginrules.cli import main

sys.exit(main())
