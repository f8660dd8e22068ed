// Start-up progress, shown while Pyodide loads (before any Python runs):
// which of the big files have arrived, and for how long we have been waiting.
// web/main.py removes body.loading once the table is drawn.
const steps = [
  ["pyodide.asm.wasm", "python"],
  ["python_stdlib.zip", "stdlib"],
  ["game.zip", "game"],
];
const started = performance.now();
// A file arrived: its step is ticked off (a request that failed has no body).
function mark(entry) {
  if (!(entry.decodedBodySize > 0)) return;
  for (const [file, step] of steps) {
    if (entry.name.endsWith(file)) {
      const li = document.querySelector(`#boot-steps [data-step="${step}"]`);
      if (li) li.dataset.done = "true";
    }
  }
  const done = document.querySelectorAll('#boot-steps [data-done="true"]').length;
  const bar = document.getElementById("boot-bar");
  if (bar) bar.value = done;
}
for (const entry of performance.getEntriesByType("resource")) mark(entry);
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) mark(entry);
}).observe({ type: "resource", buffered: true });
const timer = setInterval(() => {
  if (!document.body.classList.contains("loading")) return clearInterval(timer);
  const el = document.getElementById("boot-time");
  if (el) el.textContent = ((performance.now() - started) / 1000).toFixed(1) + " s";
}, 200);
// Italian or English before Python is there to say it.
const italian = (navigator.language || "").toLowerCase().startsWith("it");
if (italian) {
  for (const el of document.querySelectorAll("[data-it]")) el.textContent = el.dataset.it;
}
// A start that failed before the table was drawn (the connection dropped while the
// game's archive was on its way, the runtime threw) leaves no Python to draw it, and
// PyScript then fires no py:all-done: the loading card says so, and web/page/snapshot.js
// takes a returning player's last table away ("s40:start-failed"). The steps go (every
// file may well have arrived); a button reloads, as an installed game shows no
// browser bar to do it from.
function startFailed() {
  if (!document.body.classList.contains("loading")) return;
  clearInterval(timer);
  const card = document.getElementById("loading");
  if (card.classList.contains("failed")) return;
  card.classList.add("failed");
  card.querySelector("p").textContent = italian
    ? "Il gioco non si è caricato: controlla la connessione e ricarica la pagina."
    : "The game did not load: check the connection and reload the page.";
  const reload = document.createElement("button");
  reload.type = "button";
  reload.className = "btn primary big";
  reload.textContent = italian ? "Ricarica" : "Reload";
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
  if (!document.body.classList.contains("loading")) return watch.disconnect();
  const boxes = document.querySelectorAll("body > .py-error");
  if (!boxes.length) return;
  startFailed();
  const card = document.querySelector("#loading .boot-card");
  let details = card.querySelector(".boot-details");
  if (!details) {
    details = document.createElement("details");
    details.className = "boot-details";
    const summary = document.createElement("summary");
    summary.textContent = italian ? "Dettagli" : "Details";
    details.append(summary);
    card.append(details);
  }
  details.append(...boxes);
}
watch.observe(document.body, { childList: true });
pyErrors();
