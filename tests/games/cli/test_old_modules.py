"""Old module paths of the command line warn and re-export their names, for one release."""

from __future__ import annotations

import importlib
import sys

import pytest

from games.cli import common, compare_command, entrants, play_command, run_command, video_command


@pytest.mark.parametrize(
    ("old", "new", "name"),
    [
        ("games.cli.harness", entrants, "entrants"),
        ("games.cli.play", play_command, "prepare_play"),
        ("games.cli.commands", run_command, "prepare_run"),
        ("games.cli.commands", compare_command, "prepare_compare"),
        ("games.cli.commands", video_command, "prepare_video"),
        ("games.cli.commands", common, "budget_of"),
    ],
)
def test_an_old_path_warns_and_gives_the_new_objects(old: str, new: object, name: str) -> None:
    sys.modules.pop(old, None)
    with pytest.warns(DeprecationWarning, match=f"{old} is deprecated"):
        module = importlib.import_module(old)
    assert getattr(module, name) is getattr(new, name)
