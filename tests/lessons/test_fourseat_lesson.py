"""The chapter's exact four-seat player (mjcore.lessons.fourseat) against the brute force
over every order of the wall (tests/oracles/fourseat_oracle.py, full information)."""

from __future__ import annotations

import random

import pytest
from fourseat_oracle import four_seat_value

from mjcore import HandError
from mjcore.lessons.fourseat import MAX_WALL, best_four_seats

CASES = [("1222588", "33556668"), ("1145568", "66778889"), ("1699", "11778899"),
         ("3357799", "11368888"), ("6779", "11122279"), ("5689", "11122249"),
         ("1126", "22344666"), ("4589", "3366777799"), ("1234", "14556677")]


def nine(tiles: str) -> tuple[int, ...]:
    return tuple(tiles.count(str(r + 1)) for r in range(9))


def seeded(count: int, seed: int = 5) -> list[tuple[str, str]]:
    """Seeded one-suit cases: a 4- or 7-tile hand, a wall of 8 tiles."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        hand = "".join(sorted(str(rng.randrange(9) + 1) for _ in range(rng.choice([4, 7]))))
        room = [4 - hand.count(str(r + 1)) for r in range(9)]
        if min(room) < 0:
            continue
        kinds = rng.sample(range(9), 4)
        wall = ""
        while len(wall) < 8 and any(room[k] for k in kinds):
            k = rng.choice(kinds)
            if room[k]:
                room[k] -= 1
                wall += str(k + 1)
        if len(wall) == 8:
            found.append((hand, "".join(sorted(wall))))
    return found


@pytest.mark.parametrize("hand, wall", CASES + seeded(8))
def test_the_lesson_is_the_oracles_full_information_value(hand, wall):
    for discard_wins in (False, True):
        for calls in (False, True):
            mine = best_four_seats(hand + "m", wall + "m", 2, discard_wins, calls)
            theirs = four_seat_value(nine(hand), nine(wall), 2, discard_wins, "full",
                                     calls=calls)[0]
            assert mine == theirs, (hand, wall, discard_wins, calls)


def test_bad_arguments():
    for args, message in [(("123m", "45678999m", 1), "3n\\+1"),
                          (("1111m", "1234m", 1), "more than four"),
                          (("1m", "1234567" * 3 + "m", 1), f"at most {MAX_WALL}"),
                          (("1m", "2345m", 2), "turns")]:
        with pytest.raises(HandError, match=message):
            best_four_seats(*args)
