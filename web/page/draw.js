// Redrawing the table without rebuilding it. Python renders the whole screen as
// one HTML string on every change (the views, web/*/view.py); replacing #app's content with it
// would make the browser parse, style, lay out and paint every element again, a
// long task on a phone after each move. morphdom (web/vendor/morphdom.js) changes
// only what differs between the page and the new markup: the rest keeps its
// nodes, its layout, its paint, its running animations and its focus.
//
// Hand cards are matched by their data-key, so a card that moves in the hand is
// moved, not rewritten. What the player typed, ticked or unfolded stays (keepPlayers),
// and the field typed in keeps the focus and the caret (keepFocus). The `inert`
// web/page/modal.js puts on what lies behind a dialog is kept (the markup never has
// it): modal.js settles it again after every redraw that adds or removes an element.
// Without morphdom (its file failed to load) there is no s40draw, and web/ui/dom.py
// replaces the content whole, as it does the first time, over the stored snapshot.
function keyOf(node) {
  return node.nodeType === 1 ? node.getAttribute("data-key") || node.id || undefined : undefined;
}

// What a player can change in an element without the page: a field's text, a box's
// tick, a list's choice, a folded section's fold.
function editable(el) {
  if (el.tagName === "INPUT") {
    if (el.type === "checkbox" || el.type === "radio") return "checked";
    return ["file", "hidden", "button", "submit", "reset", "image"].includes(el.type) ? null : "value";
  }
  if (el.tagName === "TEXTAREA" || el.tagName === "SELECT") return "value";
  if (el.tagName === "DETAILS") return "open";
  return null;
}

// What the markup drew in an element last time (s40drawn: noted when it was added and at
// each redraw); for one that came with the first paint, its markup's own defaults (a
// fold's are gone once it is toggled: taken as drawn as now).
function drawnBefore(el, kind, now) {
  if ("s40drawn" in el) return el.s40drawn;
  if (kind === "checked") return el.defaultChecked;
  if (el.tagName === "SELECT") {
    const chosen = [...el.options].find((option) => option.defaultSelected) || el.options[0];
    return chosen ? chosen.value : "";
  }
  return kind === "open" ? now : el.defaultValue;
}

function noteDrawn(node) {
  const kind = node.nodeType === 1 && editable(node);
  if (kind) node.s40drawn = node[kind];
}

// Nothing the player typed, ticked, chose or unfolded is undone by a redraw that draws
// the element as it drew it before (a guest knocking redraws the host's screen while the
// host types a name): the player's state is carried into the new markup. Where the
// markup changed it (the page filled or cleared a field), the markup's wins.
function keepPlayers(from, to) {
  const kind = editable(from);
  if (kind && to.tagName === from.tagName) {
    const drawn = to[kind];
    if (drawn === drawnBefore(from, kind, drawn)) to[kind] = from[kind];
    from.s40drawn = drawn;
  }
}

function keepInert(from, to) {
  if (from.hasAttribute("inert")) to.setAttribute("inert", "");
}

// The element that has the focus keeps it, with its caret or selection, where the redraw
// put it: morphdom moves an element it finds by its id (a field whose section the new
// markup builds anew) by taking it out and putting it back, and an element taken out of
// the page loses the focus.
function keepFocus(draw) {
  const active = document.activeElement;
  const caret = active && active.selectionStart != null
    ? [active.selectionStart, active.selectionEnd, active.selectionDirection] : null;
  draw();
  if (!active || active === document.activeElement || !active.isConnected) return;
  active.focus({ preventScroll: true });
  if (caret && document.activeElement === active) active.setSelectionRange(...caret);
}

if (window.morphdom) {
  window.s40draw = (root, html) => keepFocus(() => {
    window.morphdom(root, `<main>${html}</main>`, {
      childrenOnly: true,
      getNodeKey: keyOf,
      onNodeAdded: (node) => {
        noteDrawn(node);
        return node;
      },
      onBeforeElUpdated: (from, to) => {
        keepInert(from, to);
        keepPlayers(from, to);
        return true;
      },
    });
  });
}
