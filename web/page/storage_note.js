// The storage note: where the browser gives the page no storage (web/page/guard.js
// sets window.scala40Storage to "memory"), one line at the top of the page says the
// match lives in this page only.
//
// - In a frame (another site's page, whose third-party storage the browser
//   blocks), it links to the full page, in a new tab, where the match can be
//   saved. At the top level (a private window, storage turned off) the full page
//   is this one: no link, and nothing about embedding.
// - It sits in the page's flow, above the table, and the table gives up its height
//   (--storage-note-h, measured here, read by web/page/shell.css): the table fills
//   the window's height with the hand at its bottom, and a line laid over the
//   page covered the hand's second row.
// - Its close button takes it away for the rest of the page's life; remembering
//   that would need the storage there is none of.
// - It speaks the page's language (<html lang>, which the table sets) and follows it.

if (window.scala40Storage === "memory") show();

function show() {
  const root = document.documentElement;
  const framed = window.top !== window;
  const note = document.createElement("div");
  note.className = "storage-note";
  const line = document.createElement("p");
  line.setAttribute("role", "status");
  const text = document.createElement("span");
  line.append(text);
  let link = null;
  if (framed) {
    const full = new URL(location.href);
    full.searchParams.delete("embed");
    link = document.createElement("a");
    link.href = full.href;
    link.target = "_blank";
    link.rel = "noopener";
    line.append(" ", link);
  }
  const close = document.createElement("button");
  close.type = "button";
  close.className = "storage-note-close";
  close.textContent = "×";
  note.append(line, close);

  const say = () => {
    const before = window.scala40Before; // the catalog's words (web/page/first.py)
    if (!before) return;
    const words = before[root.lang] || before[window.scala40FirstLang()];
    text.textContent = framed ? words.storage_framed : words.storage_alone;
    if (link) link.textContent = words.storage_open;
    close.setAttribute("aria-label", words.storage_close);
  };
  const reserve = new ResizeObserver(() => {
    root.style.setProperty("--storage-note-h", `${note.offsetHeight}px`);
  });
  const language = new MutationObserver(say);
  close.addEventListener("click", () => {
    reserve.disconnect();
    language.disconnect();
    note.remove();
    root.classList.remove("storage-note-shown");
    root.style.removeProperty("--storage-note-h");
  });

  say();
  language.observe(root, { attributes: true, attributeFilter: ["lang"] });
  root.classList.add("storage-note-shown");
  document.body.prepend(note);
  reserve.observe(note);
}
