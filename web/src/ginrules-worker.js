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

async function start(options) {
  // the wheels and the engine's Python side are fetched while Pyodide loads (in parallel)
  const wheels = fetched(new URL("wheels.json", options.wheelsURL), "json").then(
    (names) => Promise.all(names.map((name) => fetched(new URL(name, options.wheelsURL), "arrayBuffer"))));
  const bridge = fetched(options.bridgeURL, "text");
  wheels.catch(() => {}); bridge.catch(() => {});  // (awaited below; no unhandled rejection)
  progress("the Python runtime (Pyodide: WebAssembly and the standard library)");
  const { loadPyodide } = await import(new URL("pyodide.mjs", options.indexURL).href);
  const pyodide = await loadPyodide({ indexURL: options.indexURL });
  progress("the ginrules and attrs wheels");
  const sitePackages = pyodide.runPython(
    "import sysconfig; sysconfig.get_paths()['purelib']");
  for (const wheel of await wheels) {
    pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
  }
  pyodide.FS.writeFile(`${sitePackages}/ginrules_bridge.py`, await bridge);
  progress("ginrules (importing it in Python)");
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
