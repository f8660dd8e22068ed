"""Nothing typed is ever wiped by a redraw, on any screen.

The page draws the whole screen again at every change (web/page/draw.js keeps what the
player typed, ticked, chose or unfolded): a language switch, a friend knocking, a link
opening, an invitation made, another tab taking the match. On each screen with fields
a player types in, ticks, chooses in, every field the screen has (found by
``input, select, textarea``, not listed here, so a field added later is typed in too),
opens every fold, puts the caret inside one field, and then each redraw that can come
on that screen comes; after each, every value, box, choice, fold, the focus and the
caret are as the player left them (the focus where no button took it: a button
tapped on a phone leaves it in the field). The language cannot be switched on the
friends' screens (no control there); the bots wait while a screen or the menu covers
their table; the deal of the day and a challenge have no field but the challenge's
link, which is read-only.

Every field and fold is named (an ``id``, or a ``name`` in the new-game form): how a
redraw finds it again when what is around it is built anew, and how this test tells
what the player left in each."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from peer_helper import PAGE_TIMEOUT_MS
from playwright.sync_api import expect
from test_friends import Device
from test_friends_by_code import type_code, use_relay
from test_table import HUMAN_VS_BOT

from scala40.record import Game

pytestmark = pytest.mark.browser

TIMEOUT = PAGE_TIMEOUT_MS
SHOTS = Path("/tmp/shots-typed")

#: What the player left on the screen: every field's value (a box's tick), keyed by its
#: id (or name; a radio button by its name and value), but the read-only ones (the page
#: writes them: an invitation's link), every fold's state, the focused field and its
#: caret; the fields and folds without a name, listed.
STATE = """() => {
  const app = document.getElementById("app");
  const keyOf = (el) => {
    if (el.id) return "#" + el.id;
    if (!el.name) return null;
    const value = el.type === "radio" ? `[value="${el.value}"]` : "";
    return `${el.tagName.toLowerCase()}[name="${el.name}"]${value}`;
  };
  const fields = {}, folds = {}, unnamed = [];
  for (const el of app.querySelectorAll("input, select, textarea")) {
    const key = keyOf(el);
    if (key === null) unnamed.push(el.outerHTML.slice(0, 120));
    else if (!el.readOnly) {
      fields[key] = ["checkbox", "radio"].includes(el.type) ? el.checked : el.value;
    }
  }
  for (const el of app.querySelectorAll("details")) {
    if (el.id) folds["#" + el.id] = el.open;
    else unnamed.push(el.outerHTML.slice(0, 120));
  }
  const active = document.activeElement;
  const inApp = active && app.contains(active) && active.matches("input, select, textarea");
  return {fields, folds, unnamed, focus: inApp ? keyOf(active) : null,
          caret: inApp && "selectionStart" in active && active.type !== "number"
            ? [active.selectionStart, active.selectionEnd] : null};
}"""

#: The fields a player can change now (shown, not read-only nor disabled), with what
#: it takes to change each: its kind, value, options, bounds.
CHANGEABLE = """() => {
  const app = document.getElementById("app");
  const shown = (el) => el.getClientRects().length > 0 && !el.closest("[inert]")
    && !el.closest("details:not([open])");
  return [...app.querySelectorAll("input, select, textarea")]
    .filter((el) => shown(el) && !el.readOnly && !el.disabled
            && !["file", "hidden"].includes(el.type) && (el.id || el.name))
    .map((el) => ({
      key: el.id ? "#" + el.id : el.type === "radio"
        ? `input[name="${el.name}"][value="${el.value}"]`
        : `${el.tagName.toLowerCase()}[name="${el.name}"]`,
      group: el.type === "radio" ? el.name : null,
      tag: el.tagName.toLowerCase(), type: el.type, value: el.value, checked: el.checked,
      options: el.tagName === "SELECT" ? [...el.options].map((o) => o.value) : [],
      min: el.min, max: el.max, step: el.step, maxlength: el.maxLength,
    }));
}"""


def open_folds(page) -> None:
    """Unfold every folded section of the screen, as a player taps its summary."""
    while True:
        folded = page.locator("#app details:not([open]) > summary").filter(visible=True)
        if not folded.count():
            return
        folded.first.click()


def number_for(field: dict) -> str:
    """A value the number field takes that differs from the one it has."""
    low = float(field["min"] or 0)
    high = float(field["max"] or low + 100)
    step = float(field["step"] or 1)
    for share in (0.3, 0.7, 0.5):
        value = low + round((high - low) * share / step) * step
        text = f"{value:g}"
        if text != field["value"]:
            return text
    raise AssertionError(f"no other value for {field}")


def type_everything(page, skip: tuple[str, ...] = ()) -> set[str]:
    """Change every field of the screen a player can, and unfold every fold, from the
    screen's foot up (a seat's level before its kind, which may hide it), each time
    among the fields shown then (six players show seats 3 to 6, the mode "custom" its
    limit). ``skip``: fields whose change is a redraw tried on its own (the menu's
    language). The keys changed."""
    changed: set[str] = set(skip)
    groups: set[str] = set()
    for _ in range(200):
        open_folds(page)
        todo = [field for field in page.evaluate(CHANGEABLE)
                if field["key"] not in changed and field["group"] not in groups]
        if not todo:
            return changed - set(skip)
        field = todo[-1]
        changed.add(field["key"])
        box = page.locator("#app " + field["key"])
        if field["tag"] == "select":
            box.select_option(next(value for value in reversed(field["options"])
                                   if value != field["value"]))
        elif field["type"] == "checkbox":
            box.set_checked(not field["checked"])
        elif field["type"] == "radio":
            if not field["checked"]:  # else another of its group is the one to choose
                box.check()
                groups.add(field["group"])
        elif field["type"] == "number":
            box.fill(number_for(field))
        else:
            n = len(changed)
            text = f"typed {n}\nline 2" if field["tag"] == "textarea" else f"Typed {n}"
            limit = field["maxlength"]
            box.fill(text[:limit] if limit and limit > 0 else text)
    raise AssertionError("the screen kept showing new fields")


def focus_inside(page, key: str) -> None:
    """The caret in ``key``'s field, two characters from its end (typed there)."""
    field = page.locator("#app " + key)
    field.click()
    field.press("End")
    field.press_sequentially("xy")
    field.press("ArrowLeft")
    field.press("ArrowLeft")


