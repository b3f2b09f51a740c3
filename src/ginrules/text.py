"""Text pictures of the library's values: a one-line ``repr`` and a readable ``str``.

The classes call these functions (``repr(state)``, ``str(state)``); they are here so that
the engine modules stay free of presentation. A ``repr`` is one line that says which
value this is; a ``str`` is a small picture of the table, as a person reads it.

>>> import ginrules
>>> state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
>>> state
<HandState classic, dealer 0: player 1 to take or pass the upcard TS, stock 31>
>>> print(state)
classic rules, dealer 0, knock limit 10
player 0   2C 2H 2S | deadwood 4C 5C 6D 7H TH 3S JS = 45
player 1   4D 4H 4S | deadwood 7C TC 9D KD JH 7S KS = 63
discard    TS   stock 31
player 1 to take or pass the upcard TS
"""

from __future__ import annotations

from collections.abc import Sequence

from ginrules.actions import Action, ActionKind, Phase
from ginrules.cards import Card, format_cards
from ginrules.errors import GinRulesError, _wrong_type
from ginrules.game import GameState
from ginrules.hand import HandState
from ginrules.knocking import EndKind, HandResult
from ginrules.masks import _deadwood
from ginrules.melds import Arrangement, arrange
from ginrules.players.views import View, _not_a_view
from ginrules.rulesets import RuleSet, closest_preset
from ginrules.sheet import ScoreSheet, SheetRow

__all__ = [
    "arrangement_repr",
    "game_state_repr",
    "game_state_text",
    "hand_result_repr",
    "hand_result_text",
    "hand_state_repr",
    "hand_state_text",
    "hands_in_words",
    "move_in_words",
    "rules_name",
    "rules_repr",
    "sheet_text",
    "view_repr",
    "view_text",
]


def hands_in_words(count: int) -> str:
    """``count`` hands in words, singular for one.

    >>> hands_in_words(1), hands_in_words(3)
    ('1 hand', '3 hands')
    """
    if type(count) is not int:
        raise _wrong_type("hands_in_words", "a count (an int)", count)
    return f"{count} hand{'' if count == 1 else 's'}"


def move_in_words(who: str, action: Action, view: View) -> str:
    """``action`` as a person at the table sees it made by ``who``, from ``view`` (a
    player's view just before the move; for a knock, the knocker's, whose cards say
    whether it is gin): the card taken or thrown, and whether a knock is gin. It names
    no card the view does not show.

    >>> import ginrules
    >>> from ginrules.players import view
    >>> state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    >>> move_in_words("the computer", Action.parse("take"), view(state, 1))
    'the computer takes the upcard TS'
    >>> move_in_words("you", Action.parse("draw stock"), view(state, 1))
    'you draw from the stock'
    >>> later = state.apply("pass").apply("pass").apply("draw stock").apply("discard 7C")
    >>> move_in_words("the computer", Action.parse("draw discard"), view(later, 0))
    'the computer takes 7C from the discard pile'
    """
    if type(who) is not str:
        raise _wrong_type("move_in_words", "who as a str", who)
    if not isinstance(action, Action):
        raise _wrong_type("move_in_words", "an Action", action)
    if not isinstance(view, View):
        raise _not_a_view("move_in_words", view)
    verbs = _SECOND_PERSON if who == "you" else _THIRD_PERSON
    kind = action.kind
    if kind is ActionKind.TAKE:
        return f"{who} {verbs[0]} the upcard {view.top_discard}"
    if kind is ActionKind.PASS:
        return f"{who} {verbs[1]}"
    if kind is ActionKind.DRAW_STOCK:
        return f"{who} {verbs[2]} from the stock"
    if kind is ActionKind.DRAW_DISCARD:
        return f"{who} {verbs[0]} {view.top_discard} from the discard pile"
    if kind is ActionKind.DISCARD:
        return f"{who} {verbs[3]} {action.card}"
    if kind is ActionKind.KNOCK:
        assert action.card is not None
        if _deadwood(view.mask & ~action.card.mask) == 0:
            return f"{who} {verbs[4]} gin, discarding {action.card}"
        return f"{who} {verbs[5]}, discarding {action.card}"
    return f"{who} {verbs[6]} big gin"


