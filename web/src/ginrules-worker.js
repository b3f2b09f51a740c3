// The Web Worker of ginrules.js: Pyodide, the ginrules and attrs wheels, and the engine
// (ginrules_bridge.py), all loaded from the page's own folder. It answers one message at
// a time: {id, method, args} -> {id, answer}, the answer being the engine's JSON text.

let engine = null;

// What is loading, for the page's progress line: {progress: words, ms: since the start}.
const started = performance.now();
function progress(words) {
  self.postMessage({ progress: words, ms: performance.now() - started });
}

async function fetched(url, how) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`cannot read ${response.url}: ${response.status}`);
  return response[how]();
}

// A snapshot of the engine's memory once ginrules is imported (Pyodide's
// makeMemorySnapshot), kept in Cache Storage under a name made of the SHA-256 of the
// Pyodide version, the wheels and the bridge: a later visit with the same files starts
// from it instead of starting Python and importing ginrules again. One is kept at a time.
const SNAPSHOTS = "ginrules-snapshots";

async function snapshotName(version, wheels, bridge) {
  const bytes = await new Blob([version, "\0", ...wheels, "\0", bridge]).arrayBuffer();
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const hex = [...hash].map((b) => b.toString(16).padStart(2, "0")).join("");
  return new URL(`ginrules-snapshot-${hex}`, self.location.href).href;
}

async function snapshots() { // the cache of snapshots, or null where there is none
  try {
    return typeof caches === "undefined" ? null : await caches.open(SNAPSHOTS);
  } catch {
    return null;  // (a page of a file: URL, or storage refused)
  }
}

async function install(pyodide, wheels, bridge) {
  const sitePackages = pyodide.runPython(
    "import sysconfig; sysconfig.get_paths()['purelib']");
  for (const wheel of wheels) {
    pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
  }
  pyodide.FS.writeFile(`${sitePackages}/ginrules_bridge.py`, bridge);
}

async function start(options) {
  // the wheels and the engine's Python side are fetched while Pyodide loads (in parallel)
  const wheels = fetched(new URL("wheels.json", options.wheelsURL), "json").then(
    (names) => Promise.all(names.map((name) => fetched(new URL(name, options.wheelsURL), "arrayBuffer"))));
  const bridge = fetched(options.bridgeURL, "text");
  wheels.catch(() => {}); bridge.catch(() => {});  // (awaited below; no unhandled rejection)
  progress("the Python runtime (Pyodide: WebAssembly and the standard library)");
  const { loadPyodide, version } = await import(new URL("pyodide.mjs", options.indexURL).href);
  const cache = options.snapshot === false ? null : await snapshots();
  const name = cache ? Promise.all([wheels, bridge]).then(
    ([w, b]) => snapshotName(version, w, b)) : null;
  name?.catch(() => {});
  let pyodide = null;
  if (cache && (await cache.keys()).length) {
    // a snapshot is kept: start from it if it is of these files (else load as usual)
    const kept = name.then(async (key) => {
      const hit = await cache.match(key);
      if (!hit) throw new Error("the snapshot kept is of other files");
      return new Uint8Array(await hit.arrayBuffer());
    });
    try {
      pyodide = await loadPyodide({ indexURL: options.indexURL, _loadSnapshot: kept });
      progress("the ginrules and attrs wheels");
      await install(pyodide, await wheels, await bridge);  // (for what imports later)
      progress("ginrules (from the snapshot of your last visit)");
      pyodide.runPython("import random\nrandom.seed()");  // not the snapshot's state
    } catch (error) {
      console.warn(`the engine starts without its snapshot: ${error.message}`);
      pyodide = null;
    }
  }
  if (pyodide === null) {
    pyodide = await loadPyodide({ indexURL: options.indexURL, _makeSnapshot: cache !== null });
    progress("the ginrules and attrs wheels");
    await install(pyodide, await wheels, await bridge);
    progress("ginrules (importing it in Python)");
    pyodide.runPython("import ginrules_bridge");
    if (cache) {
      try {  // kept for the next visit (written while the game starts), the older dropped
        const key = await name;
        const snapshot = pyodide.makeMemorySnapshot();
        (async () => {
          for (const old of await cache.keys()) await cache.delete(old);
          await cache.put(key, new Response(snapshot));
        })().catch((error) => console.warn(`no snapshot of the engine is kept: ${error.message}`));
      } catch (error) {
        console.warn(`no snapshot of the engine is kept: ${error.message}`);
      }
    }
  }
  pyodide.runPython("import ginrules_bridge\nengine = ginrules_bridge.Engine()");
  engine = pyodide.globals.get("engine");
  progress("ready");
}

self.onmessage = async (event) => {
  const { id, method, args } = event.data;
  if (method === "__start__") {
    try {
      await start(args);
      self.postMessage({ id, answer: JSON.stringify({ ok: null }) });
    } catch (error) {
      const message = `the engine did not load: ${error && error.message ? error.message : error}`;
      self.postMessage({ id, answer: JSON.stringify({ error: { type: "LoadError", message } }) });
    }
    return;
  }
  let answer;
  try {
    answer = engine.call(method, JSON.stringify(args ?? {}));
  } catch (error) { // a Python error the engine does not turn into an answer: a bug
    answer = JSON.stringify({ error: { type: "InternalError", message: String(error) } });
  }
  self.postMessage({ id, answer });
};
