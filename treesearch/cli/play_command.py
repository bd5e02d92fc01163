"""``play``: whole games between bots or searches, printed, with an optional video.

Everything about the game comes from its entry (``GameEntry.play``), never from its name.
Duels (``--bots A,B``) alternate sides game by game on ``treesearch.match``; a score game with
bots (``--bot NAME`` or ``--bots NAME``, Railroad Ink) plays one seeded game per ``--games``
through the entry's ``solo``, seeds ``--seed``, ``--seed + 1``... A name list of the wrong
length, and options no player reads, are refused before any game. A video films game 1
with the entry's film maker (Tron's match video, a ``Playthrough`` of tic-tac-toe or of a
plugin's renderer, Railroad Ink's record with the candidates of a bot that weighs its
moves).

Score games' games are long (Railroad Ink's ``best``: 35-45 s a game): before the first, a line
on stderr says what runs and about how long a game takes (the entry's ``Play.forecast``), with
what would make it faster (numba, where the engine runs as plain Python); a tqdm bar on stderr
then follows the games round by round where stderr is a terminal.

Ctrl-C or SIGTERM ends the games at once (the game under way is abandoned, even where a
bot's search would swallow the interrupt): the finished ones are printed and summed up,
and the command ends with 130 or 143.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from treesearch import InvalidArgumentError
from treesearch.cli.applies import refuse_unused
from treesearch.cli.catalog import GAMES, SEARCHES, game_entry
from treesearch.cli.catalog.solo import solo_play
from treesearch.cli.common import EXIT_INTERRUPTED, Work, budget_of, names_of, say_compiled
from treesearch.cli.openspiel_games import PREFIX
from treesearch.cli.output_options import check_video_path
from treesearch.cli.players import (
    LEARNED,
    Player,
    duel_match,
    match_start,
    player,
    record_start,
)
from treesearch.compare.interrupts import Stopped, exit_code, signal_name, stopping
from treesearch.game_entry import Forecast, GameEntry, Problem
from treesearch.match import GameRecord, MatchResult, replay

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


def _learned(args: argparse.Namespace) -> bool:
    """Whether the one player named is the bot ``learned``, which plays any score game."""
    text = args.bot if args.bot is not None else args.bots
    return text is not None and (text.strip() == LEARNED or text.strip().startswith(LEARNED + ":"))


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
    if game.kind == "score" and game.play.solo is None and _learned(args):
        game = replace(game, play=replace(game.play, solo=solo_play()))  # any score game
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
        say_compiled(game)
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
    forecast = None if play.forecast is None else play.forecast(problem, name, args.bot_seconds)

    def work() -> int:
        scores: list[float] = []
        stopped: Stopped | None = None
        _announce(game, name, args.games, forecast)
        bar = _Progress(args.games, forecast)
        try:
            with stopping(), bar:  # a bot's search may swallow Ctrl-C; the game is abandoned
                for g in range(args.games):
                    video = Path(args.video) if g == 0 and args.video is not None else None
                    done = solo(problem, args.seed + g, agents, video, bar.observers(g))
                    scores.append(done.score)
                    bar.write(f"game {g + 1} {done.text}")
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


def _duration(seconds: float) -> str:
    """``seconds`` as people say it: "45 s", "3 min", "1 h 10 min"."""
    if seconds < 120:
        return f"{seconds:.2g} s" if seconds < 10 else f"{seconds:.0f} s"
    minutes = round(seconds / 60)
    return f"{minutes} min" if minutes < 90 else f"{minutes // 60} h {minutes % 60} min"


def _announce(game: GameEntry, bot: str, games: int, forecast: Forecast | None) -> None:
    """One line on stderr, before the first game: what runs, about how long it takes.

    Then the forecast's note (what would make it faster), if any.
    """
    what = f"playing {games} game{'s' if games > 1 else ''} of {game.name} with {bot}"
    seconds = None if forecast is None else forecast.seconds
    if seconds is not None:
        what += f": about {_duration(seconds)} a game"
        if games > 1:
            what += f", {_duration(seconds * games)} in all"
    print(what, file=sys.stderr, flush=True)
    if forecast is not None and forecast.note:
        print(forecast.note, file=sys.stderr, flush=True)
    else:
        say_compiled(game)


class _Progress:
    """A tqdm bar on stderr over the games' steps (rounds), shown where tqdm shows one.

    tqdm draws it only when stderr is a terminal (``disable=None``); lines printed meanwhile
    go through ``write`` so that they do not tear the bar.
    """

    def __init__(self, games: int, forecast: Forecast | None) -> None:
        self.steps = None if forecast is None else forecast.steps
        self.games = games
        self.total = 0
        self.bar: Any = None

    def __enter__(self) -> _Progress:
        from tqdm import tqdm

        unit = "move" if self.steps is None else "round"
        self.bar = tqdm(unit=unit, file=sys.stderr, disable=None, leave=False, dynamic_ncols=True)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.close()

    def observers(self, game: int) -> list[Any]:
        """The callables that move the bar through game ``game`` (0-based), state by state."""
        if self.bar is None or self.bar.disable:
            return []
        bar, steps = self.bar, self.steps
        bar.set_description(f"game {game + 1}/{self.games}")

        def observe(event: Any) -> None:
            state = getattr(event, "state", None)
            if steps is None:
                bar.update(1)
                return
            done, total = steps(state)
            bar.total = total * self.games
            bar.n = game * total + done
            bar.refresh()

        return [observe]

    def write(self, line: str) -> None:
        """``line`` on stdout, above the bar."""
        if self.bar is None or self.bar.disable:
            print(line, flush=True)  # at once, also into a pipe: games are long
        else:
            self.bar.write(line, file=sys.stdout)
