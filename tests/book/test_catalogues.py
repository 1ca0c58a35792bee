"""The Chinese edition's catalogues (locales/zh_CN): every message translated, none fuzzy,
and each translation keeps its English message's code, links, roles and math.

A changed English paragraph becomes a fuzzy message when ``make locales`` merges the
catalogues, a new one an empty message: both fail here until translated.  (That the
catalogues hold every message the pages have now is checked by the Chinese build itself:
``book/_ext/mjeditions.py`` warns of an untranslated paragraph, and the build is strict.)
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

babel_pofile = pytest.importorskip("babel.messages.pofile")

ROOT = Path(__file__).resolve().parents[2]
MESSAGES = ROOT / "locales" / "zh_CN" / "LC_MESSAGES"
CATALOGUES = sorted(MESSAGES.rglob("*.po"))
PAGES = sorted([*ROOT.glob("notebooks/*.ipynb"), *ROOT.glob("book/*.md")])

# What a translation carries over unchanged: code spans (with a role before them),
# link targets, math, HTML tags.
_KEPT = (
    re.compile(r"(?:\{[\w:-]+\})?(`+)(.+?)\1"),   # `code`, {func}`name`
    re.compile(r"\]\(([^)\s]+)\)"),                 # [text](target)
    re.compile(r"(?<![\\$])\$([^$\n]+?)\$"),        # $math$
    re.compile(r"</?[a-zA-Z][^>]*>"),               # <tag>
)


def kept(text: str) -> Counter:
    """The pieces of ``text`` a translation must keep as they are."""
    return Counter(m.group(0) for pattern in _KEPT for m in pattern.finditer(text))


def read(path: Path):
    with open(path, "rb") as f:
        return babel_pofile.read_po(f, abort_invalid=True)


def test_every_page_has_a_catalogue() -> None:
    names = {p.relative_to(MESSAGES).with_suffix("").as_posix() for p in CATALOGUES}
    pages = {p.relative_to(ROOT).with_suffix("").as_posix() for p in PAGES}
    assert pages <= names, f"no catalogue for {sorted(pages - names)}: run make locales"


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.stem)
def test_every_message_is_translated(path: Path) -> None:
    catalogue = read(path)
    messages = [m for m in catalogue if m.id]
    assert messages, f"{path.name} has no messages"
    untranslated = [m.id for m in messages if not m.string]
    fuzzy = [m.id for m in messages if m.fuzzy]
    assert not untranslated, f"{len(untranslated)} untranslated in {path.name}, first: " \
        f"{untranslated[0][:80]!r}"
    assert not fuzzy, f"{len(fuzzy)} fuzzy (the English changed) in {path.name}, first: " \
        f"{fuzzy[0][:80]!r}"


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.stem)
def test_translations_keep_code_links_and_math(path: Path) -> None:
    for message in read(path):
        if not message.id or not message.string:
            continue
        assert kept(message.string) == kept(message.id), (
            f"{path.name}: the translation of {message.id[:70]!r} changes its code, links "
            f"or math: {kept(message.id) - kept(message.string)} missing, "
            f"{kept(message.string) - kept(message.id)} added")


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: p.stem)
def test_translations_are_chinese(path: Path) -> None:
    """A translation that is a copy of its English (beyond code, numbers and names) is
    not one: every message with three English words outside code has Chinese in it."""
    for message in read(path):
        if not message.id or not message.string:
            continue
        prose = re.sub(r"`[^`]*`|\$[^$]*\$|\([^)]*\)|<[^>]*>", "", message.id)
        if len(re.findall(r"[A-Za-z]{3,}", prose)) >= 3:
            assert re.search(r"[\u4e00-\u9fff]", message.string), (
                f"{path.name}: {message.string[:80]!r} is not translated")


def test_kept_finds_the_pieces() -> None:
    text = "Call {func}`mjcore.shanten` on `hand`, see [chapter 2](02_x.ipynb) and $3n+2$."
    assert kept(text) == Counter(["{func}`mjcore.shanten`", "`hand`", "](02_x.ipynb)",
                                  "$3n+2$"])
    assert kept("调用 `hand`") != kept(text)
