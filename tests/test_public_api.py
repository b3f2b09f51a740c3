"""The public API: every exported name is documented with an example, and importing the
library pulls in nothing optional."""

from __future__ import annotations

import enum
import importlib
import inspect
import pkgutil
import subprocess
import sys

import pytest

import ginrules

# The old paths kept for a while: each warns when imported (tests/test_deprecations.py).
DEPRECATED_MODULES = frozenset({"ginrules.knock"})

MODULES = sorted(
    info.name for info in pkgutil.walk_packages(ginrules.__path__, "ginrules.")
    if info.name != "ginrules.__main__" and info.name not in DEPRECATED_MODULES
)

# The verbs the library is known by: a hand's actions, and what is done with its cards.
VERBS = ("deal", "legal_actions", "take_upcard", "pass_upcard", "draw", "discard", "knock",
         "big_gin", "lay_off", "arrange", "score_hand", "showdown")


def _module(name: str):  # type: ignore[no-untyped-def]
    return importlib.import_module(name)


def _exported(module):  # type: ignore[no-untyped-def]
    """The functions and classes of ``module.__all__``, as (name, object)."""
    for name in getattr(module, "__all__", ()):
        value = getattr(module, name)
        if inspect.isfunction(value) or inspect.isclass(value):
            yield name, value


def _own_members(cls: type):  # type: ignore[no-untyped-def]
    """The public methods and properties defined by ``cls`` itself (not inherited, not
    attrs-generated, not enum members)."""
    if issubclass(cls, BaseException):
        return
    for name, value in vars(cls).items():
        if name.startswith("_") or isinstance(value, enum.Enum):
            continue
        if isinstance(value, (classmethod, staticmethod)):
            value = value.__func__
        if isinstance(value, property) or inspect.isfunction(value):
            yield name, value


def _public_objects():  # type: ignore[no-untyped-def]
    seen = set()
    for module_name in MODULES:
        module = _module(module_name)
        for name, value in _exported(module):
            if id(value) in seen or not (value.__module__ or "").startswith("ginrules"):
                continue
            seen.add(id(value))
            yield f"{module_name}.{name}", value


def test_every_module_has_all() -> None:
    public = [m for m in MODULES if not m.rsplit(".", 1)[1].startswith("_")]
    assert [m for m in public if not hasattr(_module(m), "__all__")] == []


def test_every_public_function_class_method_and_property_has_a_docstring() -> None:
    missing = []
    for qualname, value in _public_objects():
        if not inspect.getdoc(value):
            missing.append(qualname)
        if inspect.isclass(value):
            for member, attr in _own_members(value):
                if not (attr.__doc__ or "").strip():
                    missing.append(f"{qualname}.{member}")
    assert missing == []


def test_every_public_function_and_class_has_a_doctest() -> None:
    missing = []
    for qualname, value in _public_objects():
        doc = inspect.getdoc(value) or ""
        if ">>>" not in doc:
            missing.append(qualname)
    assert missing == []


def test_every_method_doctest_or_its_class_doctest() -> None:
    """A public method without an example of its own is shown in its class's example."""
    missing = []
    for qualname, value in _public_objects():
        if not inspect.isclass(value):
            continue
        class_doc = inspect.getdoc(value) or ""
        for member, attr in _own_members(value):
            if ">>>" not in (attr.__doc__ or "") and ">>>" not in class_doc:
                missing.append(f"{qualname}.{member}")
    assert missing == []


def test_package_exports_are_all_in_all() -> None:
    exported = {
        name for name, value in vars(ginrules).items()
        if not name.startswith("_") and not inspect.ismodule(value)
    }
    assert exported - set(ginrules.__all__) == set()
    assert [name for name in ginrules.__all__ if not hasattr(ginrules, name)] == []


@pytest.mark.parametrize("name", VERBS)
def test_every_verb_is_a_function_at_the_top_level_with_a_doctest(name: str) -> None:
    verb = getattr(ginrules, name)
    assert inspect.isfunction(verb), f"ginrules.{name} is {verb!r}"
    assert name in ginrules.__all__ and name in dir(ginrules)
    assert ">>>" in (inspect.getdoc(verb) or "")


def test_no_module_is_named_after_a_name_of_the_package() -> None:
    """Importing a submodule sets it on its package: one named after a top-level name
    would hide it (``ginrules.rules`` is the function, so the module is ``rulesets``)."""
    clashes = {f"ginrules.{info.name}" for info in pkgutil.iter_modules(ginrules.__path__)
               if info.name in ginrules.__all__}
    assert clashes == DEPRECATED_MODULES  # the old path, guarded (test_deprecations.py)


@pytest.mark.parametrize("module_name", MODULES)
def test_all_names_exist(module_name: str) -> None:
    module = _module(module_name)
    assert [n for n in getattr(module, "__all__", ()) if not hasattr(module, n)] == []


