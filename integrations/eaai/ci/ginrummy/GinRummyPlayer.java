/*
 * A STAND-IN for CI, written for ginrules: NOT the EAAI framework's interface. It declares
 * the callbacks of the framework's ginrummy.GinRummyPlayer with the same signatures, so
 * that GinrulesPlayer compiles in CI, where the framework cannot be fetched; StandInGame
 * calls them in the framework's order. Matches are played with the real framework (see
 * ../README.md).
 *
 * Copyright (C) 2025 the ginrules authors. This program is free software; you can
 * redistribute it and/or modify it under the terms of the GNU General Public License as
 * published by the Free Software Foundation; either version 2 of the License, or (at your
 * option) any later version. It comes WITHOUT ANY WARRANTY; see the GNU General Public
 * License for more details.
 */
package ginrummy;

import java.util.ArrayList;

public interface GinRummyPlayer {
	/** A new hand: this player's number, the number of the player who moves first, its ten cards. */
	void startGame(int playerNum, int startingPlayerNum, Card[] cards);

	/** Whether the player takes the face-up card offered. */
	boolean willDrawFaceUpCard(Card card);

	/** A draw by either player: the card, or null for the opponent's draw from the stock. */
	void reportDraw(int playerNum, Card drawnCard);

	/** The card the player discards. */
	Card getDiscard();

	/** A discard by either player. */
	void reportDiscard(int playerNum, Card discardedCard);

	/** After each of its discards, the melds of a knock or null; as defender, its melds. */
	ArrayList<ArrayList<Card>> getFinalMelds();

	/** The melds a player showed (the knocker's, then the defender's). */
	void reportFinalMelds(int playerNum, ArrayList<ArrayList<Card>> melds);

	/** The game totals after a hand, by player number. */
	void reportScores(int[] scores);

	/** A card laid off by the defender onto one of the knocker's melds. */
	void reportLayoff(int playerNum, Card layoffCard, ArrayList<Card> opponentMeld);

	/** A player's hand at the end of a hand. */
	void reportFinalHand(int playerNum, ArrayList<Card> hand);
}
