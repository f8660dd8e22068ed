// Storage guard: the first script on the page, before PyScript and the game.
//
// A page embedded in another site's iframe may get no storage at all: with
// third-party storage blocked (Safari, Chromium's incognito and privacy
// settings), reading `localStorage` throws "Access is denied" and
// `indexedDB.open` fails. The game then plays with its saves in memory
// (web/store/stores.py says so in one line), but two things must not stop it:
//
// - `localStorage` itself: when it cannot be read, an in-memory stand-in
//   takes its place, so the game's scripts and Python need no special path,
//   and `window.scala40Storage` is "memory" (the page reads it to tell the
//   player);
// - IndexedDB: PyScript 0.7 opens a database while it starts, whatever the
//   config (Pyodide's package cache, `IDBMapSync` in core.js, whose
//   `await sync()` never settles when the open fails; and `IDBMap` for its
//   file-system helper, opened when core.js loads). A failed open here is
//   answered from a small in-memory database instead, so start-up goes on.
//   Where IndexedDB works, the real database is used untouched.
(() => {
  "use strict";
  window.scala40Storage = "local";
  try {
    window.localStorage.getItem("scala40.settings");
  } catch {
    window.scala40Storage = "memory";
    Object.defineProperty(window, "localStorage", { value: memoryStorage(), configurable: true });
  }
  guardIndexedDB(window);

  function memoryStorage() {
    const items = new Map();
    return {
      getItem: (key) => (items.has(String(key)) ? items.get(String(key)) : null),
      setItem: (key, value) => void items.set(String(key), String(value)),
      removeItem: (key) => void items.delete(String(key)),
      clear: () => items.clear(),
      key: (index) => [...items.keys()][index] ?? null,
      get length() {
        return items.size;
      },
    };
  }
})();

// IndexedDB on `scope`, answered from memory when the real one fails.
function guardIndexedDB(scope) {
  "use strict";
  let real = null;
  try {
    real = scope.indexedDB || null;
  } catch {
    real = null;
  }
  const memory = memoryDatabases();
  const guarded = {
    open(name, version) {
      const request = new Request();
      if (!real) {
        scope.scala40IdbFallback = true;
        setTimeout(() => memory.open(name, request));
        return request;
      }
      let opening;
      try {
        opening = real.open(name, version);
      } catch {
        scope.scala40IdbFallback = true;
        setTimeout(() => memory.open(name, request));
        return request;
      }
      const forward = (type) => () => {
        request.result = opening.result;
        request.transaction = opening.transaction;
        request.readyState = "done";
        request.fire(type);
      };
      opening.onupgradeneeded = forward("upgradeneeded");
      opening.onsuccess = forward("success");
      opening.onblocked = forward("blocked");
      opening.onerror = (event) => {
        event.preventDefault();
        scope.scala40IdbFallback = true;
        memory.open(name, request);
      };
      return request;
    },
    deleteDatabase(name) {
      memory.remove(name);
      return real ? real.deleteDatabase(name) : new Request();
    },
    cmp: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
  };
  Object.defineProperty(scope, "indexedDB", { value: guarded, configurable: true });

  // -- an IDBRequest-like object: handlers as properties, called with the request as this
  function Request() {
    this.result = undefined;
    this.error = null;
    this.transaction = null;
    this.readyState = "pending";
    this.onsuccess = this.onerror = this.onupgradeneeded = this.onblocked = null;
  }
  Request.prototype.fire = function (type) {
    const handler = this["on" + type];
    if (typeof handler === "function") handler.call(this, { type, target: this, preventDefault() {} });
  };
  Request.prototype.addEventListener = function (type, listener) {
    const previous = this["on" + type];
    this["on" + type] = function (event) {
      if (previous) previous.call(this, event);
      listener.call(this, event);
    };
  };
  Request.prototype.dispatchEvent = () => true;
  Request.prototype.removeEventListener = () => {};

  function succeed(value) {
    const request = new Request();
    setTimeout(() => {
      request.result = value;
      request.readyState = "done";
      request.fire("success");
    });
    return request;
  }

  // -- the in-memory databases: object stores of Maps, just what a key-value cache needs
  function memoryDatabases() {
    const databases = new Map();
    return {
      open(name, request) {
        let stores = databases.get(name);
        const fresh = !stores;
        if (fresh) databases.set(name, (stores = new Map()));
        const db = database(stores);
        request.result = db;
        request.readyState = "done";
        if (fresh) {
          const tx = transaction(stores);
          request.transaction = tx;
          request.fire("upgradeneeded");
          setTimeout(() => {  // after the transaction's own "complete" (see transaction())
            request.transaction = null;
            request.fire("success");
          });
        } else {
          request.fire("success");
        }
      },
      remove(name) {
        databases.delete(name);
      },
    };
  }

  function database(stores) {
    return {
      get objectStoreNames() {
        const names = [...stores.keys()];
        return Object.assign(names, { contains: (n) => stores.has(n), item: (i) => names[i] });
      },
      createObjectStore(name) {
        if (!stores.has(name)) stores.set(name, new Map());
        return objectStore(stores.get(name));
      },
      deleteObjectStore(name) {
        stores.delete(name);
      },
      transaction(names) {
        return transaction(stores, names);
      },
      close() {},
      onabort: null,
      onclose: null,
      onerror: null,
      onversionchange: null,
    };
  }

  function transaction(stores) {
    const tx = {
      oncomplete: null,
      onerror: null,
      onabort: null,
      objectStore(name) {
        if (!stores.has(name)) stores.set(name, new Map());
        return objectStore(stores.get(name));
      },
      commit() {},
      abort() {},
    };
    setTimeout(() => {
      if (typeof tx.oncomplete === "function") tx.oncomplete({ type: "complete", target: tx });
    });
    return tx;
  }

  function objectStore(entries) {
    return {
      get: (key) => succeed(entries.get(key)),
      getKey: (key) => succeed(entries.has(key) ? key : undefined),
      getAll: () => succeed([...entries.values()]),
      getAllKeys: () => succeed([...entries.keys()]),
      count: () => succeed(entries.size),
      put: (value, key) => (entries.set(key, value), succeed(key)),
      add: (value, key) => (entries.set(key, value), succeed(key)),
      delete: (key) => (entries.delete(key), succeed(undefined)),
      clear: () => (entries.clear(), succeed(undefined)),
    };
  }

}
