// The page: a whole game of Gin Rummy against a computer level, with ginrules.js as its
// rules engine. You are player 0; the computer is player 1. The page only ever holds
// your view of the hand in play (the engine keeps the game), so the computer's cards
// reach the document only when a hand is over.
// URL parameters (for links and tests): rules, level, seed, hollywood (1: Hollywood scoring),
// pace (ms before a computer move), keep (0: no service worker keeping the engine's files),
// snapshot (0: no snapshot of the engine's memory kept for, or read on, a later visit).
// A link with a seed deals that game; without one the page resumes the game kept by the
// last visit (in localStorage), if any.

import { loadGinrules } from "./ginrules.js";

const YOU = 0;
const COMPUTER = 1;
const params = new URLSearchParams(location.search);
const pace = Number(params.get("pace") ?? 400);
const $ = (id) => document.getElementById(id);

// the load's times (ms from navigation), and each step of the engine's load as it began
window.ginrulesTimings = { navigationToEngine: null, navigationToFirstDeal: null, steps: [] };

let engine = null;
let pictures = {};
let game = null;          // the handle of the game in play
let table = null;         // the engine's table for you
let level = "expert";
let shownHands = 0;       // the finished hands whose result you have seen
let busy = false;         // the computer is moving
let knockMode = false;
let times = [];           // the seconds of each computer move of this game
let dealSeed = 0;

const names = () => ["you", `the computer (${level})`];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function say(text) { $("status").textContent = text; }
function explain(text) { $("message").textContent = text; }

// The library's refusals name the seats "player 0" and "player 1"; the page says "you"
// and "the computer" (as the terminal game does).
const SEAT_WORDS = [
  [/\bplayer 0 has\b/g, "you have"], [/\bplayer 0 draws\b/g, "you draw"],
  [/\bplayer 0's\b/g, "your"], [/\bplayer 1's\b/g, "the computer's"],
  [/\bplayer 0\b/g, "you"], [/\bplayer 1\b/g, "the computer"],
];
function inYourWords(text) {
  return SEAT_WORDS.reduce((words, [seat, name]) => words.replace(seat, name), text);
}
function refuse(error) { explain(`Not allowed: ${inYourWords(error.message)}.`); }

function cardButton(card, onClick, label) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "card";
  button.dataset.card = card;
  button.innerHTML = pictures[card];
  button.setAttribute("aria-label", label);
  button.addEventListener("click", onClick);
  return button;
}

function back(count) {
  const div = document.createElement("div");
  div.className = "back";
  div.textContent = count;
  return div;
}

function describeYours(action) {
  const [verb, ...rest] = action.split(" ");
  const card = rest.join(" ");
  switch (verb) {
    case "take": return "you take the upcard";
    case "pass": return "you pass";
    case "draw": return card === "stock" ? "you draw from the stock" : "you take the top discard";
    case "discard": return `you discard ${card}`;
    case "knock": return `you knock, discarding ${card}`;
    default: return `you ${action}`;
  }
}

function log(text, move = true) { // a move's line, or (move false) a line about the moves
  const item = document.createElement("li");
  item.textContent = asDrawn(text);  // the cards named as they are drawn
  if (move) item.dataset.move = "";
  $("log").append(item);
  $("log").scrollTop = $("log").scrollHeight;
}

// A seat's running totals: one number, or in Hollywood one for each of the three games.
function totalsOf(games, seat) {
  return table.hollywood ? games.map((pair) => pair[seat]).join(" · ") : games[0][seat];
}

