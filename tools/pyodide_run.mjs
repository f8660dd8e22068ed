#!/usr/bin/env node
/**
 * Run Python code inside the npm Pyodide (the same WebAssembly CPython the
 * web page uses), with the repo's `scala40/` package importable.
 *
 * Why: CPython tests can't catch Pyodide-only differences (Python 3.14 while
 * CI's CPython is older, no threads or subprocesses, 32-bit wasm, a trimmed
 * stdlib). This runner lets pytest run engine code in the browser's runtime
 * without a browser. Starting Pyodide costs about 2 s per run.
 *
 * Usage:  node tools/pyodide_run.mjs [file.py]    (code on stdin if no file)
 * Output: the program's stdout/stderr, unchanged.
 * Exit:   0 on success, 1 on a Python exception (traceback on stderr),
 *         n for `sys.exit(n)`, 2 on a setup problem (e.g. no node_modules).
 * Set PYODIDE_RUN_TIMING=1 to print the interpreter start time on stderr, and
 * PYODIDE_STDLIB to a file to start on that standard library archive (the site's,
 * which scripts/build_site.py writes with bytecode) instead of npm's.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const repo = dirname(dirname(fileURLToPath(import.meta.url)));
const pyodideEntry = join(repo, "node_modules", "pyodide", "pyodide.mjs");
const packageDir = join(repo, "scala40");
const home = "/home/pyodide"; // Pyodide's cwd; we add it to sys.path below

if (!existsSync(pyodideEntry)) {
  process.stderr.write(`pyodide_run: ${pyodideEntry} is missing; run \`npm ci\` first\n`);
  process.exit(2);
}

const file = process.argv[2];
const code = readFileSync(file ?? 0, "utf8");

/** Yield every .py file below `dir` (sub-packages included, caches skipped). */
function* pythonFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "__pycache__") yield* pythonFiles(path);
    } else if (name.endsWith(".py")) {
      yield path;
    }
  }
}

const { loadPyodide } = await import(pathToFileURL(pyodideEntry).href);
const started = performance.now();
const stdLib = process.env.PYODIDE_STDLIB;
const pyodide = await loadPyodide(stdLib ? { stdLibURL: stdLib } : {});
if (process.env.PYODIDE_RUN_TIMING) {
  process.stderr.write(`pyodide_run: loadPyodide took ${Math.round(performance.now() - started)} ms\n`);
}
// Exact pass-through: `write` gets raw bytes, so newlines and partial lines survive.
pyodide.setStdout({ write: (buf) => (process.stdout.write(buf), buf.length) });
pyodide.setStderr({ write: (buf) => (process.stderr.write(buf), buf.length) });

// Copy (not mount) the package: a NODEFS mount would let Pyodide write
// __pycache__ files for a different Python version into the work tree.
for (const path of pythonFiles(packageDir)) {
  const target = join(home, "scala40", relative(packageDir, path));
  pyodide.FS.mkdirTree(dirname(target));
  pyodide.FS.writeFile(target, readFileSync(path));
}
pyodide.runPython(`import sys; sys.path.insert(0, ${JSON.stringify(home)})`);

// Run the program the way `python file.py` would: as __main__, top-level
// await allowed, `sys.exit(n)` becomes the exit status, and a traceback
// without this runner's own frames.
const runMain = pyodide.runPython(`
import ast, sys, traceback

async def run_main(source, filename):
    namespace = {"__name__": "__main__", "__file__": filename}
    try:
        code = compile(source, filename, "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
        result = eval(code, namespace)
        if result is not None:  # a coroutine when the code used top-level await
            await result
    except SystemExit as exc:
        if exc.code is None or isinstance(exc.code, int):
            return exc.code or 0
        print(exc.code, file=sys.stderr)
        return 1
    except BaseException as exc:
        traceback.print_exception(type(exc), exc, exc.__traceback__.tb_next)
        return 1
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
    return 0

run_main
`);
process.exitCode = await runMain(code, file ?? "<stdin>");
