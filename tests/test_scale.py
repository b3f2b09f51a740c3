"""Long games cost linear time: the score sheet is extended one hand at a time, and play,
the record writer and the validator price each hand once (not the whole sheet again)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import ginrules
from ginrules import HandScore, records, rules
from ginrules import game as gm
from ginrules import sheet as sheet_mod
from ginrules._chunked import Chunked
from ginrules.sheet import FinalScore, ScoreSheet, score_sheet


def long_game(hands: int, seed: int = 1) -> gm.GameState:
    """A game cut after ``hands`` dead-or-won hands: straight gin, random players, a
    short turn cap, so the game never ends by itself."""
    g = gm.new_game(rules("straight", max_turns=4), seed=seed)
    policies = gm.random_policies(seed)
    while len(g.finished) < hands:
        hand = g.hand
        assert hand is not None
        g = gm.apply(g, policies[hand.turn](hand, hand.turn))
    return g


def reference_totals(scores: list[HandScore], target: int) -> list[tuple[int, int]]:
    """The running totals after each hand, summed from scratch (the definition)."""
    out = []
    for k in range(1, len(scores) + 1):
        totals = [0, 0]
        for score in scores[:k]:
            if score.player is not None:
                totals[score.player] += score.points
        out.append((totals[0], totals[1]))
    return out


scores = st.lists(
    st.builds(lambda player, points: HandScore(None if player is None else "knocker", player,
                                               points, points, 0, False, False),
              st.sampled_from([None, 0, 1]), st.integers(0, 60)),
    max_size=30)


@given(scores, st.integers(1, 400))
def test_added_hand_by_hand_the_totals_are_the_sums_from_scratch(
        hands: list[HandScore], target: int) -> None:
    the_rules = rules("classic", target=target)
    sheet = ScoreSheet.empty()
    reference = reference_totals(hands, target)
    for number, (score, totals) in enumerate(zip(hands, reference, strict=True), 1):
        if sheet.is_over:
            with pytest.raises(ginrules.GinRulesError, match=f"hand {number} comes after"):
                sheet.add(score, the_rules)
            return
        sheet = sheet.add(score, the_rules)
        assert sheet.games[0].totals == totals
        assert sheet.rows[-1].number == number == len(sheet.rows)
        reached = [p for p in (0, 1) if totals[p] >= target]
        assert sheet.is_over == bool(reached)
        if reached:
            winner = reached[0]
            assert sheet.winner == winner
            final = sheet.games[0].final
            assert final is not None
            won = sum(1 for s in hands[:number] if s.player == winner)
            assert final[winner] == FinalScore(
                totals[winner], won * the_rules.line_bonus, the_rules.game_bonus,
                totals[winner] if all(s.player != 1 - winner for s in hands[:number]) else 0)
    assert sheet == score_sheet(hands[:len(sheet.rows)], the_rules)


@given(scores)
def test_hollywood_sheet_hand_by_hand_is_the_sheet_of_the_list(hands: list[HandScore]) -> None:
    the_rules = rules("classic")
    sheet = ScoreSheet.empty(hollywood=True)
    for count, score in enumerate(hands, 1):
        if sheet.is_over:
            break
        sheet = sheet.add(score, the_rules)
        assert sheet == score_sheet(hands[:count], the_rules, hollywood=True)


def test_empty_sheets() -> None:
    assert ScoreSheet.empty() == score_sheet((), rules("classic"))
    assert len(ScoreSheet.empty(hollywood=True).games) == 3


class CountingPricer:
    """Counts the hands the score sheet prices."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls = 0
        original = sheet_mod.score_hand

        def counting(*args: Any, **kwargs: Any) -> Any:
            self.calls += 1
            return original(*args, **kwargs)

        monkeypatch.setattr(sheet_mod, "score_hand", counting)


@pytest.mark.parametrize("hands", [10, 120])
def test_play_writer_and_validator_price_each_hand_once(
        hands: int, monkeypatch: pytest.MonkeyPatch) -> None:
    counter = CountingPricer(monkeypatch)
    g = long_game(hands)
    assert counter.calls == hands  # play: once per hand, not once per hand so far
    counter.calls = 0
    text = records.dump(g)
    assert counter.calls == hands  # the writer's running totals
    counter.calls = 0
    report = records.validate(text)
    assert report.valid and report.hands == hands + 1  # the hand in play is written too
    assert counter.calls == hands


