// The Web Worker of ginrules.js: Pyodide, the ginrules and attrs wheels, and the engine
// (ginrules_bridge.py), all loaded from the page's own folder. It answers one message at
// a time: {id, method, args} -> {id, answer}, the answer being the engine's JSON text.

let engine = null;

async function start(options) {
  const { loadPyodide } = await import(new URL("pyodide.mjs", options.indexURL).href);
  const pyodide = await loadPyodide({ indexURL: options.indexURL });
  const sitePackages = pyodide.runPython(
    "import sysconfig; sysconfig.get_paths()['purelib']");
  const listing = await fetch(new URL("wheels.json", options.wheelsURL));
  if (!listing.ok) throw new Error(`cannot read ${listing.url}: ${listing.status}`);
  for (const name of await listing.json()) {
    const wheel = await fetch(new URL(name, options.wheelsURL));
    if (!wheel.ok) throw new Error(`cannot read ${wheel.url}: ${wheel.status}`);
    pyodide.unpackArchive(await wheel.arrayBuffer(), "wheel", { extractDir: sitePackages });
  }
  const bridge = await fetch(options.bridgeURL);
  if (!bridge.ok) throw new Error(`cannot read ${bridge.url}: ${bridge.status}`);
  pyodide.FS.writeFile(`${sitePackages}/ginrules_bridge.py`, await bridge.text());
  pyodide.runPython("import ginrules_bridge\nengine = ginrules_bridge.Engine()");
  engine = pyodide.globals.get("engine");
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
