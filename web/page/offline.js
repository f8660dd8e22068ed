// Offline support and embedding, before any Python runs.
//
// - Registers the service worker (sw.js, at the site's root) so the game
//   loads with no network after the first visit.
// - When a new version has replaced the old one, remembers it and shows a
//   quiet notice on the next visit.
// - `?embed` in the address gives the compact table for an iframe.
// - Where the browser gives the page no storage (an iframe on another site,
//   third-party storage blocked: see web/page/guard.js), one line says the match
//   lives in this page only, with a link to the full page, where it can be saved.
// - Forms never submit (and reload the page).
const UPDATED_KEY = "scala40.updated";
const italian = (navigator.language || "").toLowerCase().startsWith("it");

// The new-game screen is a <form> for its semantics only: it never submits
// (the page's Content-Security-Policy forbids inline handlers like onsubmit).
document.addEventListener("submit", (event) => event.preventDefault());

if (new URLSearchParams(location.search).has("embed")) {
  document.documentElement.classList.add("embed");
}

// Registered when the table first waits for a person (web/page/app.py calls
// s40offline.register(): the player's turn, the new-game screen, a friend's move),
// not while the bots play the first round: installing fills the offline cache
// (every file of the game read and checked against its digest, web/page/sw.js), and on
// a first visit, with the browser still compiling Pyodide's code in the
// background, it starved the page's thread (bot turns' tasks of 10-20 ms of work
// took 50-60 ms). A page whose Python never says so (a failed start) registers
// it 30 s after PyScript is done.
const REGISTER_AFTER_MS = 30000;
const canRegister = "serviceWorker" in navigator && location.protocol.startsWith("http");
let registered = false;

function register() {
  if (registered || !canRegister) return;
  registered = true;
  navigator.serviceWorker
    .register("./sw.js")
    .catch((error) => console.warn("Scala 40: offline mode unavailable:", error));
}

window.s40offline = { register };

if (canRegister) {
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (hadController) localStorage.setItem(UPDATED_KEY, "1");
  });
  addEventListener("py:all-done", () => setTimeout(register, REGISTER_AFTER_MS), { once: true });
}

if (window.scala40Storage === "memory") {
  const note = document.createElement("p");
  note.className = "storage-note";
  note.setAttribute("role", "status");
  note.style.cssText =
    "position:fixed;left:0;right:0;bottom:0;margin:0;padding:4px 8px;z-index:50;" +
    "font:12px/1.4 system-ui,sans-serif;background:#0b4d31;color:#fff;text-align:center";
  note.textContent = italian
    ? "Il browser non conserva dati per i giochi incorporati: la partita vive solo in questa pagina. "
    : "This browser keeps no data for embedded games: the match lives in this page only. ";
  const full = new URL(location.href);
  full.searchParams.delete("embed");
  const link = document.createElement("a");
  link.href = full.href;
  link.target = "_blank";
  link.rel = "noopener";
  link.style.color = "inherit";
  link.textContent = italian ? "Apri la pagina intera" : "Open the full page";
  note.append(link);
  document.body.append(note);
}

if (localStorage.getItem(UPDATED_KEY)) {
  localStorage.removeItem(UPDATED_KEY);
  const notice = document.createElement("div");
  notice.className = "update-notice";
  notice.setAttribute("role", "status");
  notice.textContent = italian
    ? "Scala 40 è stato aggiornato all'ultima versione."
    : "Scala 40 has been updated to the latest version.";
  document.body.append(notice);
  setTimeout(() => notice.remove(), 6000);
}
