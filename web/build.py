"""Build the static page of ginrules in the browser: ``python3 web/build.py``.

It needs only Python (3.10 or newer) with pip, and the network on the first build (the
downloads are kept in ``web/.cache`` and checked against their hashes). It writes
``web/dist/`` (not committed):

* ``pyodide/``: the Pyodide runtime, from the npm registry's tarball of the version pinned
  in ``web/package-lock.json``, checked against the lock file's ``integrity`` (SHA-512);
* ``wheels/``: the ginrules wheel (built from this clone) and the attrs wheel (pinned in
  ``web/requirements.txt`` with its SHA-256), listed in ``wheels/wheels.json``;
* the page (``index.html``, ``app.js``, ``style.css``), the JavaScript module
  (``ginrules.js``, ``ginrules-worker.js``) and the engine's Python side
  (``ginrules_bridge.py``), copied from ``web/src/``;
* ``sw.js``, the page's service worker (from ``web/src/sw.js``), which keeps all of these
  in the browser for later visits and offline play, its cache named by a hash of them.

Serve the folder with any static file server, for example
``python3 -m http.server -b 127.0.0.1 -d web/dist 8000``, and open
http://127.0.0.1:8000/. Nothing is fetched from any other host at run time.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.request
from pathlib import Path

WEB = Path(__file__).resolve().parent
ROOT = WEB.parent
SRC = WEB / "src"
CACHE = WEB / ".cache"
PAGE_FILES = ("index.html", "app.js", "style.css", "ginrules.js", "ginrules-worker.js",
              "ginrules_bridge.py")
# the files of the npm package the page loads (the rest are types, maps and a console)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json", "package.json")


def fail(message: str) -> None:
    print(f"web/build.py: error: {message}", file=sys.stderr)
    raise SystemExit(2)


def pyodide_pin() -> tuple[str, str, str]:
    """The pinned Pyodide: its version, tarball address and integrity, from the lock file."""
    lock = json.loads((WEB / "package-lock.json").read_text("utf-8"))
    entry = lock["packages"]["node_modules/pyodide"]
    return entry["version"], entry["resolved"], entry["integrity"]


def check_integrity(data: bytes, integrity: str, what: str) -> None:
    """Check ``data`` against an npm ``integrity`` string (``sha512-<base64>``)."""
    algorithm, _, expected = integrity.partition("-")
    if algorithm not in ("sha512", "sha384", "sha256"):
        fail(f"{what}: unsupported integrity algorithm {algorithm!r}")
    actual = base64.b64encode(hashlib.new(algorithm, data).digest()).decode("ascii")
    if actual != expected:
        fail(f"{what}: the download does not match the lock file's integrity "
             f"({algorithm} {actual} != {expected})")


def fetch_pyodide(out: Path) -> str:
    """Unpack the pinned Pyodide into ``out``; its version."""
    version, url, integrity = pyodide_pin()
    cached = CACHE / f"pyodide-{version}.tgz"
    if cached.is_file():
        data = cached.read_bytes()
    else:
        print(f"fetching {url}")
        try:
            with urllib.request.urlopen(url, timeout=120) as response:
                data = response.read()
        except OSError as error:
            fail(f"cannot fetch Pyodide {version} from the npm registry ({url}): {error}")
    check_integrity(data, integrity, f"pyodide {version}")
    CACHE.mkdir(exist_ok=True)
    if not cached.is_file():
        cached.write_bytes(data)
    out.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
        for name in PYODIDE_FILES:
            member = archive.getmember(f"package/{name}")
            source = archive.extractfile(member)
            assert source is not None
            (out / name).write_bytes(source.read())
    return version


def pip(*args: str) -> None:
    command = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q", *args]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        fail(f"{' '.join(command[2:])} failed:\n{result.stderr.strip()}")


def build_wheels(out: Path) -> list[str]:
    """The ginrules wheel from this clone and the pinned attrs wheel, in ``out``."""
    out.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as tmp:
        pip("wheel", "--no-deps", "-w", tmp, str(ROOT))
        wheels = sorted(Path(tmp).glob("ginrules-*.whl"))
        if len(wheels) != 1:
            fail(f"expected one ginrules wheel, got {[w.name for w in wheels]}")
        shutil.copy2(wheels[0], out / wheels[0].name)
    cached = CACHE / "wheels"
    cached.mkdir(parents=True, exist_ok=True)
    pip("download", "--no-deps", "--only-binary=:all:", "--require-hashes",
        "-r", str(WEB / "requirements.txt"), "-d", str(cached))
    pinned = [line.split("==")[0].strip().lower()
              for line in (WEB / "requirements.txt").read_text("utf-8").splitlines()
              if "==" in line and not line.lstrip().startswith("#")]
    for name in pinned:
        version = next(line.split("==")[1].split()[0]
                       for line in (WEB / "requirements.txt").read_text("utf-8").splitlines()
                       if line.lower().startswith(name + "=="))
        found = sorted(cached.glob(f"{name}-{version}-*.whl"))
        if not found:
            fail(f"the {name} {version} wheel was not downloaded")
        shutil.copy2(found[0], out / found[0].name)
    names = sorted(path.name for path in out.glob("*.whl"))
    (out / "wheels.json").write_text(json.dumps(names, indent=1) + "\n", "utf-8")
    return names


def write_service_worker(out: Path) -> None:
    """``sw.js``, from ``web/src/sw.js``: the files it keeps, and the build's hash (of
    their contents) naming its cache."""
    engine = sorted(path.relative_to(out).as_posix()
                    for folder in ("pyodide", "wheels") for path in (out / folder).iterdir())
    engine.append("ginrules_bridge.py")
    page = ["index.html", "app.js", "style.css", "ginrules.js", "ginrules-worker.js"]
    digest = hashlib.sha256()
    for name in [*engine, *page]:
        digest.update(name.encode() + b"\0" + (out / name).read_bytes())
    text = (SRC / "sw.js").read_text("utf-8")
    for mark, value in (("__GINRULES_BUILD__", digest.hexdigest()[:16]),
                        ("__GINRULES_ENGINE_FILES__", json.dumps(engine)),
                        ("__GINRULES_PAGE_FILES__", json.dumps(page))):
        if mark not in text:
            fail(f"web/src/sw.js has no {mark} to fill in")
        text = text.replace(mark, value)
    (out / "sw.js").write_text(text, "utf-8")


def build(out: Path) -> None:
    if out.exists():
        shutil.rmtree(out)
    version = fetch_pyodide(out / "pyodide")
    wheels = build_wheels(out / "wheels")
    for name in PAGE_FILES:
        shutil.copy2(SRC / name, out / name)
    write_service_worker(out)
    print(f"built {out}: Pyodide {version}, {', '.join(wheels)}")
    print(f"serve it: python3 -m http.server -b 127.0.0.1 -d {out} 8000")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=WEB / "dist",
                        help="the folder to write (default: web/dist)")
    build(parser.parse_args().out.resolve())


if __name__ == "__main__":
    main()