def test_a_long_game_round_trips_with_its_running_totals() -> None:
    g = long_game(60, seed=5)
    data = records.to_record(g)
    totals = [entry["totals"] for entry in data["hands"] if "totals" in entry]
    assert totals == [list(t) for t in reference_totals(
        [ginrules.score_hand(r, g.rules) for r in g.results], g.rules.target)]
    assert records.load(records.dump(g)).hands == (*g.finished, g.hand)
    assert g.results == tuple(h.result for h in g.finished)


@given(st.integers(0, 300), st.data())
def test_sheet_rows_grown_one_by_one_are_the_tuple_of_rows(count: int,
                                                           data: st.DataObject) -> None:
    import pickle

    rows = [sheet_mod.SheetRow(n, None, None, n % 2, n, (0,)) for n in range(1, count + 1)]
    grown = Chunked.of(())
    for row in rows:
        grown = grown.plus(row)
    as_tuple = tuple(rows)
    assert grown == as_tuple and as_tuple == grown and list(grown) == rows
    assert len(grown) == count and repr(grown) == repr(as_tuple)
    assert hash(grown) == hash(as_tuple) and grown == Chunked.of(as_tuple)
    assert pickle.loads(pickle.dumps(grown)) == grown
    if count:
        every = range(-count, count)  # each index, from either end
        assert [grown[i] for i in every] == [as_tuple[i] for i in every]
        start, stop = sorted(data.draw(st.lists(st.integers(-count, count), min_size=2,
                                                max_size=2)))
        assert grown[start:stop] == as_tuple[start:stop]
    for bad in (count, -count - 1):
        with pytest.raises(IndexError):
            grown[bad]
    assert grown != (*as_tuple, None) and grown != "x" * count


@pytest.mark.parametrize("count", [63, 64, 65, 127, 128, 129, 200, 4096 + 65])
def test_rows_given_at_once_are_the_rows_in_order(count: int) -> None:
    """A sheet made from a list of rows (as a record's reader makes it) holds exactly
    those rows in order, whatever their number, one chunk or several."""
    rows = [sheet_mod.SheetRow(n, None, None, n % 2, n, (0,)) for n in range(1, count + 1)]
    sheet = ScoreSheet(rows=rows, games=ScoreSheet.empty().games)
    assert list(sheet.rows) == rows and len(sheet.rows) == count
    assert [sheet.rows[i] for i in range(count)] == rows
    assert tuple(Chunked.of(range(count))) == tuple(range(count))


def test_sheets_share_their_full_chunks() -> None:
    sheet = score_sheet([HandScore(None, None, 0, 0, 0, False, False)] * 200, rules("classic"))
    longer = sheet.add(HandScore(None, None, 0, 0, 0, False, False), rules("classic"))
    first = next(longer.rows._chunks())  # type: ignore[attr-defined]
    assert first is next(sheet.rows._chunks())  # type: ignore[attr-defined]
    assert sheet.rows == longer.rows[:200] and len(longer.rows) == 201


@given(st.lists(st.integers(0, 3), max_size=300), st.lists(st.integers(0, 3), max_size=300),
       st.integers(0, 300))
def test_chunked_startswith_agrees_with_tuples(items: list[int], other: list[int],
                                               cut: int) -> None:
    # the history scan of an observation asks this at every step; a wrong answer would
    # reuse another hand's scan
    grown: Chunked[int] = Chunked.EMPTY
    states = [grown]
    for x in items:
        grown = grown.plus(x)
        states.append(grown)
    prefix = states[min(cut, len(items))]
    copied = Chunked.of(tuple(prefix))  # equal items, chunks that are other objects
    assert grown.startswith(prefix) and grown.startswith(copied)
    assert grown.startswith(tuple(prefix))
    expected = tuple(items[:len(other)]) == tuple(other)
    assert grown.startswith(Chunked.of(other)) is expected
    assert grown.startswith(tuple(other)) is expected


