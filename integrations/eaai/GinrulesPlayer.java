/*
 * GinrulesPlayer: a player for the EAAI Gin Rummy framework (Todd Neller's gin-rummy-eaai,
 * interface ginrummy.GinRummyPlayer) whose moves are chosen by ginrules, run as a separate
 * program: `ginrules serve`, spoken to over a pipe in the JSON-lines player protocol
 * (described in ginrules' docs; one JSON object a line each way).
 *
 * Copyright (C) 2025 the ginrules authors.
 *
 * This program is free software; you can redistribute it and/or modify it under the
 * terms of the GNU General Public License as published by the Free Software Foundation;
 * either version 2 of the License, or (at your option) any later version. This program is
 * distributed in the hope that it will be useful, but WITHOUT ANY WARRANTY; without even
 * the implied warranty of MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the
 * GNU General Public License for more details. It is compiled against, and runs with, the
 * framework's own classes (GPL version 2 or later); it is not part of the ginrules library
 * (MIT), which never loads it. See README.md in this folder.
 *
 * What the adapter does with each callback of the framework (GinRummyGame.play):
 *
 *   startGame        a new hand: remembers the ten cards, the seat and who starts (the
 *                    framework calls it every hand). The protocol's "deal" waits for the
 *                    upcard, which the framework shows only with the first offer or draw.
 *                    After a hand whose scores reached the goal, a new protocol game opens.
 *   willDrawFaceUpCard  "decide": the framework's offers are the protocol's take/pass of
 *                    the upcard and its draw of the discard. The framework does not report
 *                    the other player's pass of the upcard: the adapter reports it (a pass
 *                    of seat (starter + k) % 2 for the k-th pass), and the third-turn
 *                    auto-decline (the starter draws from the stock unasked after both
 *                    passed) likewise.
 *   reportDraw       "take", "draw discard" or "draw stock" (with the card, for this seat).
 *   getDiscard       "decide": "discard C" or "knock C" with the melds to show, chosen from
 *                    this seat's own information by the server.
 *   reportDiscard    this seat's: reported as decided. The opponent's: held back, because
 *                    the framework reports a knock as a discard followed by the knocker's
 *                    melds (reportFinalMelds); the next callback settles it as "discard C"
 *                    or "knock C" with those melds.
 *   getFinalMelds    as knocker, the melds the server chose; as defender, the protocol's
 *                    "melds" after the knocker's melds; otherwise null (no knock).
 *   reportScores     the game totals, sent with the next "deal".
 *
 * Cards: the framework's Card.toString() ("7H", "TS", "AC": ranks A 2-9 T J Q K, suits
 * C H S D) is ginrules' card text; the adapter checks this when it loads.
 *
 * Configuration (system property, else environment variable, else default):
 *   ginrules.command / GINRULES_COMMAND   the server's command line, split on spaces
 *                                         (default "python3 -m ginrules serve")
 *   ginrules.level   / GINRULES_LEVEL     the player level (default "expert")
 *   ginrules.rules   / GINRULES_RULES     the rules preset (default "eaai")
 *   ginrules.seed    / GINRULES_SEED      the first protocol game's seed (default 0; the
 *                                         n-th game of this player gets seed + n)
 *   ginrules.trace   / GINRULES_TRACE     "1": copy every protocol line to stderr
 * The constructor GinrulesPlayer(level, seed) overrides the level and seed.
 *
 * Errors: a refused request or a server that stops is a bug of the adapter or the server;
 * the adapter prints the request, the reply and the hand's protocol lines so far to stderr
 * and throws GinrulesPlayer.ProtocolException (the framework would otherwise end the game
 * on the illegal move that follows).
 */

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import ginrummy.Card;
import ginrummy.GinRummyPlayer;

public class GinrulesPlayer implements GinRummyPlayer, AutoCloseable {

	/** The goal of a framework game (GinRummyUtil.GOAL_SCORE, the eaai preset's target). */
	public static final int GOAL_SCORE = 100;

