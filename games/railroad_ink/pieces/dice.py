"""The dice of Railroad Ink: seeded roll sequences and the distribution of one round's roll.

Each round rolls the route die three times and the junction die once. A game's
whole roll sequence comes from one seed through its own ``numpy.random.default_rng(seed)``, never
global state, so the seed fixes the dice of all seven rounds, whoever plays them: bots are
compared on the same dice.

For chance nodes, ``round_outcomes()`` lists every distinct roll of one round as a multiset of
faces in canonical order (``canonical``: sorted by notation, since the order of a round's faces
does not matter to the rules), with its probability out of the 6^4 equally likely ordered rolls.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import numpy as np

from games.railroad_ink.pieces.tiles import JUNCTION_DIE, ROUTE_DIE, Tile
from treesearch.errors import InvalidArgumentError

__all__ = [
    "ROUNDS",
    "Roll",
    "canonical",
    "check_rolls",
    "check_seed",
    "roll_sequence",
    "round_outcomes",
]

ROUNDS = 7
"""Rounds in a game; each rolls four faces."""

Roll = tuple[Tile, Tile, Tile, Tile]
"""One round's faces: three of the route die, then one of the junction die (as rolled)."""


def canonical(faces: Iterable[Tile]) -> tuple[Tile, ...]:
    """The faces sorted by notation: the order in which a round's faces are handled.

    Examples:
        >>> [str(t) for t in canonical([Tile.parse("LL__"), Tile.parse("D_D_")])]
        ['D_D_', 'LL__']
    """
    return tuple(sorted(faces, key=str))


def check_seed(seed: object) -> int:
    """``seed`` as an int if it is an integer >= 0 (numpy integers too; bools are not).

    Raises:
        InvalidArgumentError: naming the bad seed.
    """
    if isinstance(seed, bool | np.bool_) or not isinstance(seed, int | np.integer) or seed < 0:
        raise InvalidArgumentError(f"seed must be an int >= 0, got {seed!r}")
    return int(seed)


def roll_sequence(seed: int) -> tuple[Roll, ...]:
    """The seven rounds' rolls of the game numbered ``seed``, each face in base orientation.

    The same seed always gives the same sequence (its own ``numpy`` generator, no global state).

    Examples:
        >>> rolls = roll_sequence(1)
        >>> len(rolls), len(rolls[0]), rolls == roll_sequence(1)
        (7, 4, True)
        >>> rolls[0][3] in JUNCTION_DIE and all(t in ROUTE_DIE for t in rolls[0][:3])
        True

    Raises:
        InvalidArgumentError: ``seed`` is not an int >= 0.
    """
    rng = np.random.default_rng(check_seed(seed))
    route = rng.integers(len(ROUTE_DIE), size=(ROUNDS, 3))
    junction = rng.integers(len(JUNCTION_DIE), size=ROUNDS)
    return tuple(
        (ROUTE_DIE[a], ROUTE_DIE[b], ROUTE_DIE[c], JUNCTION_DIE[j])
        for (a, b, c), j in zip(route.tolist(), junction.tolist(), strict=True)
    )


def _die_face(face: object, where: str) -> Tile:
    """The die face ``face`` shows (a ``Tile`` or its notation, in any orientation)."""
    try:
        tile = face if isinstance(face, Tile) else Tile.parse(face)  # type: ignore[arg-type]
    except (InvalidArgumentError, TypeError, ValueError, AttributeError) as error:
        raise InvalidArgumentError(f"{where}: {face!r} is not a tile ({error})") from None
    turns = set(tile.orientations())
    for die in (ROUTE_DIE, JUNCTION_DIE):
        for candidate in die:
            if candidate in turns or tile in candidate.orientations():
                return candidate
    raise InvalidArgumentError(f"{where}: {face!r} is not a face of either die")


def check_rolls(rolls: object) -> tuple[Roll, ...]:
    """Seven rounds' faces given by hand (dice rolled at a table, another program's games).

    Each round is four faces, ``Tile``s or notation in any orientation (``"_D_L"`` is the
    straight station): three of the route die and one of the junction die, in any order. They
    come back as ``roll_sequence`` gives them: the route faces in their order, then the
    junction face, each in its base orientation.

    Examples:
        >>> rolls = check_rolls([["_D_D", "_LL_", "_DDD", "__DL"]] * 7)
        >>> [str(t) for t in rolls[0]]
        ['D_D_', 'LL__', 'DDD_', 'DL__']

    Raises:
        InvalidArgumentError: not seven rounds of four faces, a face of neither die, or a
            round without exactly one junction face, naming the round and the face.
    """
    if isinstance(rolls, str | bytes) or not isinstance(rolls, Iterable):
        raise InvalidArgumentError(f"rolls must be {ROUNDS} rounds of 4 faces, got {rolls!r}")
    rounds = list(rolls)
    if len(rounds) != ROUNDS:
        raise InvalidArgumentError(f"rolls must have {ROUNDS} rounds, got {len(rounds)}")
    out = []
    for number, faces in enumerate(rounds, 1):
        where = f"round {number} of rolls"
        if isinstance(faces, str | bytes) or not isinstance(faces, Iterable):
            raise InvalidArgumentError(f"{where} must be 4 faces, got {faces!r}")
        tiles = [_die_face(face, where) for face in faces]
        route = [t for t in tiles if t in ROUTE_DIE]
        junction = [t for t in tiles if t not in ROUTE_DIE]
        if len(route) != 3 or len(junction) != 1:
            raise InvalidArgumentError(
                f"{where} must be 3 route faces and 1 junction face, got "
                f"{[str(t) for t in tiles]!r}"
            )
        out.append((route[0], route[1], route[2], junction[0]))
    return tuple(out)


def round_outcomes() -> tuple[tuple[tuple[Tile, ...], float], ...]:
    """Every distinct roll of one round, as canonical faces, with its probability.

    There are 168 (56 multisets of three route faces times 3 junction faces); the
    probabilities sum to 1. Computed once at import, then shared (the tuple is immutable).

    Examples:
        >>> outcomes = round_outcomes()
        >>> len(outcomes), round(sum(p for _, p in outcomes), 12)
        (168, 1.0)
    """
    return _OUTCOMES


def _all_outcomes() -> tuple[tuple[tuple[Tile, ...], float], ...]:
    """Count the 6^4 ordered rolls by canonical multiset; sort by notation for a fixed order."""
    counts: Counter[tuple[Tile, ...]] = Counter(
        canonical((a, b, c, j))
        for a in ROUTE_DIE
        for b in ROUTE_DIE
        for c in ROUTE_DIE
        for j in JUNCTION_DIE
    )
    total = sum(counts.values())
    ordered = sorted(counts.items(), key=lambda kv: _names(kv[0]))
    return tuple((faces, n / total) for faces, n in ordered)


def _names(faces: tuple[Tile, ...]) -> tuple[str, ...]:
    return tuple(str(t) for t in faces)


_OUTCOMES = _all_outcomes()
