/*
 * EaaiKnocks: plays seeded games of the EAAI Gin Rummy framework (Todd Neller's
 * gin-rummy-eaai, GinRummyGame with two SimpleGinRummyPlayer players) and prints every
 * knock that is not gin, as the framework scored it, for benchmarks/eaai_layoffs.py.
 *
 * This program is free software; you can redistribute it and/or modify it under the
 * terms of the GNU General Public License as published by the Free Software Foundation;
 * either version 2 of the License, or (at your option) any later version. It is compiled
 * against, and runs with, the framework's own classes (GPL version 2 or later); it is not
 * part of the ginrules library. See README.md in this folder.
 *
 * Usage: java -cp BUILD EaaiKnocks KNOCKS SEED
 *   plays games until KNOCKS knocks where the defender holds a card that fits one of the
 *   knocker's melds ("layoff-rich") have been printed; every non-gin knock is printed.
 *
 * One line per knock, tab-separated fields:
 *   rich      1 if a defender card fits a knocker meld as shown, else 0
 *   knocker   the knocker's ten cards
 *   kmelds    the knocker's melds as it stated them, in its order, separated by ","
 *   kdead     the knocker's deadwood
 *   defender  the defender's ten cards
 *   dmelds    the defender's melds as it stated them
 *   laid      the cards the framework laid off for it, in the order laid
 *   ddead     the defender's deadwood after those layoffs (from the reports)
 *   scorer    "knocker" or "defender": who scored the hand (from reportScores)
 *   points    the points scored
 *   outcomes  the defender's deadwood after the framework's layoff loop for each of the
 *             defender's best meld sets (GinRummyUtil.cardsToBestMeldSets, in its order),
 *             any one of which SimpleGinRummyPlayer.getFinalMelds may report
 *   chosen    the index in outcomes of the meld set the defender reported
 *
 * The outcomes for the meld sets the defender did not report come from this program's
 * own statement of the layoff rule of GinRummyGame.play (each pass takes the first
 * defender card, in card-id order, that makes a meld with the first of the knocker's
 * melds, in their order, that it fits; passes repeat until no card fits). The statement
 * is checked on every knock against what the framework itself did with the melds the
 * defender reported (the program stops with an error if they differ).
 */

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;

import ginrummy.Card;
import ginrummy.GinRummyGame;
import ginrummy.GinRummyUtil;
import ginrummy.SimpleGinRummyPlayer;

public class EaaiKnocks {

	/** A SimpleGinRummyPlayer with a seeded choice, that records what it is told. */
	static class Recorder extends SimpleGinRummyPlayer {
		final boolean records;
		int knocker = -1;
		ArrayList<ArrayList<Card>> knockerMelds;
		ArrayList<ArrayList<Card>> defenderMelds;
		final ArrayList<Card> laid = new ArrayList<Card>();
		final ArrayList<ArrayList<Card>> finalHands = new ArrayList<ArrayList<Card>>();
		int[] lastScores = new int[2];

		Recorder(long seed, boolean records) {
			random.setSeed(seed);
			this.records = records;
		}

		@Override
		public void startGame(int playerNum, int startingPlayerNum, Card[] cards) {
			super.startGame(playerNum, startingPlayerNum, cards);
			knocker = -1;
			knockerMelds = null;
			defenderMelds = null;
			laid.clear();
			finalHands.clear();
		}

		@Override
		public void reportFinalMelds(int playerNum, ArrayList<ArrayList<Card>> melds) {
			super.reportFinalMelds(playerNum, melds);
			if (knocker < 0) {
				knocker = playerNum;
				knockerMelds = copy(melds);
			} else {
				defenderMelds = copy(melds);
			}
		}

		@Override
		public void reportLayoff(int playerNum, Card layoffCard, ArrayList<Card> opponentMeld) {
			super.reportLayoff(playerNum, layoffCard, opponentMeld);
			laid.add(layoffCard);
		}

		@Override
		public void reportFinalHand(int playerNum, ArrayList<Card> hand) {
			super.reportFinalHand(playerNum, hand);
			finalHands.add(new ArrayList<Card>(hand));
		}

		@Override
		public void reportScores(int[] scores) {
			super.reportScores(scores);
			if (records && knocker >= 0)
				report(lastScores, scores);
			lastScores = scores.clone();
			knocker = -1;
			knockerMelds = null;
			defenderMelds = null;
			laid.clear();
			finalHands.clear();
		}