	/** Raised when the server refuses a request or stops answering. */
	public static class ProtocolException extends RuntimeException {
		private static final long serialVersionUID = 1L;

		public ProtocolException(String message) {
			super(message);
		}
	}

	// the server
	private final List<String> command;
	private final String level;
	private final String rules;
	private final long seed;
	private final boolean trace;
	private Process process;
	private BufferedWriter toServer;
	private BufferedReader fromServer;
	private long nextId = 0;
	private final ArrayList<String> handLines = new ArrayList<String>();
	// with a server that takes them (hello's "features": ["events"]), the events since this
	// seat's last decision, sent with its next "decide" (one request a move); before any
	// other request, one "event" request each
	private boolean batched = false;
	private final ArrayList<Map<String, Object>> pending = new ArrayList<Map<String, Object>>();

	// the game and the hand
	private static final Map<String, Card> CARDS = cardsByText();
	private int gamesOpened = 0;
	private String game = null; // the protocol game's name, null between games
	private int[] scores = new int[2];
	private int me, starter;
	private Card[] dealt;
	private Card upcard;
	private boolean dealSent;
	private boolean handEnded = true; // reportScores came after the last startGame
	private int passes; // passes of the upcard reported so far this hand
	private boolean drawn; // a card has been drawn this hand (the upcard phase is over)
	private String myDrawAction; // what this seat decided at its last offer
	private String myDiscardAction; // "discard C" or "knock C", decided at getDiscard
	private ArrayList<ArrayList<Card>> myKnockMelds;
	private Card heldDiscard; // the opponent's discard, not yet known to be a knock or not
	private ArrayList<ArrayList<Card>> knockerMelds; // the opponent's, when it knocked

	/** A player of the level and seed given by the system properties or environment. */
	public GinrulesPlayer() {
		this(setting("ginrules.level", "GINRULES_LEVEL", "expert"),
				Long.parseLong(setting("ginrules.seed", "GINRULES_SEED", "0")));
	}

	/** A player of the given ginrules level; its n-th game is opened with seed + n. */
	public GinrulesPlayer(String level, long seed) {
		this.level = level;
		this.seed = seed;
		this.rules = setting("ginrules.rules", "GINRULES_RULES", "eaai");
		this.command = Arrays.asList(
				setting("ginrules.command", "GINRULES_COMMAND", "python3 -m ginrules serve").trim().split("\\s+"));
		this.trace = setting("ginrules.trace", "GINRULES_TRACE", "").equals("1");
	}

	static String setting(String property, String variable, String fallback) {
		String value = System.getProperty(property);
		if (value == null)
			value = System.getenv(variable);
		return value == null || value.isEmpty() ? fallback : value;
	}

	static Map<String, Card> cardsByText() {
		Map<String, Card> map = new HashMap<String, Card>();
		for (Card card : Card.allCards) {
			String text = card.toString();
			if (!text.matches("[A2-9TJQK][CDHS]"))
				throw new IllegalStateException("the framework writes a card as " + text
						+ ", which is not ginrules' card text (7H, TS, AC)");
			map.put(text, card);
		}
		if (map.size() != 52)
			throw new IllegalStateException("the framework has " + map.size() + " distinct cards, not 52");
		return map;
	}

	// ---------------------------------------------------------------- the framework's callbacks

	@Override
	public void startGame(int playerNum, int startingPlayerNum, Card[] cards) {
		if (game != null && !handEnded) {
			// the framework reports no forfeit: a hand that ends without scores ended its game
			System.err.println("GinrulesPlayer: the framework ended game " + game
					+ " without scoring the hand (a forfeit; see the lines above)");
			closeGame();
		}
		if (game == null)
			openGame(playerNum);
		me = playerNum;
		starter = startingPlayerNum;
		dealt = cards.clone();
		handEnded = false;
		upcard = null;
		dealSent = false;
		passes = 0;
		drawn = false;
		myDrawAction = null;
		myDiscardAction = null;
		myKnockMelds = null;
		heldDiscard = null;
		knockerMelds = null;
		handLines.clear();
	}