def left(page) -> dict:
    """What the player left on the screen (:data:`STATE`), checked to be all named."""
    state = page.evaluate(STATE)
    assert state["unnamed"] == [], "fields or folds without an id or name"
    return state


def assert_kept(page, before: dict, why: str, *, focus: bool = True) -> None:
    """Everything the player left is as it was after ``why`` (the focus and caret too,
    unless a dialog took the focus, as it does)."""
    now = page.evaluate(STATE)
    for name in ("fields", "folds") + (("focus", "caret") if focus else ()):
        assert now[name] == before[name], f"{name} changed by {why}"


def focus_again(page, before: dict) -> None:
    """The focus and caret back where they were (a button pressed took them)."""
    field = page.locator("#app " + before["focus"])
    field.focus()
    field.evaluate("(el, caret) => el.setSelectionRange(...caret)", before["caret"])


def resize(page) -> None:
    """The phone turned on its side and back."""
    size = page.viewport_size
    page.set_viewport_size({"width": 844, "height": 390})
    page.wait_for_function("innerWidth === 844")
    page.set_viewport_size(size)
    page.wait_for_function(f"innerWidth === {size['width']}")


def tap_without_focus(page, selector: str) -> None:
    """Tap a button as a phone's browser does, the focus left where it was (Safari
    gives a tapped button no focus): the caret stays in the field typed in."""
    page.locator(selector).dispatch_event("click")


def refused_then_turned(page, before: dict, button: str, why: str, shot: str) -> None:
    """``button`` tapped and refused (the screen drawn again saying why), then the phone
    turned: what the player left stays through both; the screen then shot as ``shot``."""
    tap_without_focus(page, button)
    expect(page.locator("#app .ng-error")).not_to_be_empty()
    assert_kept(page, before, why)
    resize(page)
    assert_kept(page, before, "a turn of the phone")
    shoot(page, shot)


def seed(page, settings: dict, **items: str) -> None:
    """The page's storage before its scripts run (once per tab)."""
    stored = {"scala40.settings": json.dumps(settings), **items}
    page.add_init_script(
        "if (!sessionStorage.getItem('seeded')) {"
        f"  for (const [k, v] of Object.entries({json.dumps(stored)})) localStorage.setItem(k, v);"
        "  sessionStorage.setItem('seeded', '1');"
        "}")


