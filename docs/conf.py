"""Sphinx configuration for the ginrules documentation.

Build from the repository root with warnings as errors::

    .venv/bin/sphinx-build -W -q -b html docs docs/_build/html
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

# Prefer the source tree next to this file, so the docs build also without an install.
_SRC = Path(__file__).resolve().parent.parent / "src"
if str(_SRC) not in sys.path:
    sys.path.insert(0, str(_SRC))

import ginrules  # noqa: E402

# -- project ---------------------------------------------------------------------------

project = "ginrules"
author = "ginrules developers"
copyright = "ginrules developers"
version = ginrules.__version__
release = ginrules.__version__

# -- general ---------------------------------------------------------------------------

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "sphinx.ext.autosummary",
    "sphinx_copybutton",
]
# sphinx.ext.intersphinx is left out on purpose: its mappings download inventories, and
# the documentation must build without network access.

exclude_patterns = ["_build", "Thumbs.db", ".DS_Store"]
nitpicky = False
default_role = None

# -- autodoc ---------------------------------------------------------------------------

autodoc_typehints = "description"
autodoc_member_order = "bysource"
autodoc_default_options = {
    "members": True,
    "show-inheritance": True,
}
napoleon_google_docstring = True
napoleon_numpy_docstring = True

# -- html ------------------------------------------------------------------------------

# Furo: a body that grows with the window, so that the doctests' 88-column lines show
# whole at common widths (docs/_static/wide.css widens it further), and a sidebar that
# wraps long module names instead of cutting them off.
html_theme = "furo"
html_title = f"ginrules {release}"
html_static_path = ["_static"]  # the pictures (drawn by make_pictures.py) and wide.css
html_css_files = ["wide.css"]

# -- sphinx-copybutton: a copy button on every code block, copying only the input -----

copybutton_prompt_text = r">>> |\.\.\. |\$ "
copybutton_prompt_is_regexp = True
copybutton_only_copy_prompt_lines = True

# -- autosummary: the API page's table of the names most programs need ----------------

autosummary_generate = False


# -- napoleon and one-line attribute docstrings ----------------------------------------
#
# For properties, attributes and module data, napoleon reads a first line of the form
# "text: more text" as Google style "type: description", so a docstring such as
# "The card's bit in a 52-bit card mask: ``1 << index``." would render with the type
# "The card's bit in a 52-bit card mask". ginrules takes types from annotations (see
# autodoc_typehints), never from docstrings, so napoleon is undone for these objects: the
# docstring is saved just before napoleon runs (priority 500) and restored just after.

_ATTRIBUTE_KINDS = frozenset({"attribute", "data", "property"})
_saved_docstrings: dict[str, list[str]] = {}


def _save_attribute_docstring(
    app: Any, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    if what in _ATTRIBUTE_KINDS:
        _saved_docstrings[name] = list(lines)


def _restore_attribute_docstring(
    app: Any, what: str, name: str, obj: object, options: object, lines: list[str]
) -> None:
    if what in _ATTRIBUTE_KINDS and name in _saved_docstrings:
        lines[:] = _saved_docstrings.pop(name)


def setup(app: Any) -> dict[str, Any]:
    app.connect("autodoc-process-docstring", _save_attribute_docstring, priority=400)
    app.connect("autodoc-process-docstring", _restore_attribute_docstring, priority=600)
    return {"parallel_read_safe": True}
