// Dialogs as real modals, over a page that Python redraws from strings.
//
// Python redraws #app's content on every change (web/ui/dom.py, through
// web/page/draw.js), and an element need not survive a redraw: focus is kept by a key
// instead (data-key, or data-act + data-arg, or id). After each redraw that adds
// or removes an element anywhere in #app, this module
//   - makes everything outside the topmost dialog `inert` (no focus, no
//     clicks, hidden from screen readers);
//   - moves the focus into a dialog that just opened (its [data-autofocus]
//     element, else its first control), remembering where it was;
//   - gives the focus back to that element when the last dialog closes, or,
//     if the focus fell to the body (the control that had it is gone or disabled), to
//     the screen's home control (see HOME).
// Tab and Shift+Tab cycle inside the dialog; Escape presses the dialog's
// [data-esc] control (close, cancel), and is then not seen by the table. The
// browser's Back does the same (see holdEntry).
const app = document.getElementById("app");
const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]):not([type="hidden"]), ' +
  'select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

let opener = null; // the key of the element focused before the first dialog opened
let shown = null; // the label of the dialog shown last

// The topmost modal: a score sheet folded to look at the table is none (see the end).
function topDialog() {
  const all = [...app.querySelectorAll('[role="dialog"], [role="alertdialog"]')]
    .filter((dialog) => !dialog.closest(".overlay.peek"));
  return all.length ? all[all.length - 1] : null;
}

// Shown and reachable: a folded <details> keeps boxes for its content in some browsers
// (Chromium hides it with content-visibility), but only its summary takes the focus.
function visible(el) {
  if (!el.getClientRects().length || el.closest("[inert], [hidden]")) return false;
  const folded = el.closest("details:not([open])");
  return !folded || (el.tagName === "SUMMARY" && el.parentElement === folded);
}

function controls(root) {
  return [...root.querySelectorAll(FOCUSABLE)].filter(visible);
}

function keyOf(el) {
  if (!el || el === document.body || !app.contains(el)) return null;
  const d = el.dataset;
  if (d.key) return `[data-key="${CSS.escape(d.key)}"]`;
  if (d.act) {
    const arg = d.arg ? `[data-arg="${CSS.escape(d.arg)}"]` : "";
    return `[data-act="${CSS.escape(d.act)}"]${arg}`;
  }
  return el.id ? `#${CSS.escape(el.id)}` : null;
}

// Never scrolled to: a dialog's first controls are in view, and on the table the
// page must not jump (a scrolled score sheet would hide the winner's headline).
function focus(el) {
  if (el) el.focus({ preventScroll: true });
}

// Where the focus goes when it has nowhere to return to: the screen's own choice, else
// on the table the stock when the player is to draw, else the hand (its first selected
// card, else its first card, else the hand itself): after a meld laid with the "Lay"
// button, which is then disabled, the player goes on with their cards, not the stock.
const HOME = [
  "[data-focus-home]",
  '.table.phase-draw [data-act="draw"]:not([disabled])',
  '.hand .in-hand[aria-pressed="true"]',
  ".hand .in-hand",
  '[data-zone="hand"]',
];

function home() {
  const root = topDialog() || app;
  for (const selector of HOME) {
    const el = [...root.querySelectorAll(selector)].find(visible);
    if (el) return el;
  }
  return controls(root)[0];
}

function settle() {
  markFold();
  const dialog = topDialog();
  const overlay = dialog && dialog.closest(".overlay");
  for (const child of app.children) {
    // the table's live region (web/table/speech.py) stays heard under a dialog: the
    // move that ends a hand is said as its score sheet opens
    child.inert = Boolean(overlay) && child !== overlay && !child.contains(overlay) &&
      child.id !== "speech";
  }
  for (const other of app.querySelectorAll(".overlay")) {
    other.inert = Boolean(overlay) && other !== overlay && !other.contains(overlay);
  }
  const active = document.activeElement;
  if (dialog) {
    const label = dialog.getAttribute("aria-labelledby") || dialog.getAttribute("aria-label");
    if (shown === null) opener = keyOf(active) || opener;
    if (label !== shown || !dialog.contains(active)) {
      focus(dialog.querySelector("[data-autofocus]") || controls(dialog)[0] || dialog);
    }
    shown = label;
    return;
  }
  if (shown !== null) {
    shown = null;
    const back = opener && app.querySelector(opener);
    opener = null;
    if (back && !back.disabled && visible(back)) return focus(back);
  }
  // a control the redraw disabled (the "Lay" button once its cards are laid) keeps the
  // focus until the browser drops it to the body: it goes home now
  if (!active || active === document.body || !app.contains(active) || active.disabled) {
    focus(home());
  }
}

