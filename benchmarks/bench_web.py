"""The web page's speed: its load time (to the first deal) in headless Chromium, and the
time per move of each computer level in the browser (Pyodide, in the page's Web Worker)
against the same level in CPython, on the same positions, in one run.

    python3 web/build.py && pip install selenium
    python benchmarks/bench_web.py [--positions 20] [--loads 3] [--levels beginner,...]

The first load is cold (a new browser profile); the later ones are warm (the service
worker's cache), alternately starting the engine from the snapshot of its memory the
first kept (``snapshot=1``, the page's default) and without it (``snapshot=0``).

It needs Chromium and chromedriver (``apt-get install chromium chromium-driver``). The
times per move are wall-clock (the browser has no CPU clock), the mean over the same
positions (``bench`` in ``web/src/ginrules_bridge.py``, the same code on both sides).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import importlib.util
import os
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "web" / "dist"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


def _driver(profile: str) -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if chromium is None or driver is None:
        raise SystemExit("bench_web: needs chromium and chromedriver "
                         "(apt-get install chromium chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                     "--no-first-run", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync",
                     "--disable-dev-shm-usage", f"--user-data-dir={profile}"):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(driver), options=options)


def _wait(driver: Any, script: str, timeout: float = 300) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = driver.execute_script(script)
        if value:
            return value
        time.sleep(0.05)
    raise SystemExit(f"bench_web: timed out waiting for {script}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--loads", type=int, default=3)
    parser.add_argument("--levels", default="beginner,intermediate,advanced,expert,master")
    args = parser.parse_args()
    if not (DIST / "index.html").is_file():
        raise SystemExit("bench_web: build the page first: python3 web/build.py")
    levels = args.levels.split(",")
    spec = importlib.util.spec_from_file_location("ginrules_bridge",
                                                  ROOT / "web" / "src" / "ginrules_bridge.py")
    assert spec is not None and spec.loader is not None
    bridge = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bridge)

    httpd = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Quiet, directory=str(DIST)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    origin = f"http://127.0.0.1:{httpd.server_address[1]}"
    with tempfile.TemporaryDirectory() as profile:
        driver = _driver(profile)
        try:
            loads = []
            driver.set_script_timeout(600)
            for number in range(args.loads):
                # warm visits alternate: from the snapshot kept, and without it
                snapshot = "0" if number % 2 == 0 and number > 0 else "1"
                load_average = os.getloadavg()[0]
                driver.get(f"{origin}/?rules=classic&level=expert&pace=0&seed=1"
                           f"&snapshot={snapshot}")
                _wait(driver, "return document.body.dataset.ready === 'true'")
                timings = driver.execute_script("return window.ginrulesTimings")
                loads.append((timings["navigationToEngine"], timings["navigationToFirstDeal"],
                              load_average, timings.get("steps", []), snapshot == "1"))
                # the next visit is a later one: the service worker has kept the files, and
                # the engine's worker a snapshot of its memory
                driver.execute_async_script("""const done = arguments[arguments.length - 1];
                    if (!("serviceWorker" in navigator)) done(null);
                    else navigator.serviceWorker.ready.then(() => done(true), () => done(false));""")
                _wait(driver, """return window.ginrulesSnapshots ?? (caches.open(
                    'ginrules-snapshots').then((c) => c.keys()).then((k) => {
                    window.ginrulesSnapshots = k.length > 0 || undefined; }), false)""")
                driver.get("about:blank")
            driver.get(f"{origin}/style.css")  # a page of the origin, without the game
            driver.set_script_timeout(1800)
            browser = driver.execute_async_script("""
                const done = arguments[arguments.length - 1];
                import("/ginrules.js").then(async ({ loadGinrules }) => {
                    const engine = await loadGinrules();
                    done(await engine.bench({ levels: arguments[0], positions: arguments[1] }));
                }).catch((error) => done({ error: String(error) }));""",
                levels, args.positions)
        finally:
            driver.quit()
            httpd.shutdown()
    if "error" in browser:
        raise SystemExit(f"bench_web: the browser failed: {browser['error']}")
    cpython = bridge.bench(levels, positions=args.positions)
    version = driver.capabilities.get("browserVersion", "?")
    print(f"load time (navigation to the engine ready, to the first deal on the table), "
          f"Chromium {version} headless, {args.loads} loads in one new profile (the first "
          f"cold, the next warm: the service worker's cache), with the 1-minute load average "
          f"of this machine ({os.cpu_count()} CPUs) when each began:")
    for number, (engine, deal, load_average, steps, snapshot) in enumerate(loads):
        began = ", ".join(f"{step['what'].split(' (')[0]} {step['ms'] / 1000:.2f}"
                          for step in steps)
        kind = "cold" if number == 0 else "warm, snapshot" if snapshot else "warm, none"
        print(f"  {kind:14s}  {engine / 1000:5.2f} s   "
              f"{deal / 1000:5.2f} s   load {load_average:4.1f}   ({began})")
    print(f"\ntime per move, mean wall-clock ms over the same {args.positions} positions "
          f"(Python {sys.version.split()[0]} here; Pyodide in the page's worker):")
    print(f"  {'level':14s} {'CPython':>9s} {'browser':>9s} {'ratio':>6s}")
    for ours, theirs in zip(cpython["levels"], browser["levels"], strict=True):
        ratio = theirs["mean_ms"] / ours["mean_ms"] if ours["mean_ms"] else float("nan")
        print(f"  {ours['level']:14s} {ours['mean_ms']:9.2f} {theirs['mean_ms']:9.2f} "
              f"{ratio:6.2f}")


if __name__ == "__main__":
    main()
