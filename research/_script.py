"""What the research scripts share with the benchmarks: the ``run`` of
benchmarks/_script.py (ending quietly on a closed pipe or Ctrl-C), loaded from there so
that it is written once."""

from __future__ import annotations

import importlib.util
from pathlib import Path

_SPEC = importlib.util.spec_from_file_location(
    "_benchmark_script", Path(__file__).resolve().parent.parent / "benchmarks" / "_script.py")
assert _SPEC is not None and _SPEC.loader is not None
_MODULE = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(_MODULE)
run = _MODULE.run
