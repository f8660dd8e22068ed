// The first visit's new-game form before Python is up, kept in step as the live page
// keeps it: the seats in play shown, with the names the form fills in, a bot's level
// and a balanced bot's strength, the mode's limit, the summary under "Play", the
// rules' options and their preset following each other. What it says is the build's
// (web/page/first.py: before_python, from the catalog); how is web/newgame/form.py's
// (sync, apply_preset, matching_preset), which the live page runs on the same form,
// and tests/e2e/test_before_python.py checks the two agree.
//
// It acts only while the first screen is painted (web/page/snapshot.js) and Python
// is not up. It carries the form as filled in into the other language's screen when
// the visitor switches, and when Python's first draw replaces the screen, the box
// of players and rules stays open and the field being typed in keeps the focus.
(() => {
  "use strict";
  const SEATS = 6; // web/newgame/form.py: SEATS
  const before = window.scala40Before; // web/page/snapshot.js
  const LANGS = before.langs;
  const root = document.getElementById("app");
  const live = () => document.body.classList.contains("first-screen");
  const seats = [...Array(SEATS).keys()];
  const field = (form, name) => form.querySelector(`[name="${name}"]`);
  const words = (lang) => before[lang].form;

  // A message's {facts} filled in, in one pass (a name typed may hold "{" or "$").
  const fill = (text, facts) => text.replace(/\{(\w+)\}/g, (all, fact) => fact in facts ? facts[fact] : all);

  // An integer as Python's int() reads it, else ``otherwise``.
  const integer = (text, otherwise) => (/^\s*[+-]?\d+\s*$/.test(text) ? parseInt(text, 10) : otherwise);

  // web.i18n.is_default_name: a name the form filled in, in either language.
  function isDefaultName(name) {
    name = name.trim();
    if (!name || before.bots.includes(name)) return true;
    return LANGS.some((lang) => {
      const prefix = fill(words(lang).player, { n: "" });
      return name === words(lang).you || (name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)));
    });
  }

  // web.i18n.default_names: one human is "You", several are numbered, bots by seat.
  function defaultNames(kinds, lang) {
    const humans = kinds.filter((kind) => kind === "human").length;
    return kinds.map((kind, seat) => {
      if (kind !== "human") return before.bots[seat % before.bots.length];
      if (humans === 1) return words(lang).you;
      return fill(words(lang).player, { n: kinds.slice(0, seat + 1).filter((k) => k === "human").length });
    });
  }

  // web.newgame.form.sync, and web.newgame.view.setup_summary for the line under "Play".
  function sync(form, lang) {
    const said = words(lang);
    const count = parseInt(field(form, "count").value, 10);
    const kinds = seats.map((index) => field(form, `kind${index}`).value);
    const names = defaultNames(kinds.slice(0, count), lang);
    for (const index of seats) {
      const seat = form.querySelector(`fieldset.seat[data-seat="${index}"]`);
      seat.classList.toggle("hidden", index >= count);
      seat.dataset.kind = kinds[index];
      seat.dataset.level = field(form, `level${index}`).value;
      const name = field(form, `name${index}`);
      if (index < count && isDefaultName(name.value)) name.value = names[index];
    }
    const mode = form.querySelector('[name="mode"]:checked')?.value || "101";
    form.querySelector(".modes").dataset.mode = mode;
    const players = seats.slice(0, count).map((index) => {
      const name = field(form, `name${index}`).value.trim();
      const level = field(form, `level${index}`).value;
      if (kinds[index] === "bot") return fill(said.bot[level] || said.bot[before.level], { name });
      return kinds[index] === "remote" ? fill(said.remote, { name }) : name;
    });
    const shown = mode === "custom"
      ? fill(said.modes.custom, { n: integer(field(form, "custom").value, 0) })
      : said.modes[mode];
    const summary = form.querySelector(".ng-summary");
    if (summary) summary.textContent = fill(said.hint, { players: players.join(", "), mode: shown });
  }

  // web.newgame.form.read_options: the rules' options as the form sets them.
  function readOptions(form) {
    const options = {};
    for (const [option, value] of Object.entries(before.presets.classica)) {
      const element = field(form, "opt_" + option);
      if (typeof value === "boolean") options[option] = element.checked;
      else if (typeof value === "number") options[option] = integer(element.value, element.value);
      else options[option] = element.value;
    }
    return options;
  }

  // web.newgame.form.matching_preset: the preset whose rules these options are.
  function matchingPreset(options) {
    const same = ([, rules]) => Object.entries(options).every(([option, value]) => rules[option] === value);
    return (Object.entries(before.presets).find(same) || ["custom"])[0];
  }

  // web.newgame.form.apply_preset: the options set to the preset ``name``.
  function applyPreset(form, name) {
    const rules = before.presets[name];
    if (!rules) return;
    for (const [option, value] of Object.entries(rules)) {
      const element = field(form, "opt_" + option);
      if (typeof value === "boolean") element.checked = value;
      else element.value = String(value);
    }
  }

  function changed(event) {
    const form = event.target.closest("#setup");
    if (!live() || !form) return;
    const which = event.target.dataset.set;
    if (which === "preset") applyPreset(form, event.target.value);
    else if (which === "option") field(form, "preset").value = matchingPreset(readOptions(form));
    sync(form, document.documentElement.lang);
  }

  // The screen in the other language (``fragment``) takes the form as filled in on
  // ``root``'s: the two are the same markup, field for field.
  function carry(root, fragment) {
    const from = root.querySelector("#setup");
    const to = fragment.querySelector("#setup");
    if (!from || !to || !before) return;
    [...from.elements].forEach((element, index) => {
      const other = to.elements[index];
      if (!element.name || !other || other.name !== element.name) return;
      if (element.type === "checkbox" || element.type === "radio") other.checked = element.checked;
      else other.value = element.value;
    });
    const box = to.querySelector("details.ng-setup");
    if (box) box.open = from.querySelector("details.ng-setup").open;
    sync(to, fragment.querySelector(".langs [aria-pressed='true']").dataset.arg);
  }

  // Python drew the live screen over ``painted``, the first screen's nodes: the box of
  // players and rules stays as it was, and the field typed in keeps the focus.
  let focused = null; // the name of the form's field that had the focus
  function keep(root, painted) {
    const box = root.querySelector("details.ng-setup");
    if (box && painted.some((node) => node.querySelector?.("details.ng-setup[open]"))) box.open = true;
    const element = focused && root.querySelector(`#setup [name="${focused}"]`);
    if (element && (document.activeElement === document.body || !document.activeElement)) {
      element.focus({ preventScroll: true });
    }
  }

  if (before && root && live()) {
    root.addEventListener("change", changed);
    root.addEventListener("focusin", (event) => {
      focused = live() && event.target.closest("#setup") ? event.target.name || null : focused;
    });
  }
  window.scala40First = { carry, keep };
})();
