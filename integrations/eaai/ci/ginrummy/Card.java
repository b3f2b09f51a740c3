/*
 * A STAND-IN for CI, written for ginrules: NOT the EAAI framework's Card class. It has
 * the members of the framework's ginrummy.Card that GinrulesPlayer uses (allCards,
 * toString, getRank, getSuit, getId) with the framework's notation (ranks A 2-9 T J Q K,
 * suits C H S D, the card id suit * 13 + rank), so that the adapter can be compiled and
 * played in CI, where the framework cannot be fetched. Matches are played with the real
 * framework (see ../README.md).
 *
 * Copyright (C) 2025 the ginrules authors. This program is free software; you can
 * redistribute it and/or modify it under the terms of the GNU General Public License as
 * published by the Free Software Foundation; either version 2 of the License, or (at your
 * option) any later version. It comes WITHOUT ANY WARRANTY; see the GNU General Public
 * License for more details.
 */
package ginrummy;

public final class Card {
	private static final String RANKS = "A23456789TJQK";
	private static final String SUITS = "CHSD";

	/** The 52 cards, by id; every card in play is one of these objects. */
	public static final Card[] allCards = new Card[52];

	static {
		for (int id = 0; id < 52; id++)
			allCards[id] = new Card(id % 13, id / 13);
	}

	public final int rank;
	public final int suit;

	private Card(int rank, int suit) {
		this.rank = rank;
		this.suit = suit;
	}

	public int getRank() {
		return rank;
	}

	public int getSuit() {
		return suit;
	}

	public int getId() {
		return suit * 13 + rank;
	}

	@Override
	public String toString() {
		return "" + RANKS.charAt(rank) + SUITS.charAt(suit);
	}
}
