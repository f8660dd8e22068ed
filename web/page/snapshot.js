// The returning player's table, on screen before Python is up.
//
// Pyodide takes a second or more to start; until then a returning player
// would see only the loading card. Each time the table is drawn, the page
// keeps its markup in `scala40.snapshot`, tied to the save it shows (its
// match and revision; web/store/saver.py writes it, never at the save's expense).
// This script, run by the parser right after `<main id="app">` and before
// any module, paints that markup at once when it belongs to the save still
// stored, so the first frame is the table the player left.
//
// The snapshot is stored data, so it is not trusted: it is parsed and
// checked here, and its markup sanitized by DOMPurify (web/vendor/purify.min.js,
// loaded just before). Markup the renderer wrote never needs cleaning, so a
// snapshot DOMPurify had to change anything in is not painted at all but
// dropped (the key removed), and the page starts with its loading card as
// before. What is painted is inert: nothing on it can be clicked, focused or
// typed into, the cursor says "wait", and a tap makes the "starting" badge
// pulse, so the tap is visibly ignored, not lost silently or misapplied. When
// Python draws the live table into #app (the same markup, so nothing moves),
// the badge goes; if the start fails before drawing, the loading card comes back.
//
// A first visit has no snapshot: the page's HTML carries the first screen itself,
// drawn at build time by the code that draws it live (web/page/first.py), one
// <template> per language. It is painted live, not inert: the visitor fills in
// the new-game form while Python starts (web/page/first.js keeps it in step as the
// live page does), and the start's progress (web/page/boot.js) is moved under
// "Play", in the page's flow, where it covers nothing. The last button pressed
// then (Play, the lesson, the rules...) is kept in `window.scala40Pending` and
// said, under "Play" and to a screen reader; Python reads the form as filled in
// and does what was pressed (web/page/app.py, App.boot). The language buttons
// repaint it at once, the form as filled in.
//
// The words said before Python is up, and the sizes of the start's downloads, are
// the build's, in the page (scripts/build_site.py): `window.scala40Before`.
(() => {
  "use strict";
  const KEY = "scala40.snapshot";
  const GAME_KEY = "scala40.game";
  const SETTINGS_KEY = "scala40.settings";
  const MAX_CHARS = 64000; // web/store/storage.py: MAX_SNAPSHOT_CHARS
  // No markup of ours has a link, an image or a frame: any URL is foreign.
  const PURIFY = {
    FORBID_TAGS: ["style", "a", "img", "iframe", "object", "embed", "link", "meta", "base"],
    FORBID_ATTR: ["href", "src", "srcset", "action", "formaction", "xlink:href", "poster"],
  };

  class Refused extends Error {}

  // The words and sizes the build wrote into the page (null in the source tree's page).
  function beforePython() {
    const block = document.getElementById("s40-before-python");
    return block ? JSON.parse(block.textContent) : null;
  }
  const BEFORE = beforePython();
  // The game's languages, as the catalog lists them (none in the source tree's page: its
  // snapshot is not painted)
  const LANGS = BEFORE ? BEFORE.langs : [];

  // The snapshot's {html, lang, looks} if it shows the stored save; null if there is
  // none or it is out of date (another move was saved since); Refused if it
  // is not a snapshot at all.
  function read(storage) {
    const raw = storage.getItem(KEY);
    if (raw === null) return null;
    if (raw.length > MAX_CHARS) throw new Refused(`longer than ${MAX_CHARS} characters`);
    let snap;
    try {
      snap = JSON.parse(raw);
    } catch {
      throw new Refused("not JSON");
    }
    const shaped =
      snap !== null && typeof snap === "object" && snap.format === "scala40-snapshot" &&
      typeof snap.html === "string" && LANGS.includes(snap.lang) && typeof snap.saved === "boolean" &&
      (snap.match === null || typeof snap.match === "string") && Number.isInteger(snap.revision);
    if (!shaped) throw new Refused("not a snapshot");
    // the looks on when it was drawn (an older snapshot has none): class names only
    const looks = Array.isArray(snap.looks)
      ? snap.looks.filter((name) => typeof name === "string" && /^[a-z-]{1,32}$/.test(name)).slice(0, 8)
      : [];
    return shows(snap, storage.getItem(GAME_KEY)) ? { html: snap.html, lang: snap.lang, looks } : null;
  }

  // True if the snapshot shows what is saved now: the same match and revision
  // (a save from before revisions has neither: null and 0, as web/store/match.py
  // reads it), or the start screen when no match is saved. An unreadable save
  // is not painted over (Python refuses it and says why).
  function shows(snap, game) {
    if (game === null) return !snap.saved;
    try {
      const saved = JSON.parse(game);
      return snap.saved && (saved.match ?? null) === snap.match && (saved.revision ?? 0) === snap.revision;
    } catch {
      return false;
    }
  }

  // The markup as a fragment of inert nodes, or Refused if DOMPurify changed
  // anything (the renderer's markup never needs it).
  function sanitize(html) {
    const purify = window.DOMPurify;
    if (!purify || !purify.isSupported) throw new Refused("no sanitizer");
    // FORCE_BODY: a leading <script> or <style> would otherwise go to <head>, unreported;
    // DOMPurify puts a <remove> element first for it, and reports that one removed.
    const fragment = purify.sanitize(html, { ...PURIFY, FORCE_BODY: true, RETURN_DOM_FRAGMENT: true });
    const removed = purify.removed.filter(
      (item, index) => !(index === 0 && item.element && item.element.nodeName === "REMOVE"));
    if (removed.length) {
      const first = removed[0];
      const what = first.attribute ? `attribute ${first.attribute.name}` : `<${first.element.nodeName}>`;
      throw new Refused(`unsafe markup (${what})`);
    }
    for (const child of fragment.children) child.inert = true;
    return fragment;
  }

  function drop(storage, why) {
    try {
      storage.removeItem(KEY);
    } catch {
      // a storage that cannot remove will be overwritten at the next move
    }
    console.warn(`scala40: stored snapshot dropped: ${why}`);
  }

  // The "starting" badge: fixed, so it takes no room on the table.
  function badge(lang) {
    const el = document.createElement("div");
    el.id = "snapshot-wait";
    el.setAttribute("role", "status");
    el.textContent = BEFORE[lang].snapshot_starting;
    return el;
  }

  function paint(root, snap, fragment = sanitize(snap.html), live = false) {
    const painted = [...fragment.childNodes];
    const wait = live ? null : badge(snap.lang);
    root.append(fragment);
    root.setAttribute("aria-busy", "true");
    document.documentElement.lang = snap.lang;
    document.documentElement.classList.add(...(snap.looks || []));
    document.body.classList.add("snapshot"); // beside "loading": Python is not up yet
    const nudge = (event) => {
      if (live) return pressed(event, root, painted);
      wait.classList.remove("nudge");
      void wait.offsetWidth; // restart the animation
      wait.classList.add("nudge");
    };
    if (live) {
      document.body.classList.add("first-screen");
      const touched = () => { window.scala40FormTouched = true; };
      root.addEventListener("input", touched);
      root.addEventListener("change", touched);
      placeProgress(root);
    } else {
      document.body.append(wait);
      root.addEventListener("pointerdown", nudge);
    }
    root.addEventListener("click", nudge);
    const finish = (drawn) => {
      observer.disconnect();
      root.removeEventListener("pointerdown", nudge);
      root.removeEventListener("click", nudge);
      root.removeAttribute("aria-busy");
      wait?.remove();
      if (drawn && live) window.scala40First?.keep(root, painted); // the live screen
      else if (!drawn) {
        document.querySelector("#loading .boot-card")?.append(document.getElementById("boot-progress"));
        for (const node of painted) node.remove();
      }
      document.body.classList.remove("snapshot", "first-screen");
    };
    // Python's first draw replaces #app's content: the snapshot's nodes leave.
    const observer = new MutationObserver(() => {
      if (!painted.some((node) => node.isConnected)) finish(true);
    });
    observer.observe(root, { childList: true });
    // Python failed (py:all-done fires, nothing replaced the snapshot), or the start did
    // before any Python ran (web/page/boot.js): the loading card comes back.
    const failed = () => painted.some((n) => n.isConnected) && finish(false);
    addEventListener("py:all-done", failed, { once: true });
    addEventListener("s40:start-failed", failed, { once: true });
  }

  // A button of the live first screen: the language repaints it (the form as filled
  // in); any other is kept for Python to do, and said.
  function pressed(event, root, painted) {
    const button = event.target.closest("[data-act]");
    if (!button || !painted.some((node) => node.contains(button))) return;
    event.preventDefault();
    const act = button.dataset.act || "";
    const arg = button.dataset.arg || "";
    const other = act === "lang" ? first(arg) : null;
    if (other) {
      const progress = document.getElementById("boot-progress"); // leaves with the old screen
      window.scala40First?.carry(root, other);
      painted.splice(0, painted.length, ...other.childNodes);
      root.replaceChildren(other);
      document.documentElement.lang = arg;
      placeProgress(root, progress);
      dispatchEvent(new Event("s40:lang")); // the progress speaks the screen's language
      return;
    }
    window.scala40Pending = { act, arg };
    sayPending(root, button);
  }

  // The start's progress (web/page/boot.js, on the loading card as the page comes)
  // under the first screen's "Play" and what it starts, in the page's flow: it
  // covers nothing, and the screen is laid out with it from its first frame.
  function placeProgress(root, progress = document.getElementById("boot-progress")) {
    if (progress) root.querySelector(".ng-summary")?.after(progress);
    sayPending(root);
  }

  // The choice kept for Python, said in the screen's language ("The lesson starts as
  // soon as the table is ready") and its button marked, as the last one pressed
  // (``button``; after the language switched, the first of its kind).
  function sayPending(root, button = null) {
    const pending = window.scala40Pending;
    const line = document.getElementById("boot-pending");
    const before = window.scala40Before;
    if (!pending || !line || !before) return;
    for (const chosen of root.querySelectorAll(".chosen")) chosen.classList.remove("chosen");
    button = button || root.querySelector(`[data-act="${CSS.escape(pending.act)}"]`);
    button?.classList.add("chosen");
    const words = before[document.documentElement.lang];
    const key = `pending_${pending.act}`;
    line.textContent = key in words
      ? words[key]
      : words.pending_other.replace("{what}", button ? button.textContent.trim() : "");
  }

  // The first screen in ``lang`` from the page's HTML, or null (the page as served
  // from the source tree has none: scripts/build_site.py writes them).
  function first(lang) {
    const template = document.getElementById(`s40-first-${lang}`);
    return template ? template.content.cloneNode(true) : null;
  }

  // The language a first visit is drawn in: the browser's, as the live page's default
  // (web.i18n.default_lang), the catalog's default if the game has not the browser's.
  function firstLang() {
    const browser = (navigator.language || "").toLowerCase();
    return LANGS.find((code) => browser.startsWith(code)) || (BEFORE && BEFORE.default_lang);
  }

  function start() {
    const root = document.getElementById("app");
    if (!root) return;
    const memory = window.scala40Storage === "memory";
    const storage = window.localStorage;
    let snap = null;
    try {
      snap = memory ? null : read(storage);
      if (snap !== null) paint(root, snap);
    } catch (error) {
      // whatever failed (a Refused snapshot, or DOMPurify throwing on it), it is not painted
      drop(storage, error instanceof Refused ? error.message : `${error}`);
      return;
    }
    // Only where nothing is stored is the built screen the one the live page draws
    // (stored settings carry the last match's options and the language).
    const stored = !memory && [GAME_KEY, SETTINGS_KEY].some((key) => storage.getItem(key) !== null);
    if (snap === null && !stored) {
      const lang = firstLang();
      const fragment = first(lang);
      if (fragment) paint(root, { lang }, fragment, true);
    }
  }

  window.scala40Snapshot = { read, sanitize, Refused };
  window.scala40Before = BEFORE;
  window.scala40FirstLang = firstLang;
  start();
})();
