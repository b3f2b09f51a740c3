"""Plausible-bug mutants of ginrules, drawn fresh on each run, and the tests' kill rate per area.

mutmut's mutants are mostly operator swaps. The bugs a person writes into a rules library
are of a few other kinds, and this script plants those, one at a time, each in a copy of
the tree (``src/`` is never edited in place):

* ``wrong_player``: ``1 - p`` written ``p``, ``p`` written ``1 - p`` (``p`` a player,
  seat, turn, dealer, knocker or viewer, used as an index, an argument or in a
  comparison), ``x[0]`` and ``x[1]`` swapped, ``player`` and ``opponent`` (or ``knocker``
  and ``defender``, ``winner`` and ``loser``...) swapped where both are in scope;
* ``off_by_one``: ``<`` and ``<=``, ``>`` and ``>=`` swapped, an integer constant one more
  or one less in a comparison, a ``range`` or a slice, a ``range``'s or a slice's bound
  one more or one less;
* ``dropped_check``: an ``if ...: raise ...`` or an ``if ...: return/continue/break``
  guard deleted;
* ``wrong_preset``: a :class:`ginrules.RuleSet` field read (``rules.gin_bonus``) as another
  field of the same type (``rules.undercut_bonus``);
* ``reset_forgotten``: an assignment that sets a name or an attribute to ``0``, ``None``,
  ``False``, ``""``, ``[]``, ``{}`` or ``set()`` deleted, inside a loop or in an
  ``__init__``, ``reset`` or other start-afresh method.

Code that cannot change what a user sees is left alone: docstrings, ``__repr__``, type
annotations, ``if TYPE_CHECKING:`` blocks, ``assert`` statements (they narrow types for
mypy), ``@overload`` stubs.

Commands (from the root of a clone, with the dev virtual environment)::

    python tests/plausible_mutants.py pool                       # the mutants there are
    python tests/plausible_mutants.py show --seed 7 --per-area 3 # a sample's diffs, not run
    HYPOTHESIS_PROFILE=mutation nice -n 10 \\
        python tests/plausible_mutants.py run --per-area 12      # a fresh sample, scored
    python tests/plausible_mutants.py run --seed 7 --per-area 12 --areas cli serve --all-tests
    python tests/plausible_mutants.py score run1.log run2.log  # one table of runs' logs

``run`` draws ``--per-area`` mutants of each area (the seed is printed; without
``--seed`` it comes from the clock, so each run is a fresh sample), the kinds taken in
turn so that no kind crowds out the others. Each mutant is written into one temporary
copy of the tree, the area's related tests (``AREA_TESTS``: a survivor costs from a few
seconds of CPU time to about a minute) and the mutated module's doctests run against it in a fresh
process (``-x``, ``HYPOTHESIS_PROFILE=mutation``), and the file is put back. A mutant is
*killed* (a test failed), *survived*, *timed out* (rerun alone on a quiet machine),
*did not import* (the tests could not even be collected: the package is broken, which
any test catches) or *equivalent* (listed in ``EQUIVALENT`` by its key, with the reason
it changes nothing a user can see). ``--all-tests`` runs each survivor again with the
whole suite (``tests/`` but the browser tests; ``tests/extras`` as well for ``interop``,
with ``--extras-python``). The table gives each area's kill rate, killed (did not import
included) out of killed and survived; the survivors' diffs follow it.

Read each survivor: either a test is missing (write one, of what a user sees, against an
oracle) or the mutant changes nothing that can be seen (add its key to ``EQUIVALENT``
with the reason).
"""

from __future__ import annotations

import argparse
import ast
import dataclasses
import difflib
import hashlib
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BRIDGE = "web/src/ginrules_bridge.py"
KINDS = ("wrong_player", "off_by_one", "dropped_check", "wrong_preset", "reset_forgotten")
AREAS = ("core", "players", "records", "interop", "cli", "serve", "text", "svg", "terminal",
         "simulate", "bridge")

# the related tests of each area, under the mutation profile: a survivor costs from a few
# seconds of CPU time (svg, terminal, bridge) to about a minute (players, records, interop
# with the extras); a killed mutant less (-x stops at the first failure)
EVERY_WAY = "tests/test_every_way_in.py::test_"
# every public callable given wrong types: what a dropped type check lets through
WRONG_TYPES = "tests/test_wrong_types.py"
AREA_TESTS: dict[str, tuple[str, ...]] = {
    "core": ("tests/test_cards.py", "tests/test_melds.py", "tests/test_hand.py",
             "tests/test_layoffs.py", "tests/test_gin_layoffs.py", "tests/test_scoring.py",
             "tests/test_rules.py", "tests/test_game.py", "tests/test_knocker_layout.py",
             "tests/test_small_contracts.py", "tests/test_messages.py",
             "tests/test_boundaries.py", "tests/test_properties.py", "tests/test_oracles.py",
             "tests/test_states.py", "tests/test_fuzz.py", "tests/test_eleven_cards.py",
             WRONG_TYPES,
             *(f"tests/test_scale.py::test_{name}" for name in (  # the chunked sequences
                 "rows_given_at_once_are_the_rows_in_order",
                 "sheet_rows_grown_one_by_one_are_the_tuple_of_rows",
                 "chunked_startswith_agrees_with_tuples", "the_trie_of_chunks_at_every_height",
                 "chunked_startswith_compares_full_chunks", "chunked_of_a_chunked_sequence_is_itself"))),
    "players": ("tests/test_players.py", "tests/test_expert.py", "tests/test_hints.py",
                "tests/test_lookahead.py", "tests/test_determinize.py",
                "tests/test_observed.py", "tests/test_particles.py",
                "tests/test_explanations.py", "tests/test_external.py",
                "tests/test_simple_baseline.py", "tests/test_words.py", WRONG_TYPES),
    "records": ("tests/test_records.py", "tests/test_records_mutations.py",
                "tests/test_records_custom_rules.py", "tests/test_records_schema.py",
                "tests/test_view_records.py", "tests/test_validator_branches.py",
                "tests/test_problem_codes.py", "tests/test_cli_validate.py",
                "tests/test_parallel.py", "tests/test_metamorphic.py", WRONG_TYPES,
                "tests/test_reference_model.py",
                # the reader of large files (records/format.py): a window at a time
                *(f"tests/test_scale.py::test_{name}" for name in (
                    "a_large_record_takes_little_more_memory_than_its_text",
                    "the_reader_keeps_one_copy_of_each_action_text",
                    "both_readers_read_alike",
                    "a_game_file_of_many_short_hands_is_read_a_window_at_a_time",
                    "a_number_the_window_cuts_is_read_whole_at_every_cut",
                    "read_a_window_at_a_time_or_whole_a_file_reads_alike",
                    "a_hand_longer_than_a_window_may_grow_is_read_whole"))),
    "interop": ("tests/test_episode.py", "tests/test_action_ids.py",
                "tests/test_observation_masks.py", "tests/test_openspiel_import.py",
                "tests/test_metamorphic.py", "tests/test_convert.py",
                "tests/test_convert_rlcard.py"),
    "cli": ("tests/test_cli.py", "tests/test_cli_start.py", "tests/test_cli_validate.py",
            "tests/test_files_and_streams.py", "tests/test_golden_output.py",
            EVERY_WAY + "the_command_line_plays_and_records_the_same_game",
            EVERY_WAY + "a_cmd_player_is_told_what_its_seat_sees",
            "tests/test_bad_input.py", "tests/test_simulate.py", "tests/test_convert.py",
            "tests/test_convert_rlcard.py"),
    "serve": ("tests/test_serve.py", "tests/test_external.py", "tests/test_embed_server.py",
              EVERY_WAY + "serve_answers_as_the_core"),
    "text": ("tests/test_sheet_text.py", "tests/test_golden_output.py",
             "tests/test_explanations.py", "tests/test_messages.py", "tests/test_hints.py",
             "tests/test_pictures.py", "tests/test_terminal.py", "tests/test_cli.py",
             WRONG_TYPES),
    "svg": ("tests/test_pictures.py", "tests/test_golden_output.py", "tests/test_fuzz.py",
            WRONG_TYPES),
    "terminal": ("tests/test_terminal.py", "tests/test_golden_output.py",
                 "tests/test_cli_start.py", WRONG_TYPES,
                 "tests/test_boundaries.py::test_a_line_of_input_of_max_line_characters_is_"
                 "read_and_one_more_is_refused",
                 "tests/test_boundaries.py::test_a_last_line_without_its_newline_is_read_at_"
                 "max_line_characters"),
    "simulate": ("tests/test_simulate.py", "tests/test_scale.py", "tests/test_cli.py",
                 WRONG_TYPES),
    "bridge": ("tests/web/test_web_bridge.py", "tests/test_boundaries.py",
               EVERY_WAY + "the_web_engine_plays_the_same_game"),
}
# the interop adapters that need the extras are tested in tests/extras, run with
# --extras-python (a virtual environment with ".[dev,rl,openspiel,dask,rlcard]")
EXTRAS_TESTS = ("tests/extras/test_pettingzoo_env.py", "tests/extras/test_gymnasium_env.py",
                "tests/extras/test_observation.py", "tests/extras/test_openspiel_ids.py",
                "tests/extras/test_rl_conventions.py", "tests/extras/test_openspiel_game.py",
                "tests/extras/test_openspiel_observer.py",
                "tests/extras/test_every_way_in_extras.py",
                "tests/extras/test_boundaries_extras.py",
                "tests/extras/test_wrong_types_interop.py",
                "tests/extras/test_convert_openspiel.py",
                "tests/extras/test_incremental_observation.py")
WHOLE_SUITE = ("tests", "--ignore=tests/web", "--ignore=tests/extras")

# mutants that change nothing a user can see, by key (file:kind:hash), with the reason
_DANGER_GUARD = (
    "the stated danger's guard against exp's overflow is never reached: for every float "
    "danger in (0, 1), z = -0.2447 + 0.7567 * logit(danger) >= -0.2447 + 0.7567 * "
    "log(5e-324) > -564, so `z > -700`, `z >= -700`, `z > -699` and `z > -701` all hold")

_EAGER_WEIGHTS = (
    "whether the advanced level reads the inference weights into its memory at once: "
    "where it does not, _read_weights reads them from the view when the knock needs "
    "them (_weights(v), the same pass of _evidence), so only when they are read "
    "changes")

