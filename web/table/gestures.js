// Drag gestures for the card table, in plain JS so that no Python runs on
// every pointer move. An element with data-drag="..." can be dragged (mouse,
// pen or touch); when it is released over an element with data-drop="...",
// a "s40drop" CustomEvent with {src, dst} is sent to the document, and the
// App (web/page/app.py, App.on_drop) hands it to web/table/hand.py's drop, which
// turns it into an engine action.
// A press that does not move more than a few pixels stays a normal click.
const THRESHOLD = 8;
let drag = null;

function dropTarget(x, y) {
  const el = document.elementFromPoint(x, y);
  return el ? el.closest("[data-drop]") : null;
}

function clear() {
  if (!drag) return;
  if (drag.ghost) drag.ghost.remove();
  document.body.classList.remove("dragging");
  for (const el of document.querySelectorAll(".drop-over")) el.classList.remove("drop-over");
  if (drag.source) drag.source.classList.remove("drag-source");
  drag = null;
}

document.addEventListener("pointerdown", (event) => {
  if (event.button !== 0) return;
  const source = event.target.closest("[data-drag]");
  if (!source || source.disabled) return;
  drag = { source, id: event.pointerId, x: event.clientX, y: event.clientY, ghost: null };
});

document.addEventListener("pointermove", (event) => {
  if (!drag || event.pointerId !== drag.id) return;
  const dx = event.clientX - drag.x, dy = event.clientY - drag.y;
  if (!drag.ghost) {
    if (Math.hypot(dx, dy) < THRESHOLD) return;
    const box = drag.source.getBoundingClientRect();
    const ghost = drag.source.cloneNode(true);
    ghost.classList.add("ghost");
    ghost.removeAttribute("data-drop");
    ghost.style.width = box.width + "px";
    ghost.style.height = box.height + "px";
    ghost.style.left = box.left + "px";
    ghost.style.top = box.top + "px";
    document.body.appendChild(ghost);
    drag.ghost = ghost;
    drag.left = box.left;
    drag.top = box.top;
    drag.source.classList.add("drag-source");
    document.body.classList.add("dragging");
  }
  drag.ghost.style.transform = `translate(${dx}px, ${dy}px) rotate(4deg)`;
  for (const el of document.querySelectorAll(".drop-over")) el.classList.remove("drop-over");
  const target = dropTarget(event.clientX, event.clientY);
  if (target) target.classList.add("drop-over");
  event.preventDefault();
}, { passive: false });

document.addEventListener("pointerup", (event) => {
  if (!drag || event.pointerId !== drag.id) return;
  const moved = !!drag.ghost;
  const src = drag.source.dataset.drag;
  const target = moved ? dropTarget(event.clientX, event.clientY) : null;
  clear();
  if (!moved) return;
  // The click that follows a drag must not also select or draw.
  const swallow = (e) => { e.stopPropagation(); e.preventDefault(); };
  window.addEventListener("click", swallow, { capture: true, once: true });
  setTimeout(() => window.removeEventListener("click", swallow, { capture: true }), 50);
  if (target) {
    document.dispatchEvent(new CustomEvent("s40drop", { detail: { src, dst: target.dataset.drop } }));
  }
});

document.addEventListener("pointercancel", clear);
