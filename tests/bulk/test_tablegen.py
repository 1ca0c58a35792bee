"""The lookup tables file is what mjcore.bulk.tablegen builds, and it is complete from the start."""

from __future__ import annotations

import subprocess
import sys

import pytest

from mjcore.bulk import tablegen
from mjcore.hand import tables
from mjcore.hand.shanten import NARROW_BITS, WIDE_BITS, shanten


@pytest.mark.slow  # make verify (about 15 s): the file changes only with make tables
def test_the_file_is_what_tablegen_builds_byte_for_byte():
    assert tablegen.build() == tables.DATA_FILE.read_bytes()


def test_every_part_is_in_the_tables_before_the_first_answer():
    assert len(tables.SUIT) == len(tables.part_keys(9)) == 405_350
    assert len(tables.HONOR) == len(tables.part_keys(7)) == 43_130

    def stored():  # what the dicts themselves hold, not the length PartTable reports
        return [dict.__len__(table) for table in (tables.SUIT, tables.HONOR,
                                                  tables.SUIT_SHANTEN, tables.HONOR_SHANTEN)]

    before = stored(), len(tables.SUIT_EFF), len(tables.PAIR_SS)
    for hand in ("123456789m1111p", "11112222333344m", "1111222233334z", "44445555666677s"):
        shanten(hand)  # the last three have a part of more than SMALL tiles
    assert (stored(), len(tables.SUIT_EFF), len(tables.PAIR_SS)) == before
    small = [len(tables.part_keys(ranks, tables.SMALL)) for ranks in (9, 7)]
    assert before[0] == small * 2 == [74_396, 13_925] * 2


@pytest.mark.parametrize("name, ranks, array", [
    ("SUIT_SHANTEN", 9, "suit_shanten"), ("HONOR_SHANTEN", 7, "honor_shanten"),
    ("SUIT", 9, "suit_packed"), ("HONOR", 7, "honor_packed")])
def test_every_part_reads_its_number_from_the_file_through_the_dict_or_its_position(
        name, ranks, array):
    """Every part of at most 14 tiles, in the order of part_keys, reads the number the
    file holds for it: the small ones from the dict, the others through Positions."""
    table = getattr(tables, name)
    numbers = list(tables.read_tables(tables.DATA_FILE.read_bytes())[1][array])
    keys = tables.part_keys(ranks)
    small = len(tables.part_keys(ranks, tables.SMALL))
    assert [table[key] for key in keys] == numbers
    assert all(dict.__contains__(table, key) == (i < small) for i, key in enumerate(keys))
    assert [tables.POSITIONS[ranks].of(key) for key in keys] == list(range(len(keys)))
    assert list(table) == keys and table.values() == numbers
    assert sum(sum(key) > tables.SMALL for key in keys) == len(keys) - small > 0


BAD_PARTS = [bytes([4, 4, 4, 3, 0, 0, 0, 0, 0]),  # 15 tiles
             bytes([5, 0, 0, 0, 0, 0, 0, 0, 0]),  # a count of 5
             bytes([0, 0, 0, 0, 0, 0, 0, 5, 4]),  # a count of 5, the rest small
             bytes(8), bytes(10), b"", "000000000", (0,) * 9, 0]


@pytest.mark.parametrize("key", BAD_PARTS, ids=repr)
def test_a_key_that_is_no_part_is_refused_and_nothing_is_added(key):
    table = tables.SUIT_SHANTEN
    stored = dict.__len__(table)
    with pytest.raises(KeyError):
        table[key]
    assert key not in table and table.get(key) is None
    assert dict.__len__(table) == stored


def test_shanten_reads_only_the_first_stream_and_one_effective_answer_builds_the_rest():
    """In a fresh process: importing mjcore and answering shanten builds none of the second
    stream's tables; the first effective-tiles answer builds all of them, complete."""
    code = ("import mjcore; from mjcore.hand import tables as t; "
            "mjcore.shanten('19m19p19s1234567z', mjcore.RIICHI); "
            "print(len(t.WIDE_NAMES & set(vars(t)))); "
            "print(mjcore.effective_tiles('1112345678999m', mjcore.RIICHI).tiles); "
            "print(len(t.WIDE_NAMES & set(vars(t))), len(t.SUIT), len(t.SUIT_EFF))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split("\n")
    assert out[0] == "0"
    assert out[1] == "(0, 1, 2, 3, 4, 5, 6, 7, 8)"
    assert out[2] == f"{len(tables.WIDE_NAMES)} 405350 {len(tables.SUIT_EFF)}"


FIRST_CALLS = [  # each reads the second stream's tables first, in its own way
    "mjcore.effective_tiles('234578m1689p357s', mjcore.POYANG).tiles",
    "shanten_module.discard_mask('234578m1689p357s1z', mjcore.RIICHI)",
    "shanten_module.discard_mask('147m258p369s12355z', mjcore.POYANG)",
    "shanten_module.scan('147m258p369s1235z', mjcore.POYANG)",
    "mjcore.shanten('1m4m7m2p5p8p3s6s9s1z2z3z4z', mjcore.POYANG)",  # 十三烂 reads SUIT
    "mjcore.waits('1112345678999m', mjcore.RIICHI).tiles",
]


@pytest.mark.parametrize("call", FIRST_CALLS)
def test_a_first_call_in_a_fresh_process_answers_as_a_later_one(call):
    """The stand-ins of mjcore.shanten (until the second stream is read) answer as the
    tables do, whichever of them a first call reads first."""
    import mjcore

    shanten_module = sys.modules["mjcore.hand.shanten"]
    shanten_module.load_wide_tables()
    code = (f"import sys, mjcore; shanten_module = sys.modules['mjcore.hand.shanten']; "
            f"print(repr({call}))")
    first = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True).stdout.strip()
    assert first == repr(eval(call, {"mjcore": mjcore, "shanten_module": shanten_module}))


