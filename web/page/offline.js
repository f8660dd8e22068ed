// Offline support and embedding, before any Python runs.
//
// - Registers the service worker (sw.js, at the site's root) so the game
//   loads with no network after the first visit.
// - When a new version has replaced the old one, remembers it and shows a
//   quiet notice on the next visit.
// - `?embed` in the address gives the compact table for an iframe (a page given
//   no storage there says so: web/page/storage_note.js).
// - Forms never submit (and reload the page).
const UPDATED_KEY = "scala40.updated";

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

if (localStorage.getItem(UPDATED_KEY)) {
  localStorage.removeItem(UPDATED_KEY);
  const notice = document.createElement("div");
  notice.className = "update-notice";
  notice.setAttribute("role", "status");
  // in the browser's language, as the page's first screen (web/page/snapshot.js)
  const before = window.scala40Before;
  notice.textContent = before ? before[window.scala40FirstLang()].updated : "";
  document.body.append(notice);
  setTimeout(() => notice.remove(), 6000);
}
