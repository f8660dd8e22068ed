// Redrawing the table without rebuilding it. Python renders the whole screen as
// one HTML string on every change (the views, web/*/view.py); replacing #app's content with it
// would make the browser parse, style, lay out and paint every element again, a
// long task on a phone after each move. morphdom (web/vendor/morphdom.js) changes
// only what differs between the page and the new markup: the rest keeps its
// nodes, its layout, its paint, its running animations and its focus.
//
// Hand cards are matched by their data-key, so a card that moves in the hand is
// moved, not rewritten. The `inert` web/page/modal.js puts on what lies behind a
// dialog is kept (the markup never has it): modal.js settles it again after
// every redraw that adds or removes an element. Without morphdom (its file failed
// to load) there is no s40draw, and web/page/dom.py replaces the content
// whole, as it does the first time, over the stored snapshot.
function keyOf(node) {
  return node.nodeType === 1 ? node.getAttribute("data-key") || node.id || undefined : undefined;
}

function keepInert(from, to) {
  if (from.hasAttribute("inert")) to.setAttribute("inert", "");
  return true;
}

if (window.morphdom) {
  window.s40draw = (root, html) => {
    window.morphdom(root, `<main>${html}</main>`, {
      childrenOnly: true,
      getNodeKey: keyOf,
      onBeforeElUpdated: keepInert,
    });
  };
}
