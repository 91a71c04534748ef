// The browser's timings, printed as a table: how long the app takes to
// render, solve, analyse and cancel, beside the CLI where there is one, and
// how long the page's main thread went without running while the worker
// worked. The tests assert only gross limits (a shared machine's timings
// vary); these are the figures. Run by scripts/bench-browser.

import { start, stop, serve, site, dist, freshPage, cli, enterEvent, worstStall, timeUntilShown, timeUntilAnswered, boardPosition, solveArgs, waitForDeal, distBytes, rankDuringTournament } from "../support.mjs";
import { resolve } from "node:path";

const rows = [];
/** The build being measured, when two are (DDZ_DIST_BEFORE): its name leads each figure. */
let build = "";
/** Its folder. */
let folder = dist;
/** One measured figure: what, how much, and beside what. */
function row(figure, value, beside = "") {
  if (build) figure = `${build}: ${figure}`;
  rows.push([figure, value, beside]);
  console.error(`# ${figure}: ${value}${beside ? ` (${beside})` : ""}`);
}
const ms = (v) => `${Math.round(v)} ms`;
const ratio = (a, b) => `${(a / b).toFixed(2)} x`;

/** Opens a fresh page at `hash`, runs `body(page)`, closes it; errors in the page fail the bench. */
async function onPage(hash, body, locale = "en-US") {
  const { context, page, errors } = await freshPage(locale);
  await page.goto(`${site.base}${hash}`);
  // Measured once the first visit has settled: the engine downloaded and
  // the site cached, which would otherwise share the two cores with it.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForTimeout(2000);
  try {
    await body(page);
  } finally {
    await context.close();
  }
  if (errors.length) throw new Error(`errors in the page at ${hash}: ${errors.join("; ")}`);
}

/** The whole site, as the service worker caches it for offline use. */
async function siteBytes() {
  const { raw, gz } = await distBytes(folder);
  row("the whole site, gzip -9", `${(gz / 1024).toFixed(0)} KB`, `${(raw / 1024).toFixed(0)} KB raw`);
}

// What each page waits for on a first visit: its first cards, or its heading.
const FIRST_CONTENT = [
  ["Play", "#/play", "#play-hand li"],
  ["Endgame", "#/endgame", ".board-seat .hand"],
  ["Contest", "#/contest", "main h1, main h2"],
  ["Lab", "#/lab", "main h1, main h2"],
];

/**
 * A cold load of each page on a phone-sized screen, with the main thread at
 * full speed and slowed 4× (Chromium's CPU throttling): when its first
 * content is painted (the frame after it is in the page), the longest
 * main-thread task until then, and the bytes sent until then.
 */
async function loads() {
  for (const [name, hash, selector] of FIRST_CONTENT) {
    for (const rate of [1, 4]) {
      const context = await site.browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await (await context.newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate });
      await page.addInitScript((selector) => {
        window.__tasks = [];
        new PerformanceObserver((l) => l.getEntries().forEach((e) => window.__tasks.push([e.startTime, e.duration]))).observe({ type: "longtask", buffered: true });
        const look = new MutationObserver(() => {
          if (!document.querySelector(selector)) return;
          look.disconnect();
          requestAnimationFrame(() => setTimeout(() => (window.__shown = performance.now())));
        });
        look.observe(document, { childList: true, subtree: true });
      }, selector);
      const from = site.requests.length;
      await page.goto(`${site.base}${hash}`);
      await page.waitForFunction(() => window.__shown, null, { timeout: 60000 });
      const { shown, epoch, longest } = await page.evaluate(() => ({
        shown: window.__shown,
        epoch: performance.timeOrigin + window.__shown,
        longest: Math.max(0, ...window.__tasks.filter(([at]) => at < window.__shown).map(([, d]) => d)),
      }));
      const sent = site.requests.slice(from).filter((r) => r.at <= epoch).reduce((sum, r) => sum + r.bytes, 0);
      row(`${name} on a first visit, CPU ${rate}×`, ms(shown), `longest task ${ms(longest)}; ${Math.round(sent / 1024)} KB sent by then`);
      await context.close();
    }
  }
}