// Back closes the topmost dialog and nothing else: on a phone it is how people close
// things. While a dialog that Escape closes is on top, the page holds one history entry
// of its own, pushed with the same URL, #hash included (web/friends/joining.py answers
// an invitation on hashchange, which neither pushState nor a return to the same URL
// fires). Back takes that entry away and its popstate presses the dialog's [data-esc]
// control, as Escape does. A dialog closed any other way gives its entry back with
// history.back(), so entries do not pile up; the popstate that causes is ours, not a
// Back to act on. The entry is marked with this page load: one left by an earlier load
// (reloaded with a dialog open) is an ordinary entry, as going back from it would load
// the page again.
const LOAD = Math.random();
let returning = false; // our history.back() is under way

function closable(dialog) {
  return Boolean(dialog && dialog.querySelector("[data-esc]"));
}

function held() {
  return history.state?.s40dialog === LOAD;
}

function holdEntry() {
  if (returning) return; // done again when its popstate comes
  const open = closable(topDialog());
  if (open && !held()) {
    history.pushState({ s40dialog: LOAD }, "");
  } else if (!open && held()) {
    returning = true;
    history.back();
  }
}

function pressEsc(dialog) {
  const esc = dialog.querySelector("[data-esc]");
  if (esc && !esc.disabled) esc.click();
}

addEventListener("popstate", () => {
  if (returning) {
    returning = false;
  } else if (!held() && closable(topDialog())) {
    return pressEsc(topDialog()); // the redraw that closes it holds an entry again if need be
  }
  holdEntry();
});

new MutationObserver(() => {
  settle();
  holdEntry();
}).observe(app, { childList: true, subtree: true });

document.addEventListener(
  "keydown",
  (event) => {
    const dialog = topDialog();
    if (!dialog) return;
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopImmediatePropagation();
      pressEsc(dialog);
    } else if (event.key === "Tab") {
      const items = controls(dialog);
      if (!items.length) return event.preventDefault();
      const first = items[0];
      const last = items[items.length - 1];
      const inside = dialog.contains(document.activeElement);
      if (event.shiftKey && (!inside || document.activeElement === first)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (!inside || document.activeElement === last)) {
        event.preventDefault();
        first.focus();
      }
    }
  },
  true,
);

// "Look at the table": the score sheet at the end of a hand folds to a bar at the
// window's foot (web/table/table.css) and back. Folded, it is no modal: the table is
// not inert, its menu opens over the sheet (web/page/view.py draws the sheet under it)
// and closes back to the folded bar. A redraw writes the sheet's class and ARIA afresh,
// so the fold is kept here and marked again after each (in settle, and by the observer
// below after a redraw that changes only attributes); the next hand's sheet opens whole.
let folded = false;

function mark(el, name, value) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value); // no mutation: no loop
}

function markFold() {
  const sheet = app.querySelector(".sheet-dialog");
  if (!sheet) {
    folded = false;
    return;
  }
  sheet.classList.toggle("peek", folded);
  mark(sheet.querySelector('[role="dialog"]'), "aria-modal", String(!folded));
  for (const el of sheet.querySelectorAll("[data-peek]")) {
    mark(el, "aria-expanded", String(!folded));
  }
}

new MutationObserver(markFold).observe(app, {
  subtree: true,
  attributeFilter: ["class", "aria-modal", "aria-expanded"],
});

// The top bar's "Scores" unfolds it too (its handler opens the sheet, which is open
// already: the redraw changes nothing), and the focus goes into the sheet.
app.addEventListener("click", (event) => {
  if (folded && event.target.closest('.topbar [data-act="sheet"]')) {
    folded = false;
    settle();
    return;
  }
  const peek = event.target.closest("[data-peek]");
  if (!peek) return;
  folded = !folded;
  settle();
  focus(peek); // the toggle keeps the focus, folded or not
});

// "Install": shown only when the browser offers to install the site. The markup draws it
// hidden, so a redraw (a language switch) hides it again: shown again after each (written
// only when it differs, so that its own change does not call it again).
let installPrompt = null;
function showInstall() {
  for (const button of document.querySelectorAll("[data-install]")) {
    if (button.hidden !== !installPrompt) button.hidden = !installPrompt;
  }
}
addEventListener("beforeinstallprompt", (event) => {
  event.preventDefault();
  installPrompt = event;
  showInstall();
});
addEventListener("appinstalled", () => {
  installPrompt = null;
  showInstall();
});
new MutationObserver(showInstall).observe(app, {
  childList: true,
  subtree: true,
  attributeFilter: ["hidden"],
});
document.addEventListener("click", async (event) => {
  if (!event.target.closest("[data-install]") || !installPrompt) return;
  const prompt = installPrompt;
  installPrompt = null;
  await prompt.prompt();
  showInstall();
});
