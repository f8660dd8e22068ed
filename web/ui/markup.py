"""HTML built so that every value put into it is escaped: the one way the table makes markup.

The renderer writes templates in the code and fills them with values that
may come from anywhere (a player's name, a save, ``localStorage``, the
engine). :func:`html` escapes every value it interpolates unless the value is
already :class:`Markup` (HTML this module built), so a stored
``"><img src=x onerror=...>`` shows as text and never becomes an element:

>>> name = '"><b id=inj>'
>>> html('<span title="{n}">{n}</span>', n=name)
Markup('<span title="&quot;&gt;&lt;b id=inj&gt;">&quot;&gt;&lt;b id=inj&gt;</span>')
>>> html("<p>{}</p>", html("<b>{}</b>", "bold & safe"))
Markup('<p><b>bold &amp; safe</b></p>')
>>> join(["<", html("<i>{}</i>", 1)])
Markup('&lt;<i>1</i>')

Templates are literal strings in the renderer's code (never built from
data); a test checks that no renderer module writes HTML in an f-string.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape as _escape


class Markup(str):
    """A string of HTML that is safe to insert as it is (built by :func:`html`)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"Markup({str.__repr__(self)})"

    def __add__(self, other: str) -> Markup:  # type: ignore[override]
        return Markup(str.__add__(self, escape(other)))

    def __radd__(self, other: str) -> Markup:
        return Markup(str.__add__(escape(other), self))


def escape(value: object) -> Markup:
    """``value`` as HTML text: Markup as it is, anything else escaped (quotes too).

    >>> escape("<a href='x'>"), escape(Markup("<br>")), escape(3)
    (Markup('&lt;a href=&#x27;x&#x27;&gt;'), Markup('<br>'), Markup('3'))
    """
    if isinstance(value, Markup):
        return value
    return Markup(_escape(str(value), quote=True))


def html(template: str, /, *args: object, **values: object) -> Markup:
    """Fill ``template`` (``str.format`` fields, no format specs) with escaped values."""
    return Markup(template.format(*map(escape, args), **{k: escape(v) for k, v in values.items()}))


def join(parts: Iterable[object], separator: str = "") -> Markup:
    """Concatenate ``parts``, escaping those that are not Markup (``separator`` is trusted)."""
    return Markup(separator.join(escape(part) for part in parts))


EMPTY = Markup("")
