"""A redraw never undoes what the player typed, ticked, chose or unfolded
(web/page/draw.js): the page draws the whole screen again at every change (a friend
knocking, a bot's move, the language), and morphdom set every field back to its markup,
emptying the host's name as a guest knocked and folding the relays being typed.

Checked on draw.js itself, in a page of its own with the site's morphdom, for each kind
of field; the host typing a name as a friend knocks is in test_friends_by_code.py."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]

FORM = """
<form>
  <input id="name" value="{name}">
  <input id="pass" type="password" value="">
  <textarea id="relays">{relays}</textarea>
  <input id="bot" type="checkbox" {bot}>
  <select id="count"><option value="2" {two}>2</option><option value="4">4</option></select>
  <details id="more" {more}><summary>More</summary><input id="inner" value=""></details>
  <input id="file" type="file">
  <p>{words}</p>
</form>"""


def form(name: str = "", relays: str = "", bot: bool = False, two: bool = True,
         more: bool = False, words: str = "") -> str:
    return FORM.format(name=name, relays=relays, bot="checked" if bot else "",
                       two="selected" if two else "", more="open" if more else "",
                       words=words)


@pytest.fixture
def drawn(page, site_dir):
    """A blank page with morphdom and draw.js, the site's, and ``draw(markup)``."""
    page.set_content("<main id='root'></main>")
    page.add_script_tag(content=(site_dir / "web/vendor/morphdom.js").read_text())
    page.add_script_tag(content=(site_dir / "web/page/draw.js").read_text())

    def draw(markup: str) -> None:
        page.evaluate("(html) => s40draw(document.getElementById('root'), html)", markup)

    return page, draw


def values(page) -> dict:
    return page.evaluate("""() => {
      const of = (id) => document.getElementById(id);
      return {name: of('name').value, pass: of('pass').value, relays: of('relays').value,
              bot: of('bot').checked, count: of('count').value, more: of('more').open,
              inner: of('inner').value};
    }""")


def test_a_redraw_of_the_same_markup_keeps_every_change_of_the_player(drawn):
    page, draw = drawn
    draw(form())
    page.fill("#name", "Marta")
    page.fill("#pass", "segreto")
    page.fill("#relays", "wss://relay.example")
    page.check("#bot")
    page.select_option("#count", "4")
    page.click("#more summary")
    page.fill("#inner", "turn:example")
    typed = values(page)
    for words in ("Bea vuole entrare", "Bea wants to join", ""):  # what else changed
        draw(form(words=words))
        assert values(page) == typed
    # typed a second time, and redrawn twice more: still the player's
    page.fill("#name", "Marta Rossi")
    draw(form())
    draw(form(words="again"))
    assert values(page)["name"] == "Marta Rossi"


def test_what_the_page_changes_in_the_markup_wins(drawn):
    page, draw = drawn
    draw(form())
    page.fill("#name", "Marta")
    page.check("#bot")
    page.click("#more summary")
    draw(form(name="Bea", bot=False, two=False, more=False))  # the page filled a name
    assert values(page)["name"] == "Bea"
    draw(form(name="Bea", bot=True, more=True))  # and ticked the box, and unfolded
    assert values(page)["bot"] is True and values(page)["more"] is True
    page.fill("#name", "")  # the player empties it: kept through the same markup
    draw(form(name="Bea", bot=True, more=True))
    assert values(page)["name"] == ""


def test_a_field_whose_surroundings_change_keeps_its_value_focus_and_caret(drawn):
    """A redraw that builds what is around a field anew (the screen's next state: a box
    added above it, its section another) moves the field, found by its id, into the new
    markup: its text, the focus and the caret stay, as does an unfolded fold around it."""
    page, draw = drawn
    draw('<section><details id="more"><summary>More</summary>'
         '<textarea id="relays"></textarea></details></section>')
    page.click("#more summary")
    page.fill("#relays", "wss://one.example\nwss://two.example")
    page.focus("#relays")
    page.evaluate("document.getElementById('relays').setSelectionRange(5, 9)")
    draw('<p>Bea wants to join</p><article><details id="more"><summary>More</summary>'
         '<textarea id="relays"></textarea></details></article>')
    assert page.evaluate("""() => {
      const box = document.getElementById('relays');
      return [box.value, document.activeElement === box, box.selectionStart, box.selectionEnd,
              document.getElementById('more').open, box.closest('article') !== null];
    }""") == ["wss://one.example\nwss://two.example", True, 5, 9, True, True]


def test_a_field_of_the_first_paint_keeps_what_was_typed(page, site_dir):
    """A field drawn before draw.js drew anything (the page's first paint, whole) has no
    note of what was drawn: its markup's own default stands for it."""
    page.set_content("<main id='root'><input id='name' value='Anna'>"
                     "<input id='bot' type='checkbox'>"
                     "<select id='count'><option>2</option><option>4</option></select></main>")
    page.add_script_tag(content=(site_dir / "web/vendor/morphdom.js").read_text())
    page.add_script_tag(content=(site_dir / "web/page/draw.js").read_text())
    page.fill("#name", "Anna Maria")
    page.check("#bot")
    page.select_option("#count", "4")
    markup = ("<input id='name' value='Anna'><input id='bot' type='checkbox'>"
              "<select id='count'><option>2</option><option>4</option></select><p>{}</p>")
    page.evaluate("(html) => s40draw(document.getElementById('root'), html)",
                  markup.format("Bea wants to join"))
    assert page.evaluate("""() => [document.getElementById('name').value,
      document.getElementById('bot').checked, document.getElementById('count').value]""") \
        == ["Anna Maria", True, "4"]


def test_a_choice_stays_when_its_words_change(drawn):
    """A language switch draws every list and radio group again in other words: the
    player's choice in each stays, as the markup chose the same as before."""
    page, draw = drawn
    markup = ('<select id="level"><option value="easy" selected>{easy}</option>'
              '<option value="hard">{hard}</option></select>'
              '<label><input type="radio" name="way" value="net" checked>{net}</label>'
              '<label><input type="radio" name="way" value="room">{room}</label>')
    draw(markup.format(easy="facile", hard="difficile", net="internet", room="stanza"))
    page.select_option("#level", "hard")
    page.check('input[value="room"]')
    draw(markup.format(easy="easy", hard="hard", net="internet", room="room"))
    assert page.evaluate("""() => [document.getElementById('level').value,
      document.querySelector('input[value="room"]').checked,
      document.querySelector('input[value="net"]').checked]""") == ["hard", True, False]
