// ginrules.js: the ginrules engine for web games, running client-side in a Web Worker
// (Pyodide, CPython compiled to WebAssembly). Plain JSON values in and out; no Python to
// write. See web/README.md and docs/web.rst.
//
//   import { loadGinrules } from "./ginrules.js";
//   const engine = await loadGinrules();               // files next to this module
//   const { game } = await engine.deal({ rules: "classic", seed: 7 });
//   await engine.legalActions(game);                    // ["take", "pass"]
//   const view = await engine.view(game, 1);            // what player 1 sees
//   const next = (await engine.apply(game, "pass", { player: 1 })).game;
//
// A game is a handle (a string such as "g3") naming an immutable game held by the engine;
// every method that changes a game returns a new handle, and the old one still names the
// game before the move. Every method returns a Promise; a refused call rejects with a
// GinrulesError whose message is the library's own (why a move is illegal, why a record
// is invalid) and whose type is the library's error class (IllegalActionError, ...).

/** The error of a refused call: `type` is the library's error class, `message` its words. */
export class GinrulesError extends Error {
  constructor(type, message) {
    super(message);
    this.name = "GinrulesError";
    this.type = type;
  }
}

/** The engine: a Web Worker running ginrules; every method returns a Promise of JSON. */
export class Engine {
  #worker;
  #next = 0;
  #waiting = new Map();

  constructor(worker, onProgress = null) {
    this.#worker = worker;
    worker.onmessage = (event) => {
      if ("progress" in event.data) { // what the worker is loading
        if (onProgress) onProgress(event.data.progress, event.data.ms);
        return;
      }
      const { id, answer } = event.data;
      const pending = this.#waiting.get(id);
      this.#waiting.delete(id);
      const parsed = JSON.parse(answer);
      if ("error" in parsed) pending.reject(new GinrulesError(parsed.error.type, parsed.error.message));
      else pending.resolve(parsed.ok);
    };
    worker.onerror = (event) => {
      const error = new GinrulesError("WorkerError", event.message || "the engine's worker failed");
      for (const pending of this.#waiting.values()) pending.reject(error);
      this.#waiting.clear();
    };
  }

  /** Call an engine method by its Python name with keyword arguments (a plain object). */
  call(method, args = {}) {
    const id = ++this.#next;
    return new Promise((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#worker.postMessage({ id, method, args });
    });
  }

  /** {version, presets: [{name, target, knock_limit, oklahoma, summary}], levels: [{name, player, description}]} */
  info() { return this.call("info"); }
  /** A new game: {game, seed}. rules: a preset's name; seed: an integer (random if omitted). */
  deal({ rules = "classic", seed = null, hollywood = false, players = null } = {}) {
    return this.call("deal", { rules, seed, hollywood, players });
  }
  /** The legal actions of the player to move, as text: ["draw stock", "draw discard"]. */
  legalActions(game) { return this.call("legal_actions", { game }); }
  /** The game after action (checked to be player's turn when given): {game}. */
  apply(game, action, { player = null } = {}) { return this.call("apply", { game, action, player }); }
  /** The game without player's last move, as far as the table's rules allow: {game}. */
  undo(game, player) { return this.call("undo", { game, player }); }
  /** Player's last move taken back with the opponent's reply to it, as far as the table's
   *  rules allow: {game, taken: [the moves taken back, in words]}. */
  takeBack(game, player) { return this.call("take_back", { game, player }); }
  /** What player sees of the hand in play (ginrules.View.to_dict()). */
  view(game, player) { return this.call("view", { game, player }); }
  /** All a page shows player: view, arrangement, knocks, sheet, last_result, can_undo,
   *  can_take_back, ... */
  table(game, player, { names = null } = {}) { return this.call("table", { game, player, names }); }
  /** The move of the computer level for the player to move: {action, player, words, seconds}. */
  choose(game, level, { seed = 0, who = "the computer" } = {}) {
    return this.call("choose", { game, level, seed, who });
  }
  /** A hint for player: {action, reason, level, knock?}; options: level (the level to
   *  consult) and opponent (the level the opponent plays at, for a knock's figures). */
  hint(game, player, { level = null, opponent = null } = {}) {
    return this.call("hint", { game, player, level, opponent });
  }
  /** The game as a ginrules record (JSON text). */
  dump(game) { return this.call("dump", { game }); }
  /** A game from a record (text or object), replayed strictly: {game, players, rules, seed}. */
  load(record) { return this.call("load", { record }); }
  /** The validator's report of a record: {valid, text, problems, hands, actions, sheet}. */
  validate(record) { return this.call("validate", { record }); }
  /** Forget a handle. */
  release(game) { return this.call("release", { game }); }
  /** The picture (SVG text) of each card, by its notation: {"AC": "<svg ...", ...}. */
  cards() { return this.call("cards"); }
  /** Time per move of computer levels on the same positions: {positions, levels: [...]} */
  bench({ levels = null, positions = 60, seed = 1 } = {}) {
    return this.call("bench", { levels, positions, seed });
  }
  /** Stop the worker; the engine cannot be used afterwards. */
  terminate() { this.#worker.terminate(); }
}

/**
 * Load the engine. The URLs are relative to this module: indexURL (the Pyodide runtime,
 * default "pyodide/"), wheelsURL (the wheels and wheels.json, default "wheels/"),
 * bridgeURL (default "ginrules_bridge.py"). Nothing is fetched from any other host.
 * onProgress(words, ms), if given, hears what is loading ("the ginrules and attrs wheels")
 * and the milliseconds since the worker started, then "ready". snapshot (default true):
 * keep, in the browser's Cache Storage, a snapshot of the engine's memory once ginrules
 * is imported, and start later visits from it (for the same Pyodide, wheels and bridge
 * only: their SHA-256 names it); false neither reads nor keeps one.
 */
export async function loadGinrules({ indexURL = "pyodide/", wheelsURL = "wheels/",
                                     bridgeURL = "ginrules_bridge.py", onProgress = null,
                                     snapshot = true } = {}) {
  const here = (path) => new URL(path, import.meta.url).href;
  const worker = new Worker(here("ginrules-worker.js"), { type: "module" });
  const engine = new Engine(worker, onProgress);
  await engine.call("__start__", {
    indexURL: here(indexURL), wheelsURL: here(wheelsURL), bridgeURL: here(bridgeURL), snapshot,
  });
  return engine;
}