		void report(int[] before, int[] after) {
			int defender = 1 - knocker;
			ArrayList<Card> knockerHand = finalHands.get(knocker);
			ArrayList<Card> defenderHand = finalHands.get(defender);
			int knockerDeadwood = GinRummyUtil.getDeadwoodPoints(knockerMelds, knockerHand);
			if (knockerDeadwood > 0) {
				ArrayList<Card> left = unmelded(defenderMelds, defenderHand);
				left.removeAll(laid);
				int defenderDeadwood = GinRummyUtil.getDeadwoodPoints(left);
				int gain0 = after[0] - before[0], gain1 = after[1] - before[1];
				int scorer = gain0 > 0 ? 0 : 1;
				int points = Math.max(gain0, gain1);
				ArrayList<ArrayList<ArrayList<Card>>> best = GinRummyUtil.cardsToBestMeldSets(defenderHand);
				if (best.isEmpty())
					best.add(new ArrayList<ArrayList<Card>>());
				StringBuilder outcomes = new StringBuilder();
				int chosen = -1;
				long reported = meldSetKey(defenderMelds);
				for (int i = 0; i < best.size(); i++) {
					int outcome = layOff(knockerMelds, unmelded(best.get(i), defenderHand));
					outcomes.append(i == 0 ? "" : " ").append(outcome);
					if (chosen < 0 && meldSetKey(best.get(i)) == reported && sameMelds(best.get(i), defenderMelds)) {
						chosen = i;
						if (outcome != defenderDeadwood)
							throw new IllegalStateException("the layoff statement gives " + outcome
									+ ", the framework " + defenderDeadwood + " for " + defenderHand);
					}
				}
				if (chosen < 0)
					throw new IllegalStateException("the defender's melds are not a best meld set: " + defenderMelds);
				boolean rich = fits(knockerMelds, defenderHand);
				System.out.println((rich ? "1" : "0") + "\t" + cards(knockerHand) + "\t" + melds(knockerMelds)
						+ "\t" + knockerDeadwood + "\t" + cards(defenderHand) + "\t" + melds(defenderMelds)
						+ "\t" + cards(laid) + "\t" + defenderDeadwood + "\t"
						+ (scorer == knocker ? "knocker" : "defender") + "\t" + points + "\t" + outcomes
						+ "\t" + chosen);
				if (rich)
					richKnocks++;
			}
		}
	}

	static int richKnocks = 0;

	static ArrayList<ArrayList<Card>> copy(List<ArrayList<Card>> melds) {
		ArrayList<ArrayList<Card>> out = new ArrayList<ArrayList<Card>>();
		for (ArrayList<Card> meld : melds)
			out.add(new ArrayList<Card>(meld));
		return out;
	}

	static ArrayList<Card> unmelded(List<ArrayList<Card>> melds, List<Card> hand) {
		ArrayList<Card> left = new ArrayList<Card>(hand);
		for (ArrayList<Card> meld : melds)
			left.removeAll(meld);
		return left;
	}

	static long meldSetKey(List<ArrayList<Card>> melds) {
		long key = 0L;
		for (ArrayList<Card> meld : melds)
			key |= GinRummyUtil.cardsToBitstring(meld);
		return key;
	}

	static boolean sameMelds(List<ArrayList<Card>> a, List<ArrayList<Card>> b) {
		if (a.size() != b.size())
			return false;
		ArrayList<Long> keys = new ArrayList<Long>();
		for (ArrayList<Card> meld : b)
			keys.add(GinRummyUtil.cardsToBitstring(meld));
		for (ArrayList<Card> meld : a)
			if (!keys.remove(GinRummyUtil.cardsToBitstring(meld)))
				return false;
		return true;
	}

	/** Whether the card and the meld together make a meld (the framework's own test). */
	static boolean extends_(List<Card> meld, Card card) {
		Set<Long> all = GinRummyUtil.getAllMeldBitstrings();
		ArrayList<Card> grown = new ArrayList<Card>(meld);
		grown.add(card);
		return all.contains(GinRummyUtil.cardsToBitstring(grown));
	}

	/** Whether any of the cards fits any of the melds as they are. */
	static boolean fits(List<ArrayList<Card>> melds, List<Card> cards) {
		for (Card card : cards)
			for (ArrayList<Card> meld : melds)
				if (extends_(meld, card))
					return true;
		return false;
	}

	/** The defender's deadwood after the layoff rule, for the cards it left unmelded. */
	static int layOff(List<ArrayList<Card>> knockerMelds, ArrayList<Card> left) {
		ArrayList<ArrayList<Card>> melds = copy(knockerMelds);
		ArrayList<Card> rest = GinRummyUtil.bitstringToCards(GinRummyUtil.cardsToBitstring(left));
		boolean again = true;
		while (again) {
			again = false;
			search:
			for (Card card : rest)
				for (ArrayList<Card> meld : melds)
					if (extends_(meld, card)) {
						meld.add(card);
						rest.remove(card);
						again = true;
						break search;
					}
		}
		return GinRummyUtil.getDeadwoodPoints(rest);
	}

	static String cards(List<Card> cards) {
		StringBuilder out = new StringBuilder();
		for (Card card : cards)
			out.append(out.length() == 0 ? "" : " ").append(card);
		return out.toString();
	}

	static String melds(List<ArrayList<Card>> melds) {
		StringBuilder out = new StringBuilder();
		for (ArrayList<Card> meld : melds)
			out.append(out.length() == 0 ? "" : ",").append(cards(meld));
		return out.toString();
	}

	public static void main(String[] args) throws Exception {
		int wanted = Integer.parseInt(args[0]);
		long seed = Long.parseLong(args[1]);
		// the framework deals from its own unseeded generator; seed it for a repeatable run
		Field field = GinRummyGame.class.getDeclaredField("RANDOM");
		field.setAccessible(true);
		((Random) field.get(null)).setSeed(seed);
		GinRummyGame.setPlayVerbose(false);
		Recorder first = new Recorder(seed * 2 + 1, true);
		Recorder second = new Recorder(seed * 2 + 2, false);
		GinRummyGame game = new GinRummyGame(first, second);
		while (richKnocks < wanted) {
			first.lastScores = new int[2]; // each game starts from 0 to 0
			game.play();
		}
		System.out.flush();
	}
}