# The one module whose import imports a peer, when it is installed: importing the
# Gymnasium adapter registers its ids with Gymnasium (Gymnasium 1.x finds third-party
# ids only so), which imports numpy. Without Gymnasium it imports as any other.
REGISTERS_ON_IMPORT = "ginrules.interop.gymnasium_env"


def test_importing_the_library_imports_no_optional_peer() -> None:
    code = (
        "import sys, importlib, pkgutil, ginrules\n"
        "for info in pkgutil.walk_packages(ginrules.__path__, 'ginrules.'):\n"
        f"    if info.name not in ('ginrules.__main__', {REGISTERS_ON_IMPORT!r}):\n"
        "        importlib.import_module(info.name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('pyspiel', 'open_spiel', 'rlcard', 'numpy', 'jsonschema', 'hypothesis', 'pytest'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == ""


# -- the layers: every arrow points one way -------------------------------------------

# Each module may import, at import time, only from its own layer or the layers before it.
# An upward convenience (the game seating view players, the validator's OpenSpiel
# explanations) is imported inside the function that uses it, or only for type checking.
LAYERS = [
    ("ginrules.errors", "ginrules._splitmix", "ginrules._version", "ginrules._chunked",
     "ginrules._files"),
    ("ginrules.cards", "ginrules._wire"),
    ("ginrules.masks",),
    ("ginrules.melds",),
    ("ginrules.rulesets",),
    ("ginrules.actions",),
    ("ginrules.knocking",),
    ("ginrules.hand",),
    ("ginrules.scoring",),
    ("ginrules.sheet",),
    ("ginrules.players",),
    ("ginrules.game",),
    ("ginrules.text", "ginrules.history", "ginrules.svg"),
    ("ginrules.terminal",),
    ("ginrules.records",),
    ("ginrules.interop",),
    ("ginrules.simulate",),
    ("ginrules.cli",),
    ("ginrules", "ginrules.__main__"),
]


def _layer(module: str) -> int:
    best = -1
    for rank, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if module == prefix or (prefix != "ginrules" and module.startswith(prefix + ".")):
                best = rank
    assert best >= 0, f"{module} is in no layer: add it to LAYERS"
    return best


def _import_time_imports(path: str) -> list[str]:
    """The ginrules modules a file imports at import time (not inside a function, not
    under ``if TYPE_CHECKING``)."""
    import ast

    with open(path, encoding="utf-8") as handle:
        tree = ast.parse(handle.read())
    found: list[str] = []

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                continue
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                if node.module == "ginrules":  # a submodule, or a name of the package
                    found.extend(f"ginrules.{a.name}" if f"ginrules.{a.name}" in MODULES
                                 else "ginrules" for a in node.names)
                elif node.module.startswith("ginrules."):
                    found.append(node.module)
            elif isinstance(node, ast.Import):
                found.extend(a.name for a in node.names if a.name.startswith("ginrules"))
            elif isinstance(node, (ast.If, ast.Try, ast.With)):
                visit(node.body)
                visit(getattr(node, "orelse", []))

    visit(tree.body)
    return found


def test_every_arrow_points_one_way() -> None:
    upward = []
    all_modules = [*MODULES, "ginrules"]
    for name in all_modules:
        module = _module(name)
        path = module.__file__
        assert path is not None
        for imported in _import_time_imports(path):
            if _layer(imported) > _layer(name):
                upward.append(f"{name} -> {imported}")
    assert upward == []


def test_the_layer_test_can_fail(tmp_path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.py"
    bad.write_text("from ginrules.game import play\nfrom ginrules import Card, hand\n"
                   "if TYPE_CHECKING:\n    from ginrules.cli import main\n\n"
                   "def f():\n    import ginrules.cli\n")
    assert _import_time_imports(str(bad)) == ["ginrules.game", "ginrules", "ginrules.hand"]
    assert _layer("ginrules.game") > _layer("ginrules.hand")


def test_a_deadwood_script_imports_only_what_it_needs() -> None:
    code = (
        "import sys, ginrules\n"
        "assert ginrules.deadwood('7H 8H 9H KS QS') == 20\n"
        "print(','.join(sorted(m for m in sys.modules if m.startswith('ginrules'))))\n"
        "ginrules.rules('classic'); ginrules.deal; ginrules.hand.apply\n"
        "print('deal' in dir(ginrules), 'ginrules.hand' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert out[0].split(",") == ["ginrules", "ginrules._splitmix", "ginrules._version",
                                 "ginrules.cards", "ginrules.errors", "ginrules.masks",
                                 "ginrules.melds"]
    assert out[1] == "True True"
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        ginrules.nothing  # noqa: B018