async function firstRender() {
  await onPage("#/deal?seed=42", async (page) => {
    await waitForDeal(page);
    const at = await page.evaluate(() => performance.getEntriesByName("first-cards")[0]?.startTime);
    row("first render of a deal", ms(at));
  });
}

async function exactSplit() {
  const deals = 1000;
  await onPage("#/deal?seed=42", async (page) => {
    await waitForDeal(page);
    const took = await page.evaluate((n) => {
      const start = performance.now();
      window.wasmBindings.bench_exact_split(n);
      return performance.now() - start;
    }, deals);
    const native = cli(["split-compare", "--deals", String(deals), "--json"]).exact_micros_20_cards;
    row(`exact split of a 20-card hand, mean of ${deals}`, `${((took * 1000) / deals).toFixed(1)} µs`, `natively ${native.mean.toFixed(1)} µs, median ${native.median.toFixed(1)} µs`);
  });
}

async function workerRun() {
  await onPage("#/deal?seed=42", async (page) => {
    await waitForDeal(page);
    await page.fill("#sim-games", "1000000");
    await page.locator("#sim-games").dispatchEvent("change");
    await page.click("#sim-run");
    await page.locator("#sim-progress").waitFor();
    row("UI stall during a self-play run", ms(await worstStall(page)), "longest gap between timer ticks over 1 s");
    row("self-play cancelled", ms(await timeUntilShown(page, "#sim-cancel", "#sim-cancelled", 5000)), "click to answer");
  });
}

async function parLongAndLimited() {
  await onPage("#/deal?seed=2", async (page) => {
    await waitForDeal(page);
    await page.selectOption("#par-limit", "60000");
    await page.click("#par-run");
    await page.locator("#par-progress").waitFor();
    row("UI stall during a whole deal's solve", ms(await worstStall(page)));
    row("a solve cancelled", ms(await timeUntilShown(page, "#par-cancel", "#par-cancelled", 5000)), "click to answer");
    await page.selectOption("#par-limit", "1000");
    const over = [];
    for (let i = 0; i < 3; i++) over.push((await timeUntilAnswered(page, "#par-run", "#par-result", 10000)) - 1000);
    const depth = await page.getAttribute("#par-result", "data-depth");
    row("time-limit overshoot (1 s limit, 3 runs)", over.map((o) => `${(o / 10).toFixed(1)}%`).join(", "), `the last estimate at depth ${depth}`);
  });
}

async function parBesideNative() {
  let [worker, native] = [0, 0];
  for (const seed of ["0", "14"]) {
    await onPage(`#/deal?seed=${seed}`, async (page) => {
      await waitForDeal(page);
      await page.selectOption("#par-limit", "60000");
      const took = await timeUntilShown(page, "#par-run", "#par-result", 60000);
      const want = cli(["par", "--seed", seed, "--time-limit", "60000", "--json"]);
      const [nodes, searched] = [await page.getAttribute("#par-result", "data-nodes"), await page.getAttribute("#par-result", "data-ms")];
      row(`par of deal ${seed} on the Deal page`, ms(took), `${searched} ms and ${nodes} nodes in the worker; natively ${ms(want.ms)} and ${want.nodes} nodes, ${ratio(took, want.ms)}`);
      [worker, native] = [worker + took, native + want.ms];
    });
  }
  row("par on the Deal page, deals 0 and 14", ms(worker), `natively ${ms(native)}, ${ratio(worker, native)}`);
}

async function endgameWholeDeal() {
  const deal = cli(["deal", "--seed", "11", "--json"]);
  await onPage(`#/endgame?l=${deal.landlord}&f=${deal.farmer1}&f2=${deal.farmer2}`, async (page) => {
    await page.locator(".board-seat[data-seat=landlord] .hand li").first().waitFor();
    const started = Date.now();
    await page.locator("#eg-progress").waitFor();
    row("UI stall while every play of a whole deal is analysed", ms(await worstStall(page)));
    await page.locator("#eg-moves li").first().waitFor({ timeout: 20000 });
    row("every play of a whole deal analysed", ms(Date.now() - started), "its limit 2 s; from the board shown");
  });
}