EQUIVALENT: dict[str, str] = {
    "src/ginrules/players/particles.py:off_by_one:29b2af1dc131#2":
        "the total read_hand sees is never 0 (see its dropped check): the same",
    "src/ginrules/players/lookahead.py:off_by_one:8102d5313444":
        "AC (index 0) has the least key (1 point, rank 0): every later card ties or "
        "beats it and replaces it either way",
    "src/ginrules/players/particles.py:dropped_check:61674763c51f":
        "dead code: the weights start at 1, a pass scales them by _MISS > 0, and every "
        "draw ends in resample, which sets them all to 1 when none is left: the total "
        "read_hand sees is never 0",
    "src/ginrules/players/particles.py:off_by_one:83ff32a2c5b3#2":
        "the total read_hand sees is never 0 (see its dropped check): the same",
    "src/ginrules/players/particles.py:off_by_one:29b2af1dc131#1":
        "every chance of a throw is at least _MISS and the options are never empty: the "
        "total is never 0 nor below, so both checks are never true",
    "src/ginrules/players/particles.py:off_by_one:3f4d99d5b93b":
        "a throw's chance is at least _MISS, so the two differ only when random() is "
        "exactly 0.0 (a chance of 2**-53)",
    "src/ginrules/players/particles.py:off_by_one:83ff32a2c5b3#1":
        "every chance of a throw is at least _MISS and the options are never empty: the "
        "total is never 0, so < 0 and <= 0 are both never true",
    "src/ginrules/players/observed.py:dropped_check:7c552c69b9b0":
        "a fast path: a card swapped with itself changes no hand and no place in the "
        "deck, so _with_swap returns an equal state",
    "src/ginrules/players/expert.py:off_by_one:1f3c6a8e782a":
        "at 0 points both branches are game_chance(mine, theirs, target): the same",
    "src/ginrules/players/expert.py:off_by_one:34f47c14e352":
        "at 0 points both branches are game_chance(mine, theirs, target): the same",
    "src/ginrules/players/observed.py:off_by_one:7bfcb3249a03":
        "a fast path: player 1 goes the slow way, through _seat, which returns 1",
    "src/ginrules/players/expert.py:dropped_check:b7c34227ecc9":
        "dead code: the pool always holds the stock's unseen cards and inference weights "
        "are clamped to 0.05-5, so the total is never 0",
    "src/ginrules/players/observed.py:off_by_one:679fc814d980":
        "a fast path: player 0 goes the slow way, through _seat, which returns 0",
    "src/ginrules/players/observed.py:wrong_player:bd0801f07686":
        "for an int, 1 - player == 0 is player == 1: the fast path takes 1 only, and 0 "
        "goes through _seat, which returns 0",
    "src/ginrules/players/views.py:wrong_player:2a146b09c247":
        "for an int, 1 - player is 0 or 1 exactly when player is: the same check",
    "src/ginrules/players/odds.py:off_by_one:fd2204cc9a3a":
        "at b == 0 the table's column 0 is read, which is 0.0: the same chance",
    "src/ginrules/players/odds.py:off_by_one:58c174c1019b":
        "at b == 0 the table's column 0 is read, which is 0.0: the same chance",
    "src/ginrules/players/odds.py:off_by_one:3c47348f14d6":
        "at x == a the row read is rows[0][b], which is 1.0 for every b >= 1: the same",
    "src/ginrules/players/computer.py:off_by_one:68e6931b6caf":
        "best is never empty and below(stream, 1) is always 0: the same discard",
    "src/ginrules/players/computer.py:dropped_check:8fa3fbc4dec9":
        "a fast path: the fallback's least (deadwood, key) over the legal knocks, then "
        "discards, is the same card (a best card is a legal knock whenever one is)",
    "src/ginrules/players/views.py:wrong_player:37ff877a01f3":
        "two events before a stock draw are two passes or a take and a discard: the "
        "first is a pass exactly when the second is",
    "src/ginrules/players/computer.py:off_by_one:fa4c2514b9d0":
        "below(stream, 1) is always 0: one least-deadwood discard is chosen either way",
    "src/ginrules/players/lookahead.py:wrong_player:ad434a81d5c9":
        "for an int, 1 - turn is 0 or 1 exactly when turn is: the same check",
    "src/ginrules/players/particles.py:dropped_check:e76ed89a41bc":
        "every chance of a throw is at least _MISS and the options are never empty: the "
        "total is never 0, so the check is never true",
    "src/ginrules/knocking.py:off_by_one:2cdf9a74ee06":
        "one more j repeats the whole chain above (a slice past its end): a duplicate "
        "option, and lay_off keeps the first of equal keys",
    "src/ginrules/players/lookahead.py:wrong_preset:9033e2f0dfa6":
        "knock points never read the table's knock limit (the knock is given)",
    "src/ginrules/players/lookahead.py:wrong_preset:2b122f2853b3":
        "knock points never read the table's knock limit (the knock is given)",
    "src/ginrules/players/knock_models.py:dropped_check:c61704e0fa31":
        "the identity line computes 0 + 1 * points + 0 * ... = points: the same figure",
    "src/ginrules/players/_estimates.py:off_by_one:12714fbb4876":
        "the knocks' cache dropped one entry sooner or later: the same values",
    "src/ginrules/players/_estimates.py:off_by_one:d6b909437994":
        "the knocks' cache dropped one entry sooner or later: the same values",
    "src/ginrules/players/_estimates.py:off_by_one:9c46efcac81c":
        "the knocks' cache dropped one entry sooner or later: the same values",
    "src/ginrules/players/_estimates.py:off_by_one:0c3bb19e5e08":
        "a cache dropped at 20,000 entries instead of 20,001: the same values",
    "src/ginrules/players/_estimates.py:dropped_check:aaed3677f54d":
        "an empty pool has no weight: the check of the whole weight returns 0.0 just the same",
    "src/ginrules/players/_estimates.py:dropped_check:c0b23ba57d25":
        "a hand of no deadwood has room 0 and no savings: the potential is 0.0 just the same",
    "src/ginrules/players/_estimates.py:off_by_one:6b2be0a8df46":
        "a discard saves at most its own points, so room is at most 10: k is room either way",
    "src/ginrules/players/_estimates.py:off_by_one:6b2be0a8df46#1":
        "a discard saves at most its own points, so room is at most 10: k is room either way",
    "src/ginrules/players/_estimates.py:off_by_one:a3f660eab038#1":
        "a discard saves at most its own points, so room is at most 10: k is room either way",
    "src/ginrules/players/_estimates.py:off_by_one:80a3f85d7d35":
        "at room 10, k = 11 adds the 10-point cards, each counted room - 10 = 0: the same sum",
    "src/ginrules/players/_estimates.py:off_by_one:56855a125918":
        "at base == after both forms give 0",
    "src/ginrules/players/_estimates.py:off_by_one:56855a125918#1":
        "at base == after both forms give 0",
    "src/ginrules/players/_estimates.py:off_by_one:93d1aedea37d":
        "at room == points both forms give 0",
    "src/ginrules/players/_estimates.py:off_by_one:3da65b5acb58":
        "at room == worth both forms give 0",
    "src/ginrules/players/_estimates.py:off_by_one:1ad7f0bf73ab":
        "the lesser of two equal drops is the same value",
    "src/ginrules/players/_estimates.py:off_by_one:13ee89360f2c":
        "after set to a value equal to it: the same",
    "src/ginrules/players/_estimates.py:off_by_one:49b887a9841e":
        "a jack worth 11: room is at most 10, so room - worth is 0 at 10 or 11",
    "src/ginrules/players/_estimates.py:off_by_one:bf30fea0f77e":
        "a jack worth 11: room is at most 10, so room - worth is 0 at 10 or 11",
    "src/ginrules/players/_estimates.py:off_by_one:2a9951a6d9ba":
        "a ten is worth 10 either way (rank + 1 or 10)",
    "src/ginrules/players/_estimates.py:off_by_one:06d9f2f74107":
        "a cache dropped at 20,000 entries instead of 20,001: the same values",
    "src/ginrules/players/_estimates.py:off_by_one:645b3da94742":
        "a cache dropped at 20,002 entries instead of 20,001: the same values",
    "src/ginrules/players/advanced.py:off_by_one:d62e55971682":
        "a product of 0 with the chances stated apart means the dangers are equal: the "
        "safety is then 0, and neither a pro nor a con is added",
    "src/ginrules/players/_estimates.py:off_by_one:1981af0d871e":
        "a 53rd row of the same-rank table, for no card: never read",
    "src/ginrules/players/_estimates.py:off_by_one:b61263ba3216":
        "a 53rd row of the run-near table, for no card: never read",
    "src/ginrules/players/_estimates.py:off_by_one:2ce063af5802":
        "bit 8 of a byte: never set, so each byte's cards are the same",
    "src/ginrules/players/_estimates.py:off_by_one:e1e63dd632db":
        "a 257th byte value: a byte is 0 to 255, so never read",
    "src/ginrules/players/_estimates.py:off_by_one:a0d3c690a89d":
        "a 14th rank's mask, for no rank: never read",
    "src/ginrules/players/_estimates.py:off_by_one:57b8683ff8a9":
        "an 11th factor multiplies nothing: map stops at the ten counts",
    "src/ginrules/players/_estimates.py:off_by_one:0cc3bb8f2c91":
        "the last running sum (10-point cards) is read only for room 11, and a discard "
        "saves at most 10 (its own points): never read",
    "src/ginrules/players/_estimates.py:off_by_one:a30a3b0b66df":
        "run starts in a fifth suit lie past bit 51: masks have none",
    "src/ginrules/players/_estimates.py:off_by_one:ed93d7ff6a6b":
        "a cache dropped at 200,000 entries instead of 200,001: the same values",
    "src/ginrules/players/_estimates.py:off_by_one:2d6c125e09c8":
        "a cache dropped at 200,002 entries instead of 200,001: the same values",
    "src/ginrules/players/_estimates.py:off_by_one:7ae9584dd6d1":
        "a cache dropped at 200,000 entries instead of 200,001: the same values",
    "src/ginrules/players/advanced.py:off_by_one:c708b469e94a":
        "the keys end with the card's index, so no two are equal: <= is <",
    "src/ginrules/players/advanced.py:off_by_one:9e3a0bebb329":
        "a discard whose lower bound on its score is exactly the best + 1e-9 cannot win "
        "whether it is priced or skipped (its score is at least that)",
    "src/ginrules/players/advanced.py:off_by_one:96b4de9ce01c":
        "at a potential weight of exactly 0 the bound weighs nothing: not pruning prices "
        "the same discards the same (the test of the least score checks the discard), and "
        "the reason weighs no potential at 0 either",
    "src/ginrules/players/_estimates.py:off_by_one:2cb3c0198627":
        "a fifth suit adds a card past the three of the card's rank, last: the pairs read "
        "only the first three",
    "src/ginrules/players/_estimates.py:off_by_one:b4ae0c371ed5":
        "a 53rd row of the meld pairs, for no card: never read",
    "src/ginrules/players/determinize.py:off_by_one:3d35d8dca32c":
        "with nothing hidden the general path keeps none of the pool either (as "
        "67c4bd2a1611)",
    "src/ginrules/players/determinize.py:off_by_one:0d360fd11047":
        "with all of the pool hidden the general path leaves none of it out: the same "
        "hands; only the generator's state differs, and every hand is then the same",
    "src/ginrules/players/advanced.py:wrong_player:c1266d724970":
        "_apart is given the same figure twice: its two strings are the same",
    "src/ginrules/players/determinize.py:off_by_one:c8a83860fe9a":
        "a weight of exactly 0.05 clamped to 0.05: the same value",
    "src/ginrules/players/determinize.py:off_by_one:4d914848a8ac":
        "a weight of exactly 5.0 clamped to 5.0: the same value",
    "src/ginrules/players/determinize.py:dropped_check:921d011a3d58":
        "with nothing hidden the general path keeps none of the pool either: every hand is "
        "the known cards; only the generator's state differs, and its one user (the "
        "advanced player's knock) draws again only for the same empty hands",
    "src/ginrules/players/determinize.py:off_by_one:67c4bd2a1611":
        "with nothing hidden the general path keeps none of the pool either: every hand is "
        "the known cards; only the generator's state differs, and its one user (the "
        "advanced player's knock) draws again only for the same empty hands",
    "src/ginrules/players/advanced.py:off_by_one:dea7f32f5e99":
        "the fast path for one arrangement never taken: the max over one chain is the "
        "same (a knock has at least one arrangement)",
    "src/ginrules/players/determinize.py:off_by_one:8d3fcd010fd6":
        "a 53rd row of the related cards, for no card: never read",
    "src/ginrules/players/determinize.py:off_by_one:5d053f5e06d6":
        "bit 52 of a mask of the 52 cards: never set, so the pool is the same",
    "src/ginrules/players/determinize.py:off_by_one:9d645edd6829":
        "bit 52 of a hand's mask: never set, so the dealt cards are the same",
    "src/ginrules/players/determinize.py:off_by_one:2e727736ce3f":
        "one more swap, of the last card with itself: it draws one more output, and the "
        "stream is not read after the shuffle",
    "src/ginrules/players/determinize.py:off_by_one:c1f22f064740":
        "a deadline (a discard's place in the history) never equals a slot's time (a "
        "stock draw's place, or -1 for the deal): < and <= agree",
    "src/ginrules/players/advanced.py:off_by_one:caaba44ab128":
        "saved is above 0 here (after >= now returned before): >= 0 is > 0",
    "src/ginrules/players/advanced.py:off_by_one:01298185dc60":
        "saved is above 0 here (after >= now returned before): > -1 is > 0",
    "src/ginrules/players/particles.py:off_by_one:00a3b4b91f67":
        "no card taken (-1) read by excluding no card: the least deadwood and the cards "
        "that leave it, as _best_discards gives them",
    "src/ginrules/players/particles.py:off_by_one:9c0793e8f286":
        "a card of 11 points added to ten cards: none exists, and the condition is false "
        "for it anyway (a discard leaves at least the ten cards' deadwood less 10)",
    "src/ginrules/players/particles.py:off_by_one:771d0933f2ff":
        "the chance for a card of 0 points: no card has 0 points, so it is never read",
    "src/ginrules/players/lookahead.py:wrong_preset:3392cdd5c5aa":
        "the knock limit of the table knock_points makes from a RuleSet: pricing a knock "
        "never reads it",
    "src/ginrules/players/lookahead.py:off_by_one:10a2769dd8f8":
        "the points of a 53rd card index: no card has it, so nothing reads it",
    "src/ginrules/players/lookahead.py:off_by_one:f29866e5e6d4":
        "the highest card replaces the ace of clubs (index 0) unconditionally: every card "
        "is at least as high as it, so the comparison replaces it too",
    "src/ginrules/hand.py:dropped_check:98797b097a34":
        "the fast path for a hand that cannot knock: the knocks looked for are none",
    "src/ginrules/records/validator.py:off_by_one:fe84df3d044c":
        "the cache of well-written action texts holds one more entry: the same verdicts",
    "src/ginrules/hand.py:wrong_player:2a146b09c247":
        "an int w is 0 or 1 exactly when 1 - w is",
    "src/ginrules/hand.py:off_by_one:85b307b7950e":
        "the odd cards below 21 are the odd cards below 20",
    "src/ginrules/records/_views.py:wrong_player:511a310b02b1":
        "the dealer of a view's possible endings: as d1d28c36d782",
    "src/ginrules/records/_views.py:wrong_player:11a3131a838a":
        "an int w is 0 or 1 exactly when 1 - w is",
    "src/ginrules/records/validator.py:wrong_player:dac63d66adbd":
        "an int w is 0 or 1 exactly when 1 - w is",
    "src/ginrules/records/validator.py:dropped_check:36d851a342e8":
        "the skip of an engine registered here already: importing its class by name finds "
        "that same class (a module is imported once) and registers it again",
    "src/ginrules/records/_views.py:off_by_one:bcb8c3635eae#1":
        "the stock draws read one action past the end: as bcb8c3635eae",
    "src/ginrules/records/_views.py:off_by_one:d3693a352054":
        "the dealt cards looked for one card further into the deck: the cards named as "
        "the hidden player's deal are dealt cards (a deal naming the upcard or a stock "
        "card there is a bad deal, reported before)",
    "src/ginrules/records/validator.py:wrong_player:f457433851ed":
        "melds of a hand that did not end by a knock are reported just before, so here "
        "the knocker is a player and 1 - knocker is not None either",
    "src/ginrules/_chunked.py:dropped_check:5a317031e311":
        "the fast path for the last item: the general path finds the same item",
    "src/ginrules/records/_views.py:wrong_player:d1d28c36d782":
        "the dealer of a view's possible endings: only scored and described, and neither "
        "reads the dealer",
    "src/ginrules/records/_views.py:off_by_one:af72dd922444":
        "a run's chain walked down stops at the ace: as c49546f114f0",
    "src/ginrules/records/_views.py:off_by_one:b7c5ce346795":
        "a run's chain walked up stops at the king: the three ranks from the king pass "
        "it, as those after it do, so nothing is laid off there either way",
    "src/ginrules/records/_views.py:off_by_one:bcb8c3635eae":
        "the exposure read one action past its end: the end is the last action (a "
        "record that plays on after the hand's end is reported before the cards seen)",
    "src/ginrules/records/_views.py:off_by_one:c49546f114f0":
        "a run's chain walked down stops at the ace instead of past it: either way the "
        "three ranks below include one under the ace, so nothing is laid off there",
    "src/ginrules/records/_views.py:off_by_one:993e4d9ff03f":
        "a run's chain walked up looks one past the king: the three ranks after it are "
        "past the king either way, so nothing is laid off there",
    "src/ginrules/players/words.py:off_by_one:187889c47d88":
        "a marked answer read from the marker's last character on: that is a colon or "
        "an equals sign, which start no move and end no word",
    "src/ginrules/players/words.py:off_by_one:c34980b195e5":
        "a discard verb at a denied knock's object: the object is a card or a rank, "
        "never a verb",
    "src/ginrules/players/words.py:off_by_one:5fa2a7181999":
        "a JSON object looked for at -1 (no brace left): json's scanner refuses a "
        "negative index, as it refuses text that is no object",
    "src/ginrules/players/words.py:off_by_one:c472cd6d2924":
        "the two words before a card-like word (\"as\", \"7s\") read as a word: they hold "
        "no move's verb (else it would read as a card), so neither do more of them",
    "src/ginrules/players/words.py:off_by_one:dd09a0592973":
        "the two words before a card-like word read as a word: as c472cd6d2924",
    "src/ginrules/players/words.py:off_by_one:e05d72e4062f":
        "a rank word of two letters: there is none (\"10\" is digits)",
    "src/ginrules/players/words.py:dropped_check:8fa982fc473e":
        "a word that is no rank: no held card has rank None, so none is found either way",
    "src/ginrules/players/words.py:off_by_one:5173fb1a6864":
        "the ranks by digits to 10: \"10\" is in the map already, as the ten",
    "src/ginrules/players/particles.py:off_by_one:d9d2c13640b7":
        "the filter memory's lookup with one drawn card fewer than its key was stored with: "
        "an entry of the same history prefix holds exactly draws[point] drawn cards, so the "
        "lookup misses (or, at 0 draws and one card drawn, finds the right entry) and the "
        "filter is rebuilt from the same seeded streams: the same particles, found again",
    "src/ginrules/players/observed.py:wrong_player:3752465cdadb":
        "Observed.event's shortcut for a seat: with `1 - player == 1` player 1 goes the slow "
        "way, through _seat, which returns the same 1 (and refuses what the shortcut does not "
        "take): the same seat, found more slowly",
    "src/ginrules/players/_estimates.py:off_by_one:1b8666f2793e":
        "a fifth suit in _RANKS sets bits 52 to 64, which no card has: every use ANDs a rank "
        "with a hand, a pool or _ALL (52 bits), so the extra bits never reach a result",
    "src/ginrules/text.py:off_by_one:d9236e585b85":
        "a sheet's table is Hollywood's when it has more than 1 game column: ScoreSheet "
        "takes one column or three, so `> 2` tells the same sheets apart",
    "src/ginrules/players/_estimates.py:off_by_one:a3f660eab038":
        "_potential's k = room if room < 11 else 11: at room 11 both forms give 11, and "
        "above it both give 11, so `room < 12` takes the same k for every room",
    "src/ginrules/cli/serve.py:dropped_check:f1bafab53209":
        "serve's loop writes a reply's text when _answer made it: that text is dumps(reply), "
        "which succeeded, and without the shortcut _reply_line(reply) writes dumps of the "
        "same dict, unchanged since, and the same newline: the same line, dumped twice",
    "src/ginrules/players/knock_models.py:off_by_one:b8ec5de3b6a3#1":
        "as 46076e76679c there: the game chance's logistic at z exactly -700.0 is 9.9e-305, "
        "and 0.0 in its place is the same chance to every use (stated as 0%, and compared "
        "with chances of another order)",
    "src/ginrules/_startup.py:off_by_one:d4405bebb497":
        "`\"m\" in word[0:]` for `word[1:]`: the word starts with \"-\" (checked just before), "
        "so its first character is never \"m\"",
    "src/ginrules/players/advanced.py:off_by_one:161b54d67d75": _EAGER_WEIGHTS,
    "src/ginrules/players/advanced.py:off_by_one:35f08bd23ebd": _EAGER_WEIGHTS,
    "src/ginrules/players/advanced.py:wrong_player:513f358156ad": _EAGER_WEIGHTS,
    "src/ginrules/players/lookahead.py:wrong_preset:78a1f9936477":
        "as bb4a978bb287 and a4f1337e36c1: the table _knock_points makes of a RuleSet is "
        "read for its gin bonus, undercut bonus and undercut_on_tie alone, never its knock "
        "limit (here made of dead_hand_stock, an int as well)",
    "src/ginrules/players/particles.py:dropped_check:507db2a9aab2":
        "a particle without the card d the opponent threw after a take, in a history a "
        "view can hold: d is in the universe (thrown and not taken before; a card taken "
        "is added to every particle and leaves one only by a throw, to the pile), it is "
        "no card the particle used and threw (that card came back only by a take, which "
        "adds it), and the particle holds as many cards not taken as the opponent, one of "
        "which is d, so `spare` is not empty: the check is never true (a raise in its "
        "place: the particles' tests and master games against random and advanced pass)",
    "src/ginrules/players/_danger.py:off_by_one:b8ec5de3b6a3": _DANGER_GUARD,
    "src/ginrules/players/_danger.py:off_by_one:9e21dcf61d81": _DANGER_GUARD,
    "src/ginrules/players/_danger.py:off_by_one:46076e76679c": _DANGER_GUARD,
    "src/ginrules/players/_estimates.py:off_by_one:10a2769dd8f8":
        "_POINTS with a 53rd entry: it is read at card indices alone (0 to 51), so the "
        "entry past the last card is never read",
    "src/ginrules/actions.py:off_by_one:41ccb4069d22":
        "a suit's discards walk 14 bits of a 13-bit mask: legal_actions, the one caller, "
        "passes `m & 0x1FFF` or, for spades, `m >> 39` of a hand's mask below 2**52, so "
        "bit 13 is never set (as cfe95b05199a in cards.py)",
    "src/ginrules/text.py:wrong_player:dd4050e391c2":
        "the suggestion is made where both seats have the same name (names[0] == "
        "names[1]): '{names[1]} (0)' is '{names[0]} (0)'",
    "src/ginrules/players/odds.py:off_by_one:647a6424013c":
        "_table's row[b - x] at x == b is row[0], which is 0.0 for every row past the "
        "first (the player needing b has won): the value the else branch gives",
    "src/ginrules/records/format.py:dropped_check:f34be868ab0f":
        "parse_action's cache hit: without it the text is parsed again into an equal "
        "(player, action, card), the same result, more slowly",
    "src/ginrules/players/lookahead.py:off_by_one:968a7cffb579":
        "_defender_deadwood's walk down to options[0] too: options[0] is 0, no layoff, "
        "which lowers the deadwood by nothing (before - 0 >= least) and is skipped",
    "src/ginrules/players/words.py:dropped_check:2830c0e1a0fc":
        "_intents' skip of a token that is no word: the only others there are stops "
        "(. ? ! ; and a line's end) and commas (, :), which are none of \"big\", \"gin\" "
        "and the verbs, so no branch finds a move in them and the loop goes on as the "
        "skip does",
    "src/ginrules/records/_deal.py:reset_forgotten:771f9b1397ee":
        "a hand whose cards could not be read sets ok to False, and both openings return "
        "on `not ok` before dealer_hands is read: the [] put in its place is never used",
    "src/ginrules/players/determinize.py:wrong_player:d7d622dd368c":
        "at the third event, a stock draw, the first two are (pass, pass) or (take, "
        "discard) (under the eleven-cards opening the third is no draw): history[0] is a "
        "pass exactly when history[1] is",
    "src/ginrules/players/particles.py:dropped_check:5642f51ba4a0":
        "the walk back to the latest filter kept: without its stop the filter is built "
        "again from the earliest point, and each point's filter is a function of the one "
        "before and that point's own stream (restrict with the same cards draws nothing), "
        "the filter a view asked afresh gets (test_a_reading_is_a_function_of_the_view_and_"
        "the_seed): the "
        "same particles, more slowly",
    "src/ginrules/hand.py:off_by_one:493b0cbb0289":
        "cards[0:19:2] and cards[0:20:2] are the same ten cards (positions 0, 2, ..., "
        "18): a step of two stops before 19 as before 20",
    "src/ginrules/records/validator.py:reset_forgotten:df23663ddea6":
        "as a9b47b23cd7f: determined is set again for each hand before check_hand (the "
        "loop's `self.hidden_named, self.determined, self.unreplayed_dealer = ...`), and "
        "read only in check_hand and after it in the same loop",
    "src/ginrules/records/format.py:dropped_check:47d7ddf96439":
        "the streamed reader's fast step over the comma between two hands: without it "
        "the slow step reads the same whitespace, comma and whitespace with next_char "
        "(_WHITESPACE is _BETWEEN's blanks) and leaves the place on the same character",
    "src/ginrules/players/lookahead.py:wrong_preset:9894b9073343":
        "as bb4a978bb287 and a4f1337e36c1: the table _knock_points makes of a RuleSet is "
        "read for its gin bonus, undercut bonus and undercut_on_tie alone, never its knock "
        "limit (here made of the game bonus)",
    "src/ginrules/players/knock_models.py:off_by_one:46076e76679c":
        "as 9e21dcf61d81#1, in _advised_risk: for z in (-701, -700] the logistic is "
        "below 1e-303, and 0.0 in its place is the same risk to every use (stated as 0%)",
    "src/ginrules/rulesets.py:dropped_check:f200b739b1a3":
        "_to_enum's fast path for a member: an Enum called with one of its own members "
        "returns that member (EnumType.__call__ looks the value up and finds it), so "
        "kind(value) gives the same member, for each of the five enums it converts",
    "src/ginrules/cards.py:off_by_one:cfe95b05199a":
        "a suit's lookup walks 14 bits of a 13-bit mask: every caller passes `mask & "
        "0x1FFF` or, for spades, `mask >> 39` of a mask already checked to be below "
        "2**52, so bit 13 is never set and the 14th step adds no card",
    "src/ginrules/players/advanced.py:off_by_one:a0fedf446074":
        "reading the inference weights for a gin too (knock[1] >= 0): _knock returns the "
        "gin's hint before it reads memory (the expert's too, through super()), and the "
        "expert and master read the weights anyway (_weighs); only the time differs",
    "src/ginrules/interop/openspiel_game.py:wrong_preset:b081b519ab2d":
        "as 6045e58afa28: load_game takes a preset's name, and no preset has an undercut "
        "bonus above its gin bonus (25 against 25, or 20 under the Dutch rules), so the "
        "largest bonus, and the bound, are the same",
    "src/ginrules/records/validator.py:reset_forgotten:4d5197676357":
        "filled is set again for each hand before check_hand (the loop's "
        "`self.stand_ins, self.filled = _NO_CARDS, False`), and read only by keep() and "
        "the test after check_hand, in the same loop",
    "src/ginrules/players/external.py:off_by_one:5358b065bba1":
        "`now > exited_at + _GRACE` against `>=`: two readings of time.monotonic(), a "
        "float of nanoseconds, equal to the grace's end only by a chance no test or user "
        "can arrange; at that instant the next poll, a few milliseconds on, decides the "
        "same",
    "src/ginrules/players/knock_models.py:off_by_one:9e21dcf61d81#1":
        "the bound keeps math.exp from overflowing (at -z > 709); for z in (-700, -699] "
        "the logistic is below 1e-303 and 0.0 in its place is the same chance to every "
        "use (stated as 0%, and compared with chances of another order)",
    "src/ginrules/players/particles.py:dropped_check:802a6749f293":
        "_index's fast path for a Card: without it the Card goes to Card.parse, which "
        "returns a Card given to it as it is, with the same index",
    "src/ginrules/simulate.py:wrong_player:0062138e30cf":
        "as in scoring.py: `result.knocker is None` after the dead-hand test is there "
        "for the type checker; the hands a game plays end with a knocker exactly when "
        "they are not dead, so `1 - knocker is None` is false as well",
    "src/ginrules/scoring.py:wrong_player:0062138e30cf":
        "`result.knocker is None` after `result.kind is EndKind.DEAD` is there for the "
        "type checker: every HandResult the library makes (resolve_knock, the dead hand, "
        "the view checks) has a knocker exactly when it is not dead, so the `or` is "
        "reached only with an int knocker, and `1 - knocker is None` is false as well",
    "src/ginrules/players/particles.py:dropped_check:6fc88807757c":
        "a particle with no free card: without the check, a particle holding d gets no "
        "draw chances (an empty list, total 0) and one without d finds d used or outside "
        "the universe (every card of it is used); either way its weight is set to 0 as "
        "the check sets it",
    "src/ginrules/players/lookahead.py:wrong_preset:bb4a978bb287":
        "the table _knock_points makes of a RuleSet is read there (and in _points) for "
        "its gin bonus, undercut bonus and undercut_on_tie alone, never its knock limit "
        "(here made of the target)",
    "src/ginrules/records/format.py:off_by_one:9dca2d69d143":
        "share() only decides which strings the reader keeps one copy of (memory): a "
        "string of exactly _SHARED_LENGTH characters not shared is an equal string, and "
        "the record read is the same",
    "src/ginrules/melds.py:off_by_one:871af5565273":
        "_fast_mask returns -1 or the mask of 1 to 11 cards, never 0, so `mask >= 1` and "
        "`mask >= 0` take the same branch",
    "src/ginrules/_jsonlines.py:off_by_one:37f07f07533c":
        "a message's nesting is at most its count of opening brackets: at a count of "
        "exactly max_depth the careful count runs too, and finds the depth not over it",
    "src/ginrules/players/lookahead.py:wrong_preset:a4f1337e36c1":
        "the table _knock_points makes of a RuleSet is read there (and in _points) for "
        "its gin bonus, undercut bonus and undercut_on_tie alone, never its knock limit: "
        "a knock's points do not depend on the limit it was made under",
    "src/ginrules/records/_deal.py:dropped_check:8784aeb4b6fd":
        "the fast path of a string of cards: without it each token goes the slow way, "
        "card() by parse_card and the format's pattern, which reads every key of "
        "_CARD_BY_TEXT (all 168 written as the pattern says) as the same card",
    "src/ginrules/records/validator.py:dropped_check:7b581e0805f3":
        "the fast path of the unknown keys: when every key is known the sorted list "
        "comprehension is empty too",
    "src/ginrules/records/validator.py:reset_forgotten:a9b47b23cd7f":
        "unreplayed_dealer is set again for each hand before check_hand (the loop's "
        "`self.hidden_named, self.determined, self.unreplayed_dealer = ...`), and read "
        "only after that in the same loop",
    "src/ginrules/records/_views.py:off_by_one:7ef881de3e36":
        "a run's chain walked up past the king (r < 14, into the next suit's ace): the "
        "walk stops at 13 or 14, and either way the cards above it (x >= 13) fail "
        "`0 <= x < 13`, so the card is not layable onto a run up there either way",
    "src/ginrules/players/particles.py:reset_forgotten:952fdc0827e0":
        "swap_free, like swap_chances, is read only when swapped > 0 (`rng.random() * "
        "(thrown + swapped) < swapped` is false at 0), and swapped is above 0 only when "
        "`spare` is not empty, the branch that sets swap_free first",
    "src/ginrules/records/_views.py:wrong_player:12be9f28923f":
        "a dead box's result is priced and told without its dealer: a dead hand scores "
        "nothing under every rule set, and its words are 'nobody scores'",
    "src/ginrules/players/words.py:dropped_check:56b329a7996f":
        "a reply of bare knocks and nothing else: without the shortcut the distinct intents "
        "are that one knock, checked the same way (the first one kept, as knocks[0])",
    "src/ginrules/players/views.py:dropped_check:7dcbd1b7b43d":
        "the walk's early end once every stock draw is found: without it the walk goes on "
        "through actions with no stock draw and finds the same cards, only later",
    "src/ginrules/records/_views.py:off_by_one:dcc64af2e859":
        "a slot's time is 0 or the number of one of the hidden player's draws, a deadline "
        "that of one of its discards (or NEVER): the two are never equal",
    "src/ginrules/interop/openspiel_game.py:wrong_player:25d309940a21":
        "1 - p is an int exactly when p is an int or a bool: only True and False now take "
        "the Python path, whose mask for them is OpenSpiel's own for 1 and 0",
    "src/ginrules/interop/openspiel_game.py:wrong_player:a018e626c0fa":
        "1 - p is an int exactly when p is an int or a bool: only True and False now take "
        "the Python path, whose tensors for them are OpenSpiel's own for 1 and 0",
    "src/ginrules/cards.py:off_by_one:35a0330fe831":
        "a token that reads as one card is that card, found by the same lookup before any "
        "reason is sought: the split of a token that is no card is never one card",
    "src/ginrules/interop/openspiel_game.py:wrong_preset:6045e58afa28":
        "no preset load_game accepts has an undercut bonus above its gin bonus (nor a "
        "knock limit above it): the bound is the same under each",
    "src/ginrules/interop/gymnasium_env.py:wrong_player:2881705fa64d":
        "an int s is 0 or 1 exactly when 1 - s is: the same seats refused, in the same words",
    "src/ginrules/players/_estimates.py:off_by_one:80a3f85d7d35#1":
        "with room 10 the bound counts the 10-point cards too, each saving room - 10 = 0: "
        "the same sum (to the last bit where the weights are whole; within rounding "
        "otherwise)",
    "src/ginrules/records/format.py:off_by_one:27615c043ca2":
        "json raises 'Invalid control character' at the character's own place, which is "
        "in the document: its position is never the document's length",
    "src/ginrules/players/advanced.py:dropped_check:79d69248d25b":
        "the advanced player's _stock is None whatever its memory: without the shortcut it "
        "reads the memory and draws by the same figures; only that reading is spent",
    "src/ginrules/players/computer.py:reset_forgotten:ecf7d31aa9f6":
        "every discard of the player's but an eleven-cards opening's first follows a draw "
        "of its own, which sets drawn again; before that first discard drawn is None "
        "anyway: the same pairs",
    "src/ginrules/records/validator.py:wrong_player:56ecb95ff289":
        "an int d is 0 or 1 exactly when 1 - d is: the dealer's check refuses the same "
        "values with the same message",
    "src/ginrules/records/format.py:off_by_one:935c08d02f44":
        "the bound on the reader's table of shared keys: sharing 100,001 keys, not "
        "100,000, reads the same values with the same messages; the table holds one "
        "string more, far below what the bound is for",
    "src/ginrules/_startup.py:dropped_check:1f466a17b5d1":
        "release() with no signal taken: its loop over the empty dict does nothing either; "
        "only the signal module is imported, by the command, which prints and exits alike",
    "src/ginrules/cli/validate.py:dropped_check:d1ed912db5af":
        "a file listed as a folder: os.scandir refuses it (NotADirectoryError, an OSError) "
        "and the path is yielded as it was; one system call more, nothing seen",
    "src/ginrules/players/external.py:reset_forgotten:8eb7a3865360":
        "_Program.exited_at is read only after exited() returned True, and exited() sets "
        "it in the one branch that sets code (code is set nowhere else): never read unset",
    "src/ginrules/records/validator.py:reset_forgotten:39f2356fca78":
        "_Checker.rules is read only by load(), after check() found no problem; every way "
        "out of check() before `self.rules = rules` reports one (read_rules too)",
    "src/ginrules/interop/openspiel_game.py:off_by_one:0d81e19b4448":
        "range(0, 21, 2) adds deck position 20, the upcard, kept from the real deck where "
        "sample_hidden puts the view's upcard, the same card (for the dealer, range(1, 21, "
        "2) is range(1, 20, 2))",
    "web/src/ginrules_bridge.py:off_by_one:d76addbd618e":
        "bench() times every seventh decision either way (another seventh of the same "
        "games); what it returns is the counts and wall-clock times, noise in any case",
    "src/ginrules/masks.py:dropped_check:8b25b9fc680c":
        "the early return at deadwood 0: the loop goes on, but no later deadwood is below "
        "0, so the minimum returned is 0 all the same",
    "src/ginrules/players/particles.py:reset_forgotten:1b0eac015a96":
        "swap_chances is read only when swapped > 0, and swapped is above 0 only when "
        "`spare` is not empty, the branch that sets swap_chances first",
    "src/ginrules/records/_deal.py:reset_forgotten:dad1a9d600d1":
        "a hand whose cards cannot be read sets ok = False, and the deal is given up "
        "(`if up is None or not ok: return`) before dealer_hands is read",
    "src/ginrules/melds.py:wrong_player:7f3e761192aa":
        "a set's layoff rank read from its second card: every Meld is validated when made "
        "(three cards or more, a set of one rank), so cards[1] exists and has cards[0]'s rank",
    "src/ginrules/hand.py:wrong_player:56ecb95ff289":
        "deal's dealer check as `1 - dealer not in (0, 1)`: for an int, 1 - d is 0 or 1 "
        "exactly when d is (non-ints are refused before), so the same dealers are refused",
    "src/ginrules/players/words.py:off_by_one:30f30e07f6cd":
        "_intents' 'big' before 'gin' as `i > 1`: they differ only for gin at token 1 after "
        "big at token 0, and there the big-gin branch at token 0 has already used token 1",
    "src/ginrules/_files.py:off_by_one:b817f04bd688":
        "the temporary file's stem one byte shorter for a name of over 200 bytes: it fits "
        "255 bytes either way, is renamed over the target (or removed), is never named in a "
        "message, and the left-behind sweep parses names from their end",
    "src/ginrules/_jsonlines.py:off_by_one:4921c80658eb":
        "loads' ValueError text cut at 201 for 200: the decoder's only ValueError that is no "
        "JSONDecodeError is int()'s digit limit, replaced by a text of 36 characters first",
    "src/ginrules/interop/convert.py:off_by_one:712f9db049d3":
        "from_rlcard's cut <= 0 for < 0 (at a declared dead hand): cut is 0 only after a "
        "departure at the first action, which leaves no state; both places that test it "
        "need a state, so a cut of 0 is never tested again",
    "src/ginrules/interop/convert.py:off_by_one:712f9db049d3#1":
        "from_rlcard's cut <= 0 for < 0 (at a departure): cut is 0 only after a departure "
        "at the first action, which leaves no state; this test needs a state",
    "src/ginrules/interop/convert.py:off_by_one:e03485845757":
        "_eaai_melds searching the list with its opening bracket: the pattern cannot match "
        "at that bracket (a card or ']' must follow '['), so it finds the same inner lists",
    "src/ginrules/cli/convert.py:dropped_check:ba94d8ad3191":
        "convert --to openspiel's own check of the report: to_openspiel_history loads the "
        "record strictly (records.load), which raises the validator's first problem, so an "
        "invalid record never reaches it (the same one-line error, exit 2)",
    "src/ginrules/text.py:wrong_player:498108dcd6c9":
        "the refusal of two seats of one name quotes names[1] for names[0]: the branch is "
        "taken only when they are equal (a str subclass with its own __eq__ aside)",
    "src/ginrules/players/advanced.py:off_by_one:a31fa3022c77":
        "the advanced discard's pruning only for a potential weight of 1 or more: pruning "
        "skips discards its bound proves cannot win, so pricing them too (weights 0 to 1) "
        "chooses the same discard, only slower",
    "src/ginrules/players/advanced.py:off_by_one:b0d53c20d63c":
        "not strict: knocking at an expected value > -1 rather than > 0 where it is also "
        "at least the wait; the wait is above 0 whenever gin may still come (a gin bonus "
        "over 0), so only a mean of exactly 0 points with no chance of gin left differs",
    "src/ginrules/interop/openspiel_game.py:wrong_player:d71f3cb6461a":
        "the hand's end logged for 1 - p over p in (0, 1): both logs get the same line, "
        "only the order of the two appends differs",
    "src/ginrules/interop/episode.py:reset_forgotten:8012c9194fb5":
        "Episode._margin is read only in game mode once self.game exists, which only "
        "reset() makes, and reset() sets _margin to 0 first",
    "src/ginrules/players/external.py:off_by_one:4014062f2844":
        "_one_line taking one character more before cutting: a text longer than the "
        "excerpt is cut either way, and the excerpt's first characters come from the "
        "text's first ones (each shows as one or more), so the extra one is cut off",
    "src/ginrules/interop/episode.py:wrong_player:2a146b09c247#1":
        "Episode.scores's seat check on 1 - player: for an int (checked first), 1 - p is 0 "
        "or 1 exactly when p is",
    "src/ginrules/interop/episode.py:wrong_player:2a146b09c247":
        "Episode.view's seat check on 1 - player: for an int (checked first), 1 - p is 0 "
        "or 1 exactly when p is",
    "src/ginrules/interop/rewards.py:wrong_player:2a146b09c247":
        "potential's seat check on 1 - player: for an int (checked first), 1 - p is 0 or 1 "
        "exactly when p is",
    "src/ginrules/players/observed.py:off_by_one:459309f30716":
        "observe's quick path taken for player 0 only: player 1 goes through _seat, which "
        "returns the same 1; only slower",
    "src/ginrules/interop/episode.py:dropped_check:9199710220b4":
        "Episode.step in game mode paying the sheet's margin at every step: the sheet "
        "changes only when a hand is recorded, so a step within a hand pays 0 either way",
    "web/src/ginrules_bridge.py:off_by_one:9ee83c876a32":
        "bench() times every seventh decision either way (another seventh of the same "
        "games); what it returns is the counts and wall-clock times, noise in any case",
    "web/src/ginrules_bridge.py:wrong_player:a55a5888619f":
        "take_back's words from the opponent's view: the moves it can take back are passes, "
        "takes, draws and discards (a knock ends the hand, which it refuses), whose words "
        "read only the face-up card and the card thrown, the same in both views",
    "web/src/ginrules_bridge.py:off_by_one:2887f35135b8":
        "_sheet's rows are the finished hands, one result each, so index < len(results) "
        "always: the guard never reads results[len(results)]",
    "web/src/ginrules_bridge.py:wrong_player:191b261d1b47":
        "hint's opponent: the player is never None (a seat, checked), so no opponent named "
        "becomes 'any' rather than None, and ginrules.hint weighs None as 'any'",
    "src/ginrules/masks.py:dropped_check:210eedd52584":
        "_deadwood's fast path for a hand with no rank held three times: without it, no "
        "rank is held four times either and the loop over set choices has none to try, so "
        "it returns the same sum of the suits' deadwood",
    "src/ginrules/svg.py:wrong_player:a32b5877c3e9":
        "svg.game's player check as `1 - player not in (0, 1)`: player is an int there "
        "(type checked first), and 1 - p is 0 or 1 exactly when p is",
    "src/ginrules/_jsonlines.py:off_by_one:c81fd6687c21":
        "loads' ValueError text cut at 199 for 200: as for 201, the text is int()'s digit "
        "limit replaced by 36 characters",
    "src/ginrules/cli/deadwood.py:dropped_check:e248e5c259d8":
        "deadwood with no cards: without the check, no words join to '', which parses to "
        "no cards, and the next check raises the same CardNotationError with the same words",
    "src/ginrules/interop/openspiel_game.py:off_by_one:f885f7de50ca":
        "legal_actions_mask(player) handed to pyspiel's own method: it builds the mask from "
        "the same legal actions (equal on 4,646 states and players of 20 random games); "
        "only the fast path is lost",
    "src/ginrules/interop/openspiel_game.py:wrong_player:0629c205ecc8":
        "observation_string's view given the other player's stock draws: the string is "
        "view_text, which never reads drawn_cards (identical on 1,099 states of 10 games)",
    "src/ginrules/text.py:wrong_player:e96d380a24eb":
        "the message for two seats of one name shows names[0] for names[1]: they are equal "
        "there (str ==: the same characters; only a str subclass with its own __eq__ could "
        "tell)",
    "src/ginrules/svg.py:dropped_check:74bd5c1b1be1":
        "svg.game's seat check dropped: the seat then reaches the view of the hand in play "
        "or of the last hand, which refuses it with the same words before anything is drawn",
}

