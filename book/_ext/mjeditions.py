"""The book's two editions: a link to the same page in the other one, and a strict
Chinese build.

The English edition is built into ``_build/html`` and the Chinese one into
``_build/html/zh_CN`` (``tools/editions.py``), from the same pages: the Chinese prose
comes from the catalogues in ``locales/zh_CN``.

1. Every page gets, in its header, a link to the same page in the other edition
   (sphinx-book-theme has no language switcher): the template ``mj-edition.html``,
   placed before the theme's header buttons, with the address this module works out
   from the page's name (relative, so the site works from any folder or server).

2. In the Chinese build, a paragraph, heading or cell whose English is not translated
   in its catalogue (a new paragraph, or one changed since its translation: a fuzzy
   message) is a warning, which the strict build (``-W``) turns into an error.  Sphinx
   would show the English silently.  The API page's docstrings are left in English
   (tools/editions.py leaves them out of the catalogues), so they are not checked.

3. The Chinese search index is built in seconds, not a minute: Sphinx 7.4's Chinese
   splitter keeps every Latin word of every page in one list and, for each word it
   stems, asks whether the word is in that list (:class:`LatinTerms` answers from a set,
   the same answer).
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms import SphinxTransform
from sphinx.util import logging
from sphinx.util.i18n import docname_to_domain
from sphinx.util.nodes import extract_messages

logger = logging.getLogger(__name__)

HERE = Path(__file__).resolve().parent
CHINESE = "zh_CN"
EDITIONS = {
    "en": {"lang": "zh-CN", "label": "中文", "title": "本页的中文版", "folder": "zh_CN/"},
    CHINESE: {"lang": "en", "label": "English", "title": "This page in English", "folder": ""},
}
"""For a page of each edition (by ``language``), the link to the other one."""


def edition_link(pagename: str, language: str | None) -> dict:
    """The other edition's address of ``pagename`` relative to the page, and its label.

    >>> edition_link("notebooks/05_waits_probability", "en")["href"]
    '../zh_CN/notebooks/05_waits_probability.html'
    >>> edition_link("notebooks/05_waits_probability", "zh_CN")["href"]
    '../../notebooks/05_waits_probability.html'
    >>> edition_link("search", "zh_CN")["href"], edition_link("index", None)["href"]
    ('../search.html', 'zh_CN/index.html')
    """
    chinese = language == CHINESE
    link = dict(EDITIONS[CHINESE if chinese else "en"])
    up = "../" * pagename.count("/") + ("../" if chinese else "")
    link["href"] = f"{up}{link.pop('folder')}{pagename}.html"
    return link


def _page_context(app, pagename, templatename, context, doctree):
    context["mj_edition"] = edition_link(pagename, app.config.language)


def _header(app, config):
    """Put the link first among the theme's header buttons, and make its template
    findable."""
    config.templates_path = [*config.templates_path, str(HERE / "templates")]
    options = dict(config.html_theme_options or {})
    options["article_header_end"] = ["mj-edition.html", "article-header-buttons.html"]
    config.html_theme_options = options


_TRANSLATED: dict[Path, dict[str, str]] = {}


def translated(po: Path) -> dict[str, str]:
    """The messages of a catalogue that have a translation (not empty, not fuzzy), and
    their translations."""
    if po not in _TRANSLATED:
        from babel.messages.pofile import read_po

        found: dict[str, str] = {}
        if po.exists():
            with open(po, "rb") as f:
                found = {m.id: m.string for m in read_po(f)
                         if m.id and m.string and not m.fuzzy}
        _TRANSLATED[po] = found
    return _TRANSLATED[po]


def _catalogue(transform: SphinxTransform) -> dict[str, str]:
    """The translations of the page's catalogue (``{}`` outside the Chinese build)."""
    if transform.config.language != CHINESE or transform.app.builder.name == "gettext":
        return {}
    domain = docname_to_domain(transform.env.docname, transform.config.gettext_compact)
    have: dict[str, str] = {}
    for folder in transform.config.locale_dirs:
        have.update(translated(Path(transform.env.srcdir, folder, CHINESE, "LC_MESSAGES",
                                    f"{domain}.po")))
    return have


def _warn(transform: SphinxTransform, found: list, what: str) -> None:
    for node, message in found[:3]:
        logger.warning("%s: %r", what, message[:80], location=node)
    if len(found) > 3:
        logger.warning("%d more in %s (%s)", len(found) - 3, transform.env.docname, what)


def _in_front_matter(node) -> bool:
    """A field of a page's front matter (jupytext's metadata, a field list at the top of
    the document until docutils makes it the docinfo): not shown, not extracted."""
    while node is not None:
        if isinstance(node, (nodes.docinfo, nodes.field_list)) and isinstance(
                node.parent, nodes.document):
            return True
        node = node.parent
    return False


class Untranslated(SphinxTransform):
    """In the Chinese build, warn of each message its catalogue does not translate
    (before Sphinx's own transform replaces the translated ones)."""

    default_priority = 19  # sphinx.transforms.i18n.Locale is 20

    def apply(self, **kwargs) -> None:
        have = _catalogue(self)
        if not have:
            return
        _warn(self, [(node, message) for node, message in extract_messages(self.document)
                     if message not in have and "docstring of" not in (node.source or "")
                     and not _in_front_matter(node)],
              "untranslated (run make locales, then translate it)")


class NotApplied(SphinxTransform):
    """After Sphinx's transform, warn of each message still in English though its
    catalogue translates it: Sphinx parses a translation as MyST and keeps the English
    when the result is not the same kind of node (a heading "1\\. 听牌形状" needs its
    backslash, or it reads as a list)."""

    default_priority = 21

    def apply(self, **kwargs) -> None:
        have = _catalogue(self)
        if not have:
            return
        _warn(self, [(node, message) for node, message in extract_messages(self.document)
                     if have.get(message, message) != message
                     and not node.get("translated")],
              "translated, but the translation did not replace it (is it valid MyST?)")


class Captions(SphinxTransform):
    """The captions of the table of contents ("Chapters", "Reference"): Jupyter Book's
    toctrees are inserted after Sphinx's translation (sphinx-external-toc, priority 100),
    so they are translated here from the root page's catalogue, or warned of."""

    default_priority = 101

    def apply(self, **kwargs) -> None:
        have = _catalogue(self)
        if not have:
            return
        for node in self.document.findall(addnodes.toctree):
            caption = node.get("caption")
            if not caption:
                continue
            if caption in have:
                node["caption"] = have[caption]
            else:
                _warn(self, [(node, caption)], "untranslated caption (run make locales)")


class LatinTerms(list):
    """The Latin words the Chinese splitter has met, a list as Sphinx keeps them, with
    ``in`` answered from a set (Sphinx asks it once for every word of the index: over a
    list of tens of thousands of words, most of the Chinese build's time)."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: set[str] = set()

    def extend(self, words) -> None:
        words = list(words)
        super().extend(words)
        self.seen.update(words)

    def append(self, word: str) -> None:
        super().append(word)
        self.seen.add(word)

    def __contains__(self, word: object) -> bool:
        return word in self.seen


def _quick_chinese_search(app, config) -> None:
    if config.language == CHINESE:
        from sphinx.search import zh

        if not isinstance(zh.SearchChinese.latin_terms, LatinTerms):
            zh.SearchChinese.latin_terms = LatinTerms()


def setup(app):
    app.connect("config-inited", _quick_chinese_search)
    app.connect("config-inited", _header)
    app.connect("html-page-context", _page_context)
    app.add_transform(Untranslated)
    app.add_transform(NotApplied)
    app.add_transform(Captions)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