async function losingPlayFlagged() {
  await onPage(
    "#/endgame?puzzle=1",
    async (page) => {
      await page.locator("#eg-your-turn").waitFor();
      const losing = cli([...solveArgs(await boardPosition(page)), "--all-moves", "--json"]).moves.find((m) => m.winner === "farmer");
      row("a losing play flagged", ms(await timeUntilShown(page, `#eg-try-moves button[data-move="${losing.play}"]`, "#eg-flag", 10000)), "puzzle 1, play to flag");
    },
    "zh-CN"
  );
}

async function labTwoJobs() {
  await onPage("#/lab?seed=42&panel=quick", async (page) => {
    await page.locator("#lab-dist").waitFor({ timeout: 30000 });
    await rankDuringTournament(page);
    row("UI stall with two Lab jobs running", ms(await worstStall(page)), "a tournament and the library's ranking");
    await page.click("#tournament-cancel");
    await page.locator("#tournament-cancelled").waitFor();
  });
}

async function solveBench() {
  const sizes = (process.env.DDZ_SOLVE_BENCH_SIZES || "10+10,12+12,14+14,16+16,18+18,20+17").split(",");
  const [positions, limit] = [10, 20000];
  const native = cli(["solve-bench", "--sizes", sizes.join(","), "--positions", String(positions), "--time-limit", String(limit), "--json"]);
  await onPage("#/endgame", async (page) => {
    await page.locator("h1").waitFor();
    let [wasmTotal, nativeTotal] = [0, 0];
    for (const [i, size] of sizes.entries()) {
      const [l, f] = size.split("+").map(Number);
      const wasm = JSON.parse(await page.evaluate(([l, f, n, lim]) => window.wasmBindings.bench_solve(l, f, n, 0n, lim), [l, f, positions, limit]));
      const sorted = (cases) => cases.map((c) => c.ms).sort((a, b) => a - b);
      const [wm, nm] = [sorted(wasm), sorted(native.sizes[i].cases)];
      const median = (v) => v[v.length >> 1];
      row(
        `solve-bench ${size}, median (worst)`,
        `${median(wm).toFixed(1)} ms (${wm.at(-1).toFixed(0)})`,
        `natively ${median(nm).toFixed(1)} ms (${nm.at(-1).toFixed(0)}); ${wasm.filter((c) => c.exact).length}/${positions} proven in wasm`
      );
      wasmTotal += wm.reduce((a, b) => a + b, 0);
      nativeTotal += nm.reduce((a, b) => a + b, 0);
    }
    row("solve-bench, all sizes", ms(wasmTotal), `natively ${ms(nativeTotal)}, ${ratio(wasmTotal, nativeTotal)}`);
  });
}

async function wholeDeals() {
  const limit = 10000;
  await onPage("#/endgame", async (page) => {
    await page.locator("h1").waitFor();
    let [wasmTotal, nativeTotal] = [0, 0];
    for (const [seed, deals] of [[0, 2], [12, 3]]) {
      const native = cli(["solve-bench", "--full", "--deals", String(deals), "--seed", String(seed), "--time-limit", String(limit), "--json"]).cases;
      const wasm = JSON.parse(await page.evaluate(([n, s, lim]) => window.wasmBindings.bench_full(n, BigInt(s), lim), [deals, seed, limit]));
      for (const [w, n] of wasm.map((c, j) => [c, native[j]])) {
        row(`whole deal ${w.seed} solved in wasm`, ms(w.ms), `natively ${ms(n.ms)}, ${ratio(w.ms, n.ms)}; ${w.nodes} and ${n.nodes} nodes`);
        wasmTotal += w.ms;
        nativeTotal += n.ms;
      }
    }
    row("whole deals, all", ms(wasmTotal), `natively ${ms(nativeTotal)}, ${ratio(wasmTotal, nativeTotal)}`);
  });
}