PLAYERISH = {"p", "me", "player", "seat", "turn", "dealer", "knocker", "knocker_seat",
             "viewer", "winner", "loser", "ender", "defender", "who", "mover", "to_move",
             "current_player", "first_player", "player_id", "starter"}
TWINS = (("player", "opponent"), ("me", "opponent"), ("me", "them"), ("knocker", "defender"),
         ("winner", "loser"), ("mine", "theirs"), ("ours", "theirs"), ("p", "other"),
         ("seat", "other"), ("player", "other"))
RESET_FUNCTIONS = re.compile(r"^(__init__|__attrs_post_init__|_?reset\w*|_?clear\w*|"
                             r"_?start\w*|_?new_\w*|_?begin\w*|_?restart\w*)$")
SKIP_FUNCTIONS = {"__repr__", "__str__", "__rich_repr__", "_repr_html_", "_repr_svg_"}


def area_of(path: str) -> str:
    """The area of a file, by its path from the root of the tree."""
    if path == BRIDGE:
        return "bridge"
    parts = Path(path).relative_to("src/ginrules").parts
    if parts[0] in ("players", "records", "interop"):
        return parts[0]
    if parts[0] == "cli":
        return "serve" if parts[1] == "serve.py" else "cli"
    name = parts[0].removesuffix(".py")
    if name in ("_protocol", "_jsonlines"):
        return "serve"  # the player protocol's bounds and its JSON reader
    if name in ("_startup", "_files"):
        return "cli"  # the command's start and its files
    return name if name in ("text", "svg", "terminal", "simulate") else "core"