function renderSheet() {
  const body = $("sheet").tBodies[0];
  body.replaceChildren();
  const hollywood = table.hollywood;
  for (const row of table.sheet.hands) {
    const tr = document.createElement("tr");
    tr.dataset.hand = row.hand;
    const who = row.winner === null ? "nobody" : names()[row.winner];
    const kind = row.undercut ? `${row.kind} (undercut by ${who})` : row.kind;
    const games = row.games.map((column) => column + 1);
    const entered = hollywood && row.winner !== null && games.length
      ? `, in game${games.length === 1 ? "" : "s"} ${games.join(", ")}` : "";
    const cells = [row.hand, row.kind === "dead" ? "dead hand" : `${kind}: ${who} +${row.points}${entered}`,
                   totalsOf(row.game_totals, YOU), totalsOf(row.game_totals, COMPUTER)];
    for (const value of cells) {
      const td = document.createElement("td");
      td.textContent = value;
      tr.append(td);
    }
    body.append(tr);
  }
  const games = hollywood ? " (games 1 · 2 · 3)" : "";
  $("sheet-you").textContent = `You${games}`;
  $("sheet-them").textContent = `Computer (${level})${games}`;
  $("total-you").textContent = totalsOf(table.sheet.games, YOU);
  $("total-them").textContent = totalsOf(table.sheet.games, COMPUTER);
  const final = $("final");
  if (table.is_over) {
    const [a, b] = table.sheet.final_scores;
    final.dataset.final = `${a} ${b}`;
    final.dataset.winner = table.winner;
    const won = table.winner === YOU ? "you win" : table.winner === null
      ? "nobody wins (a tie)" : `the computer (${level}) wins`;  // (null: a tied Hollywood match)
    final.textContent = `Game over: ${won}; `
      + `final scores with the bonuses: you ${a}, the computer ${b}.`;
  } else {
    delete final.dataset.final;
    final.textContent = `Target ${table.target}; ${table.rules_name} rules`
      + (hollywood ? "; Hollywood scoring: three games at once (a player's first hand won is"
                     + " entered in game 1, the second in games 1 and 2, the later ones in all"
                     + " three still open)." : ".");
  }
}

function renderTiming() {
  if (!times.length) { $("timing").textContent = `${level}: no move yet`; return; }
  const last = times[times.length - 1];
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  const ms = (seconds) => `${(1000 * seconds).toFixed(seconds < 0.01 ? 1 : 0)} ms`;
  $("timing").textContent = `${level}: last move ${ms(last)}, mean ${ms(mean)} `
    + `over ${times.length} move${times.length === 1 ? "" : "s"}`;
}

function rendered() { // a counter the tests (and anyone curious) can watch
  document.body.dataset.renders = String(Number(document.body.dataset.renders ?? 0) + 1);
}

// Until the engine has loaded, the table is on the page with nothing dealt and every
// move disabled (index.html); the first render seats the player at it.
function seat(board) {
  if (board.dataset.waiting !== "true") return;
  delete board.dataset.waiting;
  board.removeAttribute("aria-busy");
  for (const button of board.querySelectorAll("#actions button, #piles button")) {
    if (button.id !== "undo") button.disabled = false;  // undo: as the table allows
  }
}

