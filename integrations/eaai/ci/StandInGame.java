/*
 * StandInGame: a STAND-IN for CI, written for ginrules: NOT the EAAI framework's
 * GinRummyGame. A small game loop of our own that calls a ginrummy.GinRummyPlayer's
 * callbacks in the order the framework's GinRummyGame.play calls them (startGame every
 * hand; the upcard offered to the starter, then to the other player, and after two passes
 * the starter draws from the stock unasked; reportDraw to both, hiding a stock card from
 * the opponent; getDiscard, reportDiscard to both, getFinalMelds of the mover; after a
 * knock reportFinalMelds of the knocker, getFinalMelds of the defender, reportFinalMelds
 * of the defender, the defender's cards laid off one at a time onto the first meld they
 * fit, reportFinalHand, reportScores; the starter alternating after a knock; a hand
 * cancelled with two stock cards left), so that GinrulesPlayer can be played in CI, where
 * the framework cannot be fetched. Unlike the framework, it stops at the first illegal
 * move (exit status 1, the move on stderr) instead of ending the game as a forfeit.
 *
 * Usage: java -cp BUILD StandInGame GAMES SEED LEVEL0 LEVEL1
 *   plays GAMES games to 100 between GinrulesPlayer(LEVEL0) and GinrulesPlayer(LEVEL1),
 *   seats alternating, and prints one line a hand, the count of each path taken (upcard
 *   takes, hands where both passed the upcard, knocks, gins, undercuts, dead hands,
 *   layoffs) and a summary.
 *
 * Copyright (C) 2025 the ginrules authors. This program is free software; you can
 * redistribute it and/or modify it under the terms of the GNU General Public License as
 * published by the Free Software Foundation; either version 2 of the License, or (at your
 * option) any later version. It comes WITHOUT ANY WARRANTY; see the GNU General Public
 * License for more details.
 */

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import ginrummy.Card;
import ginrummy.GinRummyPlayer;

public class StandInGame {
	static final int GOAL = 100, KNOCK_LIMIT = 10, BONUS = 25;

	// what happened, for the summary (the test checks that each path was taken)
	static int hands, takes, doublePasses, knocks, gins, undercuts, dead, layoffs;

	static void illegal(String what) {
		System.err.println("StandInGame: ILLEGAL: " + what);
		System.exit(1);
	}

	static int points(Card card) {
		return Math.min(card.getRank() + 1, 10);
	}

	static int points(List<Card> cards) {
		int sum = 0;
		for (Card card : cards)
			sum += points(card);
		return sum;
	}

	static boolean isMeld(List<Card> cards) {
		if (cards.size() < 3)
			return false;
		boolean sameRank = true, sameSuit = true;
		for (Card card : cards) {
			sameRank &= card.getRank() == cards.get(0).getRank();
			sameSuit &= card.getSuit() == cards.get(0).getSuit();
		}
		if (sameRank)
			return cards.size() <= 4 && new java.util.HashSet<Card>(cards).size() == cards.size();
		if (!sameSuit)
			return false;
		List<Integer> ranks = new ArrayList<Integer>();
		for (Card card : cards)
			ranks.add(card.getRank());
		Collections.sort(ranks);
		for (int i = 1; i < ranks.size(); i++)
			if (ranks.get(i) != ranks.get(0) + i)
				return false;
		return true;
	}

	/** The cards the melds leave of the hand, after checking the melds are the hand's. */
	static ArrayList<Card> unmelded(String who, ArrayList<ArrayList<Card>> melds, List<Card> hand) {
		if (melds == null)
			illegal(who + " stated no melds (null)");
		ArrayList<Card> left = new ArrayList<Card>(hand);
		for (ArrayList<Card> meld : melds) {
			if (!isMeld(meld))
				illegal(who + " stated " + meld + ", not a meld, with " + hand);
			for (Card card : meld)
				if (!left.remove(card))
					illegal(who + " stated " + meld + " with " + card + " not in its hand " + hand
							+ " (or in two melds)");
		}
		return left;
	}

	static ArrayList<ArrayList<Card>> copy(ArrayList<ArrayList<Card>> melds) {
		ArrayList<ArrayList<Card>> out = new ArrayList<ArrayList<Card>>();
		for (ArrayList<Card> meld : melds)
			out.add(new ArrayList<Card>(meld));
		return out;
	}