	@Override
	public boolean willDrawFaceUpCard(Card card) {
		if (!dealSent)
			sendDeal(card);
		flushDiscard();
		if (!drawn)
			reportPasses(me == starter ? 0 : 1);
		Map<String, Object> reply = request(op("decide"));
		String action = (String) reply.get("action");
		myDrawAction = action;
		if (action.equals("pass")) {
			event(me, "pass", null, null);
			passes++;
			return false;
		}
		if (action.equals("take") || action.equals("draw discard"))
			return true;
		if (action.equals("draw stock"))
			return false;
		throw fail("decide at an offer of " + card + " answered " + action, null, reply);
	}

	@Override
	public void reportDraw(int playerNum, Card drawnCard) {
		if (!dealSent)
			sendDeal(drawnCard); // the opponent started and took the upcard
		flushDiscard();
		String action;
		if (!drawn) { // the upcard phase
			if (drawnCard != null && drawnCard == upcard) {
				reportPasses(playerNum == starter ? 0 : 1);
				action = "take";
			} else { // both passed; the starter draws from the stock unasked
				reportPasses(2);
				action = "draw stock";
			}
		} else if (playerNum == me) {
			action = "draw discard".equals(myDrawAction) ? "draw discard" : "draw stock";
		} else {
			action = drawnCard == null ? "draw stock" : "draw discard";
		}
		if (playerNum == me && myDrawAction != null && !myDrawAction.equals(action)
				&& !(myDrawAction.equals("pass") && action.equals("draw stock")))
			throw fail("this seat decided " + myDrawAction + " but the framework reports " + action, null, null);
		drawn = true;
		myDrawAction = null;
		event(playerNum, action, playerNum == me && action.equals("draw stock") ? drawnCard : null, null);
	}

	@Override
	public Card getDiscard() {
		Map<String, Object> reply = request(op("decide"));
		String action = (String) reply.get("action");
		String[] words = action.split(" ");
		if (words.length != 2 || !(words[0].equals("discard") || words[0].equals("knock")))
			throw fail("decide at a discard answered " + action, null, reply);
		myDiscardAction = action;
		myKnockMelds = words[0].equals("knock") ? melds(reply.get("melds"), "the knock's melds") : null;
		return card(words[1]);
	}

	@Override
	public void reportDiscard(int playerNum, Card discardedCard) {
		if (playerNum != me) {
			heldDiscard = discardedCard;
			return;
		}
		String decided = myDiscardAction;
		if (decided == null || !decided.endsWith(" " + discardedCard))
			throw fail("this seat decided " + decided + " but the framework reports the discard of "
					+ discardedCard, null, null);
		event(me, decided, null, myKnockMelds);
	}

	@Override
	public ArrayList<ArrayList<Card>> getFinalMelds() {
		if (knockerMelds != null) { // defending: the opponent knocked
			Map<String, Object> request = op("melds");
			request.put("knocker_melds", texts(knockerMelds));
			Map<String, Object> reply = request(request);
			return melds(reply.get("melds"), "the defender's melds");
		}
		if (myDiscardAction != null && myDiscardAction.startsWith("knock ")) {
			ArrayList<ArrayList<Card>> out = new ArrayList<ArrayList<Card>>();
			for (ArrayList<Card> meld : myKnockMelds)
				out.add(new ArrayList<Card>(meld));
			return out;
		}
		myDiscardAction = null;
		return null;
	}

	@Override
	public void reportFinalMelds(int playerNum, ArrayList<ArrayList<Card>> melds) {
		if (playerNum == me || knockerMelds != null || myKnockMelds != null)
			return; // this seat's own melds, or the defender's after either knock
		if (heldDiscard == null)
			throw fail("the opponent showed melds without a discard before them", null, null);
		knockerMelds = new ArrayList<ArrayList<Card>>();
		for (ArrayList<Card> meld : melds)
			knockerMelds.add(new ArrayList<Card>(meld));
		Card card = heldDiscard;
		heldDiscard = null;
		event(playerNum, "knock " + card, null, knockerMelds);
	}