def source_files() -> list[str]:
    files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "src" / "ginrules").rglob("*.py"))
    return [*files, BRIDGE]


def rule_fields() -> dict[str, str]:
    """Each RuleSet field with its annotation's text, read from rulesets.py."""
    tree = ast.parse((ROOT / "src/ginrules/rulesets.py").read_text("utf-8"))
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name == "RuleSet":
            return {item.target.id: ast.unparse(item.annotation) for item in node.body
                    if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)}
    raise SystemExit("no class RuleSet in src/ginrules/rulesets.py")


@dataclass(frozen=True)
class Mutant:
    """One planted bug: a span of the file's bytes replaced."""

    area: str
    kind: str
    file: str
    line: int
    start: int  # byte offsets into the file
    end: int
    replacement: bytes
    what: str
    twin: int = 0  # how many earlier mutants of the file have the same lines and change

    def mutated(self, original: bytes) -> bytes:
        return original[:self.start] + self.replacement + original[self.end:]

    def key(self, original: bytes) -> str:
        """Stable across unrelated edits: the file, the kind, and a hash of the lines the
        mutant changes, before and after."""
        first = original.rfind(b"\n", 0, self.start) + 1
        last = original.find(b"\n", self.end)
        last = len(original) if last < 0 else last
        before = b" ".join(original[first:last].split())
        after = b" ".join(self.mutated(original)[first:last - (self.end - self.start)
                                                   + len(self.replacement)].split())
        digest = hashlib.sha1(before + b"\0" + after).hexdigest()[:12]
        return f"{self.file}:{self.kind}:{digest}" + (f"#{self.twin}" if self.twin else "")

    def diff(self, original: bytes) -> str:
        old = original.decode("utf-8").splitlines(keepends=True)
        new = self.mutated(original).decode("utf-8").splitlines(keepends=True)
        return "".join(difflib.unified_diff(old, new, f"a/{self.file}", f"b/{self.file}", n=2))


