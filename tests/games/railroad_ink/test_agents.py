"""Railroad Ink bots as ``treesearch.match`` agents, and ``play`` with a maker."""

from __future__ import annotations

from typing import Any

import pytest

from games.railroad_ink import HEURISTIC, Board, BotAgent, InkRecord, RailroadInk, play
from games.tictactoe import TicTacToe
from treesearch import BeamSearch
from treesearch.errors import InvalidArgumentError
from treesearch.match import Agent, GameRecord, PlayedGame, RandomAgent, SearchAgent, play_match


def test_a_bot_agent_makes_a_fresh_seeded_bot_that_is_an_agent() -> None:
    maker = BotAgent("random", "known")
    state = RailroadInk(1, "known").start()
    agent = maker(5)
    assert isinstance(agent, Agent) and agent.name == "random"
    assert agent.choose(state) in state.get_children()
    assert maker(5).choose(state) == maker(5).choose(state)  # seeded per game


def test_play_takes_a_maker_and_records_the_same_game_as_the_name() -> None:
    by_name = play(2, "known", "greedy")
    by_maker = play(2, "known", BotAgent("greedy", "known"))
    assert by_maker.moves == by_name.moves and by_maker.bot == "greedy"
    assert Board.from_moves(by_maker.moves, strict=True) == by_maker.board


def test_any_agent_maker_plays_a_whole_game() -> None:
    record = play(0, "known", RandomAgent(name="uniform"))
    assert record.bot == "uniform" and len(record.moves) > 0
    with pytest.raises(InvalidArgumentError, match="agent 'deep' played"):
        # a beam's best is a whole game's end, not a child: refused, naming the agent
        deep = SearchAgent(lambda seed: BeamSearch(width=1, value=HEURISTIC), name="deep")
        play(0, "known", deep)


def test_records_of_both_drivers_share_the_played_game_fields() -> None:
    ink = play(3, "known", "greedy")
    assert isinstance(ink, InkRecord) and isinstance(ink, PlayedGame)
    assert ink.names == ("greedy",) and ink.returns == (float(ink.score.total),)
    duel = play_match(RandomAgent(), RandomAgent(), TicTacToe(), games=1).records[0]
    assert isinstance(duel, GameRecord) and isinstance(duel, PlayedGame)


def test_bad_makers_are_named() -> None:
    with pytest.raises(InvalidArgumentError, match=r"bot must be one of .* got 3"):
        play(0, "known", 3)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match=r"seconds=1\.0 is for a bot named"):
        play(0, "known", RandomAgent(), 1.0)
    with pytest.raises(InvalidArgumentError, match="not an Agent"):
        play(0, "known", lambda seed: "nobody")  # type: ignore[arg-type,return-value]
    with pytest.raises(InvalidArgumentError, match="bot must be one of"):
        BotAgent("greed")


def test_ctrl_c_in_a_railroad_ink_agent_is_not_turned_into_another_error() -> None:
    class Interrupted:
        name = "interrupted"

        def choose(self, state: Any) -> Any:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        play(0, "known", lambda seed: Interrupted())