_THIRD_PERSON = ("takes", "passes", "draws", "discards", "goes", "knocks", "declares")
_SECOND_PERSON = ("take", "pass", "draw", "discard", "go", "knock", "declare")


def rules_name(rules: RuleSet) -> str:
    """A short name for a rule set: its preset, and the settings changed from it.

    >>> import ginrules
    >>> rules_name(ginrules.rules("classic")), rules_name(ginrules.rules("oklahoma", target=75))
    ('classic', 'oklahoma (target=75)')
    """
    if not isinstance(rules, RuleSet):
        raise _wrong_type("rules_name", "a RuleSet (see ginrules.rules)", rules)
    name, changes = closest_preset(rules)
    if not changes:
        return name
    return f"{name} (" + ", ".join(f"{k}={v!r}" for k, v in changes.items()) + ")"


def rules_repr(rules: RuleSet) -> str:
    """A repr of a rule set that reads back: ``rules('classic', target=250)``.

    >>> import ginrules
    >>> ginrules.rules("classic", target=250)
    rules('classic', target=250)
    """
    if not isinstance(rules, RuleSet):
        raise _wrong_type("rules_repr", "a RuleSet (see ginrules.rules)", rules)
    name, changes = closest_preset(rules)
    args = [repr(name), *(f"{k}={v!r}" for k, v in changes.items())]
    return f"rules({', '.join(args)})"


def _to_move(phase: Phase, turn: int, upcard: Card | None, top: Card | None) -> str:
    if phase is Phase.OFFER:
        return f"player {turn} to take or pass the upcard {upcard}"
    if phase is Phase.DRAW:
        return f"player {turn} to draw" + (f" (top {top})" if top is not None else "")
    return f"player {turn} to discard"


def _ending(result: HandResult) -> str:
    if result.kind is EndKind.DEAD:
        return "a dead hand"
    kind = "a knock" if result.kind is EndKind.KNOCK else result.kind.value
    return (f"{kind} by player {result.knocker} "
            f"({result.knocker_deadwood} vs {result.defender_deadwood})")


def hand_state_repr(state: HandState) -> str:
    """``repr(state)``: the rules, the dealer, who is to do what, the stock.

    >>> import ginrules
    >>> s = ginrules.deal(ginrules.rules("straight"), seed=7, dealer=0)
    >>> hand_state_repr(s.apply("pass").apply("pass").apply("draw stock"))
    '<HandState straight, dealer 0: player 1 to discard, stock 30>'
    """
    if not isinstance(state, HandState):
        raise _wrong_type("hand_state_repr", "a HandState (see ginrules.deal)", state)
    head = f"<HandState {rules_name(state.rules)}, dealer {state.dealer}: "
    if state.result is not None:
        return head + f"over, {_ending(state.result)}>"
    move = _to_move(state.phase, state.turn, state.upcard, state.top_discard)
    return head + f"{move}, stock {state.stock_size}>"


