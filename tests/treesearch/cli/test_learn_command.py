"""``treesearch learn`` and the ``learned`` bot: learn, play, resume, refuse, on any workers."""

from __future__ import annotations

import importlib.util
import os
import signal
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from games.tictactoe import TicTacToe
from tests.plugin_fakes import fake_dist, plugin_path
from tests.treesearch.cli.errors import error_line
from tests.treesearch.learn.toys import EncodedTicTacToe
from treesearch.cli import main
from treesearch.cli.catalog import GAMES
from treesearch.cli.learn_command import value_for
from treesearch.game_entry import GameOptions
from treesearch.learn import LinearValue, NTupleValue, TableValue, load_model, training

PILE = '''
class Pile:
    """Take 1, 2 or 3 from a pile; whoever takes the last wins."""
    def __init__(self, n, to_move=0):
        self.n, self.to_move = n, to_move
    def get_children(self):
        return [Pile(self.n - k, 1 - self.to_move) for k in (1, 2, 3) if k <= self.n]
    def player(self):
        return self.to_move
    def returns(self):
        winner = 1 - self.to_move
        return [1.0 if p == winner else -1.0 for p in (0, 1)]
    def key(self):
        return (self.n, self.to_move)
    def __repr__(self):
        return f"Pile({self.n}, {self.to_move})"

class Blank(Pile):
    """The same game, but its states cannot be told apart: no key()."""
    key = None
    def get_children(self):
        return [Blank(p.n, p.to_move) for p in super().get_children()]

class Steps:
    """Three moves, each scoring 1, 2 or 3 points, or 0 when it repeats the move before."""
    def __init__(self, moves=()):
        self.moves = moves
    def get_children(self):
        return [Steps(self.moves + (k,)) for k in (1, 2, 3)] if len(self.moves) < 3 else []
    def is_terminal(self):
        return len(self.moves) == 3
    def returns(self):
        last, total = 0, 0
        for k in self.moves:
            total, last = total + (0 if k == last else k), k
        return [float(total)]
    def key(self):
        return self.moves

class Tag:
    """A key part a model file cannot write: an object of the game's own."""
    def __init__(self, n):
        self.n = n
    def __eq__(self, other):
        return isinstance(other, Tag) and other.n == self.n
    def __hash__(self):
        return hash(self.n)

class Tagged(Pile):
    """The same game, its keys holding a Tag."""
    def get_children(self):
        return [Tagged(p.n, p.to_move) for p in super().get_children()]
    def key(self):
        return (Tag(self.n), self.to_move)

def make(*, seed=0, size=None):
    return Pile(size or 9)

def tagged(*, seed=0, size=None):
    return Tagged(size or 9)

def steps(*, seed=0, size=None):
    return Steps()

def blank(*, seed=0, size=None):
    return Blank(size or 9)
'''


def _learn(out: Path, *more: str, game: str = "tictactoe") -> str:
    assert main(["learn", game, "--out", str(out), *more]) == 0
    return str(out)