function render() {
  const v = table.view;
  const board = $("table");
  board.hidden = false;
  seat(board);
  board.dataset.phase = v.phase;
  board.dataset.turn = v.turn;
  board.dataset.legal = JSON.stringify(v.legal_actions);
  board.dataset.hand = table.finished_hands + 1;
  $("opponent-name").textContent = `The computer (${level}): ${v.opponent_count} cards`;
  const theirs = $("opponent-cards");
  theirs.replaceChildren();
  for (const card of v.opponent_known) {
    const div = document.createElement("div");
    div.className = "card known";
    div.dataset.card = card;
    div.innerHTML = pictures[card];
    theirs.append(div);
  }
  const hidden = v.opponent_count - v.opponent_known.length;
  if (hidden > 0) theirs.append(back(`${hidden} unseen`));

  $("stock").replaceChildren(back(`stock ${v.stock_size}`));
  const top = v.discard_pile.length ? v.discard_pile[v.discard_pile.length - 1] : null;
  const pile = $("discard-pile");
  pile.innerHTML = top ? pictures[top] : "<span class=empty>empty</span>";
  pile.dataset.card = top ?? "";
  pile.setAttribute("aria-label", top ? `the discard pile, ${top} on top` : "the discard pile, empty");

  const hand = $("hand");
  hand.replaceChildren();
  const arrangement = table.arrangement;
  const groups = [...arrangement.melds, arrangement.deadwood_cards];
  groups.forEach((group, index) => {
    const div = document.createElement("div");
    div.className = index < arrangement.melds.length ? "group meld" : "group deadwood";
    for (const card of group) {
      const drawn = v.drawn === card ? " (just drawn)" : "";
      div.append(cardButton(card, () => cardClicked(card),
                            `${knockMode ? "knock with" : "discard"} ${card}${drawn}`));
      if (drawn) div.lastChild.classList.add("drawn");
    }
    if (group.length) hand.append(div);
  });
  $("deadwood").textContent = `deadwood ${arrangement.deadwood}`;
  const mine = v.turn === YOU;
  const what = { offer: "take or pass the upcard", draw: "draw", discard: "discard (or knock)" }[v.phase];
  $("turn").textContent = mine ? `Your turn: ${what}.` : `The computer's turn: it is thinking…`;
  say(`Hand ${table.finished_hands + 1}: ${mine ? `your turn to ${what}` : "the computer's turn"}. `
      + `You ${table.sheet.totals[YOU]}, the computer ${table.sheet.totals[COMPUTER]}; target ${table.target}.`);
  for (const button of document.querySelectorAll("#actions [data-action]")) {
    button.classList.toggle("legal", mine && v.legal_actions.includes(button.dataset.action));
  }
  const knock = $("knock");
  knock.classList.toggle("legal", mine && table.knocks.length > 0);
  knock.setAttribute("aria-pressed", String(knockMode));
  // undo takes back your last move with the computer's reply (when the rules allow)
  $("undo").disabled = !table.can_take_back;
  $("undo").classList.toggle("legal", table.can_take_back);
  renderKnocks();
  markHinted();
  renderSheet();
  renderTiming();
  firstDeal();
  rendered();
}

function renderKnocks() {
  const box = $("knocks");
  box.replaceChildren();
  box.hidden = !knockMode;
  if (!knockMode) return;
  if (!table.knocks.length) {
    box.textContent = "No knock is legal now: click the Knock button again to leave knock mode, or click a card to see why.";
    return;
  }
  const intro = document.createElement("p");
  intro.textContent = "Knock: click the card to discard (face down), or a line below. Your melds after it:";
  box.append(intro);
  for (const knock of table.knocks) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.knock = knock.action;
    button.textContent = knockLine(knock);
    button.addEventListener("click", () => act(knock.action));
    box.append(button);
  }
}

// A knock as a line: "knock with 7♥: A♣ 2♣ 3♣ | 4♥ 5♥ 6♥; deadwood 2♠ 9♦ = 11", its
// deadwood said once (the library's text of the melds says it too, so it is not used).
function knockLine(knock) {
  const drawn = (cards) => cards.map(asDrawn).join(" ");
  const melds = knock.melds.map(drawn).join(" | ");
  const gin = knock.deadwood === 0;
  return `${gin ? "gin" : "knock"} with ${asDrawn(knock.card)}: ${melds}`
    + (gin ? " (gin: no deadwood)" : `; deadwood ${drawn(knock.deadwood_cards)} = ${knock.deadwood}`);
}

function cardClicked(card) {
  act(`${knockMode ? "knock" : "discard"} ${card}`);
}

async function act(action) {
  if (busy || !game) return;
  explain("");
  try {
    const next = await engine.apply(game, action, { player: YOU });
    game = next.game;
    knockMode = false;
    clearHint();
    $("undone").textContent = "";
    log(describeYours(action));
    await refresh();
  } catch (error) {
    refuse(error);
  }
}