@pytest.mark.parametrize("bits", [1, 2])
@given(items=st.lists(st.integers(0, 3), max_size=200), data=st.data())
def test_the_trie_of_chunks_at_every_height(bits: int, items: list[int],
                                            data: st.DataObject) -> None:
    """With chunks of 2 or 4 items the trie of full chunks is several levels deep even
    for short sequences: every item, slice, prefix and equality agrees with tuples."""
    from ginrules import _chunked

    saved = _chunked.BITS, _chunked.CHUNK
    _chunked.BITS, _chunked.CHUNK = bits, 1 << bits
    try:
        grown: Chunked[int] = Chunked.EMPTY
        states = [grown]
        for x in items:
            grown = grown.plus(x)
            states.append(grown)
        for k, state in enumerate(states):
            assert tuple(state) == tuple(items[:k]) and len(state) == k
            assert [state[i] for i in range(k)] == items[:k]
            assert state == Chunked.of(items[:k]) == tuple(items[:k])
            assert grown.startswith(state)
            assert all(list(state.since(j)) == items[j:k] for j in range(k + 2))
        if items:
            index = data.draw(st.integers(-len(items), len(items) - 1))
            assert grown[index] == items[index]
        if len(items) > 8:  # the old sequences share the chunks of the new one
            assert next(grown._chunks()) is next(states[8]._chunks())
        assert grown._height >= 1 and len(grown._root) <= 1 << bits
    finally:
        _chunked.BITS, _chunked.CHUNK = saved


def test_a_long_history_grows_in_constant_time_per_item() -> None:
    """A million items: the trie is three levels deep, and no step copies more than a
    chunk and one path (the tuple of every chunk was copied before, a quadratic cost)."""
    grown: Chunked[int] = Chunked.EMPTY
    for x in range(300_000):
        grown = grown.plus(x)
    assert grown._height == 3 and len(grown._root) == 2  # 2 x 64**3 items hang below
    assert grown[262_143] == 262_143 and grown[-1] == 299_999 and sum(grown) == sum(range(300_000))


def test_chunked_of_a_chunked_sequence_is_itself() -> None:
    """``Chunked.of`` keeps a chunked sequence as it is, in constant time (a copy would
    make each step that passes one on linear in its length)."""
    grown = Chunked.of(range(200))
    assert Chunked.of(grown) is grown
    assert Chunked.of(Chunked.EMPTY) is Chunked.EMPTY


def test_chunked_startswith_compares_full_chunks() -> None:
    grown = Chunked.of(range(200))
    assert grown.startswith(Chunked.of(range(150)))
    assert not grown.startswith(Chunked.of([-1, *range(1, 150)]))  # differs in chunk one
    assert not grown.startswith(Chunked.of([*range(149), -1]))  # differs in the tail


def _endless_hand_record(pairs: int) -> str:
    """A record of one endless hand under ``dutch`` (a player may discard the card just
    taken): after the first stock draw both players take the discard and put it back."""
    import json

    state = ginrules.deal(rules("dutch"), seed=1, dealer=0)
    state = state.apply("pass").apply("pass").apply("draw stock").apply("discard 2C")
    head = json.dumps(records.to_record(state))[: -len("]}]}")]
    cycle = ', "p0 draw discard", "p0 discard 2C", "p1 draw discard", "p1 discard 2C"'
    return head + cycle * pairs + "]}]}"


def test_a_large_record_takes_little_more_memory_than_its_text() -> None:
    """Issue 13: validating a long record took 3-8x its size (a new string object for
    every action text and a new tuple for every history entry); the goal is at most 2x.
    tracemalloc counts the bytes Python allocates, so the figure does not depend on the
    machine."""
    import tracemalloc

    text = _endless_hand_record(15_000)  # 60,004 actions, about 1.1 MB
    tracemalloc.start()
    try:
        report = records.validate(text)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert report.valid, str(report)
    assert peak <= 2 * len(text), f"peak {peak / len(text):.1f}x the text"


def test_the_reader_keeps_one_copy_of_each_action_text() -> None:
    from ginrules.records.format import _decode

    data = _decode(_endless_hand_record(3))
    actions = data["hands"][0]["actions"]
    assert actions[4] == actions[8] == "p0 draw discard" and actions[4] is actions[8]
    hand = records.load(data).hands[0]
    assert hand.actions[4] == (0, ginrules.Action.parse("draw discard"))
    assert hand.actions[4] is hand.actions[8]  # the history shares its entries too


@pytest.mark.parametrize("bad", ['{"a": 1, "a": 2}', '{"a": NaN}', '{"a": [1, 2,]}',
                                 '{"a": "\\x"}', "[" * 5000, '{"a": 1'])
