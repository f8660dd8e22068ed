// Cards that travel: the table is redrawn from HTML strings on every move, so a
// card would only pop in place. Before each redraw the page (web/ui/dom.py)
// calls s40motion.before(), which notes where the hand's cards, the stock, the
// pile and the players' chips are; after it, s40motion.after() moves each card
// marked data-from="<anchor>" from that anchor's old place to its new one (FLIP:
// first, last, invert, play), and slides a hand card that changed place
// (data-flip="<key>") from where it was. Anchors: "card:<code>" (a card of the
// shown hand), "stock", "pile", "seat:<n>" (a player's chip).
// The new places are read in the next animation frame, before the browser
// lays the page out for it: read at once, they would make the browser lay out
// the redrawn table inside the redraw's task, a long task on a slow phone. The
// cards start moving in that same frame, so none is ever painted in its new
// place first. A redraw before that frame drops the travels still waiting
// (its own start from where the cards are then).
// With prefers-reduced-motion, nothing moves.
// After a redraw the melds' scroller also brings into view the meld that matters now
// (data-spotlight: the one the lesson's step names, a hint's, the one just laid or
// grown), once for each new one: a phone shows a row or two of the table's melds, and
// the player's scrolling is left alone until the next move.
const DURATION = 380;
const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
let anchors = new Map();
let flips = new Map();
let waiting = 0; // the animation frame in which after()'s travels start, if one is asked
let spotted = ""; // the data-spotlight last brought into view

function rectOf(el) {
  const r = el.getBoundingClientRect();
  return { x: r.left, y: r.top, w: r.width, h: r.height };
}

function before() {
  if (waiting) cancelAnimationFrame(waiting);
  waiting = 0;
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

// Where the layout puts el, without the transform of its own running effects (the
// slide-in of a card just drawn starts 40 px higher): a travel must end there, and
// these transforms (translations, and scales and turns about the centre) move only
// the centre of the box the browser reports, by their translation.
function placeOf(el) {
  const r = el.getBoundingClientRect();
  const transform = getComputedStyle(el).transform;
  const m = transform && transform !== "none" ? new DOMMatrixReadOnly(transform) : null;
  const w = el.offsetWidth || r.width;
  const h = el.offsetHeight || r.height;
  const x = r.left + r.width / 2 - (m ? m.m41 : 0);
  const y = r.top + r.height / 2 - (m ? m.m42 : 0);
  return { x: x - w / 2, y: y - h / 2, w, h };
}

function travel(el, from, scaled) {
  const to = placeOf(el);
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

// The spotlit meld into the melds' view, with its group's heading if it is the group's
// first meld; the scroller alone moves (scrollIntoView would scroll the board too). Its
// place is the layout's (offsets within the scroller, its offsetParent), not the box a
// meld just laid has while it pops in at 60% of its size.
function spotlight() {
  const meld = document.querySelector("#app .melds [data-spotlight]");
  const token = meld ? meld.dataset.spotlight : "";
  if (token === spotted) return;
  spotted = token;
  if (!meld) return;
  const view = meld.closest(".melds");
  const within = (el) => {
    let y = 0;
    for (let e = el; e && e !== view; e = e.offsetParent) y += e.offsetTop;
    return y;
  };
  const group = meld.closest(".group");
  const first = group && group.querySelector(".meld") === meld;
  const top = within(first ? group : meld) - 10; // the points' badge stands above the meld
  const bottom = within(meld) + meld.offsetHeight + 6;
  if (top < view.scrollTop) view.scrollTop = top;
  else if (bottom > view.scrollTop + view.clientHeight) {
    view.scrollTop = Math.min(bottom - view.clientHeight, top);
  }
}

function after() {
  requestAnimationFrame(spotlight); // before the travels' frame: they end where it scrolls
  if (reduced.matches || !anchors.size) return;
  const from = anchors;
  const slid = flips;
  anchors = new Map();
  flips = new Map();
  waiting = requestAnimationFrame(() => {
    waiting = 0;
    travels(from, slid);
  });
}

function travels(from, slid) {
  for (const el of document.querySelectorAll("#app [data-from]")) {
    const start = from.get(el.dataset.from);
    if (start) travel(el, start, true);
  }
  for (const el of document.querySelectorAll("#app .hand [data-flip]")) {
    if (el.dataset.from) continue;
    const start = slid.get(el.dataset.flip);
    if (start) travel(el, start, false);
  }
}

window.s40motion = { before, after, waiting: () => waiting !== 0 };