def hand_state_text(state: HandState) -> str:
    """``str(state)``: the table as a person sees it from above (both hands open).

    Each hand is shown arranged (melds first, then the deadwood) with its deadwood.

    >>> import ginrules
    >>> s = ginrules.deal(ginrules.rules("classic"), deck=ginrules.Deck.standard(), dealer=1)
    >>> print(hand_state_text(s.apply("take")))
    classic rules, dealer 1, knock limit 10
    player 0   deadwood AC 3C 5C 7C 9C JC KC 2D 4D 6D 8D = 65
    player 1   deadwood 2C 4C 6C 8C TC QC AD 3D 5D 7D = 56
    discard    empty   stock 31
    player 0 to discard (just took 8D)
    """
    if not isinstance(state, HandState):
        raise _wrong_type("hand_state_text", "a HandState (see ginrules.deal)", state)
    lines = [f"{rules_name(state.rules)} rules, dealer {state.dealer}, "
             f"knock limit {state.knock_limit}"]
    for player in (0, 1):
        lines.append(f"player {player}   {arrange(state.cards(player))}")
    pile = format_cards(state.discard_pile[-6:]) if state.discard_pile else "empty"
    if len(state.discard_pile) > 6:
        pile = "... " + pile
    lines.append(f"discard    {pile}   stock {state.stock_size}")
    if state.result is not None:
        lines.append(f"over: {_ending(state.result)}")
    else:
        move = _to_move(state.phase, state.turn, state.upcard, state.top_discard)
        if state.taken is not None:
            move += f" (just took {state.taken})"
        lines.append(move)
    return "\n".join(lines)


def game_state_repr(game: GameState) -> str:
    """``repr(game)``: the rules, the hand number, the totals, and who is to move.

    >>> import ginrules
    >>> game_state_repr(ginrules.new_game(ginrules.rules("classic"), seed=3))
    '<GameState classic, hand 1, totals 0-0: player 1 to take or pass the upcard TS>'
    """
    if not isinstance(game, GameState):
        raise _wrong_type("game_state_repr", "a GameState (see ginrules.new_game)", game)
    a, b = game.totals
    head = f"<GameState {rules_name(game.rules)}{', Hollywood' if game.hollywood else ''}"
    if game.is_over:
        x, y = game.sheet.final_totals()
        won = "a tie" if game.winner is None else f"player {game.winner} won"
        return f"{head}, over after {hands_in_words(len(game.finished))}: {won} {x}-{y}>"
    number = len(game.finished) + 1
    if game.hand is None:
        return f"{head}, hand {number} not dealt, totals {a}-{b}>"
    hand = game.hand
    move = _to_move(hand.phase, hand.turn, hand.upcard, hand.top_discard)
    return f"{head}, hand {number}, totals {a}-{b}: {move}>"


def game_state_text(game: GameState, player: int | None = None) -> str:
    """``str(game)``: the score so far, and the hand in play; with ``player``, what that
    seat may see (``game.text(player)``).

    Without ``player`` the text shows **both players' hands**: right for a server's log or
    a test, a leak if it is sent to a client. For a client, give its seat: the hand is
    then shown as that player's :class:`~ginrules.players.View` shows it (their own cards,
    the cards the opponent is known to hold, the discard pile and the stock size), under
    the same line of scores.

    >>> import ginrules
    >>> game = ginrules.new_game(ginrules.rules("short"), seed=3)
    >>> print(game_state_text(game))
    short rules, target 50; hand 1, dealer 0; totals 0-0, hands won 0-0
    short rules, dealer 0, knock limit 10
    player 0   deadwood 5C 8C 9C QC 4D 7D 6H KH AS 7S = 67
    player 1   5D 5H 5S | deadwood 3C 6C JC 8H 4S 8S JS = 49
    discard    TS   stock 31
    player 1 to take or pass the upcard TS
    >>> print(game_state_text(game, player=1))
    short rules, target 50; hand 1, dealer 0; totals 0-0, hands won 0-0
    player 1's view; short rules, dealer 0, knock limit 10
    game       you 0, opponent 0; to 50
    your cards 5D 5H 5S | deadwood 3C 6C JC 8H 4S 8S JS = 49
    opponent   10 cards, none known
    discard    TS   stock 31
    your turn: take, pass
    """
    if not isinstance(game, GameState):
        raise _wrong_type("game_state_text", "a GameState (see ginrules.new_game)", game)
    if player is not None:
        if type(player) is not int:
            raise _wrong_type("game_state_text", "a player (0 or 1), or None", player)
        if player not in (0, 1):
            raise GinRulesError(f"there is no player {player!r}: players are 0 and 1")
    a, b = game.totals
    x, y = game.hands_won
    if game.is_over:
        p, q = game.sheet.final_totals()
        won = "a tie" if game.winner is None else f"player {game.winner} won"
        return (f"{rules_name(game.rules)} rules, target {game.rules.target}; over after "
                f"{hands_in_words(len(game.finished))}: {won}, {p} to {q} with the bonuses "
                f"(hand points {a}-{b}, hands won {x}-{y})")
    head = (f"{rules_name(game.rules)} rules, target {game.rules.target}; hand "
            f"{len(game.finished) + 1}, dealer {game.dealer}; totals {a}-{b}, "
            f"hands won {x}-{y}")
    if game.hand is None:
        return head
    if player is not None:
        return head + "\n" + view_text(game.view(player))
    return head + "\n" + hand_state_text(game.hand)