def test_both_readers_read_alike(bad: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Hands from _SHARING_FROM characters are read by the reader that shares strings as
    it reads them: the same data and the same one-line errors as the C reader."""
    from ginrules.records import format as fmt

    text = _endless_hand_record(40)
    standard, _ = fmt._read(text)
    with pytest.raises(ginrules.InvalidRecordError) as first:
        fmt._read(bad)
    monkeypatch.setattr(fmt, "_SHARING_FROM", 0)
    shared, _ = fmt._read(text)
    assert shared == standard and len(shared["hands"][0]["actions"]) == 164
    with pytest.raises(ginrules.InvalidRecordError) as second:
        fmt._read(bad)
    assert str(second.value) == str(first.value)


def _short_hands_game(hands: int) -> str:
    """The text of a game record of ``hands`` short hands (random players, a turn cap)."""
    import json

    from ginrules.game import random_policies

    game = ginrules.new_game(rules("straight", max_turns=4), seed=5)
    policies = random_policies(seed=5)
    while len(game.finished) < hands:  # (nearly every hand is dead: the game goes on)
        hand = game.hand
        assert hand is not None
        game = game.apply(policies[hand.turn](hand, hand.turn))
    return json.dumps(records.to_record(game), indent=2)


def _in_windows(path: str) -> Any:
    """The record file read a window at a time, or None where it is left to the whole
    reading."""
    from ginrules.records import format as fmt

    with open(path, "rb") as handle:
        parsed = fmt._streamed(handle)
        assert parsed is not None or handle.tell() == 0  # (back at the start)
    return None if parsed is None else parsed.data


def test_a_number_the_window_cuts_is_read_whole_at_every_cut(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A number cut by the window's end may go on in the next window: the reader reads
    on and stays a window at a time, wherever the cut falls."""
    import json

    from ginrules.records import format as fmt

    text = ('{"format": "ginrules-record", "version": 1, "kind": "hand", '
            '"x": 1234567890, "hands": []}')
    path = tmp_path / "hand.json"
    path.write_text(text, encoding="utf-8")
    for window in range(1, len(text) + 1):
        monkeypatch.setattr(fmt, "_WINDOW", window)
        assert _in_windows(str(path)) == json.loads(text), window


def test_a_game_file_of_many_short_hands_is_read_a_window_at_a_time(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 47: a game of many short hands peaked at its parse and its whole text (2.44x
    the file); read from its file, the text of each hand is let go once it is parsed.
    The same data as the whole reading, and a peak near the parse alone."""
    import tracemalloc

    from ginrules.records import format as fmt

    text = _short_hands_game(800)
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(fmt, "_STREAM_FROM", 1000)
    monkeypatch.setattr(fmt, "_WINDOW", 1000)  # (hands cut by the window, many times)
    streamed = _in_windows(str(path))
    assert streamed is not None, "read whole, not a window at a time"
    assert streamed == fmt._decode(text)
    hands = streamed["hands"]
    assert hands[0]["actions"][0] is hands[1]["actions"][0] or any(
        a is b for a in hands[0]["actions"] for b in hands[1]["actions"])
    assert list(hands[0]) == list(hands[1]) and all(  # keys shared from hand to hand
        a is b for a, b in zip(hands[0], hands[1], strict=True))
    tracemalloc.start()
    try:
        read = fmt._read(str(path))  # (held while it is measured)
        held, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(read[0]["hands"]) == 801  # (and the hand in play)
    # the whole text beside the parse would be 1.0x the text; a window of it, far less
    assert peak - held < 0.2 * len(text), f"{(peak - held) / len(text):.2f}x the text"


@pytest.mark.parametrize("change", [
    lambda t: t[:len(t) * 2 // 3],  # cut short
    lambda t: t + " x",  # extra data
    lambda t: t + " \n ",  # (whitespace is no extra data)
    lambda t: t.replace('"version": 1,', '"version": 1, "version": 1,', 1),
    lambda t: t.replace('"dealer": ', '"dealer": 0, "dealer": ', 1),
    lambda t: t[:5000] + "\x00" + t[5000:],
    lambda t: t[:5000] + "\x01" + t[5000:],
    lambda t: t.replace('"totals": [', '"totals": [' + "[" * 70 + "]" * 70 + ", ", 1),
    lambda t: t.replace('"points": 0', '"points": 1e999', 1),
    lambda t: t.replace('"points": 0', '"points": NaN', 1),
    lambda t: t.replace('"hands": [', '"hands": [7, ', 1),
    lambda t: "\ufeff" + t,
    lambda t: t.rstrip()[:-1] + ', "view": 12345}',  # a number ending the window
    lambda t: '{"hands": []' + " " * 3000 + "}",
    lambda t: re.sub(r"\},(\s*)\{", r"}\1{", t, count=1),  # no comma between two hands
    lambda t: re.sub(r"\},(\s*)\{", r"};\1{", t, count=1),
], ids=["cut", "extra", "whitespace", "top-key-twice", "hand-key-twice", "nul", "control",
        "deep", "1e999", "nan", "a-hand-not-an-object", "bom", "number-at-the-end",
        "no-hands", "no-comma-between-hands", "semicolon-between-hands"])
def test_read_a_window_at_a_time_or_whole_a_file_reads_alike(
        change: Any, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever is wrong with a large file is told by the whole reading, in its words;
    anything right is the same data."""
    from ginrules.records import format as fmt

    path = tmp_path / "game.json"
    path.write_text(change(_short_hands_game(30)), encoding="utf-8")

    def read() -> str:
        try:
            return repr(fmt._read(str(path)))
        except ginrules.InvalidRecordError as error:
            return str(error)

    whole = read()
    monkeypatch.setattr(fmt, "_STREAM_FROM", 1000)
    monkeypatch.setattr(fmt, "_WINDOW", 700)
    assert read() == whole


def test_a_file_that_is_not_utf8_is_refused_at_its_byte_either_way(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from ginrules.records import format as fmt

    path = tmp_path / "game.json"
    text = _short_hands_game(30).encode()
    path.write_bytes(text[:4000] + b"\xff" + text[4000:])
    monkeypatch.setattr(fmt, "_STREAM_FROM", 1000)
    with pytest.raises(ginrules.InvalidRecordError, match=r"not UTF-8 text \(byte 4001\)"):
        fmt._read(str(path))


def test_a_hand_longer_than_a_window_may_grow_is_read_whole(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # a long hand is read whole, sharing its strings as read where it is long enough
    # (the window would hold all its text beside its parse, and give up late)
    from ginrules.records import format as fmt

    text = _endless_hand_record(400)
    path = tmp_path / "long.json"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(fmt, "_STREAM_FROM", 1000)
    monkeypatch.setattr(fmt, "_WINDOW", 1000)
    monkeypatch.setattr(fmt, "_LONGEST", 5000)
    assert len(text) > 5000 and _in_windows(str(path)) is None
    assert fmt._read(str(path))[0] == fmt._decode(text)
    monkeypatch.setattr(fmt, "_LONGEST", 2 * len(text))
    assert _in_windows(str(path)) == fmt._decode(text)


def _a_game_file_read_in_windows(tmp_path: Any, monkeypatch: pytest.MonkeyPatch
                                 ) -> tuple[str, str]:
    """The text of a game of 30 short hands and its file, which is read a window of 700
    bytes at a time (from 1000 bytes on)."""
    from ginrules.records import format as fmt

    text = _short_hands_game(30)
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    monkeypatch.setattr(fmt, "_STREAM_FROM", 1000)
    monkeypatch.setattr(fmt, "_WINDOW", 700)
    return text, str(path)


def test_a_window_exactly_as_long_as_the_longest_value_is_still_read_in_windows(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The whole reading takes over from a window longer than ``_LONGEST``; a window of
    exactly that length is still read a window at a time (and one shorter limit is
    not)."""
    from ginrules.records import format as fmt

    text, path = _a_game_file_read_in_windows(tmp_path, monkeypatch)
    lengths = []
    more = fmt._Stream.more

    def measured(self: Any, at_least: int = 0) -> bool:
        try:
            return more(self, at_least)
        finally:
            lengths.append(len(self.text))

    monkeypatch.setattr(fmt._Stream, "more", measured)
    assert _in_windows(path) == fmt._decode(text)
    monkeypatch.setattr(fmt, "_LONGEST", max(lengths))
    assert _in_windows(path) == fmt._decode(text)
    monkeypatch.setattr(fmt, "_LONGEST", max(lengths) - 1)
    assert _in_windows(path) is None


@pytest.mark.parametrize("over", [0, 1])
def test_a_file_read_a_window_at_a_time_is_bounded_as_the_whole_reading(
        over: int, tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file of exactly MAX_RECORD_BYTES is read; one byte more is too large, also when
    it is read a window at a time (every window is short: nothing else would stop it)."""
    from ginrules.records import format as fmt

    text, path = _a_game_file_read_in_windows(tmp_path, monkeypatch)
    monkeypatch.setattr(fmt, "MAX_RECORD_BYTES", len(text.encode()) - over)
    if over:
        with pytest.raises(ginrules.InvalidRecordError, match="larger than"):
            fmt._read(path)
    else:
        assert fmt._read(path)[0] == fmt._decode(text)