@dataclass
class Context:
    function: str | None = None
    in_loop: bool = False
    scope: frozenset[str] = frozenset()


@dataclass
class Planter:
    """Walks one file's tree and collects its mutants."""

    file: str
    source: bytes
    fields: dict[str, str]
    mutants: list[Mutant] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.area = area_of(self.file)
        self.lines = self.source.splitlines(keepends=True)
        self.starts = [0]
        for line in self.lines:
            self.starts.append(self.starts[-1] + len(line))
        self.by_type: dict[str, list[str]] = defaultdict(list)
        for name, annotation in self.fields.items():
            self.by_type[annotation].append(name)

    # positions ----------------------------------------------------------------------
    def offset(self, line: int, col: int) -> int:
        return self.starts[line - 1] + col

    def span(self, node: ast.AST) -> tuple[int, int]:
        return (self.offset(node.lineno, node.col_offset),  # type: ignore[attr-defined]
                self.offset(node.end_lineno, node.end_col_offset))  # type: ignore[attr-defined]

    def text(self, node: ast.AST) -> str:
        start, end = self.span(node)
        return self.source[start:end].decode("utf-8")

    def add(self, kind: str, node: ast.AST, start: int, end: int, new: str, what: str) -> None:
        line: int = node.lineno  # type: ignore[attr-defined]
        self.mutants.append(Mutant(self.area, kind, self.file, line, start, end,
                                   new.encode("utf-8"), what))

    def replace(self, kind: str, node: ast.AST, new: str, what: str) -> None:
        start, end = self.span(node)
        self.add(kind, node, start, end, new, what)

    def delete_statement(self, kind: str, node: ast.stmt, siblings: Sequence[ast.stmt],
                         what: str) -> None:
        """The statement's whole lines deleted (``pass`` if it was alone in its block);
        nothing if it shares a line with another statement."""
        assert node.end_lineno is not None
        first = self.lines[node.lineno - 1]
        last = self.lines[node.end_lineno - 1]
        if first[:node.col_offset].strip() or last[node.end_col_offset:].strip()[:1] not in (
                b"", b"#"):
            return
        start, end = self.starts[node.lineno - 1], self.starts[node.end_lineno]
        indent = first[:node.col_offset].decode("utf-8")
        new = f"{indent}pass\n" if len(siblings) == 1 else ""
        self.add(kind, node, start, end, new, what)

    # the walk -----------------------------------------------------------------------
    def plant(self) -> list[Mutant]:
        tree = ast.parse(self.source)
        self.block(tree.body, Context())
        return self.mutants

    def block(self, body: Sequence[ast.stmt], context: Context) -> None:
        for statement in body:
            self.statement(statement, body, context)

    def statement(self, node: ast.stmt, siblings: Sequence[ast.stmt], context: Context) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if node.name in SKIP_FUNCTIONS or any(
                    "overload" in ast.unparse(d) for d in node.decorator_list):
                return
            names = {a.arg for a in (*node.args.posonlyargs, *node.args.args,
                                     *node.args.kwonlyargs)}
            names |= {n.id for n in ast.walk(node) if isinstance(n, ast.Name)
                      and isinstance(n.ctx, ast.Store)}
            for default in (*node.args.defaults, *node.args.kw_defaults):
                if default is not None:
                    self.expression(default, context, None)
            self.block(node.body, Context(node.name, False, frozenset(names)))
            return
        if isinstance(node, ast.ClassDef):
            self.block(node.body, Context(None, False, context.scope))
            return
        if isinstance(node, (ast.Assert, ast.Import, ast.ImportFrom, ast.Pass, ast.Global,
                             ast.Nonlocal)):
            return
        if isinstance(node, ast.If):
            test = ast.unparse(node.test)
            if "TYPE_CHECKING" in test or "__name__" in test:
                return
            self.guard(node, siblings)
            self.expression(node.test, context, node)
            self.block(node.body, context)
            self.block(node.orelse, context)
            return
        if isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
            if isinstance(node, ast.While):
                self.expression(node.test, context, node)
            else:
                self.expression(node.iter, context, node)
            inner = Context(context.function, True, context.scope)
            self.block(node.body, inner)
            self.block(node.orelse, context)
            return
        if isinstance(node, (ast.With, ast.AsyncWith)):
            for item in node.items:
                self.expression(item.context_expr, context, node)
            self.block(node.body, context)
            return
        if isinstance(node, ast.Try) or type(node).__name__ == "TryStar":
            self.block(node.body, context)  # type: ignore[attr-defined]
            for handler in node.handlers:  # type: ignore[attr-defined]
                self.block(handler.body, context)
            self.block(node.orelse, context)  # type: ignore[attr-defined]
            self.block(node.finalbody, context)  # type: ignore[attr-defined]
            return
        if isinstance(node, ast.Match):
            self.expression(node.subject, context, node)
            for case in node.cases:
                self.block(case.body, context)
            return
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            self.reset(node, siblings, context)
            if isinstance(node, ast.AnnAssign):
                if node.value is not None:
                    self.expression(node.value, context, node)
                self.expression(node.target, context, node)
                return
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            return
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.expr):
                self.expression(child, context, node)

    def expression(self, node: ast.expr, context: Context, parent: ast.AST | None) -> None:
        if isinstance(node, ast.Lambda):
            self.expression(node.body, context, node)
            return
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return  # docstrings, messages: not rules
        self.compare(node, context)
        self.player(node, context, parent)
        self.ranges(node)
        self.preset(node)
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.expr):
                self.expression(child, context, node)
            elif isinstance(child, ast.comprehension):
                self.expression(child.iter, context, child)
                self.expression(child.target, context, child)
                for condition in child.ifs:
                    self.expression(condition, context, child)
            elif isinstance(child, ast.keyword):
                self.expression(child.value, context, child)

    # the kinds ----------------------------------------------------------------------
    def compare(self, node: ast.expr, context: Context) -> None:
        if not isinstance(node, ast.Compare):
            return
        swaps = {ast.Lt: ("<", "<="), ast.LtE: ("<=", "<"), ast.Gt: (">", ">="),
                 ast.GtE: (">=", ">")}
        operands = [node.left, *node.comparators]
        for i, op in enumerate(node.ops):
            if type(op) in swaps:
                old, new = swaps[type(op)]
                start = self.span(operands[i])[1]
                end = self.span(operands[i + 1])[0]
                between = self.source[start:end].decode("utf-8")
                found = re.search(r"<=|>=|<|>", between)
                if found and found.group() == old:
                    at = start + len(between[:found.start()].encode("utf-8"))
                    self.add("off_by_one", node, at, at + len(old.encode()), new,
                             f"{old} written {new}")
        for operand in operands:
            self.constant_plus_minus(operand, "a comparison")

    def constant_plus_minus(self, node: ast.expr, where: str) -> None:
        value = int_value(node)
        if value is None:
            return
        for new in (value + 1, value - 1):
            self.replace("off_by_one", node, str(new), f"{value} written {new} in {where}")

    def bound_plus_minus(self, node: ast.expr, where: str) -> None:
        if int_value(node) is not None:
            self.constant_plus_minus(node, where)
            return
        text = self.text(node)
        if "\n" in text:
            return
        if not isinstance(node, (ast.Name, ast.Attribute, ast.Call, ast.Subscript)):
            text = f"({text})"
        for sign in ("+", "-"):
            self.replace("off_by_one", node, f"{text} {sign} 1", f"{where} {sign} 1")

    def ranges(self, node: ast.expr) -> None:
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "range" and node.args and not node.keywords):
            stop = node.args[0] if len(node.args) == 1 else node.args[1]
            self.bound_plus_minus(stop, "a range's stop")
            if len(node.args) >= 2:
                self.constant_plus_minus(node.args[0], "a range's start")
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice):
            for bound in (node.slice.lower, node.slice.upper):
                if bound is not None:
                    self.bound_plus_minus(bound, "a slice's bound")
        if isinstance(node, ast.Subscript) and int_value(node.slice) in (0, 1) and not (
                isinstance(node.slice, ast.UnaryOp)):
            value = int_value(node.slice)
            self.replace("wrong_player", node.slice, str(1 - value),  # type: ignore[operator]
                         f"[{value}] written [{1 - value}]")  # type: ignore[operator]

    def player(self, node: ast.expr, context: Context, parent: ast.AST | None) -> None:
        if (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub)
                and int_value(node.left) == 1 and playerish(node.right)):
            self.replace("wrong_player", node, self.text(node.right),
                         f"1 - {self.text(node.right)} written {self.text(node.right)}")
            return
        if (playerish(node) and isinstance(getattr(node, "ctx", None), ast.Load)
                and not (isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Sub))
                and self.used_as_a_seat(node, parent)):
            text = self.text(node)
            self.replace("wrong_player", node, f"1 - {text}", f"{text} written 1 - {text}")
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            for one, other in TWINS:
                for name, twin in ((one, other), (other, one)):
                    if node.id == name and twin in context.scope:
                        self.replace("wrong_player", node, twin, f"{name} written {twin}")

    @staticmethod
    def used_as_a_seat(node: ast.expr, parent: ast.AST | None) -> bool:
        if isinstance(parent, ast.Subscript):
            return parent.slice is node
        if isinstance(parent, ast.Compare):
            return True
        if isinstance(parent, ast.Call):
            return node in parent.args
        return isinstance(parent, ast.keyword)

    def preset(self, node: ast.expr) -> None:
        if not (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load)
                and node.attr in self.fields
                and re.search(r"(rules|ruleset|preset)$", ast.unparse(node.value), re.I)):
            return
        for other in self.by_type[self.fields[node.attr]]:
            if other != node.attr:
                self.replace("wrong_preset", node, f"{self.text(node.value)}.{other}",
                             f"rules.{node.attr} read as rules.{other}")

    def guard(self, node: ast.If, siblings: Sequence[ast.stmt]) -> None:
        exits = (ast.Raise, ast.Return, ast.Continue, ast.Break)
        if node.orelse or not isinstance(node.body[-1], exits) or len(node.body) > 3:
            return
        self.delete_statement("dropped_check", node, siblings,
                              f"the check `if {ast.unparse(node.test)[:60]}` deleted")

    def reset(self, node: ast.Assign | ast.AnnAssign, siblings: Sequence[ast.stmt],
              context: Context) -> None:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        if node.value is None or not all(isinstance(t, (ast.Name, ast.Attribute))
                                         for t in targets):
            return
        if not (context.in_loop or (context.function is not None
                                    and RESET_FUNCTIONS.match(context.function))):
            return
        if is_empty(node.value):
            names = ", ".join(ast.unparse(t) for t in targets)
            self.delete_statement("reset_forgotten", node, siblings,
                                  f"{names} = {ast.unparse(node.value)} deleted")