def view_repr(view: View) -> str:
    """``repr(view)``: whose view, what is to do, the cards held, the stock.

    >>> import ginrules
    >>> ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0).view(1)
    <View of player 1, classic: player 1 to take or pass the upcard TS, 10 cards, stock 31>
    """
    if not isinstance(view, View):
        raise _not_a_view("view_repr", view)
    head = f"<View of player {view.player}, {rules_name(view.rules)}: "
    if view.result is not None:
        return head + f"over, {_ending(view.result)}>"
    move = _to_move(view.phase, view.turn, view.upcard, view.top_discard)
    return head + f"{move}, {len(view.cards)} cards, stock {view.stock_size}>"


def view_text(view: View) -> str:
    """``str(view)``: the table as this player sees it (the opponent's cards hidden).

    >>> import ginrules
    >>> print(view_text(ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0).view(1)))
    player 1's view; classic rules, dealer 0, knock limit 10
    your cards 4D 4H 4S | deadwood 7C TC 9D KD JH 7S KS = 63
    opponent   10 cards, none known
    discard    TS   stock 31
    your turn: take, pass
    >>> print(view_text(ginrules.new_game(ginrules.rules("eaai"), seed=3).view(0)).splitlines()[1])
    game       you 0, opponent 0; to 100
    """
    if not isinstance(view, View):
        raise _not_a_view("view_text", view)
    lines = [f"player {view.player}'s view; {rules_name(view.rules)} rules, dealer "
             f"{view.dealer}, knock limit {view.knock_limit}",
             f"your cards {arrange(view.cards)}"]
    if view.scores is not None:
        lines.insert(1, f"game       you {view.scores[view.player]}, opponent "
                        f"{view.scores[1 - view.player]}; to {view.rules.target}")
    if view.drawn is not None:
        lines[-1] += f"  (drew {view.drawn})"
    known = format_cards(view.opponent_known)
    lines.append(f"opponent   {view.opponent_count} cards, "
                 + (f"known: {known}" if known else "none known"))
    pile = format_cards(view.discard_pile[-6:]) if view.discard_pile else "empty"
    if len(view.discard_pile) > 6:
        pile = "... " + pile
    lines.append(f"discard    {pile}   stock {view.stock_size}")
    if view.result is not None:
        lines.append(f"over: {_ending(view.result)}")
    elif view.legal_actions:
        lines.append("your turn: " + ", ".join(str(a) for a in view.legal_actions))
    else:
        lines.append(_to_move(view.phase, view.turn, view.upcard, view.top_discard))
    return "\n".join(lines)


def arrangement_repr(arrangement: Arrangement) -> str:
    """``repr(arrangement)``: its melds and deadwood on one line.

    >>> import ginrules
    >>> ginrules.arrange("7H 8H 9H 7C 7D 7S KS")
    <Arrangement 7C 7D 7S | 7H 8H 9H | deadwood KS = 10>
    """
    if not isinstance(arrangement, Arrangement):
        raise _wrong_type("arrangement_repr", "an Arrangement (see ginrules.arrange)",
                          arrangement)
    return f"<Arrangement {arrangement}>"


