"""The Chinese edition's tools: tools/editions.py (catalogues, search terms) and the
language link of book/_ext/mjeditions.py."""

from __future__ import annotations

import doctest
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "book" / "_ext"))

import editions  # noqa: E402
import mjeditions  # noqa: E402

PO = '''msgid ""
msgstr ""
"Language: zh_CN\\n"

#: ../../mjcore/hand/waits.py:docstring of mjcore.hand.waits.waits:1
msgid "The waits of a hand."
msgstr ""

#: ../../book/api.md:3 ../../mjcore/x.py:docstring of mjcore.x:1
msgid "Both on the page and in a docstring."
msgstr ""

#: ../../book/api.md:5
#, python-format
msgid "Wins 95% of the time."
msgstr ""
'''


def test_the_doctests_pass() -> None:
    for module in (editions, mjeditions):
        assert doctest.testmod(module).failed == 0


def test_docstring_messages_leave_the_catalogue(tmp_path: Path) -> None:
    po = tmp_path / "api.pot"
    po.write_text(PO, encoding="utf-8")
    assert editions.drop_docstrings(po) == 1
    text = po.read_text(encoding="utf-8")
    assert "The waits of a hand." not in text
    assert "Both on the page and in a docstring." in text and "Wins 95%" in text


def test_locations_and_format_flags_leave_the_catalogue(tmp_path: Path) -> None:
    po = tmp_path / "api.po"
    po.write_text(PO, encoding="utf-8")
    editions.drop_locations(po)
    text = po.read_text(encoding="utf-8")
    assert "#:" not in text and "python-format" not in text
    assert text.count("msgid") == 4


def test_search_terms_are_the_glossary_chinese() -> None:
    terms = editions.search_terms()
    assert {"向听", "有效张", "听牌", "点炮胡", "十三烂"} <= set(terms)
    assert all(len(t) >= 2 for t in terms) and len(terms) == len(set(terms))


def test_the_language_link_of_every_depth() -> None:
    assert mjeditions.edition_link("book/intro", "en") == {
        "lang": "zh-CN", "label": "中文", "title": "本页的中文版",
        "href": "../zh_CN/book/intro.html"}
    assert mjeditions.edition_link("book/intro", "zh_CN")["href"] == "../../book/intro.html"
    assert mjeditions.edition_link("genindex", "zh_CN")["label"] == "English"