	@Override
	public void reportLayoff(int playerNum, Card layoffCard, ArrayList<Card> opponentMeld) {
		// the framework lays off for the defender; the protocol has no event for it
	}

	@Override
	public void reportFinalHand(int playerNum, ArrayList<Card> hand) {
		flushDiscard(); // a last discard with two stock cards left: the hand is dead
	}

	@Override
	public void reportScores(int[] scores) {
		flushDiscard();
		handEnded = true;
		this.scores = scores.clone();
		if (Math.max(scores[0], scores[1]) >= GOAL_SCORE)
			closeGame();
	}

	/** The game totals of the last hand reported, indexed by the framework's player number. */
	public int[] lastScores() {
		return scores.clone();
	}

	// ---------------------------------------------------------------- the hand's events

	private void openGame(int playerNum) {
		startServer();
		flushEvents(); // (those of a game the framework ended by a forfeit, to that game)
		game = "g" + gamesOpened;
		Map<String, Object> request = op("open");
		request.put("player", playerNum);
		request.put("level", level);
		request.put("rules", rules);
		request.put("seed", seed + gamesOpened);
		gamesOpened++;
		scores = new int[2];
		request(request);
	}

	private void closeGame() {
		if (game == null)
			return;
		request(op("close"));
		game = null;
	}

	private void sendDeal(Card card) {
		if (card == null)
			throw fail("the first card this seat sees in the hand is not the upcard", null, null);
		upcard = card;
		Map<String, Object> request = op("deal");
		request.put("dealer", 1 - starter);
		request.put("cards", texts(Arrays.asList(dealt)));
		request.put("upcard", card.toString());
		request.put("scores", Arrays.asList(scores[0], scores[1]));
		request(request);
		dealSent = true;
	}

	/** Reports the passes of the upcard until `upTo` have been reported. */
	private void reportPasses(int upTo) {
		while (passes < upTo) {
			event((starter + passes) % 2, "pass", null, null);
			passes++;
		}
	}

	private void flushDiscard() {
		if (heldDiscard == null)
			return;
		Card card = heldDiscard;
		heldDiscard = null;
		event(1 - me, "discard " + card, null, null);
	}

	private void event(int player, String action, Card drawnCard, List<ArrayList<Card>> melds) {
		Map<String, Object> event = new LinkedHashMap<String, Object>();
		event.put("player", player);
		event.put("action", action);
		if (drawnCard != null)
			event.put("card", drawnCard.toString());
		if (melds != null)
			event.put("melds", texts(melds));
		pending.add(event);
		if (!batched)
			flushEvents();
	}

	/** Sends the pending events, one "event" request each. */
	private void flushEvents() {
		while (!pending.isEmpty()) {
			Map<String, Object> request = op("event");
			request.putAll(pending.remove(0));
			request(request);
		}
	}

	// ---------------------------------------------------------------- cards and melds

	static Card card(String text) {
		Card card = CARDS.get(text);
		if (card == null)
			throw new ProtocolException("the server named a card " + text + " that the framework does not have");
		return card;
	}

	static List<String> texts(List<Card> cards) {
		List<String> out = new ArrayList<String>();
		for (Card card : cards)
			out.add(card.toString());
		return out;
	}

	static List<List<String>> texts(Iterable<? extends List<Card>> melds) {
		List<List<String>> out = new ArrayList<List<String>>();
		for (List<Card> meld : melds)
			out.add(texts(meld));
		return out;
	}

	private ArrayList<ArrayList<Card>> melds(Object value, String what) {
		if (!(value instanceof List))
			throw fail("the reply holds no " + what, null, null);
		ArrayList<ArrayList<Card>> out = new ArrayList<ArrayList<Card>>();
		for (Object meld : (List<?>) value) {
			ArrayList<Card> cards = new ArrayList<Card>();
			for (Object text : (List<?>) meld)
				cards.add(card((String) text));
			out.add(cards);
		}
		return out;
	}

