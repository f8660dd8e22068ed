// The start's progress, shown while Pyodide loads (before any Python runs): which
// files have arrived, how much of the download has, about how long it has to go, and
// when Python is starting. On a first visit's screen web/page/snapshot.js shows it
// under "Play"; else it is on the loading card. web/main.py removes body.loading once
// the page is drawn, and with it this (Python's first draw replaces the screen).
//
// The build writes into the page the bytes of each file the start waits for, by step
// (scripts/build_site.py: start_downloads), and the words, from the game's catalog
// (web/page/first.py: before_python), read by web/page/snapshot.js. A file's bytes
// are counted as they come where they can be: Pyodide asks for its runtime and its
// library with fetch(), which this script wraps (it runs before PyScript's module
// asks for anything) to read a copy of the answer's body (a clone); the answer
// itself goes on untouched: the page's preload is still the request it takes, and
// the WebAssembly compiled from it is still cached under its address. Files asked
// for otherwise (the game's archive, before Python; the runtime's glue, an import)
// count whole when they have arrived, which the browser's resource timing says.
// The page served from the source tree has no sizes: its card stays as written.
(() => {
  "use strict";
  const before = window.scala40Before; // web/page/snapshot.js
  const sizes = before ? before.sizes : {};
  const steps = Object.keys(sizes); // the download's steps; then "start"
  const total = {}; // file name -> its bytes
  for (const step of steps) Object.assign(total, sizes[step]);
  const got = {}; // file name -> its bytes arrived so far
  const whole = Object.values(total).reduce((sum, bytes) => sum + bytes, 0);
  const byName = (url) => String(url).split(/[?#]/)[0].split("/").pop();
  const loading = () => document.body.classList.contains("loading");

  // A file arrived (a request that failed has no body): all its bytes are in.
  function arrived(entry) {
    const name = byName(entry.name);
    if (!(name in total) || !(entry.decodedBodySize > 0)) return;
    got[name] = total[name];
    show(); // at once: the last file's end is Python's start, which holds the page's thread
  }

  // The body of an answer, read as it comes, its bytes counted.
  async function count(name, response) {
    if (!response.ok || !response.body) return;
    const reader = response.body.getReader();
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return show();
      bytes += value.byteLength;
      got[name] = Math.max(got[name] || 0, Math.min(bytes, total[name]));
    }
  }

  const plain = window.fetch;
  if (whole && plain) {
    window.fetch = function (input, init) {
      const answer = plain.call(this, input, init);
      const name = byName(input instanceof Request ? input.url : input);
      if (!(name in total) || !loading()) return answer;
      return answer.then((response) => {
        count(name, response.clone()).catch(() => {}); // a dropped connection: the card says so
        return response;
      });
    };
  }

  // The language of the screen the progress is on: a painted screen's, else the browser's.
  function lang() {
    if (document.body.classList.contains("snapshot")) return document.documentElement.lang;
    return window.scala40FirstLang();
  }

  function say(key, facts = {}, language = lang()) {
    if (!before) return ""; // the source tree's page: no words are built into it
    return before[language][key].replace(/\{(\w+)\}/g, (_, fact) => facts[fact]);
  }

  // About how long the download has to go, at the pace it has come so far.
  function left(share) {
    if (share < 0.05 || share >= 1) return "";
    const seconds = (performance.now() / 1000) * (1 - share) / share;
    if (seconds >= 90) return say("boot_left_min", { m: Math.round(seconds / 60) });
    return say("boot_left_s", { s: Math.max(5, Math.round(seconds / 5) * 5) });
  }

  // nothing rewritten for nothing (an assistive technology hears each change)
  function set(el, property, value) {
    if (el && el[property] !== value) el[property] = value;
  }
  function attribute(el, name, value) {
    if (el && el.getAttribute(name) !== value) el.setAttribute(name, value);
  }

  function show() {
    if (!loading()) return;
    const arrivedBytes = Object.keys(total).reduce((sum, name) => sum + (got[name] || 0), 0);
    const share = arrivedBytes / whole;
    const downloaded = steps.every((step) => Object.keys(sizes[step]).every(
      (name) => got[name] === total[name]));
    for (const li of document.querySelectorAll("#boot-steps li")) {
      const step = li.dataset.step;
      const done = step in sizes && Object.keys(sizes[step]).every((name) => got[name] === total[name]);
      set(li, "textContent", say("boot_" + step));
      li.toggleAttribute("data-done", done);
      li.toggleAttribute("data-now", step === "start" && downloaded);
    }
    const pct = Math.floor(share * 100);
    const bar = document.getElementById("boot-bar");
    set(bar, "value", pct);
    attribute(bar, "aria-label", say("boot_label"));
    const figures = downloaded ? "" : [say("boot_share", { pct }), left(share)].filter(Boolean).join(" · ");
    set(document.getElementById("boot-share"), "textContent", figures);
    attribute(bar, "aria-valuetext", figures || say("boot_starting"));
    // the one line said aloud (a live region), and only when the phase changes
    set(document.getElementById("boot-phase"), "textContent",
      say(downloaded ? "boot_starting" : "boot_downloading"));
  }

  if (whole) {
    for (const entry of performance.getEntriesByType("resource")) arrived(entry);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) arrived(entry);
    }).observe({ type: "resource", buffered: true });
    show();
    const timer = setInterval(() => (loading() ? show() : clearInterval(timer)), 250);
    addEventListener("s40:lang", show); // the first screen switched (web/page/snapshot.js)
  }

  // A start that failed before the table was drawn (the connection dropped while the
  // game's archive was on its way, the runtime threw) leaves no Python to draw it, and
  // PyScript then fires no py:all-done: the loading card says so, and web/page/snapshot.js
  // takes a returning player's last table away ("s40:start-failed"). The progress goes
  // (every file may well have arrived); a button reloads, as an installed game shows no
  // browser bar to do it from.
  function startFailed() {
    if (!loading()) return;
    const card = document.getElementById("loading");
    if (card.classList.contains("failed")) return;
    card.classList.add("failed");
    // the card's own language: the snapshot in another is taken away (web/page/snapshot.js)
    const language = window.scala40FirstLang();
    document.getElementById("boot-failure").textContent = say("boot_failed", {}, language);
    const reload = document.createElement("button");
    reload.type = "button";
    reload.className = "btn primary big";
    reload.textContent = say("boot_reload", {}, language);
    reload.addEventListener("click", () => location.reload());
    card.querySelector(".boot-card").append(reload);
    dispatchEvent(new Event("s40:start-failed")); // a painted table goes first: then the focus
    reload.focus();
  }
  addEventListener("unhandledrejection", startFailed);
  addEventListener("error", startFailed);
  // PyScript tells some failures only in a .py-error box of its own, with no error
  // event: a configuration it could not fetch, Python's errors before the table. Its
  // text is for whoever reports the problem, not for the player: the boxes are folded
  // into the card's "Details", under the card's own words.
  const watch = new MutationObserver(pyErrors);
  function pyErrors() {
    if (!loading()) return watch.disconnect();
    const boxes = document.querySelectorAll("body > .py-error");
    if (!boxes.length) return;
    startFailed();
    const card = document.querySelector("#loading .boot-card");
    let details = card.querySelector(".boot-details");
    if (!details) {
      details = document.createElement("details");
      details.className = "boot-details";
      const summary = document.createElement("summary");
      summary.textContent = say("boot_details", {}, window.scala40FirstLang());
      details.append(summary);
      card.append(details);
    }
    details.append(...boxes);
  }
  // the body is parsed up to this script: its later children are watched, not missed
  watch.observe(document.body, { childList: true });
  pyErrors();
})();