	/** Plays one game; returns the winner's number. */
	static int play(GinRummyPlayer[] players, Random random) {
		int[] scores = new int[2];
		int starter = random.nextInt(2);
		while (scores[0] < GOAL && scores[1] < GOAL) {
			hands++;
			List<Card> deck = new ArrayList<Card>();
			Collections.addAll(deck, Card.allCards);
			Collections.shuffle(deck, random);
			List<ArrayList<Card>> held = new ArrayList<ArrayList<Card>>();
			held.add(new ArrayList<Card>());
			held.add(new ArrayList<Card>());
			for (int i = 0; i < 20; i++)
				held.get(i % 2).add(deck.remove(deck.size() - 1));
			for (int p = 0; p < 2; p++)
				players[p].startGame(p, starter, held.get(p).toArray(new Card[0]));
			ArrayList<Card> pile = new ArrayList<Card>();
			Card upcard = deck.remove(deck.size() - 1);
			pile.add(upcard);
			int mover = starter, turn = 0;
			ArrayList<ArrayList<Card>> knockMelds = null;
			while (deck.size() > 2) {
				Card top = pile.get(pile.size() - 1);
				boolean firstOffer = turn < 2 && top == upcard;
				boolean take = false;
				if (turn == 2 && top == upcard)
					doublePasses++; // both passed: the starter draws from the stock unasked
				else
					take = players[mover].willDrawFaceUpCard(top);
				if (firstOffer && !take) { // a pass of the upcard: no draw
					turn++;
					mover = 1 - mover;
					continue;
				}
				takes += take && top == upcard ? 1 : 0;
				Card drawn = take ? pile.remove(pile.size() - 1) : deck.remove(deck.size() - 1);
				held.get(mover).add(drawn);
				for (int p = 0; p < 2; p++)
					players[p].reportDraw(mover, p == mover || take ? drawn : null);
				Card discard = players[mover].getDiscard();
				if (discard == null || !held.get(mover).contains(discard))
					illegal("player " + mover + " discards " + discard + ", not in its hand " + held.get(mover));
				if (take && discard == drawn)
					illegal("player " + mover + " discards " + discard + ", the card it just took");
				held.get(mover).remove(discard);
				pile.add(discard);
				for (int p = 0; p < 2; p++)
					players[p].reportDiscard(mover, discard);
				knockMelds = players[mover].getFinalMelds();
				if (knockMelds != null)
					break;
				turn++;
				mover = 1 - mover;
			}
			String line;
			if (knockMelds != null) {
				int knocker = mover, defender = 1 - mover;
				ArrayList<Card> knockerLeft = unmelded("knocker " + knocker, knockMelds, held.get(knocker));
				int knockerDeadwood = points(knockerLeft);
				if (knockerDeadwood > KNOCK_LIMIT)
					illegal("knocker " + knocker + " knocks with " + knockerDeadwood + " deadwood: " + knockMelds);
				knockMelds = copy(knockMelds);
				for (int p = 0; p < 2; p++)
					players[p].reportFinalMelds(knocker, copy(knockMelds));
				ArrayList<ArrayList<Card>> defenderMelds = players[defender].getFinalMelds();
				ArrayList<Card> left = unmelded("defender " + defender, defenderMelds, held.get(defender));
				for (int p = 0; p < 2; p++)
					players[p].reportFinalMelds(defender, copy(defenderMelds));
				boolean laid = knockerDeadwood > 0;
				Collections.sort(left, (a, b) -> a.getId() - b.getId());
				while (laid) { // one card a pass: the first card (by id) onto the first meld it fits
					laid = false;
					search:
					for (Card card : left)
						for (ArrayList<Card> meld : knockMelds) {
							ArrayList<Card> grown = new ArrayList<Card>(meld);
							grown.add(card);
							if (isMeld(grown)) {
								for (int p = 0; p < 2; p++)
									players[p].reportLayoff(defender, card, new ArrayList<Card>(meld));
								meld.add(card);
								left.remove(card);
								layoffs++;
								laid = true;
								break search;
							}
						}
				}
				int defenderDeadwood = points(left);
				knocks++;
				if (knockerDeadwood == 0) {
					gins++;
					scores[knocker] += BONUS + defenderDeadwood;
				} else if (knockerDeadwood < defenderDeadwood) {
					scores[knocker] += defenderDeadwood - knockerDeadwood;
				} else {
					undercuts++;
					scores[defender] += BONUS + knockerDeadwood - defenderDeadwood;
				}
				line = "knock by " + knocker + " (" + knockerDeadwood + " v " + defenderDeadwood + ")";
				starter = 1 - starter;
			} else {
				dead++;
				line = "dead";
			}
			for (int p = 0; p < 2; p++)
				for (int q = 0; q < 2; q++)
					players[p].reportFinalHand(q, new ArrayList<Card>(held.get(q)));
			for (int p = 0; p < 2; p++)
				players[p].reportScores(scores.clone());
			System.out.println("hand " + hands + ": " + line + ", scores " + scores[0] + " " + scores[1]);
		}
		return scores[0] >= GOAL ? 0 : 1;
	}

	public static void main(String[] args) {
		int games = Integer.parseInt(args[0]);
		long seed = Long.parseLong(args[1]);
		Random random = new Random(seed);
		int[] wins = new int[2];
		try (GinrulesPlayer a = new GinrulesPlayer(args[2], seed); GinrulesPlayer b = new GinrulesPlayer(args[3], seed)) {
			for (int g = 0; g < games; g++) {
				GinRummyPlayer[] players = g % 2 == 0 ? new GinRummyPlayer[] {a, b} : new GinRummyPlayer[] {b, a};
				int winner = play(players, random);
				wins[(winner + g) % 2]++; // by level: 0 for LEVEL0
			}
		}
		System.out.println("paths: takes=" + takes + " double_passes=" + doublePasses + " knocks=" + knocks
				+ " gins=" + gins + " undercuts=" + undercuts + " dead=" + dead + " layoffs=" + layoffs);
		System.out.println("StandInGame: " + games + " games, " + hands + " hands, every move legal; wins "
				+ args[2] + " " + wins[0] + ", " + args[3] + " " + wins[1]);
	}
}