def hand_result_repr(result: HandResult) -> str:
    """``repr(result)``: how the hand ended, the deadwood, the layoffs.

    >>> import ginrules
    >>> ginrules.showdown("4H 5H 6H 9C 9D 9S AC 2C 3C 2S", "7H 8H KS QS JS 5C 5D 7S 7D 9H")[0]
    <HandResult a knock by player 0 (2 vs 18), layoffs 9H>
    """
    if not isinstance(result, HandResult):
        raise _wrong_type("hand_result_repr", "a HandResult (state.result of a finished "
                          "hand)", result)
    layoffs = " ".join(str(x.card) for x in result.layoffs)
    return f"<HandResult {_ending(result)}" + (f", layoffs {layoffs}>" if layoffs else ">")


def hand_result_text(result: HandResult) -> str:
    """``str(result)``: both arrangements and the layoffs, as a showdown shows them.

    >>> import ginrules
    >>> r, _ = ginrules.showdown("4H 5H 6H 9C 9D 9S AC 2C 3C 2S",
    ...                          "7H 8H KS QS JS 5C 5D 7S 7D 9H")
    >>> print(hand_result_text(r))
    a knock by player 0 (2 vs 18)
    knocker    AC 2C 3C | 4H 5H 6H | 9C 9D 9S | deadwood 2S = 2
    layoff     9H onto 9C 9D 9S
    defender   7D 7H 7S | JS QS KS | deadwood 5C 5D 8H = 18
    """
    if not isinstance(result, HandResult):
        raise _wrong_type("hand_result_text", "a HandResult (state.result of a finished "
                          "hand)", result)
    lines = [_ending(result)]
    if result.knocker_arrangement is not None:
        lines.append(f"knocker    {result.knocker_arrangement}")
    lines += [f"layoff     {x}" for x in result.layoffs]
    if result.defender_arrangement is not None:
        lines.append(f"defender   {result.defender_arrangement}")
    return "\n".join(lines)


# -- the score sheet as a table ---------------------------------------------------------

_FINAL_PARTS = (("hand points", "hand_points"), ("line bonus", "line_bonus"),
                ("game bonus", "game_bonus"), ("shutout", "shutout"),
                ("final score", "total"))
_DEADWOOD_NOTE = "deadwood: the knocker's, then the defender's after laying off"


def _seat_names(function: str, names: object) -> tuple[str, str]:
    if names is None:
        return "player 0", "player 1"
    if (isinstance(names, str) or not isinstance(names, Sequence) or len(names) != 2
            or not all(isinstance(name, str) for name in names)):
        raise _wrong_type(function, "names: the two seats' names (two strings), or None",
                          names)
    if names[0] == names[1]:
        raise GinRulesError(f"{function}: both seats are named {names[0]!r}; give each "
                            f"seat its own name, such as '{names[0]} (0)' and "
                            f"'{names[1]} (1)'")
    return names[0], names[1]


def _what(row: SheetRow, result: HandResult | None, names: tuple[str, str]) -> str:
    """A hand's line: how it ended and who won it, in words."""
    if result is None or result.knocker is None:
        if row.kind is EndKind.DEAD:
            return "dead hand"
        if row.player is None:
            return "nobody scores" if row.kind is None else f"{row.kind.value}, nobody scores"
        won = f"won by {names[row.player]}"
        return won if row.kind is None else f"{row.kind.value}, {won}"
    knocker = names[result.knocker]
    if result.kind is EndKind.KNOCK:
        if row.player is None:
            return f"knock by {knocker}, a tie"
        if row.player != result.knocker:
            return f"{names[row.player]} undercuts {knocker}"
        return f"knock by {knocker}"
    return f"{result.kind.value} by {knocker}"


def _table(header: list[str], rows: list[list[str]], right: set[int]) -> list[str]:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    out = []
    for cells in [header, *rows]:
        line = "  ".join(c.rjust(w) if i in right else c.ljust(w)
                         for i, (c, w) in enumerate(zip(cells, widths, strict=True)))
        out.append(line.rstrip())
    return out