def test_a_damaged_file_is_refused():
    data = tables.DATA_FILE.read_bytes()
    old_format = data[:4] + (1).to_bytes(4, "little") + data[8:]
    for damaged in (b"XXXX" + data[4:], old_format, data[:10]):
        with pytest.raises(ValueError, match="run `make tables`"):
            tables.read_tables(damaged)


def layout(bits: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """(shift, bits) of each count, the fields one after another from bit 0."""
    return tuple((sum(bits[:i]), b) for i, b in enumerate(bits))


NARROW, WIDE = layout(NARROW_BITS), layout(WIDE_BITS)


def counts_of(fields: int, layout: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    return tuple(fields >> shift & (1 << bits) - 1 for shift, bits in layout)


def test_the_narrow_numbers_hold_what_the_wide_ones_do_for_every_part():
    """SUIT_SHANTEN (what shanten reads) against SUIT: same vector class and the same six
    counts, for all 405,350 suits and 43,130 honour parts, and one digit of a Python int."""
    for wide, narrow in ((tables.SUIT, tables.SUIT_SHANTEN), (tables.HONOR, tables.HONOR_SHANTEN)):
        assert wide.keys() == narrow.keys()
        for key, packed in wide.items():
            small = narrow[key]
            assert small < 1 << 29
            assert small & 1023 == packed & 1023
            assert counts_of(small >> 10, NARROW) == counts_of(packed >> 10, WIDE), key


def test_the_narrow_fields_hold_the_sums_of_any_hand_of_14_tiles():
    """The narrow fields (:data:`NARROW_BITS`, those shanten reads) hold each part's counts
    as the tables store them, and the largest sum of each count over the parts of any hand
    of at most 14 tiles."""
    bits, shifts = NARROW_BITS, [shift for shift, _ in NARROW]
    # kinds held twice or more, kinds held, fours, threes, terminal kinds, terminal pairs:
    # of each part from its counts (the key), packed at those shifts, against what the
    # tables store; and the largest of each count by the part's tiles
    largest = []
    for table, suit in ((tables.SUIT_SHANTEN, True), (tables.HONOR_SHANTEN, False)):
        seen, wrong = set(), []
        for key, value in table.items():
            fours, threes = key.count(4), key.count(3)
            twos, kinds = key.count(2) + threes + fours, len(key) - key.count(0)
            if suit:  # the terminals are the 1 and the 9
                ends, end_pairs = (key[0] > 0) + (key[8] > 0), (key[0] >= 2) + (key[8] >= 2)
            else:  # every honour is a terminal
                ends, end_pairs = kinds, twos
            counts = (twos, kinds, fours, threes, ends, end_pairs)
            if value >> 10 != sum(c << shift for c, shift in zip(counts, shifts, strict=True)):
                wrong.append(key)
            seen.add((sum(key), counts))
        assert not wrong, wrong[:5]
        most: dict[int, list[int]] = {}
        for tiles, counts in seen:
            row = most.setdefault(tiles, [0] * len(bits))
            row[:] = map(max, row, counts)
        largest.append(most)
    suit, honor = largest
    n = tables.MAX_TILES
    for field, b in enumerate(bits):
        # the largest sum over three suits and the honours of n tiles or fewer
        best = {0: 0}  # tiles so far: the largest sum
        for part in (suit, suit, suit, honor):
            more: dict[int, int] = {}
            for t, v in best.items():
                for u, row in part.items():
                    if t + u <= n:
                        more[t + u] = max(more.get(t + u, 0), v + row[field])
            best = more
        assert max(best.values()) < 1 << b, (field, max(best.values()), b)
    assert 10 + sum(bits) <= 29  # above the vector class, and one digit of a Python int
    four_parts = max(v & 1023 for v in tables.SUIT_SHANTEN.values()) * 4
    assert four_parts < 1024  # the four vector classes add up without a carry
