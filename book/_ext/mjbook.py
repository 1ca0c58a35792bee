"""Sphinx glue for this book: mjcore cross-references, math, no thebe scripts.

1. Docstrings say :class:`HandError` inside ``mjcore.hand.decompose`` or
:func:`mjcore.is_win` for a name the package re-exports.  The API page
documents each object once, in the module that defines it, so these
targets have no entry of their own and a nitpicky build (``-n``) warns.
This handler looks the name up by importing it and points the reference
at the defining module.  A name that does not exist in mjcore still warns.

2. Jupyter Book always loads sphinx-thebe, which adds its configuration
script twice (a "THEBE_JS_URL has already been declared" error on every
page) and names a CDN address.  The book has no live code (thebe is off in
_config.yml), so both thebe scripts are left out of every page.

3. Math ($3n+2$, binomials) is turned into MathML at build time with the
pure-Python latex2mathml, which browsers render natively: no MathJax, so
no script from a CDN.  Select it with ``html_math_renderer: mathml``.

4. ``static/mjbook.css``, on every page: on a phone's width, a long word of prose
(a URL), long inline code and the API's signatures wrap instead of making the page
wider than the screen; on a wide screen the theme's top bar, with only a second search
field in it, is left out.

5. The site's icon (the browser tab's, where a browser would otherwise ask for a
``/favicon.ico`` the site does not have): mjcore's own picture of 7z 中, written at
each build by :func:`mjcore.view.render.tile_svg`.
"""

from __future__ import annotations

import html
import importlib
from pathlib import Path

from docutils import nodes
from sphinx.util import logging

logger = logging.getLogger(__name__)


def _lookup(target: str, context: str | None):
    """The full documented name of a target and its object, or (None, None)."""
    parts = target.lstrip("~.").split(".")
    tries = [(context, parts)] if context else []
    if parts[0] == "mjcore":
        tries += [(".".join(parts[:i]), parts[i:]) for i in range(len(parts) - 1, 0, -1)]
    else:
        tries.append(("mjcore", parts))
    for module_name, attrs in tries:
        try:
            obj = importlib.import_module(module_name)
            first = getattr(obj, attrs[0])
            obj = first
            for attr in attrs[1:]:
                obj = getattr(obj, attr)
        except (ImportError, AttributeError, IndexError):
            continue
        home = getattr(first, "__module__", None)
        if not isinstance(home, str) or not home.startswith("mjcore"):
            home = module_name  # data such as a tuple: documented where it was found
        return ".".join([home, *attrs]), obj
    return None, None


def _resolve(app, env, node, contnode):
    if node.get("refdomain") != "py":
        return None
    target = node.get("reftarget", "")
    if not (target.startswith(("mjcore", "~mjcore", ".")) or "." not in target):
        return None
    full, obj = _lookup(target, node.get("py:module"))
    if full is None:
        return None
    domain = env.get_domain("py")
    found = domain.resolve_any_xref(env, node["refdoc"], app.builder, full, node, contnode)
    if found:
        return found[0][1]
    # The name exists in mjcore but has no entry of its own (an undocumented
    # constant): show it as code rather than a dead link.
    return contnode


def _is_thebe(script) -> bool:
    filename = getattr(script, "filename", None) or ""
    body = (getattr(script, "attributes", None) or {}).get("body", "")
    return filename.endswith("sphinx-thebe.js") or "THEBE_JS_URL" in body


def _drop_thebe(app, pagename, templatename, context, doctree):
    if "script_files" in context:
        context["script_files"] = [s for s in context["script_files"] if not _is_thebe(s)]


def _mathml(node, latex: str, display: str) -> str:
    from latex2mathml.converter import convert

    try:
        return convert(latex, display=display)
    except Exception as exc:  # the converter raises many kinds for bad TeX
        logger.warning("cannot turn %r into MathML: %s", latex, exc, location=node)
        return f"<code>{html.escape(latex)}</code>"


def _visit_inline(self, node):
    self.body.append(f'<span class="math notranslate">{_mathml(node, node.astext(), "inline")}'
                     "</span>")
    raise nodes.SkipNode


def _visit_block(self, node):
    self.body.append(self.starttag(node, "div", CLASS="math notranslate"))
    if node.get("number"):
        self.body.append(f'<span class="eqno">({node["number"]})</span>')
    # a math_block from ``$$ ... $$`` (MyST's dollarmath) keeps its TeX as its text, one
    # from the math directive in "latex" as well
    self.body.append(_mathml(node, node.get("latex") or node.astext(), "block"))
    self.body.append("</div>\n")
    raise nodes.SkipNode


def _static(app, config):
    """Serve ``static/`` (``mjbook.css``) with the theme's files."""
    config.html_static_path = [*config.html_static_path, str(Path(__file__).parent / "static")]


FAVICON_TILE = "7z"
"""The tile whose picture is the site's icon: 中 (zhong, the red dragon)."""


def _favicon(app, config):
    """Write the icon's picture beside the build's doctrees and name it ``html_favicon``
    (Sphinx copies it into ``_static``), unless the configuration names one."""
    if config.html_favicon:
        return
    from mjcore import tile_index
    from mjcore.view.render import tile_svg

    path = Path(app.doctreedir) / "mjbook-icon.svg"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(tile_svg(tile_index(FAVICON_TILE)), encoding="utf-8")
    config.html_favicon = str(path)


def _refresh_static(app, exception):
    """Copy ``static/`` and the icon into the site again after a build that wrote no page:
    Sphinx copies its static files only when some page is out of date, so a change to
    ``mjbook.css`` alone would otherwise not reach a site built before."""
    if exception is not None or app.builder.format != "html":
        return
    static = Path(app.outdir) / "_static"
    static.mkdir(parents=True, exist_ok=True)
    files = [*(Path(__file__).parent / "static").iterdir(), Path(app.config.html_favicon)]
    for source in files:
        if source.is_file():
            (static / source.name).write_bytes(source.read_bytes())


def setup(app):
    app.setup_extension("mjeditions")  # the two editions: the switcher, a strict Chinese build
    app.connect("config-inited", _static)
    app.connect("config-inited", _favicon)
    app.connect("build-finished", _refresh_static)
    app.add_css_file("mjbook.css")
    app.connect("missing-reference", _resolve)
    app.connect("html-page-context", _drop_thebe)
    app.add_html_math_renderer("mathml", (_visit_inline, None), (_visit_block, None))
    return {"parallel_read_safe": True, "parallel_write_safe": True}