	// ---------------------------------------------------------------- the server

	private Map<String, Object> op(String name) {
		Map<String, Object> request = new LinkedHashMap<String, Object>();
		request.put("id", nextId++);
		request.put("op", name);
		if (!name.equals("hello"))
			request.put("game", game);
		return request;
	}

	private void startServer() {
		if (process != null)
			return;
		try {
			ProcessBuilder builder = new ProcessBuilder(command);
			builder.redirectError(ProcessBuilder.Redirect.INHERIT);
			process = builder.start();
		} catch (IOException e) {
			throw new ProtocolException("cannot start the ginrules server " + command + ": " + e.getMessage()
					+ " (set the system property ginrules.command or GINRULES_COMMAND)");
		}
		toServer = new BufferedWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8));
		fromServer = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
		Map<String, Object> hello = op("hello");
		hello.put("features", Arrays.asList("events"));
		Map<String, Object> reply = request(hello);
		Object protocol = reply.get("protocol");
		if (!(protocol instanceof Number) || ((Number) protocol).intValue() != 1)
			throw fail("the server speaks protocol " + protocol + ", this adapter protocol 1", null, reply);
		Object features = reply.get("features");
		batched = features instanceof List && ((List<?>) features).contains("events");
	}

	private Map<String, Object> request(Map<String, Object> request) {
		if (!pending.isEmpty()) {
			if ("decide".equals(request.get("op"))) {
				request.put("events", new ArrayList<Map<String, Object>>(pending));
				pending.clear();
			} else if (!"event".equals(request.get("op"))) {
				flushEvents();
			}
		}
		String line = Json.write(request);
		handLines.add("> " + line);
		if (trace)
			System.err.println("ginrules > " + line);
		String answer;
		try {
			toServer.write(line);
			toServer.write('\n');
			toServer.flush();
			answer = fromServer.readLine();
		} catch (IOException e) {
			throw fail("the ginrules server stopped: " + e.getMessage(), line, null);
		}
		if (answer == null)
			throw fail("the ginrules server closed its output (see its stderr above)", line, null);
		handLines.add("< " + answer);
		if (trace)
			System.err.println("ginrules < " + answer);
		Object parsed;
		try {
			parsed = Json.parse(answer);
		} catch (IllegalArgumentException e) {
			throw fail("the server's reply is not JSON: " + e.getMessage(), line, null);
		}
		if (!(parsed instanceof Map))
			throw fail("the server's reply is not a JSON object", line, null);
		@SuppressWarnings("unchecked")
		Map<String, Object> reply = (Map<String, Object>) parsed;
		if (!Boolean.TRUE.equals(reply.get("ok")))
			throw fail("the server refused a request: " + reply.get("kind") + ": " + reply.get("error"), line, reply);
		if (!request.get("id").equals(reply.get("id")))
			throw fail("the reply's id is not the request's", line, reply);
		return reply;
	}

	private ProtocolException fail(String message, String line, Map<String, Object> reply) {
		StringBuilder out = new StringBuilder("GinrulesPlayer: " + message + "\n");
		out.append("  seat ").append(me).append(", game ").append(game).append(", level ").append(level).append('\n');
		if (line != null)
			out.append("  request: ").append(line).append('\n');
		if (reply != null)
			out.append("  reply: ").append(Json.write(reply)).append('\n');
		out.append("  this hand's protocol lines:\n");
		for (String handLine : handLines)
			out.append("    ").append(handLine).append('\n');
		System.err.print(out);
		System.err.flush();
		return new ProtocolException(message);
	}

	/** Ends the protocol game and the server (EOF on its input; it exits). */
	@Override
	public void close() {
		if (process == null)
			return;
		try {
			toServer.close();
			process.waitFor();
		} catch (IOException | InterruptedException e) {
			process.destroy();
		}
		process = null;
		game = null;
	}

	// ---------------------------------------------------------------- a little JSON

	/** Just enough JSON for the protocol: objects, arrays, strings, numbers, literals. */
	static final class Json {
		private final String text;
		private int at = 0;

		private Json(String text) {
			this.text = text;
		}

		static Object parse(String text) {
			Json json = new Json(text);
			Object value = json.value();
			json.space();
			if (json.at != text.length())
				throw new IllegalArgumentException("text after the value at " + json.at);
			return value;
		}

		static String write(Object value) {
			StringBuilder out = new StringBuilder();
			write(value, out);
			return out.toString();
		}

		private static void write(Object value, StringBuilder out) {
			if (value == null) {
				out.append("null");
			} else if (value instanceof String) {
				out.append('"');
				for (char c : ((String) value).toCharArray()) {
					if (c == '"' || c == '\\')
						out.append('\\').append(c);
					else if (c < 0x20)
						out.append(String.format("\\u%04x", (int) c));
					else
						out.append(c);
				}
				out.append('"');
			} else if (value instanceof Map) {
				out.append('{');
				boolean first = true;
				for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
					out.append(first ? "" : ",");
					first = false;
					write(String.valueOf(entry.getKey()), out);
					out.append(':');
					write(entry.getValue(), out);
				}
				out.append('}');
			} else if (value instanceof List) {
				out.append('[');
				boolean first = true;
				for (Object item : (List<?>) value) {
					out.append(first ? "" : ",");
					first = false;
					write(item, out);
				}
				out.append(']');
			} else { // Number, Boolean
				out.append(value);
			}
		}

		private void space() {
			while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0)
				at++;
		}

		private char peek() {
			space();
			if (at >= text.length())
				throw new IllegalArgumentException("the text ends early");
			return text.charAt(at);
		}

		private void expect(char c) {
			if (peek() != c)
				throw new IllegalArgumentException("expected " + c + " at " + at);
			at++;
		}

		private Object value() {
			char c = peek();
			if (c == '{') {
				at++;
				Map<String, Object> map = new LinkedHashMap<String, Object>();
				if (peek() == '}') {
					at++;
					return map;
				}
				while (true) {
					String key = string();
					expect(':');
					map.put(key, value());
					if (peek() == ',') {
						at++;
						continue;
					}
					expect('}');
					return map;
				}
			}
			if (c == '[') {
				at++;
				List<Object> list = new ArrayList<Object>();
				if (peek() == ']') {
					at++;
					return list;
				}
				while (true) {
					list.add(value());
					if (peek() == ',') {
						at++;
						continue;
					}
					expect(']');
					return list;
				}
			}
			if (c == '"')
				return string();
			for (String word : new String[] {"true", "false", "null"})
				if (text.startsWith(word, at)) {
					at += word.length();
					return word.equals("null") ? null : Boolean.valueOf(word);
				}
			int start = at;
			while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0)
				at++;
			String number = text.substring(start, at);
			if (number.isEmpty())
				throw new IllegalArgumentException("unexpected " + c + " at " + start);
			if (number.matches("-?\\d+"))
				return Long.parseLong(number);
			return Double.parseDouble(number);
		}

		private String string() {
			expect('"');
			StringBuilder out = new StringBuilder();
			while (true) {
				if (at >= text.length())
					throw new IllegalArgumentException("a string does not end");
				char c = text.charAt(at++);
				if (c == '"')
					return out.toString();
				if (c != '\\') {
					out.append(c);
					continue;
				}
				char e = text.charAt(at++);
				switch (e) {
				case 'n': out.append('\n'); break;
				case 't': out.append('\t'); break;
				case 'r': out.append('\r'); break;
				case 'b': out.append('\b'); break;
				case 'f': out.append('\f'); break;
				case 'u':
					out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
					at += 4;
					break;
				default: out.append(e);
				}
			}
		}
	}
}
