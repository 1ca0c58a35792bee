"""The Chinese edition (中文版): its Sphinx configuration, its catalogues, its build.

    python tools/editions.py conf        # write _build/zh_CN.conf/conf.py
    python tools/editions.py html        # build _build/html/zh_CN (make book)
    python tools/editions.py catalogues  # update locales/zh_CN after a change (make locales)

The English edition is built by ``jupyter-book build`` from ``_config.yml``.  Jupyter
Book 1 cannot pass ``-D`` overrides to Sphinx (its issue #1791), so this script writes
the Sphinx configuration ``jupyter-book config sphinx`` derives from the same
``_config.yml`` into ``_build/zh_CN.conf/conf.py``, adds what the Chinese edition
changes (:data:`ZH`), and runs ``sphinx-build`` itself:

- ``html``: the Chinese edition into ``_build/html/zh_CN``, strictly (``-W -n``).
  Nothing is executed: the chapters' runs come from the same cache the English build
  reads (``_build/.jupyter_cache``, filled by ``tools/run_chapters.py``).  The prose is
  read from ``locales/zh_CN/LC_MESSAGES``; code, outputs and pictures are the same.
- ``catalogues``: Sphinx's gettext builder extracts every paragraph, heading, caption
  and table cell of the book into ``_build/gettext``, one catalogue per page, and
  ``sphinx-intl`` merges them into the ``.po`` files under ``locales/zh_CN`` (a changed
  English paragraph becomes a fuzzy message, a new one an empty message: the test of
  the catalogues fails on both until they are translated).  The API page's
  docstrings are left out: the library's reference stays in English in both editions.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
LOCALES = ROOT / "locales"
LANGUAGE = "zh_CN"
CONF = ROOT / "_build" / f"{LANGUAGE}.conf"
OUT = ROOT / "_build" / "html" / LANGUAGE
DOCTREES = ROOT / "_build" / f"{LANGUAGE}.doctrees"
GETTEXT = ROOT / "_build" / "gettext"

ZH = f'''
# ---- the Chinese edition (tools/editions.py) ----
import sys
sys.path.insert(0, {str(ROOT / "book" / "_ext")!r})
locale_dirs = [{str(LOCALES)!r}]
gettext_compact = False
gettext_uuid = False
gettext_location = True
nb_execution_cache_path = {str(ROOT / "_build" / ".jupyter_cache")!r}
html_title = "麻将胡牌算法"
html_theme_options["search_bar_text"] = "搜索本书…"
html_theme_options["extra_footer"] = "本书的每个结论都能运行：用 <code>make book</code> 离线构建。"
# Chinese search: Sphinx splits words with jieba, quietly
import logging, warnings
warnings.filterwarnings("ignore", message="pkg_resources is deprecated")
import jieba
jieba.setLogLevel(logging.WARNING)
'''
"""What the Chinese edition adds to the configuration ``jupyter-book config sphinx``
writes (the language itself is passed as ``-D language=zh_CN``)."""


def search_terms(glossary: Path = ROOT / "book" / "glossary.md") -> list[str]:
    """The Chinese terms of the glossary (its 中文 column), which the Chinese search must
    keep whole: jieba, which splits the pages into words for Sphinx's index, does not
    know 向听 or 有效张 and would cut them into single characters.

    >>> {"向听", "有效张", "赖子", "万能牌"} <= set(search_terms())
    True
    """
    terms = []
    for line in glossary.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) >= 2:
            for term in re.split(r"\s*[/、,]\s*", cells[1]):
                term = re.sub(r"\s*[(（].*", "", term).strip()
                if re.fullmatch(r"[\u4e00-\u9fff]{2,}", term) and term not in terms:
                    terms.append(term)
    return terms


def write_conf() -> Path:
    """``_build/zh_CN.conf/conf.py``: ``jupyter-book config sphinx`` of this book, and
    :data:`ZH`, with the glossary's terms as jieba's dictionary for the search."""
    made = ROOT / "conf.py"
    if made.exists():
        raise SystemExit(f"error: {made} exists: this script writes its own and moves it")
    subprocess.run([str(BIN / "jupyter-book"), "config", "sphinx", str(ROOT)], check=True,
                   stdout=subprocess.DEVNULL)
    CONF.mkdir(parents=True, exist_ok=True)
    text = made.read_text(encoding="utf-8")
    made.unlink()
    terms = CONF / "search-terms.txt"
    terms.write_text("".join(f"{t} 100000 n\n" for t in search_terms()), encoding="utf-8")
    search = f"html_search_options = {{'dict': {str(terms)!r}}}\n"
    (CONF / "conf.py").write_text(text + ZH + search, encoding="utf-8")
    return CONF


def sphinx(*args: str) -> None:
    """Run sphinx-build on this book with the written configuration."""
    command = [str(BIN / "sphinx-build"), "-c", str(CONF), *args]
    result = subprocess.run(command, cwd=ROOT)
    if result.returncode:
        raise SystemExit(result.returncode)


def html() -> None:
    """Build the Chinese edition into ``_build/html/zh_CN``, strictly (with the
    configuration ``conf`` wrote, or a new one)."""
    if not (CONF / "conf.py").exists():
        write_conf()
    sphinx("-b", "html", "-W", "-n", "--keep-going", "-q", "-D", f"language={LANGUAGE}",
           "-d", str(DOCTREES), str(ROOT), str(OUT))
    print(f"The Chinese edition is in {OUT.relative_to(ROOT)}", flush=True)


_DOCSTRING = re.compile(r"\S*docstring of \S+")


def drop_docstrings(po: Path) -> int:
    """Remove from a catalogue the messages found only in docstrings (autodoc): the
    API reference stays in English.  The number removed."""
    blocks = po.read_text(encoding="utf-8").split("\n\n")

    def docstring_only(block: str) -> bool:
        places = [line[3:] for line in block.splitlines() if line.startswith("#: ")]
        return bool(places) and any(_DOCSTRING.search(p) for p in places) and all(
            not _DOCSTRING.sub("", p).strip() for p in places)

    kept = [b for b in blocks if not docstring_only(b)]
    po.write_text("\n\n".join(kept), encoding="utf-8")
    return len(blocks) - len(kept)


def catalogues() -> None:
    """Extract the English messages and merge them into ``locales/zh_CN``."""
    write_conf()
    if GETTEXT.exists():
        shutil.rmtree(GETTEXT)
    sphinx("-b", "gettext", "-q", "-d", str(ROOT / "_build" / "gettext.doctrees"),
           str(ROOT), str(GETTEXT))
    for pot in GETTEXT.rglob("*.pot"):  # the docstrings leave before the merge
        drop_docstrings(pot)
    subprocess.run([str(BIN / "sphinx-intl"), "update", "-p", str(GETTEXT), "-l", LANGUAGE,
                    "-d", str(LOCALES), "-w", "0"], check=True, cwd=ROOT,
                   env={**os.environ, "PYTHONWARNINGS": "ignore"})
    for po in (LOCALES / LANGUAGE / "LC_MESSAGES").rglob("*.po"):
        drop_locations(po)
    print(f"The catalogues are in {LOCALES.relative_to(ROOT)}/{LANGUAGE}/LC_MESSAGES",
          flush=True)


def drop_locations(po: Path) -> None:
    """Remove the ``#:`` lines (where a message was found): they name the clone's path
    and move with every edit above a paragraph, which would change every catalogue; and
    the python-format flags."""
    text = po.read_text(encoding="utf-8")
    text = re.sub(r"^#: .*\n", "", text, flags=re.M)
    # Babel takes "95% interval" for a format string; Sphinx formats nothing, and the flag
    # would make msgfmt --check ask for the same % in the Chinese
    text = re.sub(r"^#, python-format\n", "", text, flags=re.M)
    text = re.sub(r"^(#,.*), python-format", r"\1", text, flags=re.M)
    text = re.sub(r'^"POT-Creation-Date: .*\n', "", text, flags=re.M)
    po.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("step", choices=("conf", "html", "catalogues"))
    args = parser.parse_args(argv)
    {"conf": write_conf, "html": html, "catalogues": catalogues}[args.step]()


if __name__ == "__main__":
    main()
