// A Node.js client of `ginrules serve` (the player protocol, version 1): it deals a hand of
// its own and lets two seats of ginrules' expert play it, asking the server for each move
// and reporting every action to both seats. Run: node examples/protocol_client.mjs
// (the server's command line is $GINRULES_SERVE, split on spaces; default below).
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const command = (process.env.GINRULES_SERVE || "python3 -m ginrules serve").split(" ");
const server = spawn(command[0], command.slice(1), { stdio: ["pipe", "pipe", "inherit"] });
const replies = createInterface({ input: server.stdout })[Symbol.asyncIterator]();
async function ask(request) {
  server.stdin.write(JSON.stringify(request) + "\n");
  const reply = JSON.parse((await replies.next()).value);
  if (!reply.ok) throw new Error(`${reply.kind}: ${reply.error}`);
  return reply;
}
const deck = [..."A23456789TJQK"].flatMap((rank) => [..."CDHS"].map((suit) => rank + suit));
for (let i = deck.length - 1; i > 0; i--) {  // shuffle (Fisher-Yates)
  const j = Math.floor(Math.random() * (i + 1));
  [deck[i], deck[j]] = [deck[j], deck[i]];
}
const hands = [deck.splice(0, 10), deck.splice(0, 10)], pile = [deck.shift()];
for (const p of [0, 1]) {
  await ask({ op: "open", game: `seat${p}`, player: p, level: "expert", rules: "classic", seed: p });
  await ask({ op: "deal", game: `seat${p}`, dealer: 0, cards: hands[p], upcard: pile[0] });
}
let turn = 1, view;
do {
  const { action, melds } = await ask({ op: "decide", game: `seat${turn}` });
  const [verb, card] = action.split(" "), drawn = action === "draw stock" ? deck.shift() : null;
  if (drawn) hands[turn].push(drawn);
  if (action === "take" || action === "draw discard") hands[turn].push(pile.pop());
  if (verb === "discard" || verb === "knock") pile.push(...hands[turn].splice(hands[turn].indexOf(card), 1));
  for (const p of [0, 1]) {
    await ask({ op: "event", game: `seat${p}`, player: turn, action, ...(p === turn && drawn && { card: drawn }), ...(melds && { melds }) });
  }
  console.log(`player ${turn}: ${action}${melds ? " showing " + melds.map((m) => m.join(" ")).join(" | ") : ""}`);
  view = (await ask({ op: "view", game: `seat${turn}` })).view;
  if (view.phase === "over" && verb !== "discard") view.result = (await ask({ op: "reveal", game: `seat${1 - turn}`, cards: hands[turn] })).result;
  turn = view.turn;
} while (view.phase !== "over");
console.log(`hand over: ${view.result.kind}`);
server.stdin.end();
