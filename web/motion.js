// Cards that travel: the table is redrawn from HTML strings on every move, so a
// card would only pop in place. Before each redraw the page (web/controller/dom.py)
// calls s40motion.before(), which notes where the hand's cards, the stock, the
// pile and the players' chips are; after it, s40motion.after() moves each card
// marked data-from="<anchor>" from that anchor's old place to its new one (FLIP:
// first, last, invert, play), and slides a hand card that changed place
// (data-flip="<key>") from where it was. Anchors: "card:<code>" (a card of the
// shown hand), "stock", "pile", "seat:<n>" (a player's chip).
// With prefers-reduced-motion, nothing moves.
const DURATION = 380;
const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
let anchors = new Map();
let flips = new Map();

function rectOf(el) {
  const r = el.getBoundingClientRect();
  return { x: r.left, y: r.top, w: r.width, h: r.height };
}

function before() {
  anchors = new Map();
  flips = new Map();
  if (reduced.matches) return;
  for (const el of document.querySelectorAll("#app [data-anchor]")) {
    anchors.set(el.dataset.anchor, rectOf(el));
  }
  for (const el of document.querySelectorAll("#app .hand [data-card]")) {
    const key = "card:" + el.dataset.card;
    if (!anchors.has(key)) anchors.set(key, rectOf(el));
    if (el.dataset.flip) flips.set(el.dataset.flip, rectOf(el));
  }
}

function travel(el, from, scaled) {
  const to = rectOf(el);
  if (!to.w || !from.w) return;
  const dx = from.x + from.w / 2 - (to.x + to.w / 2);
  const dy = from.y + from.h / 2 - (to.y + to.h / 2);
  if (Math.hypot(dx, dy) < 2) return;
  const scale = scaled ? Math.max(0.4, Math.min(2.5, from.w / to.w)) : 1;
  el.animate(
    [
      { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, zIndex: 50 },
      { transform: "none", zIndex: 50 },
    ],
    { duration: DURATION, easing: "cubic-bezier(.2,.7,.2,1)" },
  );
}

function after() {
  if (reduced.matches || !anchors.size) return;
  for (const el of document.querySelectorAll("#app [data-from]")) {
    const from = anchors.get(el.dataset.from);
    if (from) travel(el, from, true);
  }
  for (const el of document.querySelectorAll("#app .hand [data-flip]")) {
    if (el.dataset.from) continue;
    const from = flips.get(el.dataset.flip);
    if (from) travel(el, from, false);
  }
  anchors = new Map();
  flips = new Map();
}

window.s40motion = { before, after };
