// Offline support and embedding, before any Python runs.
//
// - Registers the service worker (sw.js, at the site's root) so the game
//   loads with no network after the first visit.
// - When a new version has replaced the old one, remembers it and shows a
//   quiet notice on the next visit.
// - `?embed` in the address gives the compact table for an iframe.
// - Forms never submit (and reload the page).
const UPDATED_KEY = "scala40.updated";
const italian = (navigator.language || "").toLowerCase().startsWith("it");

// The new-game screen is a <form> for its semantics only: it never submits
// (the page's Content-Security-Policy forbids inline handlers like onsubmit).
document.addEventListener("submit", (event) => event.preventDefault());

if (new URLSearchParams(location.search).has("embed")) {
  document.documentElement.classList.add("embed");
}

// Registered once the table is up: installing downloads the whole game again
// (into the offline cache), which must not compete with the first start.
if ("serviceWorker" in navigator && location.protocol.startsWith("http")) {
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (hadController) localStorage.setItem(UPDATED_KEY, "1");
  });
  addEventListener(
    "py:all-done",
    () =>
      navigator.serviceWorker
        .register("./sw.js")
        .catch((error) => console.warn("Scala 40: offline mode unavailable:", error)),
    { once: true },
  );
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
