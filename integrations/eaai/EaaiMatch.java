/*
 * EaaiMatch: plays games of the EAAI Gin Rummy framework (Todd Neller's gin-rummy-eaai,
 * its own ginrummy.GinRummyGame) between a ginrules player (GinrulesPlayer, which speaks
 * to `ginrules serve` over a pipe) and the framework's own SimpleGinRummyPlayer.
 *
 * Copyright (C) 2025 the ginrules authors.
 *
 * This program is free software; you can redistribute it and/or modify it under the
 * terms of the GNU General Public License as published by the Free Software Foundation;
 * either version 2 of the License, or (at your option) any later version. This program is
 * distributed in the hope that it will be useful, but WITHOUT ANY WARRANTY; without even
 * the implied warranty of MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the
 * GNU General Public License for more details. It is compiled against, and runs with, the
 * framework's own classes (GPL version 2 or later); it is not part of the ginrules library.
 * See README.md in this folder.
 *
 * Usage: java -cp FRAMEWORK:BUILD EaaiMatch GAMES SEED LEVEL
 *
 * Seats alternate game by game (ginrules is player 0 in even games, player 1 in odd ones),
 * and the games come in pairs dealt alike: before each pair the driver seeds the
 * framework's deal generator (GinRummyGame.RANDOM, unseeded in the framework: set by
 * reflection) with SEED * 1000003 + pair. The generator draws the same numbers whatever
 * the players do (the first starter, then one shuffle seed a hand), so the second game of
 * a pair deals the first game's hands with the players' seats swapped. Within a game the
 * framework does the rest: a random first starter, the start alternating after each knock.
 * The baseline's own generator is seeded with the same number each game.
 *
 * Prints one line a game, tab-separated: "game", its index, ginrules' seat, the winner
 * ("ginrules" or "simple"), the final scores (ginrules' first), and "forfeit" when the
 * framework ended the game on an illegal move (no score reached the goal: the scores are
 * those before the hand); then "ginrules LEVEL won W of N games (F ended by a forfeit; S s)".
 */

import java.lang.reflect.Field;
import java.util.Random;

import ginrummy.GinRummyGame;
import ginrummy.SimpleGinRummyPlayer;

public class EaaiMatch {

	/** The framework's baseline, with its random choices seeded. */
	static class SeededSimple extends SimpleGinRummyPlayer {
		void seed(long seed) {
			random.setSeed(seed);
		}
	}

	public static void main(String[] args) throws Exception {
		if (args.length != 3) {
			System.err.println("usage: java EaaiMatch GAMES SEED LEVEL");
			System.exit(2);
		}
		int games = Integer.parseInt(args[0]);
		long seed = Long.parseLong(args[1]);
		String level = args[2];
		Field field = GinRummyGame.class.getDeclaredField("RANDOM");
		field.setAccessible(true);
		Random deals = (Random) field.get(null);
		GinRummyGame.setPlayVerbose(false);
		int won = 0, forfeits = 0;
		long start = System.nanoTime();
		try (GinrulesPlayer ours = new GinrulesPlayer(level, seed * 1000003L)) {
			SeededSimple simple = new SeededSimple();
			for (int i = 0; i < games; i++) {
				long pairSeed = seed * 1000003L + i / 2;
				deals.setSeed(pairSeed);
				simple.seed(pairSeed);
				int seat = i % 2;
				GinRummyGame game = seat == 0 ? new GinRummyGame(ours, simple) : new GinRummyGame(simple, ours);
				int winner = game.play();
				int[] scores = ours.lastScores();
				boolean ginrulesWon = winner == seat;
				won += ginrulesWon ? 1 : 0;
				boolean forfeit = Math.max(scores[0], scores[1]) < GinrulesPlayer.GOAL_SCORE;
				forfeits += forfeit ? 1 : 0;
				System.out.println("game\t" + i + "\t" + seat + "\t" + (ginrulesWon ? "ginrules" : "simple") + "\t"
						+ scores[seat] + "\t" + scores[1 - seat] + (forfeit ? "\tforfeit" : ""));
				System.out.flush();
			}
		}
		double seconds = (System.nanoTime() - start) / 1e9;
		System.out.printf("ginrules %s won %d of %d games (%d ended by a forfeit; %.0f s)%n", level, won, games,
				forfeits, seconds);
	}
}
