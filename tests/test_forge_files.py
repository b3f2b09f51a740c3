"""The files of the forge and the docs host, which cannot run here: they say what
``pyproject.toml`` and ``.ci/run`` say. (``.ci/run`` lints the workflows with actionlint,
and their ``run:`` scripts with shellcheck; this checks what a linter cannot know.)"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import yaml  # PyYAML, in the dev extra

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: the project's own file is read with a pattern below
    tomllib = None

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = ROOT / ".github" / "workflows"


def _yaml(path: Path) -> Any:
    return yaml.safe_load(path.read_text("utf-8"))


def _triggers(workflow: dict[Any, Any]) -> Any:
    # YAML 1.1, which PyYAML reads, takes a bare ``on`` for true
    return workflow["on"] if "on" in workflow else workflow[True]


def _classifier_versions() -> list[str]:
    text = (ROOT / "pyproject.toml").read_text("utf-8")
    if tomllib is not None:
        classifiers = tomllib.loads(text)["project"]["classifiers"]
    else:
        classifiers = re.findall(r'"(Programming Language :: Python :: [^"]+)"', text)
    return [c.rsplit(" :: ", 1)[1] for c in classifiers
            if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)]


def _minor(version: str) -> int:
    return int(version.split(".")[1])


def test_the_supported_versions_are_one_list() -> None:
    """The classifiers, requires-python, the test matrix, the type checker's and the
    linter's target, and the docs page name the same versions."""
    versions = _classifier_versions()
    assert versions == ["3.10", "3.11", "3.12", "3.13"]
    assert [_minor(v) for v in versions] == list(range(_minor(versions[0]),
                                                      _minor(versions[-1]) + 1))
    text = (ROOT / "pyproject.toml").read_text("utf-8")
    assert f'requires-python = ">={versions[0]}"' in text
    assert f'python_version = "{versions[0]}"' in text  # mypy
    assert f'target-version = "py3{_minor(versions[0])}"' in text  # ruff
    matrix = _yaml(WORKFLOWS / "tests.yml")["jobs"]["ci"]["strategy"]["matrix"]
    assert matrix["python-version"] == versions
    page = (ROOT / "docs" / "compatibility.rst").read_text("utf-8")
    named = ", ".join(versions[:-1]) + f" and {versions[-1]}"
    assert f"ginrules supports CPython {named}:" in page
    assert f'``requires-python = ">={versions[0]}"``' in page


def test_the_tests_workflow_runs_ci_on_push_and_pull_request() -> None:
    workflow = _yaml(WORKFLOWS / "tests.yml")
    triggers = _triggers(workflow)
    assert {"push", "pull_request", "workflow_call"} <= set(triggers)
    assert workflow["permissions"] == {"contents": "read"}
    steps = workflow["jobs"]["ci"]["steps"]
    assert any(step.get("run") == "bash .ci/run" for step in steps)
    setup = next(step for step in steps if step.get("uses", "").startswith(
        "actions/setup-python@"))
    assert setup["with"]["python-version"] == "${{ matrix.python-version }}"
    assert (ROOT / ".ci" / "run").is_file()


def test_the_release_workflow_publishes_a_tag_by_trusted_publishing() -> None:
    workflow = _yaml(WORKFLOWS / "release.yml")
    assert _triggers(workflow) == {"push": {"tags": ["v*"]}}
    assert workflow["permissions"] == {"contents": "read"}
    jobs = workflow["jobs"]
    assert jobs["tests"]["uses"] == "./.github/workflows/tests.yml"
    assert jobs["build"]["needs"] == "tests"
    publish = jobs["publish"]
    assert publish["needs"] == "build"
    assert publish["environment"]["name"] == "pypi"
    assert publish["permissions"] == {"id-token": "write"}  # and nothing else
    (step,) = [s for s in publish["steps"] if "gh-action-pypi-publish" in s.get("uses", "")]
    assert step["uses"] == "pypa/gh-action-pypi-publish@release/v1"
    assert "with" not in step  # no password, no token: PyPI trusts the workflow
    build = "\n".join(s.get("run", "") for s in jobs["build"]["steps"])
    assert "python -m build" in build and "twine check --strict" in build


def test_no_workflow_holds_a_secret() -> None:
    for path in sorted(WORKFLOWS.glob("*.yml")):
        text = path.read_text("utf-8")
        assert "secrets." not in text, path.name
        assert "password" not in text, path.name


def test_the_docs_host_builds_as_ci_does() -> None:
    """Read the Docs builds docs/conf.py with warnings as errors, as .ci/run's
    ``sphinx-build -W`` does, with the package and its dev extra (Sphinx and the theme)."""
    config = _yaml(ROOT / ".readthedocs.yaml")
    assert config["version"] == 2
    assert re.fullmatch(r"ubuntu-\d\d\.04", config["build"]["os"])
    assert config["build"]["tools"]["python"] in _classifier_versions()
    assert config["sphinx"] == {"configuration": "docs/conf.py", "fail_on_warning": True}
    assert (ROOT / config["sphinx"]["configuration"]).is_file()
    assert config["python"]["install"] == [
        {"method": "pip", "path": ".", "extra_requirements": ["dev"]}]
    text = (ROOT / "pyproject.toml").read_text("utf-8")
    dev = text.split("\ndev = [", 1)[1].split("]", 1)[0]
    for requirement in ("sphinx>=", "furo>=", "sphinx-copybutton>="):
        assert f'"{requirement}' in dev
    assert "sphinx-build -W -q -b html docs" in (ROOT / ".ci" / "run").read_text("utf-8")
