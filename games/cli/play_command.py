"""``play``: whole games between bots or searches, printed, with an optional video.

Everything about the game comes from its entry (``GameEntry.play``), never from its name.
Duels (``--bots A,B``) alternate sides game by game on ``games.match``; a score game with
bots (``--bot NAME`` or ``--bots NAME``, Railroad Ink) plays one seeded game per ``--games``
through the entry's ``solo``, seeds ``--seed``, ``--seed + 1``... A name list of the wrong
length, and options no player reads, are refused before any game. A video films game 1
with the entry's film maker (Tron's match video, a ``Playthrough`` of tic-tac-toe or of a
plugin's renderer, Railroad Ink's record with the candidates of a bot that weighs its
moves).

Ctrl-C or SIGTERM ends the games at once (the game under way is abandoned, even where a
bot's search would swallow the interrupt): the finished ones are printed and summed up,
and the command ends with 130 or 143.
"""

from __future__ import annotations

import argparse
import itertools
from pathlib import Path
from typing import Any

from games.cli.applies import refuse_unused
from games.cli.catalog import GAMES, PREFIX, SEARCHES, GameEntry, Problem, game_entry
from games.cli.common import EXIT_INTERRUPTED, Work, budget_of, names_of
from games.cli.outputs import check_video_path
from games.cli.players import Player, duel_match, match_start, player, record_start
from games.compare.interrupts import Stopped, exit_code, signal_name, stopping
from games.match import GameRecord, MatchResult, replay
from treesearch import InvalidArgumentError

__all__ = ["prepare_play"]


def _playable() -> str:
    """The games ``play`` can play, for messages."""
    names = [n for n, g in GAMES.items() if g.kind == "duel" or g.play.solo is not None]
    return ", ".join([*names, f"{PREFIX}NAME"])


def _players(game: GameEntry, args: argparse.Namespace) -> list[Player]:
    """Who plays: ``--bots`` (two names for a duel, one for a score game) or ``--bot``.

    ``--bot NAME`` and ``--bots NAME`` are the same for a one-player score game; a duel
    needs both players (``--bots A,B``). Every name is checked to play the game first.

    Raises:
        InvalidArgumentError: both options, an unknown name, or the wrong number of names.
    """
    if args.bot is not None and args.bots is not None:
        raise InvalidArgumentError("give --bot NAME or --bots A,B, not both")
    option = "--bot" if args.bot is not None else "--bots"
    text = args.bot if args.bot is not None else args.bots
    text = text if text is not None else ",".join(game.play.default)
    players = [player(name, game) for name in names_of(text, option, "bot")]
    if game.kind == "duel":
        if option == "--bot":
            other = game.play.default[-1]
            raise InvalidArgumentError(
                f"{game.name} is a duel: --bots A,B names both players (e.g. --bots "
                f"{text},{other}); --bot names the one player of a score game"
            )
        if len(players) != 2:
            raise InvalidArgumentError(f"--bots takes two names (A,B) for a duel, got {text!r}")
    elif len(players) != 1:
        raise InvalidArgumentError(
            f"{game.name} is a one-player game: {option} takes one name, got {text!r} "
            "('compare --instances N --searches A,B' sets several against each other)"
        )
    return players


