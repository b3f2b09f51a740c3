"""What the research scripts share: ending quietly on a closed pipe or Ctrl-C (as
benchmarks/_script.py does for the benchmarks)."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable


def run(main: Callable[[], None], name: str) -> None:
    """Run ``main``; a reader that went away (``| head``) ends it quietly, and Ctrl-C in
    one line naming the script ``name``."""
    try:
        main()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(f"{name}: interrupted")
