// Start-up progress, shown while Pyodide loads (before any Python runs):
// which of the big files have arrived, and for how long we have been waiting.
// web/main.py removes body.loading once the table is drawn.
const steps = [
  ["pyodide.asm.wasm", "python"],
  ["python_stdlib.zip", "stdlib"],
  ["game.zip", "game"],
];
const started = performance.now();
function mark(name) {
  for (const [file, step] of steps) {
    if (name.endsWith(file)) {
      const li = document.querySelector(`#boot-steps [data-step="${step}"]`);
      if (li) li.dataset.done = "true";
    }
  }
  const done = document.querySelectorAll('#boot-steps [data-done="true"]').length;
  const bar = document.getElementById("boot-bar");
  if (bar) bar.value = done;
}
for (const entry of performance.getEntriesByType("resource")) mark(entry.name);
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) mark(entry.name);
}).observe({ type: "resource", buffered: true });
const timer = setInterval(() => {
  if (!document.body.classList.contains("loading")) return clearInterval(timer);
  const el = document.getElementById("boot-time");
  if (el) el.textContent = ((performance.now() - started) / 1000).toFixed(1) + " s";
}, 200);
// Italian or English before Python is there to say it.
if ((navigator.language || "").toLowerCase().startsWith("it")) {
  for (const el of document.querySelectorAll("[data-it]")) el.textContent = el.dataset.it;
}