// The game in progress is kept in the browser (localStorage) as a ginrules record, the
// same text Save game writes, after every move: a reload resumes it.
const KEPT = "ginrules-game-in-progress";

async function keep() {
  try {
    localStorage.setItem(KEPT, await engine.dump(game));
  } catch (error) { // storage full or refused (a private window): the game goes on
    explain(`This browser did not keep the game for a reload: ${error.message}`);
  }
}

async function refresh() {
  table = await engine.table(game, YOU, { names: names() });
  await keep();
  if (table.finished_hands > shownHands || !table.view) {  // a hand just ended, or the game is over
    showResult();
    return;
  }
  render();
  if (!table.is_over && table.view.turn === COMPUTER) await computerMove();
}

async function computerMove() {
  busy = true;
  document.body.dataset.busy = "true";
  try {
    await sleep(pace);
    const move = await engine.choose(game, level, { seed: dealSeed, who: "the computer" });
    times.push(move.seconds);
    const next = await engine.apply(game, move.action, { player: COMPUTER });
    game = next.game;
    log(move.words);
  } finally {
    busy = false;
    document.body.dataset.busy = "false";
  }
  await refresh();
}

function showResult() {
  const result = table.last_result;
  $("table").hidden = true;
  $("log").replaceChildren();
  clearHint();
  $("undone").textContent = "";
  knockMode = false;
  const box = $("result");
  box.hidden = false;
  box.dataset.hand = result.hand;
  $("result-title").textContent = `Hand ${result.hand}: ${result.kind === "dead" ? "a dead hand" : result.kind}`;
  $("result-picture").innerHTML = result.picture;
  $("result-words").textContent = result.words
    + (result.layoffs && result.layoffs.length ? `; laid off: ${asDrawn(result.layoffs.join(", "))}` : "");
  $("next-hand").hidden = table.is_over;
  renderSheet();
  say(table.is_over ? $("final").textContent
                    : `Hand ${result.hand} is over: ${result.words}. Press Next hand (n) to go on.`);
  if (!table.is_over) $("next-hand").focus();
  rendered();
}

async function nextHand() {
  if (!table || table.finished_hands === shownHands || table.is_over) return;
  shownHands = table.finished_hands;
  clearResult();
  await refresh();
}

async function newGame(event) {
  if (event) event.preventDefault();
  if (busy) return;
  explain("");
  level = $("level").value;
  const seedText = $("seed").value.trim();
  const dealt = await engine.deal({ rules: $("rules").value, seed: seedText === "" ? null : Number(seedText),
                                    hollywood: $("hollywood").checked, players: names() });
  game = dealt.game;
  dealSeed = dealt.seed;
  startGame(0);
  await refresh();
}

function startGame(finished) {
  shownHands = finished;
  $("undone").textContent = "";
  times = [];
  knockMode = false;
  $("log").replaceChildren();
  clearResult();
  clearHint();
}

function clearResult() { // nothing of the last hand's result stays, hidden or not
  const box = $("result");
  box.hidden = true;
  delete box.dataset.hand;
  for (const id of ["result-title", "result-picture", "result-words"]) $(id).replaceChildren();
}

function clearHint() {
  const box = $("hint-box");
  box.textContent = "";
  delete box.dataset.action;
  for (const card of document.querySelectorAll(".card.hinted")) card.classList.remove("hinted");
}

// A card as the page draws it: 10♦ for TD, A♠ for AS (the library writes TD and AS).
const SUIT_SIGNS = { C: "♣", D: "♦", H: "♥", S: "♠" };
function asDrawn(text) {
  return text.replace(/(?<![A-Za-z0-9])([A2-9TJQK])([CDHS])(?![A-Za-z0-9])/g,
                      (_, rank, suit) => `${rank === "T" ? "10" : rank}${SUIT_SIGNS[suit]}`);
}