def int_value(node: ast.AST) -> int | None:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub)
            and isinstance(node.operand, ast.Constant) and type(node.operand.value) is int):
        return -node.operand.value
    return None


def playerish(node: ast.AST) -> bool:
    if isinstance(node, ast.Name):
        return node.id in PLAYERISH
    return isinstance(node, ast.Attribute) and node.attr in PLAYERISH


def is_empty(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return node.value is None or node.value is False or (
            type(node.value) in (int, float, str) and not node.value)
    if isinstance(node, (ast.List, ast.Set, ast.Tuple)):
        return not node.elts
    if isinstance(node, ast.Dict):
        return not node.keys
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id in ("set", "list", "dict", "tuple") and not node.args)


# the pool and the sample ------------------------------------------------------------------
def pool(areas: Sequence[str] = AREAS) -> tuple[list[Mutant], dict[str, bytes]]:
    fields = rule_fields()
    sources: dict[str, bytes] = {}
    mutants: list[Mutant] = []
    for file in source_files():
        if area_of(file) not in areas:
            continue
        sources[file] = (ROOT / file).read_bytes()
        seen: dict[str, int] = defaultdict(int)
        for mutant in Planter(file, sources[file], fields).plant():
            key = mutant.key(sources[file])  # the same line twice in a file: told apart
            mutants.append(dataclasses.replace(mutant, twin=seen[key]))
            seen[key] += 1
    return mutants, sources


