"""``play``: whole games between bots or searches, printed, with an optional video.

Duels (``--bots A,B``) alternate sides game by game; Railroad Ink (``--bot``) plays one
seeded game per ``--games``, seeds ``--seed``, ``--seed + 1``... A video films game 1:
Tron with its own match video, tic-tac-toe through ``Playthrough``, Railroad Ink from its
record once played (``games.railroad_ink.film``), with the candidates a bot that weighs its
moves (``montecarlo``, ``best``) compared before each placement.
"""

from __future__ import annotations

import argparse
from typing import Any

from games.cli.catalog import GameEntry, Problem, cell_name, family_of, game_entry
from games.cli.commands import EXIT_INTERRUPTED, Work, budget_of, names_of
from games.cli.outputs import check_video_path
from games.cli.players import Player, duel_match, player
from games.match import GameRecord
from games.railroad_ink import PLAY_DICE, film
from games.railroad_ink import play as play_ink
from games.tictactoe_render import TicTacToeTiles
from observers import VideoObserver
from treesearch import InvalidArgumentError, Playthrough

__all__ = ["prepare_play"]

_DEFAULT_BOTS = {"tron": "heuristic,random", "duel": "mcts,alphabeta"}


def prepare_play(args: argparse.Namespace) -> Work:
    """``play``: check the game, the players and the video path; return the games."""
    game = game_entry(args.game)
    if game.kind == "path":
        raise InvalidArgumentError(
            f"play needs a game with players; {game.name!r} is a one-player path problem "
            "(games to play: tictactoe, railroad-ink, tron, tron-hex, openspiel:NAME)"
        )
    if args.games < 1:
        raise InvalidArgumentError(f"--games must be >= 1, got {args.games!r}")
    if args.video is not None:
        if game.name not in ("tictactoe", "railroad-ink", "tron", "tron-hex"):
            raise InvalidArgumentError(f"no video of {game.name!r} games: {game.no_video}")
        check_video_path(args.video, "--video")
    if game.kind == "score":
        if game.name != "railroad-ink":
            raise InvalidArgumentError(
                f"play has whole-game bots for railroad-ink only, not {game.name!r}; 'run' "
                "or 'compare --instances N' scores searches on it"
            )
        return _score_games(game, args)
    text = args.bots or _DEFAULT_BOTS[family_of(game.name)]
    names = names_of(text, "--bots", "bot")
    if len(names) != 2:
        raise InvalidArgumentError(f"--bots takes two names (A,B), got {text!r}")
    players = (player(names[0], game), player(names[1], game))
    problem = game.make(args)
    budget = budget_of(args)

    def work() -> int:
        tron = family_of(game.name) == "tron"
        match = duel_match(game, problem, players, budget, args, games=args.games,
                           seed=args.seed, video=args.video if tron else None)  # fmt: skip
        for record in match.records:
            _print_game(problem, players, record)
        if args.video is not None and not tron and match.records:
            _film(problem, match.records[0], players, args.video)
        print(match.summary())
        return EXIT_INTERRUPTED if match.interrupted else 0

    return work


def _side(problem: Problem, p: int) -> str:
    return "XO"[p] if problem.game == "tictactoe" else f"player {p}"


def _replay(problem: Problem, record: GameRecord) -> list[Any]:
    """The states of a game of ``games.match`` from its start and its moves."""
    states = [problem.start]
    for move in record.moves:
        states.append(next(c for c in states[-1].get_children() if c.move == move))
    return states


def _print_game(problem: Problem, players: tuple[Player, Player], record: GameRecord) -> None:
    a, b = (p.name for p in players)
    first, second = (a, b) if record.a_player == 0 else (b, a)
    print(f"game {record.index + 1}: {_side(problem, 0)} = {first}, "
          f"{_side(problem, 1)} = {second}")  # fmt: skip
    if problem.game == "tictactoe":
        names = (first, second)
        states = _replay(problem, record)
        for state in states[1:]:
            mover = 1 - state.to_move
            print(f"  {'XO'[mover]} ({names[mover]}) plays {cell_name(state.move)}")
        print(states[-1])
    r0, r1 = record.returns[0], record.returns[1]
    winner = None if r0 == r1 else (0 if r0 > r1 else 1)
    print("a draw\n" if winner is None else f"{_side(problem, winner)} wins\n")


def _film(problem: Problem, record: GameRecord, players: tuple[Player, Player], out: str) -> None:
    states = _replay(problem, record)
    names = [p.name for p in players][:: 1 if record.a_player == 0 else -1]
    with (
        VideoObserver(out, TicTacToeTiles(), fps=2, final_frames=4) as video,
        Playthrough(states[0], [video], name=f"{names[0]} (X) vs {names[1]} (O)") as show,
    ):
        for state in states[1:]:
            show.advance(state)
        show.finish(record.returns[0], f"returns {record.returns}")
    print(f"video of game 1: {video.frames} frames -> {out}")


def _score_games(game: GameEntry, args: argparse.Namespace) -> Work:
    if args.dice not in PLAY_DICE:
        raise InvalidArgumentError(
            f"play needs rolls: --dice must be one of {', '.join(PLAY_DICE)}, got "
            f"{args.dice!r} (free play has no dice; 'run --dice free' searches it)"
        )
    who = player(args.bot, game)
    if not who.bot:
        raise InvalidArgumentError(f"{args.bot!r} is a search, not a Railroad Ink bot; "
                                   "'compare --instances N' scores searches")  # fmt: skip

    def work() -> int:
        scores: list[int] = []
        for g in range(args.games):
            seed = args.seed + g
            record = play_ink(seed, args.dice, who.name, args.bot_seconds)
            if g == 0 and args.video is not None:
                film(record, args.video, title=f"{who.name} bot")
            scores.append(record.score.total)
            print(f"game {g + 1} (seed {seed}, dice {args.dice}): {who.name} scores "
                  f"{record.score.total} with {len(record.moves)} placements in "
                  f"{record.seconds:.2f} s")  # fmt: skip
        print(f"{who.name} over {len(scores)} game(s): mean score {sum(scores) / len(scores):g}, "
              f"min {min(scores)}, max {max(scores)}")  # fmt: skip
        if args.video is not None:
            print(f"video of game 1 -> {args.video}")
        return 0

    return work