def prepare_play(args: argparse.Namespace) -> Work:
    """``play``: check the game, the players and the video path; return the games."""
    game = game_entry(args.game)
    if game.kind == "path":
        raise InvalidArgumentError(
            f"play needs a game with players; {game.name!r} is a one-player path problem "
            f"(games to play: {_playable()})"
        )
    if args.games < 1:
        raise InvalidArgumentError(f"--games must be >= 1, got {args.games!r}")
    if args.video is not None:
        if not game.play.films:
            raise InvalidArgumentError(f"no video of {game.name!r} games: {game.no_video}")
        check_video_path(args.video, "--video")
    if game.kind == "score" and game.play.solo is None:
        raise InvalidArgumentError(
            f"play has no whole-game bots for {game.name!r}; 'run' or 'compare --instances "
            f"N' scores searches on it"
        )
    found = _players(game, args)
    refuse_unused(
        args,
        "play",
        game,
        [SEARCHES[p.name] for p in found if p.bot is None],
        [p.bot for p in found if p.bot is not None],
    )
    if game.kind == "score":
        return _score_games(game, args, found[0])
    players = (found[0], found[1])
    problem = game.build(args)
    budget = budget_of(args)
    for who in players:  # a search that cannot play this game is refused before any game
        if who.bot is None:
            SEARCHES[who.name].make(problem, budget, args)

    def work() -> int:
        match = duel_match(game, problem, players, budget, args, games=args.games, seed=args.seed)
        for record in match.records:
            narrated = _states(game, problem, record, args.seed) if game.play.narrate else None
            _print_game(problem, players, record, narrated)
        if args.video is not None and match.records:
            _film(game, problem, match, args.seed, Path(args.video))
        print(match.summary())
        return EXIT_INTERRUPTED if match.interrupted else 0

    return work


def _states(game: GameEntry, problem: Problem, record: GameRecord, seed: int) -> list[Any]:
    """The states of one game of a match seeded ``seed``, from its start to its end."""
    start = record_start(match_start(game, problem), seed, record.index)
    states: list[Any] = replay(start, record.moves)
    return states


def _names(players: tuple[Player, Player], record: GameRecord) -> tuple[str, str]:
    """The players' names by side: player 0's, then player 1's."""
    a, b = (p.name for p in players)
    return (a, b) if record.a_player == 0 else (b, a)


def _print_game(
    problem: Problem, players: tuple[Player, Player], record: GameRecord, states: list[Any] | None
) -> None:
    names = _names(players, record)
    print(
        f"game {record.index + 1}: {problem.side(0)} = {names[0]}, {problem.side(1)} = {names[1]}"
    )
    if states is not None:
        for parent, state in itertools.pairwise(states):
            mover = parent.player()
            print(f"  {problem.side(mover)} ({names[mover]}) plays {problem.label(state)}")
        print(states[-1])
    r0, r1 = record.returns[0], record.returns[1]
    winner = None if r0 == r1 else (0 if r0 > r1 else 1)
    print("a draw\n" if winner is None else f"{problem.side(winner)} wins\n")


def _film(game: GameEntry, problem: Problem, match: MatchResult, seed: int, out: Path) -> None:
    """Game 1 of the match filmed by the entry's film maker; its message printed."""
    record = match.records[0]
    film = game.play.film
    assert film is not None
    a, b = match.names
    names = (a, b) if record.a_player == 0 else (b, a)
    message = film(problem, _states(game, problem, record, seed), names, out)
    if message:
        print(message)


def _score_games(game: GameEntry, args: argparse.Namespace, who: Player) -> Work:
    play = game.play
    assert play.solo is not None  # checked by prepare_play
    problem = game.build(args)
    if play.check is not None:
        play.check(problem)
    name = who.name
    if who.bot is None:
        raise InvalidArgumentError(
            f"{name!r} is a search, not a bot of {game.name!r}; "
            "'compare --instances N' scores searches"
        )
    agents = who.agents(problem, budget_of(args), args)
    solo = play.solo

    def work() -> int:
        scores: list[float] = []
        stopped: Stopped | None = None
        try:
            with stopping():  # a bot's search may swallow Ctrl-C; the game is abandoned
                for g in range(args.games):
                    video = Path(args.video) if g == 0 and args.video is not None else None
                    done = solo(problem, args.seed + g, agents, video)
                    scores.append(done.score)
                    print(f"game {g + 1} {done.text}")
        except Stopped as stop:
            stopped = stop
            print(f"{signal_name(stop.signum)}: game {len(scores) + 1} abandoned")
        if scores:
            print(
                f"{name} over {len(scores)} game(s): mean score {sum(scores) / len(scores):g}, "
                f"min {min(scores):g}, max {max(scores):g}"
            )
        if args.video is not None and scores:
            print(f"video of game 1 -> {args.video}")
        return 0 if stopped is None else exit_code(stopped.signum)

    return work
