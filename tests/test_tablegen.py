"""The lookup tables file is what mjcore.tablegen builds, and it is complete from the start."""

from __future__ import annotations

import ast
from pathlib import Path

from mjcore import tablegen, tables
from mjcore.shanten import shanten


def test_the_file_is_what_tablegen_builds_byte_for_byte():
    assert tablegen.build() == tables.DATA_FILE.read_bytes()


def test_every_part_is_in_the_tables_before_the_first_answer():
    assert len(tables.SUIT) == len(tables.part_keys(9)) == 405_350
    assert len(tables.HONOR) == len(tables.part_keys(7)) == 43_130
    before = (len(tables.SUIT), len(tables.HONOR), len(tables.SUIT_EFF), len(tables.PAIR_SS))
    shanten("123456789m1111p")
    assert (len(tables.SUIT), len(tables.HONOR), len(tables.SUIT_EFF),
            len(tables.PAIR_SS)) == before


def test_tables_do_not_import_the_forms():
    """The old cycle: tables imported forms (for 十三烂 waits) and forms imported tables."""
    source = Path(tables.__file__).read_text(encoding="utf-8")
    imported = {node.module for node in ast.walk(ast.parse(source))
                if isinstance(node, ast.ImportFrom)}
    assert "forms" not in imported and "tiles" in imported


def test_a_damaged_file_is_refused():
    data = tables.DATA_FILE.read_bytes()
    try:
        tables.read_tables(b"XXXX" + data[4:])
    except ValueError as error:
        assert "make tables" in str(error)
    else:
        raise AssertionError("a file with the wrong magic was read")