def draw(mutants: list[Mutant], seed: int, per_area: int,
         areas: Sequence[str] = AREAS, kinds: Sequence[str] = KINDS) -> list[Mutant]:
    """``per_area`` mutants of each area, the ``kinds`` taken in turn (in an order drawn
    afresh for each area), each a uniform draw among the area's mutants of that kind; the
    areas in the order given. A per-area count above an area's pool of those kinds takes
    every mutant of them (a sweep)."""
    chosen: list[Mutant] = []
    by_area: dict[str, dict[str, list[Mutant]]] = defaultdict(lambda: defaultdict(list))
    for mutant in mutants:
        if mutant.kind in kinds:
            by_area[mutant.area][mutant.kind].append(mutant)
    for area in areas:
        rng = random.Random(f"{seed}:{area}")  # an area's draw whatever --areas says
        kinds = {k: list(v) for k, v in sorted(by_area[area].items())}
        order = sorted(kinds)
        rng.shuffle(order)
        taken: list[Mutant] = []
        while len(taken) < per_area and any(kinds.values()):
            for kind in order:
                if kinds[kind] and len(taken) < per_area:
                    taken.append(kinds[kind].pop(rng.randrange(len(kinds[kind]))))
        chosen += taken
    return chosen


# running ------------------------------------------------------------------------------------
def copy_tree(into: Path) -> None:
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others",
                             "--exclude-standard"], cwd=ROOT, check=True,
                            capture_output=True).stdout.decode("utf-8").split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, into / name)


