"""The public API: every exported name is documented with an example, and importing the
library pulls in nothing optional."""

from __future__ import annotations

import enum
import importlib
import inspect
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import ginrules

MODULES = sorted(
    info.name for info in pkgutil.walk_packages(ginrules.__path__, "ginrules.")
    if info.name != "ginrules.__main__"
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
    assert clashes == set()


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
# An upward convenience (the game seating view players) is imported inside the function
# that uses it, or only for type checking; but nothing below ginrules.interop imports it at
# all (test_nothing_below_the_adapters_imports_them).
LAYERS = [
    ("ginrules.errors", "ginrules._fields", "ginrules._splitmix", "ginrules._version",
     "ginrules._chunked", "ginrules._files", "ginrules._jsonlines", "ginrules._protocol",
     "ginrules._startup"),
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


# -- nothing below the adapters imports them (issue 33) ------------------------------------

SOURCE = Path(ginrules.__file__).resolve().parent
INTEROP = "ginrules.interop"
_IMPORTERS = frozenset({"import_module", "__import__"})  # importlib's, and the builtin


def _module_name(path: Path) -> str:
    parts = path.relative_to(SOURCE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_interop(name: str) -> bool:
    return name == INTEROP or name.startswith(INTEROP + ".")


def _absolute(module: str, is_package: bool, level: int, name: str | None) -> str:
    """The absolute name of ``from <level dots><name> import ...`` in ``module``."""
    package = module if is_package else module.rpartition(".")[0]
    base = package.split(".")
    base = base[:len(base) - (level - 1)] if level > 1 else base
    return ".".join([*base, name] if name else base)


def _interop_imports(path: Path) -> list[str]:
    """Every import of ginrules.interop in the file at ``path``, wherever it is (in a
    function, under ``if TYPE_CHECKING``) and however it is written: ``import``,
    ``from ... import`` (absolute or relative, the package itself or a name in it), and
    ``importlib.import_module`` or ``__import__`` of a literal name. Each as
    ``"line N: ..."``."""
    import ast

    module = _module_name(path)
    is_package = path.name == "__init__.py"
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = (_absolute(module, is_package, node.level, node.module) if node.level
                    else node.module or "")
            names = [base, *(f"{base}.{alias.name}" for alias in node.names)]
        elif isinstance(node, ast.Call) and node.args and isinstance(
                node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            function = node.func
            called = (function.attr if isinstance(function, ast.Attribute) else
                      function.id if isinstance(function, ast.Name) else "")
            if called in _IMPORTERS:
                name = node.args[0].value
                if name.startswith("."):  # import_module(".interop", package="ginrules")
                    package = next((k.value.value for k in node.keywords if k.arg == "package"
                                    and isinstance(k.value, ast.Constant)), module)
                    dots = len(name) - len(name.lstrip("."))
                    name = _absolute(str(package), True, dots, name.lstrip(".") or None)
                names = [name]
        if any(_is_interop(name) for name in names):
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def _below_interop() -> list[Path]:
    """The source files of every module in a layer below ginrules.interop (also the
    private ones)."""
    return [path for path in sorted(SOURCE.rglob("*.py"))
            if _layer(_module_name(path)) < _layer(INTEROP)]


def test_nothing_below_the_adapters_imports_them() -> None:
    """The core knows no peer: the mappings to other projects' ids and the explanations of
    their records live in ginrules.interop, which registers what the layers below it use;
    no module below it imports it, even inside a function."""
    checked = _below_interop()
    names = {_module_name(path) for path in checked}
    assert {"ginrules.cards", "ginrules.records", "ginrules.records.validator",
            "ginrules.records._views", "ginrules.knocking", "ginrules.players.views"} <= names
    assert not names & {"ginrules", "ginrules.interop.openspiel", "ginrules.cli.validate",
                        "ginrules.simulate"}
    upward = {f"{_module_name(path)}, {where}" for path in checked
              for where in _interop_imports(path)}
    assert upward == set()


def test_the_interop_import_test_can_fail(tmp_path: Path) -> None:
    package = tmp_path / "ginrules" / "records"
    package.mkdir(parents=True)
    bad = package / "bad.py"
    bad.write_text(
        '"""Mentions ginrules.interop.openspiel, as a docstring may."""\n'
        "import importlib\n"
        "import ginrules.interop.openspiel\n"
        "from ginrules.interop import rlcard\n"
        "from ginrules import cards, interop\n"
        "from .. import interop as up\n"
        "from ..interop.openspiel import openspiel_id\n"
        "if TYPE_CHECKING:\n    from ginrules.interop.episode import Episode\n"
        "def f():\n"
        "    import ginrules.interop\n"
        "    importlib.import_module('ginrules.interop.rlcard')\n"
        "    importlib.import_module('.interop', package='ginrules')\n"
        "    __import__('ginrules.interop')\n"
        "    warn('use ginrules.interop.openspiel.openspiel_id')\n"
        "    from ginrules.records import interop_like\n"
        "    from . import format\n"
        "    importlib.import_module(f'ginrules.{name}')\n"
        "    import ginrules.interoperable\n")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sys.modules[__name__], "SOURCE", tmp_path / "ginrules")
        found = _interop_imports(bad)
    assert [line.partition(":")[0] for line in found] == [
        f"line {n}" for n in (3, 4, 5, 6, 7, 9, 11, 12, 13, 14)]


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
    assert out[0].split(",") == ["ginrules", "ginrules._splitmix", "ginrules._startup",
                                 "ginrules._version",
                                 "ginrules.cards", "ginrules.errors", "ginrules.masks",
                                 "ginrules.melds"]
    assert out[1] == "True True"
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        ginrules.nothing  # noqa: B018