@pytest.fixture(scope="module")
def model(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A tic-tac-toe model of 2000 games (a fraction of a second)."""
    return _learn(tmp_path_factory.mktemp("learn") / "ttt.npz", "--games", "2000")


def _score(capsys: pytest.CaptureFixture[str], bots: str) -> str:
    assert main(["play", "tictactoe", "--bots", bots, "--games", "20"]) == 0
    return capsys.readouterr().out.splitlines()[-1]


def test_the_learned_bot_beats_a_random_one_from_either_side(
    model: str, capsys: pytest.CaptureFixture[str]
) -> None:
    first = _score(capsys, f"learned:{model},random")
    assert "(W 17 D 0 L 3)" in first  # seeded games: the same every run
    second = _score(capsys, f"random,learned:{model}")
    assert "(W 4 D 1 L 15)" in second  # the first named is random: it loses most


def test_learn_writes_the_model_and_its_curve_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _learn(tmp_path / "m.npz", "--games", "200", "--eval-every", "100")
    said = capsys.readouterr()
    assert "200 games learned" in said.out and "curve" in said.out
    assert "learning tictactoe: TableValue" in said.err
    saved = load_model(out, game="tictactoe")
    assert saved.games == 200 and [g for g, _ in saved.curve] == [0, 100, 200]
    assert saved.settings["batch"] == 64 and (tmp_path / "m.png").stat().st_size > 0


def test_same_seed_same_file_and_any_number_of_jobs_gives_the_same_weights(
    tmp_path: Path,
) -> None:
    files = [
        _learn(tmp_path / f"{name}.npz", "--games", "150", "--seed", "7", *jobs)
        for name, jobs in (("a", ()), ("b", ()), ("two", ("--jobs", "2")))
    ]
    data = [Path(f).read_bytes() for f in files]
    assert data[0] == data[1] == data[2]
    other = _learn(tmp_path / "c.npz", "--games", "150", "--seed", "8")
    assert Path(other).read_bytes() != data[0]


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="ray is not installed")
@pytest.mark.slow
@pytest.mark.usefixtures("local_ray")
def test_ray_gives_the_weights_of_local_play(tmp_path: Path) -> None:
    here = _learn(tmp_path / "here.npz", "--games", "100")
    there = _learn(tmp_path / "ray.npz", "--games", "100", "--backend", "ray")
    assert Path(here).read_bytes() == Path(there).read_bytes()


def test_ctrl_c_keeps_the_model_and_resume_ends_as_a_straight_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--games", "300", "--batch", "50", "--eval-every", "100", "--seed", "2"]
    straight = load_model(_learn(tmp_path / "straight.npz", *argv))
    updates = [0]
    update = training.td_update

    def ctrl_c_in_game_120(*args: Any) -> None:
        updates[0] += 1
        if updates[0] == 120:
            os.kill(os.getpid(), signal.SIGINT)  # a real Ctrl-C, in the third batch
        update(*args)

    monkeypatch.setattr(training, "td_update", ctrl_c_in_game_120)
    out = tmp_path / "m.npz"
    assert main(["learn", "tictactoe", "--out", str(out), *argv]) == 130
    assert "holds what was learned: add --resume to go on" in capsys.readouterr().err
    assert load_model(out).games == 150  # the batch under way finished first
    monkeypatch.setattr(training, "td_update", update)
    resumed = load_model(_learn(out, *argv, "--resume"))
    assert isinstance(resumed.value, TableValue) and isinstance(straight.value, TableValue)
    assert resumed.value.table == straight.value.table
    assert (resumed.games, resumed.curve) == (300, straight.curve)


def test_seconds_stops_between_batches_and_the_file_says_how_many_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _learn(tmp_path / "m.npz", "--seconds", "0.01", "--batch", "16")
    games = load_model(out).games
    assert games >= 16 and games % 16 == 0
    assert f"{games} games learned" in capsys.readouterr().out


@pytest.fixture
def plugin(tmp_path: Path) -> Iterator[None]:
    entries = {
        "pile3": "tspile:make",
        "blank3": "tspile:blank",
        "steps": "tspile:steps",
        "tagged": "tspile:tagged",
    }
    fake_dist(tmp_path, "ts-pile", "1.0", {"treesearch.games": entries}, {"tspile": PILE})
    with plugin_path(tmp_path):
        yield


@pytest.mark.usefixtures("plugin")
def test_a_plugin_game_learns_its_minimax_values_and_plays_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--games", "1000", "--alpha", "1", "--lam", "0", "--epsilon", "0.5"]
    out = _learn(tmp_path / "pile.npz", *argv, game="pile3")
    value = load_model(out, game="pile3").value
    assert isinstance(value, TableValue) and len(value.table) >= 17  # piles 0-9, both movers
    # Take 1-3, last take wins: a pile of a multiple of 4 is lost by the player to move.
    for (n, to_move), v in value.table.items():
        mover_wins = n % 4 != 0
        assert v == (1.0 if mover_wins == (to_move == 0) else -1.0), (n, to_move)
    capsys.readouterr()
    assert main(["play", "pile3", "--bots", f"learned:{out},random", "--games", "10"]) == 0
    # Sides alternate: moving first from 9 (a won pile) it wins all 5; second, all but one
    # game, where random happened to play perfectly.
    assert "(W 9 D 0 L 1)" in capsys.readouterr().out


@pytest.mark.usefixtures("plugin")
def test_a_plugin_score_game_learns_its_best_play_and_the_learned_bot_plays_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--games", "300", "--alpha", "1", "--lam", "0", "--epsilon", "0.5"]
    out = _learn(tmp_path / "steps.npz", *argv, game="steps")
    capsys.readouterr()
    assert main(["play", "steps", "--bot", f"learned:{out}", "--games", "2"]) == 0
    assert "mean score 8, min 8, max 8" in capsys.readouterr().out  # 3, 2, 3: the best


@pytest.mark.usefixtures("plugin")
def test_a_game_without_key_or_features_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = error_line(["learn", "blank3", "--out", str(tmp_path / "m.npz")], capsys)
    assert "learn needs states with key(), features() or encoding()" in line
    assert "blank3's start state Blank has none" in line


def test_a_path_game_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    line = error_line(["learn", "maze", "--out", str(tmp_path / "m.npz")], capsys)
    assert (
        line == "treesearch: error: learn needs a game with players or a score; maze is a path game"
    )


@pytest.mark.usefixtures("plugin")
def test_a_game_whose_keys_a_model_file_cannot_hold_is_refused_up_front(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = error_line(["learn", "tagged", "--out", str(tmp_path / "m.npz")], capsys)
    assert "keys hold other objects" in line and "features() or encoding()" in line


@pytest.mark.parametrize(
    ("more", "says"),
    [
        (["--games", "10", "--seconds", "1"], "give --games N or --seconds S, not both"),
        (["--resume"], "--resume goes on from --out"),
        (["--alpha", "0"], "must be in (0, 1]"),
        (["--batch", "0"], "int >= 1"),
        (["--backend", "moon"], "invalid choice"),
    ],
)
def test_bad_options_are_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], more: list[str], says: str
) -> None:
    line = error_line(["learn", "tictactoe", "--out", str(tmp_path / "no.npz"), *more], capsys)
    assert says in line


def test_learned_needs_a_model_of_this_game(
    model: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = error_line(["play", "tictactoe", "--bots", "learned,random"], capsys)
    assert "tictactoe ships no model: pass learned:FILE" in line and "treesearch learn" in line
    tron = _learn(tmp_path / "tron.npz", "--games", "2", game="tron")
    capsys.readouterr()
    line = error_line(["play", "tictactoe", "--bots", f"learned:{tron},random"], capsys)
    assert line == f"treesearch: error: {tron}: a model of the game 'tron', not of 'tictactoe'"
    junk = tmp_path / "junk.npz"
    junk.write_text("no model")
    line = error_line(["play", "tictactoe", "--bots", f"learned:{junk},random"], capsys)
    assert f"{junk}: not a model" in line
    line = error_line(["learn", "tictactoe", "--out", tron, "--resume"], capsys)
    assert line == f"treesearch: error: {tron}: a model of the game 'tron', not of 'tictactoe'"
    line = error_line(["learn", "tictactoe", "--out", str(junk), "--resume"], capsys)
    assert f"{junk}: not a model" in line


def test_compare_takes_the_learned_bot(model: str, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["compare", "--game", "tictactoe", "--searches", f"learned:{model}", "--instances", "4"]
    assert main([*argv, "--jobs", "1"]) == 0
    assert f"learned:{model}" in capsys.readouterr().out


def test_help_shows_the_command_and_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "learn" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["learn", "--help"])
    text = capsys.readouterr().out
    for option in ("--out FILE", "--seconds S", "--games N", "--jobs J", "--backend", "--resume"):
        assert option in text
    assert "treesearch play tictactoe --bots learned:ttt.npz,random" in text


class _Featured(TicTacToe):
    """Tic-tac-toe offering two features (and its key, which a linear value does not read)."""

    __slots__ = ()

    def features(self) -> np.ndarray:
        return np.array([1.0, float(sum(self.board))])


def test_the_value_is_the_entrys_choice_else_what_the_states_offer() -> None:
    entry = GAMES["tictactoe"]
    problem = entry.build(GameOptions(knobs={"moves": ""}))
    assert isinstance(value_for(entry, problem), TableValue)
    net = NTupleValue([(0, 1)], cells=9, cell_values=3)
    assert value_for(replace(entry, learner=lambda _problem: net), problem) is net
    tuples = value_for(entry, replace(problem, start=EncodedTicTacToe()))
    assert isinstance(tuples, NTupleValue)
    assert tuples.tuples == tuple((i, i + 1, i + 2) for i in range(7))
    linear = value_for(entry, replace(problem, start=_Featured()))
    assert isinstance(linear, LinearValue) and linear.weights.shape == (2,)


def test_railroad_ink_plays_learned_with_the_model_it_ships(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["play", "railroad-ink", "--bot", "learned", "--dice", "revealed", "--games", "1"]
    assert main([*argv, "--seed", "100"]) == 0
    out = capsys.readouterr().out
    assert "learned scores" in out and "mean score" in out


def _ink(out: Path, *more: str) -> bytes:
    """A Railroad Ink model learned on the compiled engine: the file's bytes."""
    _learn(out, "--eval-every", "10", *more, game="railroad-ink")
    return out.read_bytes()


def test_railroad_ink_learns_on_its_engine_by_seed_and_the_model_plays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from games.railroad_ink.bots.learned_value import load_value, train_value
    from games.railroad_ink.trainer import RECIPE

    a = _ink(tmp_path / "a.npz", "--games", "30", "--seed", "3")
    said = capsys.readouterr()
    assert "learning railroad-ink: NTupleValue" in said.err and "by its own trainer" in said.err
    assert "30 games learned" in said.out and (tmp_path / "a.png").stat().st_size > 0
    assert _ink(tmp_path / "b.npz", "--games", "30", "--seed", "3") == a
    assert _ink(tmp_path / "c.npz", "--games", "30", "--seed", "4") != a
    model = load_model(tmp_path / "a.npz", game="railroad-ink")
    assert model.games == 30 and [g for g, _ in model.curve] == [10, 20, 30]
    assert (model.settings["alpha"], model.settings["epsilon"], model.seed) == (0.2, 0.02, 3)
    # The shipped model's recipe by default: the same weights as train_value trains.
    recipe = train_value(games=30, seed=3, eval_seeds=[], **RECIPE)
    assert np.array_equal(load_value(tmp_path / "a.npz")[0], recipe.weights)
    capsys.readouterr()
    argv = ["play", "railroad-ink", "--bot", f"learned:{tmp_path / 'a.npz'}", "--games", "1"]
    assert main([*argv, "--dice", "revealed", "--seed", "100"]) == 0
    assert "mean score" in capsys.readouterr().out


def test_railroad_ink_learns_by_td_lambda_when_asked(tmp_path: Path) -> None:
    from games.railroad_ink.bots.learned_value import load_value, train_value
    from games.railroad_ink.trainer import RECIPE

    _ink(tmp_path / "lam.npz", "--games", "20", "--seed", "3", "--lam", "0.5")
    model = load_model(tmp_path / "lam.npz", game="railroad-ink")
    assert model.settings["lambda"] == 0.5 and "TD(lambda)" in model.settings["td"]
    expected = train_value(games=20, seed=3, eval_seeds=[], lam=0.5, **RECIPE)
    assert np.array_equal(load_value(tmp_path / "lam.npz")[0], expected.weights)
    td0 = train_value(games=20, seed=3, eval_seeds=[], **RECIPE)
    assert not np.array_equal(expected.weights, td0.weights)


def test_railroad_ink_resumes_after_ctrl_c_as_a_straight_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from games.railroad_ink.bots import learned_value

    argv = ["--games", "40", "--seed", "5", "--alpha", "0.3", "--checkpoint-every", "10"]
    straight = _ink(tmp_path / "straight.npz", *argv)
    games = [0]
    play_game = learned_value.play_game

    def ctrl_c_in_game_25(*args: Any) -> Any:
        games[0] += args[5]  # a training game (the curve's greedy games do not learn)
        if games[0] == 25 and args[5]:
            os.kill(os.getpid(), signal.SIGINT)  # a real Ctrl-C, during game 25
        return play_game(*args)

    monkeypatch.setattr(learned_value, "play_game", ctrl_c_in_game_25)
    out = tmp_path / "m.npz"
    argv = [*argv, "--eval-every", "10"]
    assert main(["learn", "railroad-ink", "--out", str(out), *argv]) == 130
    assert "holds what was learned: add --resume to go on" in capsys.readouterr().err
    assert load_model(out).games == 25  # the game under way finished first
    monkeypatch.setattr(learned_value, "play_game", play_game)
    assert _ink(out, *argv, "--resume") == straight
    capsys.readouterr()
    line = error_line(["learn", "railroad-ink", "--out", str(out), "--resume"], capsys)
    assert "trained with other settings; cannot resume" in line and "'alpha': 0.3" in line


@pytest.mark.parametrize(
    ("more", "says"),
    [
        (["--batch", "8"], "--batch must be 1, got 8"),
        (["--jobs", "2"], "--jobs and --backend ray do not apply"),
        (["--backend", "ray"], "--jobs and --backend ray do not apply"),
        (["--dice", "free"], "learns from games with dice"),
    ],
)
def test_railroad_ink_refuses_what_its_engine_cannot_honour(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], more: list[str], says: str
) -> None:
    out = tmp_path / "no.npz"
    line = error_line(["learn", "railroad-ink", "--out", str(out), *more], capsys)
    assert says in line and line.count("\n") == 0 and not out.exists()
