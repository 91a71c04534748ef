// What the browser tests share: the site served from dist/ (at the root and
// under a sub-path), one headless Chromium (Debian's, driven by Playwright),
// fresh browser profiles, the CLI to compare with, and a UI-stall meter.

import { createServer } from "node:http";
import { readdir, readFile, stat } from "node:fs/promises";
import { execFileSync, spawn } from "node:child_process";
import { createServer as netServer } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { gzipSync } from "node:zlib";
import { createHash } from "node:crypto";
import { join, extname, dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const dist = process.env.DDZ_DIST ?? join(root, "dist");
const ddz = process.env.DDZ_BIN ?? join(root, "target", "release", "ddz");
const chromiumPath = process.env.CHROMIUM ?? "/usr/bin/chromium";
/** Where the tests leave screenshots for people to look at. */
export const shots = process.env.DDZ_SCREENSHOTS ?? join(root, "target", "screenshots");

// The site is served at the root and under a sub-path, from the same build.
export const SUB_PATH = "/hosted/under/a/sub-path/";
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".wasm": "application/wasm",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".webmanifest": "application/manifest+json",
  ".json": "application/json",
};

export const site = { server: null, browser: null, base: null, requests: [] };

/** Serves the build in `from` (dist/ unless named) on a free port. */
export function serve(from = dist) {
  from = resolve(from);
  return new Promise((ok) => {
    const s = createServer(async (req, res) => {
      let path = decodeURIComponent(new URL(req.url, "http://x").pathname);
      if (path.startsWith(SUB_PATH)) path = "/" + path.slice(SUB_PATH.length);
      if (path.endsWith("/")) path += "index.html";
      const file = join(from, path);
      if (!file.startsWith(from)) {
        res.writeHead(403).end();
        return;
      }
      try {
        let body = await readFile(file);
        // As static hosts do: a tag, so that asking again (the service
        // worker's copy of a file the page has) costs a 304, not the file.
        const etag = `"${createHash("sha256").update(body).digest("hex").slice(0, 16)}"`;
        const headers = { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "cache-control": "no-cache", etag };
        if (req.headers["if-none-match"] === etag) {
          site.requests.push({ path, at: Date.now(), bytes: 0 });
          res.writeHead(304, headers).end();
          return;
        }
        if (/\bgzip\b/.test(req.headers["accept-encoding"] ?? "")) {
          body = gzipSync(body);
          headers["content-encoding"] = "gzip";
        }
        // Every file served, with when it was asked for and its bytes on the
        // wire: what a visit downloads before its first cards (firstVisit).
        site.requests.push({ path, at: Date.now(), bytes: body.length });
        res.writeHead(200, headers).end(body);
      } catch {
        res.writeHead(404).end("not found");
      }
    });
    s.listen(0, "127.0.0.1", () => ok(s));
  });
}

/** Serves dist/ and launches Chromium; call from `before`. */
export async function start() {
  site.server = await serve();
  site.base = `http://127.0.0.1:${site.server.address().port}/`;
  site.browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--autoplay-policy=no-user-gesture-required",
    ],
  });
  return site;
}

export async function stop() {
  await site.browser?.close();
  site.server?.close();
}

/**
 * A fresh browser profile (no service worker, no storage) and a page in it.
 * `options` are Playwright's context options (viewport, hasTouch, ...).
 */