def run_tests(python: str, tree: Path, arguments: Sequence[str], timeout: float) -> str:
    environment = {**os.environ, "PYTHONPATH": str(tree / "src"),
                   "PYTHONDONTWRITEBYTECODE": "1",
                   "HYPOTHESIS_PROFILE": os.environ.get("HYPOTHESIS_PROFILE", "mutation")}
    process = subprocess.Popen([python, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
                                *arguments], cwd=tree, env=environment,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    try:
        code = process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        return "timed out"
    if code == 0:
        return "survived"
    if code == 1:
        return "killed"
    if code == 5:
        return "survived"  # no test ran
    return "did not import"  # 2, 3, 4: collection errors, an internal error


def arguments_for(mutant: Mutant, whole: bool, extras: bool) -> list[str]:
    arguments = list(WHOLE_SUITE) if whole else list(AREA_TESTS[mutant.area])
    if mutant.area == "bridge" and whole:  # the web engine's tests, not the browser's
        arguments[arguments.index("--ignore=tests/web")] = "--ignore=tests/web/test_web_page.py"
    if mutant.area == "interop" and extras:
        arguments += ["--ignore=tests/extras/test_dask.py"] if whole else EXTRAS_TESTS
        if whole:
            arguments.remove("--ignore=tests/extras")
    if mutant.file.startswith("src/") and not whole:
        arguments.append(mutant.file)  # its doctests
    return arguments


def run(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else time.time_ns() % 10**9
    only = "" if tuple(args.kinds) == KINDS else f" --kinds {' '.join(args.kinds)}"
    print(f"seed {seed}  (rerun: --seed {seed} --per-area {args.per_area}"
          f" --areas {' '.join(args.areas)}{only})", flush=True)
    mutants, sources = pool(args.areas)
    sample = draw(mutants, seed, args.per_area, args.areas, args.kinds)
    verdicts: dict[int, str] = {}
    with tempfile.TemporaryDirectory(prefix="ginrules-mutants-") as folder:
        tree = Path(folder)
        copy_tree(tree)
        timeouts = dict.fromkeys(AREAS, args.timeout)
        if not args.no_baseline:
            walls = baseline(tree, sample, args)
            if walls is None:
                return 1
            for area, wall in walls.items():  # a loaded machine: thrice the clean run
                timeouts[area] = max(args.timeout, 3 * wall)
        for index, mutant in enumerate(sample):
            original = sources[mutant.file]
            key = mutant.key(original)
            if key in EQUIVALENT:
                verdicts[index] = "equivalent"
            else:
                extras = mutant.area == "interop" and args.extras_python is not None
                python = args.extras_python if extras else args.python
                verdicts[index] = plant_and_run(tree, mutant, original, python,
                                                arguments_for(mutant, False, extras),
                                                timeouts[mutant.area])
                if verdicts[index] == "survived" and args.all_tests:
                    verdicts[index] = plant_and_run(
                        tree, mutant, original, python,
                        arguments_for(mutant, True, extras), timeouts[mutant.area] * 20)
            print(f"{index + 1:3}/{len(sample)} {mutant.area:9} {mutant.kind:16}"
                  f" {mutant.file}:{mutant.line} {verdicts[index]}", flush=True)
    print(table(sample, verdicts))
    for index, mutant in enumerate(sample):
        if verdicts[index] in ("survived", "timed out"):
            original = sources[mutant.file]
            print(f"\n## {verdicts[index]}: {mutant.area} {mutant.kind} {mutant.key(original)}"
                  f"\n# {mutant.what}\n{mutant.diff(original)}")
    return 0


def baseline(tree: Path, sample: list[Mutant], args: argparse.Namespace
             ) -> dict[str, float] | None:
    """Each sampled area's tests pass on the tree as it is (else every mutant would
    count as killed): the wall time of each run, or None if one fails. Prints the CPU
    time a survivor costs."""
    passed = True
    walls: dict[str, float] = {}
    for area in dict.fromkeys(m.area for m in sample):
        extras = area == "interop" and args.extras_python is not None
        python = args.extras_python if extras else args.python
        arguments = list(AREA_TESTS[area]) + (list(EXTRAS_TESTS) if extras else [])
        before = os.times()
        verdict = run_tests(python, tree, arguments, args.timeout * 3)
        after = os.times()
        cpu = after.children_user + after.children_system - (
            before.children_user + before.children_system)
        print(f"baseline {area:9} {'passes' if verdict == 'survived' else verdict}"
              f" ({cpu:.0f} s CPU, {after.elapsed - before.elapsed:.0f} s wall)", flush=True)
        passed = passed and verdict == "survived"
        walls[area] = after.elapsed - before.elapsed
    return walls if passed else None


def plant_and_run(tree: Path, mutant: Mutant, original: bytes, python: str,
                  arguments: Sequence[str], timeout: float) -> str:
    target = tree / mutant.file
    for cached in (target.parent / "__pycache__").glob(f"{target.stem}.*.pyc"):
        cached.unlink()
    target.write_bytes(mutant.mutated(original))
    try:
        return run_tests(python, tree, arguments, timeout)
    finally:
        target.write_bytes(original)


VERDICTS = ("killed", "did not import", "survived", "timed out", "equivalent")


def table(sample: list[Mutant], verdicts: dict[int, str]) -> str:
    counts: dict[str, dict[str, int]] = defaultdict(lambda: dict.fromkeys(VERDICTS, 0))
    for index, mutant in enumerate(sample):
        counts[mutant.area][verdicts[index]] += 1
    rows = ["| area | sampled | " + " | ".join(VERDICTS) + " | kill rate |",
            "| --- | --- | " + " | ".join("---" for _ in VERDICTS) + " | --- |"]
    totals = dict.fromkeys(VERDICTS, 0)
    for area in [a for a in AREAS if a in counts]:
        row = counts[area]
        for verdict in VERDICTS:
            totals[verdict] += row[verdict]
        rows.append(table_row(area, row))
    rows.append(table_row("all", totals))
    return "\n".join(rows)


def table_row(name: str, row: dict[str, int]) -> str:
    caught = row["killed"] + row["did not import"]
    scored = caught + row["survived"]
    rate = f"{100 * caught / scored:.0f}%" if scored else "-"
    return (f"| {name} | {sum(row.values())} | "
            + " | ".join(str(row[v]) for v in VERDICTS) + f" | {rate} |")


def show(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else time.time_ns() % 10**9
    mutants, sources = pool(args.areas)
    print(f"seed {seed}")
    for mutant in draw(mutants, seed, args.per_area, args.areas, args.kinds):
        original = sources[mutant.file]
        print(f"\n## {mutant.area} {mutant.kind} {mutant.key(original)}\n# {mutant.what}\n"
              f"{mutant.diff(original)}")
    return 0


LINE = re.compile(r"^\s*\d+/\d+ (\S+)\s+(\S+)\s+(\S+):(\d+) (.+)$")


def score(args: argparse.Namespace) -> int:
    """The table of runs' logs, read from their per-mutant lines (a run cut short, or
    several runs of other areas, in one table)."""
    sample: list[Mutant] = []
    verdicts: dict[int, str] = {}
    for log in args.logs:
        for line in Path(log).read_text("utf-8").splitlines():
            found = LINE.match(line)
            if found and found.group(5) in VERDICTS:
                area, kind, file, number, verdict = found.groups()
                verdicts[len(sample)] = verdict
                sample.append(Mutant(area, kind, file, int(number), 0, 0, b"", ""))
    print(table(sample, verdicts))
    return 0


def sweep(args: argparse.Namespace) -> int:
    """Every mutant of one file, first against a few fast test files (``--first``: a
    mutant they kill is killed), then the ones they miss against the area's tests (and,
    with ``--all-tests``, the whole suite): a survivor costs its area's run, a killed
    mutant seconds. Prints each mutant not killed with its diff."""
    file = args.file
    if file not in source_files():
        print(f"{file} is not a file the mutants are planted in", file=sys.stderr)
        return 2
    mutants, sources = pool([area_of(file)])
    mutants = [m for m in mutants if m.file == file]
    original = sources[file]
    print(f"{len(mutants)} mutants of {file}", flush=True)
    found = 0
    with tempfile.TemporaryDirectory(prefix="ginrules-mutants-") as folder:
        tree = Path(folder)
        copy_tree(tree)
        for index, mutant in enumerate(mutants):
            if mutant.key(original) in EQUIVALENT:
                continue
            extras = mutant.area == "interop" and args.extras_python is not None
            python = args.extras_python if extras else args.python
            verdict = plant_and_run(tree, mutant, original, python,
                                    [*args.first, file], args.timeout)
            for whole in (False, True)[:1 + args.all_tests]:
                if verdict == "survived":
                    verdict = plant_and_run(tree, mutant, original, python,
                                            arguments_for(mutant, whole, extras),
                                            args.timeout * (20 if whole else 5))
            if verdict in ("survived", "timed out"):
                found += 1
                print(f"\n## {verdict}: {index} {mutant.area} {mutant.kind} "
                      f"{mutant.key(original)}\n# {mutant.what}\n{mutant.diff(original)}",
                      flush=True)
    print(f"{found} of {len(mutants)} not killed")
    return 0


def count(args: argparse.Namespace) -> int:
    mutants, _ = pool(args.areas)
    counts: dict[str, dict[str, int]] = defaultdict(lambda: dict.fromkeys(KINDS, 0))
    for mutant in mutants:
        counts[mutant.area][mutant.kind] += 1
    print("| area | " + " | ".join(KINDS) + " |")
    print("| --- | " + " | ".join("---" for _ in KINDS) + " |")
    for area in AREAS:
        print(f"| {area} | " + " | ".join(str(counts[area][k]) for k in KINDS) + " |")
    return 0


def _add_pythons(command: argparse.ArgumentParser) -> None:
    """The Pythons a command runs the tests with (``run`` and ``sweep``)."""
    command.add_argument("--python", default=sys.executable)
    command.add_argument("--extras-python",
                         help="a Python with the extras: interop runs tests/extras too")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    for name in ("pool", "show", "run"):
        command = commands.add_parser(name)
        command.add_argument("--areas", nargs="+", choices=AREAS, default=list(AREAS))
        if name == "pool":
            continue
        command.add_argument("--seed", type=int, help="the sample's seed (default: the clock)")
        command.add_argument("--per-area", type=int, default=12)
        command.add_argument("--kinds", nargs="+", choices=KINDS, default=list(KINDS),
                             help="draw only mutants of these kinds (a fresh sample "
                                  "to report draws every kind)")
        if name == "run":
            command.add_argument("--timeout", type=float, default=120,
                                 help="seconds per mutant's run of its area's tests, at"
                                      " least (thrice the area's run without a mutant)")
            command.add_argument("--no-baseline", action="store_true",
                                 help="skip the run of each area's tests on the unmutated tree")
            command.add_argument("--all-tests", action="store_true",
                                 help="run each survivor again with the whole suite")
            _add_pythons(command)
    sweeping = commands.add_parser("sweep", help="every mutant of one file, fast tests first")
    sweeping.add_argument("file", help="a source file, as src/ginrules/players/words.py")
    sweeping.add_argument("--first", nargs="+", required=True,
                          help="fast test files that kill most of the file's mutants")
    sweeping.add_argument("--timeout", type=float, default=120,
                          help="seconds per run of the --first tests (5 and 20 times "
                               "that for the area's tests and the whole suite)")
    sweeping.add_argument("--all-tests", action="store_true",
                          help="run each survivor of the area's tests with the whole suite")
    _add_pythons(sweeping)
    scoring = commands.add_parser("score", help="the table of runs' logs")
    scoring.add_argument("logs", nargs="+", help="what run printed")
    args = parser.parse_args(argv)
    for name in ("python", "extras_python"):  # the tests run in the copy: a path from here
        value = getattr(args, name, None)
        if value is not None and os.sep in value:
            setattr(args, name, os.path.abspath(value))
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # the copy is removed
    # started in the background (``run ... &`` in a script), the run ignores Ctrl-C, and
    # so would the tests' children: the serve tests that send SIGINT would wait for their
    # timeout and fail the baseline. A handler (not an ignore) resets to the default in
    # each child at its exec.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    return {"pool": count, "show": show, "run": run, "score": score,
            "sweep": sweep}[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