def _hand_parts(sheet: ScoreSheet, names: tuple[str, str],
                results: Sequence[HandResult] | None
                ) -> tuple[list[str], list[str], list[str]]:
    """The table of the hands: its two heading lines, one line a hand (a run of dead
    hands is one line) with the running totals, and the notes under it."""
    rows = list(sheet.rows)
    if not rows:
        return [], ["no hand is finished yet"], []
    hollywood = len(sheet.games) > 1
    dealers = any(row.dealer is not None for row in rows)
    totals = [[0, 0] for _ in sheet.games]
    table: list[list[str]] = []
    i = 0
    while i < len(rows):
        row = rows[i]
        result = results[i] if results is not None else None
        j = i
        if row.kind is EndKind.DEAD:  # a run of dead hands is one line
            while j + 1 < len(rows) and rows[j + 1].kind is EndKind.DEAD:
                j += 1
        if row.player is not None:
            for g in row.columns:
                totals[g][row.player] += row.points
        cells = [str(row.number) if i == j else f"{row.number}-{rows[j].number}"]
        if dealers:
            seen = {r.dealer for r in rows[i:j + 1]}
            dealer = next(iter(seen)) if len(seen) == 1 else None
            cells.append("-" if dealer is None else names[dealer])
        cells.append(_what(row, result, names) if i == j else f"{j - i + 1} dead hands")
        if results is not None:
            cells.append("-" if result is None or result.knocker is None else
                         f"{result.knocker_deadwood} vs {result.defender_deadwood}")
        cells.append(str(row.points) if row.player is not None else "-")
        if hollywood:
            cells.append(", ".join(str(g + 1) for g in row.columns) or "-")
            cells += [f"{t[0]}-{t[1]}" for t in totals]
        else:
            cells += [str(totals[0][0]), str(totals[0][1])]
        table.append(cells)
        i = j + 1
    header = ["hand", *(["dealer"] if dealers else []), "result",
              *(["deadwood"] if results is not None else []), "points"]
    right = {0, header.index("points"), *(
        [header.index("deadwood")] if results is not None else [])}
    if hollywood:
        header.append("entered in")
    first_total = len(header)
    header += ["game 1", "game 2", "game 3"] if hollywood else list(names)
    right |= set(range(first_total - hollywood, len(header)))
    lines = _table(header, table, right)
    # "running totals" over the totals columns, ending where the table ends
    widths = [max(len(cells[k]) for cells in [header, *table]) for k in range(len(header))]
    start = sum(widths[:first_total]) + 2 * first_total
    span = sum(widths[first_total:]) + 2 * (len(header) - first_total - 1)
    title = "running totals"
    head = [" " * max(start + span - len(title), 0) + title, lines[0]]
    notes = []
    if hollywood:
        notes.append(f"game 1, 2, 3: each game's running totals, {names[0]} first, "
                     f"{names[1]} second")
    if results is not None and any(r.knocker is not None for r in results):
        notes.append(_DEADWOOD_NOTE)
    return head, lines[1:], notes


def _hand_lines(sheet: ScoreSheet, names: tuple[str, str],
                results: Sequence[HandResult] | None) -> list[str]:
    head, rows, notes = _hand_parts(sheet, names, results)
    return [*head, *rows, *notes]


def _final_lines(sheet: ScoreSheet, names: tuple[str, str]) -> list[str]:
    """The final scores of each game that is over: hand points, each bonus, the total."""
    hollywood = len(sheet.games) > 1
    width = max(len(names[0]), len(names[1]), 8)
    lines: list[str] = []
    for number, column in enumerate(sheet.games, 1):
        title = f"game {number}" if hollywood else ""
        if column.final is None:
            if hollywood:
                a, b = column.totals
                lines.append(f"{title}: not finished, running totals {a}-{b}")
            continue
        if lines:
            lines.append("")
        lines.append(f"{title:12s}  {names[0]:>{width}s}  {names[1]:>{width}s}")
        for label, part in _FINAL_PARTS:
            a, b = (getattr(final, part) for final in column.final)
            lines.append(f"{label:12s}  {a:{width}d}  {b:{width}d}")
    return lines


