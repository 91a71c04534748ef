// The engine worker's entry: the path the app gives yew-agent's provider.
//
// The provider starts a worker that runs `importScripts(<this file>);
// wasm_bindgen(<this file, ".js" made "_bg.wasm">)`. This file answers that
// call by loading Trunk's worker build (worker.js, worker_bg.wasm) from the
// same folder, and tries again when a download fails: on a first visit the
// worker starts before the service worker has cached anything, and a dropped
// connection would otherwise leave it dead, with every job waiting forever.
// The page's messages wait in the bridge until the engine has started.
"use strict";

self.wasm_bindgen = function (wasmUrl) {
  // Undo the provider's renaming to find this file's folder (the first
  // ".js" of the URL became "_bg.wasm", even in a host name).
  const folder = new URL(".", wasmUrl.replace("_bg.wasm", ".js"));
  let init = null;
  let pause = 1000;
  const later = () =>
    new Promise((ok) => {
      const go = () => {
        clearTimeout(timer);
        self.removeEventListener("online", go);
        ok();
      };
      const timer = setTimeout(go, pause);
      self.addEventListener("online", go);
      pause = Math.min(pause * 2, 30000);
    });
  const start = () => {
    try {
      if (init === null) {
        // Declares the global `wasm_bindgen` (a `let`, which from now on
        // shadows this function): the engine's own start.
        importScripts(new URL("worker.js", folder).href);
        init = wasm_bindgen;
      }
    } catch (e) {
      return Promise.reject(e);
    }
    return init({ module_or_path: new URL("worker_bg.wasm", folder).href });
  };
  const attempt = () =>
    start().catch((e) => {
      console.warn("engine download failed; trying again:", e);
      return later().then(attempt);
    });
  return pageShown().then(attempt);
};

// The engine's 600 KB wait until the app has shown its first page (its
// cards, on the Play page), so that a first visit's bandwidth goes to what
// is on screen (index.html answers
// "start" on the "ddz-engine" channel once the app has rendered, and to a
// worker that asks later). Without the channel, or with no answer in 5 s
// (a page that failed before rendering), it starts anyway.
function pageShown() {
  if (typeof BroadcastChannel === "undefined") return Promise.resolve();
  return new Promise((ok) => {
    const channel = new BroadcastChannel("ddz-engine");
    const go = () => {
      clearTimeout(timer);
      channel.close();
      ok();
    };
    const timer = setTimeout(go, 5000);
    channel.onmessage = (e) => {
      if (e.data === "start") go();
    };
    channel.postMessage("may I start?");
  });
}