async function hint() {
  if (busy || !table || !table.view) return;
  const asked = game;
  try {
    const advice = await engine.hint(game, YOU, { opponent: level });
    if (game !== asked || busy) return;  // a move was made meanwhile: the hint is stale
    clearHint();
    const box = $("hint-box");
    box.dataset.action = advice.action;  // the library's words, for programs and tests
    // the reason names the level in brackets of its own, so it follows as a sentence
    // rather than inside more brackets; the cards are named as they are drawn
    const reason = asDrawn(advice.reason);
    box.textContent = `Hint: ${asDrawn(advice.action)}. ` +
      `${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`;
    markHinted();
    box.scrollIntoView({ block: "nearest" });  // below the fold on a phone
  } catch (error) {
    if (game === asked) explain(`No hint: ${inYourWords(error.message)}.`);
  }
}

// The card a hint says to play (discard 7H, knock 7H), lit in your hand; again after
// each render of the hand (knock mode draws it anew).
function markHinted() {
  const action = $("hint-box").dataset.action ?? "";
  const card = action.split(" ")[1];
  for (const lit of document.querySelectorAll(".card.hinted")) lit.classList.remove("hinted");
  if (card && action !== "draw stock" && action !== "draw discard") {
    $("hand").querySelector(`button.card[data-card="${card}"]`)?.classList.add("hinted");
  }
}

async function undo() {
  if (busy || !game) return;
  explain("");
  try {
    const back = await engine.takeBack(game, YOU);
    game = back.game;
    knockMode = false;
    clearHint();
    // the log's lines of the moves taken back go, and a line says what was taken back
    const lines = [...$("log").querySelectorAll("li[data-move]")];
    for (const line of lines.slice(Math.max(0, lines.length - back.taken.length))) line.remove();
    const words = `Taken back: ${back.taken.map(asDrawn).join("; ")}.`;
    log(words, false);
    await refresh();
    $("undone").textContent = words;
  } catch (error) {
    refuse(error);
  }
}