export async function freshPage(locale = "en-US", options = {}) {
  const context = await site.browser.newContext({ locale, viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => {
    // The app asks `api/health` once to learn whether ddz-server serves
    // it; a static site answers 404, which is that answer, not an error.
    if (m.type() === "error" && !(/Failed to load resource/.test(m.text()) && /\/api\/health$/.test(m.location()?.url ?? "")))
      errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  return { context, page, errors };
}

export function cli(args) {
  return JSON.parse(execFileSync(ddz, args, { encoding: "utf8" }));
}

/** The longest the page's main thread went without running a timer, over a second. */
export function worstStall(page) {
  return page.evaluate(
    () =>
      new Promise((done) => {
        let last = performance.now();
        let worst = 0;
        const start = last;
        const tick = () => {
          const now = performance.now();
          worst = Math.max(worst, now - last);
          last = now;
          if (now - start < 1000) setTimeout(tick, 0);
          else done(worst);
        };
        setTimeout(tick, 0);
      })
  );
}

/**
 * Clicks `click` and returns the milliseconds, timed in the page, until
 * `shown` is in the document (checked every animation frame). Timed from
 * outside, a Playwright wait polls at growing intervals and adds up to half
 * a second to a short answer.
 */
export async function timeUntilShown(page, click, shown, timeoutMs) {
  const ms = await page.evaluate(
    ([click, shown, timeoutMs]) =>
      new Promise((done) => {
        const start = performance.now();
        const look = () => {
          const now = performance.now();
          if (document.querySelector(shown)) done(now - start);
          else if (now - start > timeoutMs) done(null);
          else requestAnimationFrame(look);
        };
        document.querySelector(click).click();
        requestAnimationFrame(look);
      }),
    [click, shown, timeoutMs]
  );
  if (ms === null) throw new Error(`${shown} not shown within ${timeoutMs} ms of clicking ${click}`);
  return Math.round(ms);
}

/**
 * Clicks `click` and returns the milliseconds, timed in the page, until an
 * answer replaces the one shown: `shown` leaves the document (the run
 * starts) and is back (it ends). Checked every animation frame.
 */
export async function timeUntilAnswered(page, click, shown, timeoutMs) {
  const ms = await page.evaluate(
    ([click, shown, timeoutMs]) =>
      new Promise((done) => {
        const start = performance.now();
        let gone = !document.querySelector(shown);
        const look = () => {
          const now = performance.now();
          const there = document.querySelector(shown);
          gone ||= !there;
          if (gone && there) done(now - start);
          else if (now - start > timeoutMs) done(null);
          else requestAnimationFrame(look);
        };
        document.querySelector(click).click();
        requestAnimationFrame(look);
      }),
    [click, shown, timeoutMs]
  );
  if (ms === null) throw new Error(`no new ${shown} within ${timeoutMs} ms of clicking ${click}`);
  return Math.round(ms);
}

/** Waits until no finite CSS animation or transition runs (a card moving, a play sliding in). */
export function animationsDone(page) {
  return page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity)
  );
}

/** Waits until the page has not scrolled for five animation frames (a smooth scroll has ended). */
export function scrollSettled(page) {
  return page.evaluate(
    () =>
      new Promise((done) => {
        let [last, still] = [NaN, 0];
        const look = () => {
          still = window.scrollY === last ? still + 1 : 0;
          last = window.scrollY;
          if (still >= 5) done();
          else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      })
  );
}

/**
 * A first visit to `hash` on a fresh profile: the files the server sent
 * (names without Trunk's hashes, bytes as sent, gzip) before the page's
 * `mark` ("first-cards", or "first-render" on a page without cards), and
 * those sent after it, once the service worker has cached the site and the
 * engine has downloaded. `at` is when the mark was made, in page time.
 */
export async function firstVisit(page, hash, mark = "first-cards") {
  const from = site.requests.length;
  await page.goto(`${site.base}${hash}`);
  const shown = await page.waitForFunction((name) => {
    const m = performance.getEntriesByName(name)[0];
    return m && { epoch: performance.timeOrigin + m.startTime, at: m.startTime };
  }, mark, { timeout: 60000 });
  const { epoch, at } = await shown.jsonValue();
  await page.evaluate(() => navigator.serviceWorker.ready);
  const engine = () => site.requests.slice(from).some((r) => r.path === "/worker_bg.wasm");
  for (let waited = 0; !engine() && waited < 30000; waited += 100) await new Promise((ok) => setTimeout(ok, 100));
  const file = (r) => ({ path: r.path.replace(/-[0-9a-f]{8,16}(?=[._])/, ""), bytes: r.bytes });
  const visit = site.requests.slice(from);
  return { at, before: visit.filter((r) => r.at <= epoch).map(file), after: visit.filter((r) => r.at > epoch).map(file) };
}

/** The build's bytes, raw and gzip-compressed: everything a visit caches for offline use. */
export async function distBytes(from = dist) {
  let [raw, gz] = [0, 0];
  const walk = async (dir) => {
    for (const name of await readdir(dir)) {
      const path = join(dir, name);
      if ((await stat(path)).isDirectory()) await walk(path);
      else {
        const body = await readFile(path);
        raw += body.length;
        gz += gzipSync(body, { level: 9 }).length;
      }
    }
  };
  await walk(from);
  return { raw, gz };
}

/** On the Lab page: a long tournament started, and the library ranked while it runs. */
export async function rankDuringTournament(page) {
  await page.fill("#t-matches", "2000");
  await page.locator("#t-matches").dispatchEvent("change");
  await page.click("#tournament-run");
  await page.locator("#tournament-progress").waitFor();
  await page.click("#rank-run");
  await page.locator("#rank-table tbody tr").first().waitFor({ timeout: 30000 });
}

/**
 * At a contest table: the user's moves until the board ends (or `moves`
 * of them are made), on lead the lowest single (or the highest), else a
 * pass; whether it ended.
 */
export async function playMoves(page, { highest = false, moves = Infinity } = {}) {
  for (let made = 0; made < moves; made++) {
    await page.waitForFunction(
      () => document.querySelector("#play-end") || document.querySelector('#play-actions[data-for="play"]'),
      null,
      { timeout: 60000 },
    );
    if (await page.$("#play-end")) return true;
    if (await page.locator("#play-pass").isEnabled()) await page.click("#play-pass");
    else {
      const cards = page.locator("#play-hand li");
      await (highest ? cards.last() : cards.first()).click({ position: { x: 6, y: 30 } });
      await page.click("#play-play");
    }
  }
  return false;
}

/** The AI's moves at the fastest pace (kept for later boards). */
export async function fastPace(page) {
  await page.click("#play-menu-open");
  await page.selectOption("#play-pace", "fast");
  await page.click("#play-menu .menu-head .icon-button");
}

/** Waits until the Deal page shows a deal's hands. */
export async function waitForDeal(page) {
  await page.locator('section[data-seat="landlord"] .hand li').first().waitFor();
}

/** The Endgame board's position as the CLI takes it: hands, the play to beat and who made it. */
export async function boardPosition(page) {
  return page.evaluate(() => {
    const hand = (seat) => document.querySelector(`.board-seat[data-seat="${seat}"] .hand`)?.dataset.cards ?? "";
    const beat = document.querySelector("#eg-to-beat");
    return { landlord: hand("landlord"), farmer1: hand("farmer1"), farmer2: hand("farmer2"), last: beat?.dataset.play, by: beat?.dataset.by };
  });
}

/** `ddz solve`'s arguments for such a position. */
export function solveArgs(p) {
  const args = ["solve", "--landlord", p.landlord, "--farmer", p.farmer1];
  if (p.farmer2) args.push("--farmer2", p.farmer2);
  if (p.last) args.push("--last", p.last, "--last-by", p.by);
  return args;
}

/** Creates an event with the Contest page's form (`fill` sets it); its code. */
export async function createEvent(page, fill) {
  await page.goto(`${site.base}#/contest`);
  await page.waitForSelector("#contest-create");
  await fill(page);
  await page.click("#contest-new-create");
  await page.waitForSelector("#contest-created", { timeout: 60000 });
  return page.getAttribute("#contest-created", "data-code");
}

/** Opens the create form's "advanced" settings (n, r, the GDI centre, ε). */
export async function openAdvanced(page) {
  if (!(await page.locator("#contest-new-advanced[open]").count())) await page.click("#contest-new-advanced summary");
}

/** Enters event `code` under `name`; waits for the boards. */
export async function enterEvent(page, code, name) {
  await page.goto(`${site.base}#/contest?e=${code}`);
  await page.fill("#contest-name", name);
  await page.click("#contest-start");
  await page.waitForSelector("#contest-boards tr[data-seed]", { timeout: 60000 });
}

/** On the Endgame page, trying a puzzle: plays it out with the winning plays `ddz solve` finds. */
export async function solveOut(page) {
  for (let turn = 0; turn < 30 && !(await page.locator("#eg-solved").count()); turn++) {
    await page.waitForFunction(() => document.querySelector("#eg-solved") || document.querySelector("#eg-your-turn"), null, { timeout: 15000 });
    if (await page.locator("#eg-solved").count()) break;
    const p = await boardPosition(page);
    const args = [...solveArgs(p), "--to-move", await page.getAttribute("#eg-board", "data-to-move")];
    const best = cli([...args, "--json"]).best;
    await page.click(`#eg-try-moves button[data-move="${best}"]`);
  }
  await page.locator("#eg-solved").waitFor({ timeout: 15000 });
}

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((ok, fail) => {
    const s = netServer();
    s.on("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

/**
 * A real `ddz-server` (env DDZ_SERVER_BIN, else target/debug or release)
 * serving dist/ with a fresh SQLite database in a temporary folder; its
 * base URL, its log, and `stop`.
 */
export async function startDdzServer(args = []) {
  const { existsSync } = await import("node:fs");
  const bin =
    process.env.DDZ_SERVER_BIN ??
    [join(root, "target", "debug", "ddz-server"), join(root, "target", "release", "ddz-server")].find((p) => existsSync(p));
  if (!bin) throw new Error("no ddz-server binary: build it (cargo build -p ddz-server) or set DDZ_SERVER_BIN");
  const dir = await mkdtemp(join(tmpdir(), "ddz-server-test-"));
  const port = await freePort();
  const log = [];
  const child = spawn(bin, ["--listen", `127.0.0.1:${port}`, "--database", `sqlite://${join(dir, "events.db")}`, "--site", dist, ...args], {
    cwd: dir,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (d) => log.push(String(d)));
  child.stderr.on("data", (d) => log.push(String(d)));
  const base = `http://127.0.0.1:${port}/`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`ddz-server exited (${child.exitCode}):\n${log.join("")}`);
    try {
      const r = await fetch(`${base}api/health`);
      if (r.ok && (await r.json()).ok === true) break;
    } catch {}
    if (i > 300) throw new Error(`ddz-server did not answer on ${base}:\n${log.join("")}`);
    await new Promise((ok) => setTimeout(ok, 100));
  }
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((ok) => {
        const timer = setTimeout(() => (child.kill("SIGKILL"), ok()), 10000);
        child.on("exit", () => (clearTimeout(timer), ok()));
      });
    }
    await rm(dir, { recursive: true, force: true });
  };
  return { base, log, stop };
}