async function aiThinking() {
  await onPage("#/play?seed=7&mode=classic&first=me&level=novice&pace=normal", async (page) => {
    // How long each opponent's seat stays lit while it thinks (the normal pace pauses about 600 ms).
    await page.evaluate(() => {
      const seen = (window.__lit = []);
      const since = {};
      const look = () => {
        for (const s of document.querySelectorAll("section.seat.opponent")) {
          const lit = s.classList.contains("thinking");
          if (lit && since[s.dataset.chair] == null) since[s.dataset.chair] = performance.now();
          if (!lit && since[s.dataset.chair] != null) {
            seen.push(performance.now() - since[s.dataset.chair]);
            since[s.dataset.chair] = null;
          }
        }
        requestAnimationFrame(look);
      };
      look();
    });
    const turn = () =>
      page
        .waitForFunction(() => document.querySelector('#play-end, #play-actions[data-for="play"], #play-actions[data-for="bid"]'), null, { timeout: 30000 })
        .then(() => page.evaluate(() => (document.querySelector("#play-end") ? "end" : document.querySelector("#play-actions").dataset.for)));
    await turn();
    await page.click('#play-actions button[data-bid="3"]');
    for (let i = 0; i < 200 && (await turn()) !== "end"; i++) {
      await page.click("#play-hint");
      await page.waitForFunction(() => !document.querySelector("#play-hint").disabled, null, { timeout: 15000 });
      if (await page.locator("#play-play").isEnabled()) await page.click("#play-play");
      else await page.click("#play-pass");
    }
    const spans = await page.evaluate(() => window.__lit);
    row("an AI's seat lit while it thinks (normal pace)", `${ms(Math.min(...spans))}–${ms(Math.max(...spans))}`, `${spans.length} times in a deal`);
  });
}

/** An equal event's boards dealt for an entrant, in the browser's worker and natively, at the app's default centre and ε. */
async function equalDealing() {
  for (const boards of [6, 12]) {
    const { code } = cli(["contest", "new", "--format", "equal", "--centre", "0.8,0.45,0.3", "--eps", "0.15", "--boards", String(boards), "--seed", "1", "--json"]);
    const names = ["Ann", "Bob", "Cy"];
    const inBrowser = [];
    const native = [];
    for (const name of names) {
      const { context, page, errors } = await freshPage("en-US");
      const start = Date.now();
      await enterEvent(page, code, name);
      inBrowser.push(Date.now() - start);
      await context.close();
      if (errors.length) throw new Error(`errors in the page: ${errors.join("; ")}`);
      const t = Date.now();
      cli(["contest", "deals", code, "--entrant", name, "--json"]);
      native.push(Date.now() - t);
    }
    const mean = (v) => v.reduce((a, b) => a + b, 0) / v.length;
    row(`an equal event's ${boards} boards dealt, mean of ${names.length} names`, ms(mean(inBrowser)), `natively ${ms(mean(native))}; each ${inBrowser.map(ms).join(", ")}`);
  }
}

const benches = { siteBytes, loads, firstRender, exactSplit, workerRun, parLongAndLimited, parBesideNative, endgameWholeDeal, losingPlayFlagged, labTwoJobs, aiThinking, solveBench, wholeDeals, equalDealing };
const only = process.argv.slice(2);
await start();
// Two builds side by side: each bench runs on the earlier build, then on
// this one, DDZ_BENCH_PASSES times (1 unless set).
const before = process.env.DDZ_DIST_BEFORE && (await serve(process.env.DDZ_DIST_BEFORE));
const after = ["after", site.base, dist];
const builds = before ? [["before", `http://127.0.0.1:${before.address().port}/`, resolve(process.env.DDZ_DIST_BEFORE)], after] : [["", site.base, dist]];
try {
  for (const [name, bench] of Object.entries(benches)) {
    if (only.length && !only.includes(name)) continue;
    for (let pass = 0; pass < (Number(process.env.DDZ_BENCH_PASSES) || 1); pass++) {
      for ([build, site.base, folder] of builds) await bench();
    }
  }
} finally {
  before?.close();
  await stop();
}
const widths = [0, 1].map((i) => Math.max(...rows.map((r) => r[i].length), 6));
console.log(`${"figure".padEnd(widths[0])}  ${"value".padStart(widths[1])}  beside`);
for (const [figure, value, beside] of rows) console.log(`${figure.padEnd(widths[0])}  ${value.padStart(widths[1])}  ${beside}`);
