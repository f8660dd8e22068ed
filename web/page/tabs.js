// Which tab owns the saved match: the browser's half of web/store/tabs.py.
//
// A Web Lock named "scala40.match" is held by the tab that plays. Python
// calls `scala40Tabs.claim(steal, onLost)`:
// - claim(false): take the lock if it is free; resolves true (this tab owns
//   the match) or false (another tab holds it);
// - claim(true): take it from whichever tab holds it (the "play here"
//   button); that tab's lock request then rejects with an AbortError, and
//   its `onLost` runs, so it stops writing and says so.
// The lock is held until the tab closes (the callback's promise never
// settles). Where Web Locks are missing (an old browser, an insecure
// origin), every tab owns the match and the saves' revisions decide.
const NAME = "scala40.match";

window.scala40Tabs = {
  claim(steal, onLost) {
    const locks = navigator.locks;
    if (!locks || typeof locks.request !== "function") return Promise.resolve(true);
    return new Promise((resolve) => {
      const options = steal ? { steal: true } : { ifAvailable: true };
      let granted = false;
      try {
        locks
          .request(NAME, options, (lock) => {
            if (!lock) return resolve(false);
            granted = true;
            resolve(true);
            return new Promise(() => {});
          })
          .catch((error) => {
            if (granted && error && error.name === "AbortError") onLost();
            else resolve(true); // the lock manager failed us: play, the revisions guard the save
          });
      } catch {
        resolve(true);
      }
    });
  },
};