async function save() {
  if (!game) return;
  const text = await engine.dump(game);
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  link.download = `ginrules-game-${dealSeed}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  say("The game is saved as a ginrules record (check it with: ginrules validate FILE).");
}

// A record (text) on the table: its level picked, the game shown as far as it went.
async function openRecord(text) {
  const loaded = await engine.load(text);
  const them = loaded.players[COMPUTER] ?? "";
  const match = /\((\w+)\)/.exec(them);
  if (match && [...$("level").options].some((o) => o.value === match[1])) {
    level = match[1];
    $("level").value = level;
    $("level").dispatchEvent(new Event("change"));
  }
  game = loaded.game;
  dealSeed = loaded.seed ?? 0;
  const t = await engine.table(game, YOU, { names: names() });
  $("hollywood").checked = t.hollywood;
  if (t.rules && [...$("rules").options].some((o) => o.value === t.rules)) $("rules").value = t.rules;
  startGame(t.finished_hands);
  await refresh();
}

async function load(event) {
  const file = event.target.files[0];
  event.target.value = "";
  if (!file || busy) return;
  explain("");
  try {
    await openRecord(await file.text());
    say(`Loaded ${file.name}: the record is valid. ${$("status").textContent}`);
  } catch (error) {
    say(`${file.name} was not loaded; the game on the page is unchanged.`);
    explain(`Cannot load ${file.name}: ${error.message}`);
  }
}

// The game kept by the last visit, if any (a link with a seed asks for that deal instead).
async function resume() {
  let text = null;
  try { text = localStorage.getItem(KEPT); } catch { return false; }
  if (!text || params.has("seed")) return false;
  try {
    await openRecord(text);
  } catch (error) { // kept by another version of the page, say: a new game instead
    localStorage.removeItem(KEPT);
    return false;
  }
  say(`Resumed your game from your last visit. ${$("status").textContent} (New game starts another.)`);
  return true;
}

function toggleKnock() {
  if (busy || !table || !table.view) return;
  knockMode = !knockMode;
  render();
}

function keys(event) {
  if (event.target.matches("input, select, textarea") || event.ctrlKey || event.metaKey || event.altKey) return;
  const moves = { t: "take", p: "pass", s: "draw stock", d: "draw discard", b: "big gin" };
  if (moves[event.key]) act(moves[event.key]);
  else if (event.key === "k") toggleKnock();
  else if (event.key === "h") hint();
  else if (event.key === "u") undo();
  else if (event.key === "n") nextHand();
  else return;
  event.preventDefault();
}

async function main() {
  try {
    engine = await loadGinrules({ snapshot: params.get("snapshot") !== "0", onProgress: (words) => {
      window.ginrulesTimings.steps.push({ what: words, ms: performance.now() });
      if (words !== "ready") say(`Loading the engine: ${words}…`);
    } });
  } catch (error) {
    say(`The engine did not load: ${error.message}`);
    $("turn").textContent = "No cards can be dealt: the engine did not load (reload the page to try again).";
    return;
  }
  window.ginrulesTimings.navigationToEngine = performance.now();
  const [info, cards] = await Promise.all([engine.info(), engine.cards()]);
  pictures = cards;
  $("version").textContent = info.version;
  for (const preset of info.presets) {
    $("rules").append(new Option(`${preset.name} (to ${preset.target}${preset.oklahoma ? ", Oklahoma" : ""}, knock ${preset.knock_limit})`, preset.name));
  }
  // the selector names the levels; the chosen one's description is a line of its own
  // (in the selector it made the page wider than a phone)
  for (const item of info.levels) {
    const option = new Option(item.name, item.name);
    option.title = item.description;
    option.dataset.description = item.description;
    $("level").append(option);
  }
  const describe = () => {
    $("level-about").textContent = `${$("level").value}: ${$("level").selectedOptions[0]?.dataset.description ?? ""}`;
  };
  $("level").addEventListener("change", describe);
  $("rules").value = params.get("rules") ?? "classic";
  $("level").value = params.get("level") ?? "expert";
  describe();
  if (params.has("seed")) $("seed").value = params.get("seed");
  $("hollywood").checked = params.get("hollywood") === "1";
  $("setup").addEventListener("submit", newGame);
  for (const button of document.querySelectorAll("#actions [data-action]")) {
    button.addEventListener("click", () => act(button.dataset.action));
  }
  $("stock").addEventListener("click", () => act("draw stock"));
  $("discard-pile").addEventListener("click", () => act(table && table.view && table.view.phase === "offer" ? "take" : "draw discard"));
  $("knock").addEventListener("click", toggleKnock);
  $("hint").addEventListener("click", hint);
  $("undo").addEventListener("click", undo);
  $("next-hand").addEventListener("click", nextHand);
  $("save").addEventListener("click", save);
  $("load").addEventListener("change", load);
  document.addEventListener("keydown", keys);
  for (const id of ["new-game", "save", "load"]) $(id).disabled = false;
  if (!(await resume())) await newGame();
}

function firstDeal() {
  const timings = window.ginrulesTimings;
  if (timings.navigationToFirstDeal !== null) return;
  timings.navigationToFirstDeal = performance.now();
  $("load-time").textContent = `The engine loaded in ${(timings.navigationToEngine / 1000).toFixed(1)} s; `
    + `the first deal was on the table after ${(timings.navigationToFirstDeal / 1000).toFixed(1)} s.`;
  document.body.dataset.ready = "true";
  keepForLater();
}

// Once the first deal is on the table (not to slow it down), the service worker keeps the
// engine's files for later visits and offline play (sw.js; a browser without service
// workers, or a page opened from a file, loads them from the network each time).
function keepForLater() {
  if (!("serviceWorker" in navigator) || params.get("keep") === "0") return;
  navigator.serviceWorker.register("sw.js").catch((error) => {
    console.warn(`the engine's files are not kept for a later visit: ${error.message}`);
  });
}

main();