def _outcome(sheet: ScoreSheet, names: tuple[str, str]) -> str:
    a, b = sheet.final_totals()
    if not sheet.is_over:
        return f"not over: {a} to {b} so far"
    winner = sheet.winner
    if winner is None:
        return f"a tie, {a} to {b}"
    mine, theirs = (a, b) if winner == 0 else (b, a)
    return f"won by {names[winner]}, {mine} to {theirs}"


def sheet_text(value: ScoreSheet | GameState, *, names: Sequence[str] | None = None,
               results: Sequence[HandResult] | None = None) -> str:
    """A score sheet as a table (``str(sheet)``, and what ``ginrules play`` and the
    terminal game print): a line a hand with the running totals, then each finished
    game's final scores with the bonuses, then who won.

    ``value`` is a :class:`~ginrules.sheet.ScoreSheet`, or a
    :class:`~ginrules.game.GameState` (its sheet, with its hands' results). ``names``
    are the two seats' names for the columns and the lines (``player 0`` and
    ``player 1`` by default). ``results``, the hands' :class:`~ginrules.knocking.HandResult`
    facts in order (a game gives its own), add who knocked, undercuts, and a
    ``deadwood`` column: the knocker's deadwood, then the defender's after laying off.
    A run of dead hands is one line.

    >>> import ginrules
    >>> from ginrules.scoring import HandScore
    >>> won = lambda player, points: HandScore("knocker", player, points, points, 0,
    ...                                        False, False)
    >>> print(sheet_text(ginrules.sheet.score_sheet([won(0, 60), won(1, 30), won(0, 50)],
    ...                                             ginrules.rules("classic")),
    ...                  names=["Ann", "Bob"]))
                        running totals
    hand  result      points  Ann  Bob
       1  won by Ann      60   60    0
       2  won by Bob      30   60   30
       3  won by Ann      50  110   30
    <BLANKLINE>
                       Ann       Bob
    hand points        110        30
    line bonus          50        25
    game bonus         100         0
    shutout              0         0
    final score        260        55
    won by Ann, 260 to 55
    >>> game = ginrules.game.play(ginrules.new_game(ginrules.rules("short"), seed=3),
    ...                           ginrules.game.random_policies(seed=3))
    >>> print(sheet_text(game).split("\\n\\n")[0])
                                                             running totals
    hand  dealer    result             deadwood  points  player 0  player 1
       1  player 0  dead hand                 -       -         0         0
       2  player 0  knock by player 0  10 vs 69      59        59         0
    deadwood: the knocker's, then the defender's after laying off
    """
    function = "sheet_text"
    if isinstance(value, GameState):
        if results is not None:
            raise GinRulesError("sheet_text: a game gives its own results; give results "
                                "only with a ScoreSheet")
        sheet, results = value.sheet, value.results
    elif isinstance(value, ScoreSheet):
        sheet = value
    else:
        raise _wrong_type(function, "a ScoreSheet (game.sheet, or see "
                          "ginrules.score_sheet) or a GameState", value)
    seats = _seat_names(function, names)
    if results is not None:
        if isinstance(results, (str, bytes)) or not isinstance(results, Sequence) or not all(
                isinstance(r, HandResult) for r in results):
            raise _wrong_type(function, "results: the hands' HandResult values in order "
                              "(game.results), or None", results)
        if len(results) != len(sheet.rows):
            raise GinRulesError(f"sheet_text: {len(results)} results for a sheet of "
                                f"{hands_in_words(len(sheet.rows))}: give one result a "
                                "hand, in order (game.results)")
    lines = _hand_lines(sheet, seats, results)
    final = _final_lines(sheet, seats)
    if final:
        lines += ["", *final]
    lines.append(_outcome(sheet, seats))
    return "\n".join(lines)