def shoot(page, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


# -- the start screen: the new-game form --------------------------------------------------


def test_the_new_game_form_keeps_what_was_typed(page, site_url, open_game):
    """Every player's name, kind, level and strength, the mode and its limit, the rules'
    preset and each option, and the options unfolded: kept through a visit to the
    friends' screen and back and to a code's and back, a language switch and back, a
    turn of the phone, a dialog opened over the form and closed, another tab taking the
    match and this one taking it back."""
    seed(page, {"lang": "it", "speed": "fast"})
    open_game(page, site_url)
    expect(page.locator("#setup")).to_be_visible()
    type_everything(page)
    focus_inside(page, 'input[name="name1"]')
    before = left(page)
    assert len(before["fields"]) > 30 and before["focus"] == 'input[name="name1"]'

    # to the friends' screen and back, and to "Join with a code" and back: the form as
    # it was left (the buttons pressed took the focus: given back to the field)
    for way, back in (("friends", "friends-back"), ("code", "join-back")):
        page.locator(f'.ng-more [data-act="{way}"]').click()
        expect(page.locator(f'[data-act="{back}"]')).to_be_visible()
        page.locator(f'[data-act="{back}"]').click()
        expect(page.locator("#setup")).to_be_visible()
        assert_kept(page, before, f"a visit to {way} and back", focus=False)
    focus_again(page, before)
    assert_kept(page, before, "the focus given back")

    for lang in ("en", "it"):
        tap_without_focus(page, f'[data-act="lang"][data-arg="{lang}"]')
        expect(page.locator("html")).to_have_attribute("lang", lang)
        assert_kept(page, before, f"the switch to {lang}")
    resize(page)
    assert_kept(page, before, "a turn of the phone")

    # a dialog over the form, and closed: the form drawn again under it and after it
    page.locator('.ng-learn [data-act="rules"]').click()
    expect(page.get_by_role("dialog")).to_be_visible()
    assert_kept(page, before, "the rules over the form", focus=False)
    page.keyboard.press("Escape")
    expect(page.get_by_role("dialog")).to_have_count(0)
    focus_again(page, before)  # the click on "Rules" took it
    assert_kept(page, before, "the rules closed")

    # another tab takes the match ("Play here" there), and this one takes it back
    other = page.context.new_page()
    other.goto(site_url)
    other.locator('[data-act="play-here"]').click(timeout=TIMEOUT)
    expect(page.locator('[data-act="play-here"]')).to_be_visible(timeout=TIMEOUT)
    assert_kept(page, before, "another tab taking the match", focus=False)
    other.close()
    page.locator('[data-act="play-here"]').click()
    expect(page.locator('[data-act="play-here"]')).to_have_count(0, timeout=TIMEOUT)
    assert_kept(page, before, "the match taken back", focus=False)


# -- the menu at the table -----------------------------------------------------------------


def test_the_menu_keeps_what_was_chosen(page, site_url, open_game):
    """The menu over a match against a bot: the speed, the sound, the vibration and each
    of the table's looks changed (each drawn again at once), then the language switched
    there, the menu drawn again in the other words, and a turn of the phone: every choice
    and the focus on the language's list stay."""
    game = Game.new(["Tu", "Bruno"], seed="typed-1")
    seed(page, {"lang": "it", "speed": "fast"}, **{
        "scala40.game": game.to_save(), "scala40.table": json.dumps({"seats": HUMAN_VS_BOT})})
    open_game(page, site_url)
    page.locator('[data-act="menu"]').click()
    expect(page.get_by_role("dialog")).to_be_visible()
    language = 'select[name="lang"]'
    assert len(type_everything(page, skip=(language,))) >= 4
    page.locator(language).focus()
    before = left(page)
    page.locator(language).select_option("en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    before["fields"][language] = "en"
    assert_kept(page, before, "the language switched in the menu")
    resize(page)
    assert_kept(page, before, "a turn of the phone")


# -- the friends' screen (web/friends/setup.py) ---------------------------------------------


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_friends_screen_keeps_what_was_typed(device_page, site_url, open_game, lang):
    """How many friends and bots, their level, the way, "Your name" and every field of
    "Advanced": kept as the name typed is taken (the screen drawn again with it), as
    "Invite" refuses a table too full, and through a turn of the phone."""
    page = device_page({"width": 360, "height": 640}, has_touch=True, is_mobile=True)
    seed(page, {"lang": lang, "speed": "fast"})
    open_game(page, site_url)
    page.locator('.ng-more [data-act="friends"]').click()
    expect(page.locator(".friends-setup")).to_be_visible()
    type_everything(page)
    focus_inside(page, "#relay-urls")
    before = left(page)
    assert {"#player-name", "#relay-urls", "#stun-urls", "#turn-url", "#turn-user",
            "#turn-password", "#friends-count", "#friends-bots",
            "#friends-level"} <= set(before["fields"])
    # "Your name" taken: typed again and left for the relays, the screen is drawn again
    page.locator("#player-name").fill("Marta")
    focus_inside(page, "#relay-urls")
    before = left(page)
    expect(page.locator("#player-name")).to_have_value("Marta")
    assert_kept(page, before, "the name taken")
    # "Invite" with five friends and four bots: too many, said on the screen drawn again
    refused_then_turned(page, before, '[data-act="friends-go"]', "a table too full",
                        f"friends-setup-360x640-{lang}")


# -- the host's invitations and a friend's code -------------------------------------------


@pytest.mark.parametrize(("host_lang", "guest_lang"), [("it", "en"), ("en", "it")])
def test_the_invitations_and_the_code_keep_what_was_typed(device_contexts, site_url,
                                                          nostr_relay, host_lang, guest_lang):
    """The host (on a phone) sets the relay and types under "Advanced" on the friends'
    screen, then invites: the invitations made and the room opened keep the fold open
    and what it holds. Then every field of the invitations' screen is typed in, the
    caret left in "Your name"; Bea (on a phone, in the other language) types in every
    field of the code's screen, has a mistyped code refused, types it right and knocks:
    "Bea wants to join" comes, the host admits her, her seat's link opens. Everything
    typed on both screens stays through each of those, and through a turn of each
    phone."""
    phone = {"width": 360, "height": 640}
    host = Device(device_contexts[0], site_url, lang=host_lang, viewport=phone)
    bea = Device(device_contexts[1], site_url, lang=guest_lang, viewport=phone)
    for device in (host, bea):
        device.ready()
    page = host.page
    page.locator('.ng-more [data-act="friends"]').click()
    use_relay(host, nostr_relay.url)
    page.locator("#friends-count").select_option("2")
    page.locator('input[name="friends-way"][value="internet"]').check()
    page.locator("#turn-user").fill("anna")  # typed, not saved
    page.locator('[data-act="friends-go"]').click()
    expect(page.locator(".room-code")).to_be_visible(timeout=TIMEOUT)
    expect(page.locator(".invite-text")).to_have_count(2, timeout=TIMEOUT)
    assert page.locator("#friends-advanced").evaluate("el => el.open")
    expect(page.locator("#turn-user")).to_have_value("anna")
    expect(page.locator("#relay-urls")).to_have_value(nostr_relay.url)

    type_everything(page)
    focus_inside(page, "#player-name")
    before = left(page)
    assert {"#player-name", "#answer-1", "#answer-2", "#relay-urls"} <= set(before["fields"])
    resize(page)
    assert_kept(page, before, "a turn of the host's phone")

    # Bea: every field of the code's screen, a code refused (the screen drawn again)
    guest = bea.page
    guest.locator('[data-act="code"]').click()
    expect(guest.locator("#room-code")).to_be_visible(timeout=TIMEOUT)
    use_relay(bea, nostr_relay.url)
    type_everything(guest)
    guest.locator("#relay-urls").fill(nostr_relay.url)  # as saved: the relay it meets on
    focus_inside(guest, "#room-code")
    typed = left(guest)
    refused_then_turned(guest, typed, '[data-act="join-code"]', "a code refused",
                        f"join-code-360x640-{guest_lang}")

    # she knocks: "Bea wants to join" on the host's screen, which keeps what was typed
    code = str(page.locator(".room-code").get_attribute("data-code"))
    guest.locator("#player-name").fill("Bea")
    typed = left(guest)
    type_code(bea, code)
    expect(page.locator(".knock", has_text="Bea")).to_be_visible(timeout=TIMEOUT)
    assert_kept(page, before, "a friend knocking")
    # Bea waits for the host (its seat, "Tu" / "You", is "Anna" to a friend: its name
    # typed is not taken while the caret is in it): the code's field has left, the rest
    # of her screen stays
    expect(guest.locator(".code-wait")).to_contain_text("Anna", timeout=TIMEOUT)
    shoot(guest, f"join-asked-360x640-{guest_lang}")
    del typed["fields"]["#room-code"]
    assert_kept(guest, typed, "the host asked", focus=False)
    shoot(page, f"lobby-knock-360x640-{host_lang}")
    # admitted: her seat's invitation goes through the room, her link opens, and her
    # seat's answer field leaves with what was typed there (the page's own change)
    tap_without_focus(page, '[data-act="admit"]')
    expect(page.locator('.invite[data-seat="1"] .link-state')).to_have_attribute(
        "data-state", "open", timeout=TIMEOUT)
    del before["fields"]["#answer-1"]
    assert_kept(page, before, "a friend's link opening")
    shoot(page, f"lobby-open-360x640-{host_lang}")
    assert host.errors == [] and bea.errors == []
