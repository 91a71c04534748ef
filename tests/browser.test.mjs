// Real-browser tests of the web app's main flows (the Play page's are in
// play.test.mjs): headless Chromium (Debian's) driven by Playwright, against
// the release build in dist/ served locally (support.mjs).
// Run by scripts/test; by hand: `node --test tests/` after `trunk build --release`.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readdir, readFile, stat } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { start, stop, freshPage, cli, worstStall, dist, SUB_PATH } from "./support.mjs";

let base;

before(async () => {
  base = (await start()).base;
});

after(stop);

const handOf = (page, seat) => page.locator(`section[data-seat="${seat}"] .hand`).getAttribute("data-cards");
const cardCount = (page, seat) => page.locator(`section[data-seat="${seat}"] .hand li`).count();

async function waitForDeal(page) {
  await page.locator('section[data-seat="landlord"] .hand li').first().waitFor();
}

test("a seeded deal loads with no console errors and matches `ddz deal --seed`", async () => {
  const { context, page, errors } = await freshPage();
  await page.goto(`${base}#/deal?seed=42`);
  await waitForDeal(page);
  const expected = cli(["deal", "--seed", "42", "--json"]);
  assert.equal(await cardCount(page, "landlord"), 20);
  assert.equal(await cardCount(page, "farmer1"), 17);
  assert.equal(await cardCount(page, "farmer2"), 17);
  assert.equal(await cardCount(page, "bottom"), 3);
  assert.equal(await handOf(page, "landlord"), expected.landlord);
  assert.equal(await handOf(page, "farmer1"), expected.farmer1);
  assert.equal(await handOf(page, "farmer2"), expected.farmer2);
  assert.equal(await handOf(page, "bottom"), expected.bottom);
  assert.equal(await page.locator("#deal-notation").textContent(), expected.deal);
  assert.equal(await page.locator(".card.marked").count(), 3, "the bottom cards are marked in the landlord's hand");
  const firstRender = await page.evaluate(() => performance.getEntriesByName("first-deal-render")[0]?.startTime);
  console.log(`# time to first render of a deal: ${Math.round(firstRender)} ms`);
  assert.ok(firstRender > 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the first visit downloads under 1.5 MB compressed", async () => {
  let raw = 0;
  let gz = 0;
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
  await walk(dist);
  // The service worker caches every file of the build on the first visit.
  console.log(`# first visit: ${(raw / 1024).toFixed(0)} KB, ${(gz / 1024).toFixed(0)} KB gzip-compressed`);
  assert.ok(gz < 1.5 * 1024 * 1024, `${gz} bytes compressed`);
});

test("a share link reproduces a random deal and a pasted one", async () => {
  const { context, page, errors } = await freshPage();
  await page.goto(`${base}#/deal`);
  await waitForDeal(page);
  await page.click("#random-deal");
  await page.waitForURL(/seed=/);
  const shownSeed = await page.locator("#shown-seed").textContent();
  const link = await page.locator("#share-link").inputValue();
  assert.match(link, new RegExp(`#/deal\\?seed=${shownSeed}$`));
  const notation = await page.locator("#deal-notation").textContent();

  const other = await context.newPage();
  await other.goto(link);
  await waitForDeal(other);
  assert.equal(await other.locator("#deal-notation").textContent(), notation);

  // A pasted deal (lower case, 10 for the ten, spaces between hands) gets a link of its own.
  const pasted = cli(["deal", "--seed", "7", "--json"]);
  const messy = `[${pasted.landlord.toLowerCase().replaceAll("T", "10")}] [${pasted.farmer1}] [${pasted.farmer2}]`;
  await page.fill("#paste-input", messy);
  await page.click("#show-deal");
  await page.waitForURL(/hands=/);
  assert.equal(await page.locator("#deal-notation").textContent(), pasted.deal);
  const handsLink = await page.locator("#share-link").inputValue();
  await other.goto(handsLink);
  await other.reload();
  await waitForDeal(other);
  assert.equal(await other.locator("#deal-notation").textContent(), pasted.deal);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a malformed deal is explained inline and nothing is lost", async () => {
  const { context, page, errors } = await freshPage();
  await page.goto(`${base}#/deal?seed=5`);
  await waitForDeal(page);
  const before = await page.locator("#deal-notation").textContent();
  // rules.md's example deal is one card short.
  await page.fill("#paste-input", "[TTKA379Q2D69K5Q94J6][3JX8Q885TTK3265AK][29Q435J426787JA7A]");
  await page.click("#show-deal");
  await assert.doesNotReject(page.locator("#paste-error", { hasText: "missing 4" }).waitFor());
  await page.fill("#paste-input", "[33z4]");
  await page.click("#show-deal");
  await page.locator("#paste-error", { hasText: "'z' at position 4 is not a card" }).waitFor();
  assert.equal(await page.locator("#paste-input").inputValue(), "[33z4]", "the typed text stays");
  assert.equal(await page.locator("#deal-notation").textContent(), before, "the shown deal stays");
  // The explanation follows the language.
  await page.click('button.lang[lang="zh-CN"]');
  await page.locator("#paste-error", { hasText: "第 4 个字符“z”不是牌" }).waitFor();
  // A broken link is explained too, not a blank page.
  await page.goto(`${base}#/deal?seed=forty-two`);
  await page.locator(".link-error", { hasText: "forty-two" }).waitFor();
  await page.fill("#seed-input", "-3");
  await page.click("#deal-seed");
  await page.locator("#seed-error", { hasText: "-3" }).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test("the language switch works, is remembered, and a broken setting is reported and replaced", async () => {
  const { context, page, errors } = await freshPage("en-US");
  await page.goto(`${base}#/deal?seed=1`);
  await waitForDeal(page);
  assert.equal(await page.locator("nav a").first().textContent(), "Deal");
  await page.click('button.lang[lang="zh-CN"]');
  assert.equal(await page.locator("nav a").first().textContent(), "发牌");
  assert.equal(await page.getAttribute("html", "lang"), "zh-CN");
  assert.equal(await page.locator('section[data-seat="landlord"] .count').textContent(), "20 张");
  await page.reload();
  await waitForDeal(page);
  assert.equal(await page.locator("nav a").first().textContent(), "发牌", "remembered after a reload");

  await page.evaluate(() => localStorage.setItem("ddz.settings", "{broken"));
  await page.reload();
  await waitForDeal(page);
  await page.locator(".notice", { hasText: "could not be read" }).waitFor();
  assert.equal(await page.locator("nav a").first().textContent(), "Deal", "back to the browser's language");
  assert.match(await page.evaluate(() => localStorage.getItem("ddz.settings")), /"lang":"en"/);
  // Kept aside, not dropped.
  assert.equal(await page.evaluate(() => localStorage.getItem("ddz.settings.unreadable")), "{broken");
  // Keyboard: the switch is reachable and works with Enter.
  await page.focus('button.lang[lang="zh-CN"]');
  await page.keyboard.press("Enter");
  assert.equal(await page.locator("nav a").first().textContent(), "发牌");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a Chinese browser gets the Chinese interface by default", async () => {
  const { context, page } = await freshPage("zh-CN");
  await page.goto(`${base}#/deal?seed=1`);
  await waitForDeal(page);
  assert.equal(await page.locator("nav a").first().textContent(), "发牌");
  await context.close();
});

test("after one visit the site reloads and computes with the network off", async () => {
  const { context, page, errors } = await freshPage();
  await page.goto(`${base}#/deal?seed=9`);
  await waitForDeal(page);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((ok) => navigator.serviceWorker.addEventListener("controllerchange", ok, { once: true }));
    }
  });
  await context.setOffline(true);
  await page.reload();
  await waitForDeal(page);
  assert.equal(await handOf(page, "landlord"), cli(["deal", "--seed", "9", "--json"]).landlord);
  await page.goto(`${base}#/deal?seed=10`);
  await waitForDeal(page);
  await page.fill("#sim-games", "200");
  await page.locator("#sim-games").dispatchEvent("change");
  await page.click("#sim-run");
  await page.locator("#sim-result").waitFor({ timeout: 20000 });
  assert.deepEqual(errors, []);
  await context.close();
});

test("the worker computes while the page stays responsive, and can be cancelled", async () => {
  const { context, page, errors } = await freshPage();
  await page.goto(`${base}#/deal?seed=42`);
  await waitForDeal(page);
  await page.fill("#sim-games", "1000000");
  await page.locator("#sim-games").dispatchEvent("change");

  // Start the longest run, then measure the UI thread while it works.
  await page.click("#sim-run");
  await page.locator("#sim-progress").waitFor();
  const worstGap = await worstStall(page);
  console.log(`# longest UI-thread stall during a worker run: ${worstGap.toFixed(1)} ms`);
  // Measured and printed; only a gross stall fails (the machines are shared).
  assert.ok(worstGap < 1000, `UI thread stalled ${worstGap} ms`);
  // The page reacts to input while the worker runs.
  await page.click('button.lang[lang="zh-CN"]');
  assert.equal(await page.locator("nav a").first().textContent(), "发牌");
  const progress = Number(await page.locator("#sim-progress").getAttribute("value"));
  assert.ok(progress > 0 && progress < 1000000, `progress ${progress}`);
  await page.click("#sim-cancel");
  await page.locator("#sim-cancelled").waitFor();

  // A short run finishes with a result.
  await page.fill("#sim-games", "500");
  await page.locator("#sim-games").dispatchEvent("change");
  await page.click("#sim-run");
  await page.locator("#sim-result").waitFor({ timeout: 20000 });
  assert.match(await page.locator("#sim-win").textContent(), /地主胜率 \d+\.\d%/);
  const leads = await page.locator('.lead-count[data-seat="landlord"]').textContent();
  const expectedLeads = cli(["moves", cli(["deal", "--seed", "42", "--json"]).landlord, "--json"]).plays.length;
  assert.match(leads, new RegExp(` ${expectedLeads}$`));
  assert.deepEqual(errors, []);
  await context.close();
});

test("the site works from a sub-path", async () => {
  const { context, page, errors } = await freshPage();
  await page.goto(`${base.replace(/\/$/, "")}${SUB_PATH}#/deal?seed=3`);
  await waitForDeal(page);
  assert.equal(await handOf(page, "farmer2"), cli(["deal", "--seed", "3", "--json"]).farmer2);
  await page.fill("#sim-games", "100");
  await page.locator("#sim-games").dispatchEvent("change");
  await page.click("#sim-run");
  await page.locator("#sim-result").waitFor({ timeout: 20000 });
  await page.click('nav a[href="#/lab"]');
  await page.locator("h1", { hasText: "Lab" }).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test("a hand is shown in its suggested groups, with alternatives, as `ddz split` gives them", async () => {
  const { context, page, errors } = await freshPage();
  await page.goto(`${base}#/deal?seed=42`);
  await waitForDeal(page);
  const hand = await handOf(page, "landlord");
  const want = cli(["split", hand, "--alternatives", "3", "--json"]);
  const landlord = page.locator('section[data-seat="landlord"]');
  await landlord.locator(".split-toggle").click();
  const groupsShown = async () =>
    landlord.locator(".group").evaluateAll((gs) => gs.map((g) => [g.dataset.kind, g.dataset.cards]));
  assert.deepEqual(await groupsShown(), want.groups.map((g) => [g.kind, g.cards]));
  assert.equal(await landlord.locator(".play-count").textContent(), `${want.plays} plays`);
  assert.match(await landlord.locator(".reason").textContent(), new RegExp(`^${want.plays} plays`));
  // The next-best split is one click away.
  await landlord.locator('.option[data-option="1"]').click();
  assert.deepEqual(await groupsShown(), want.alternatives[0].groups.map((g) => [g.kind, g.cards]));
  // Kind names follow the language.
  await page.click('button.lang[lang="zh-CN"]');
  assert.match(await landlord.locator(".group figcaption").first().textContent(), /[\u4e00-\u9fff]/);
  await landlord.locator(".split-toggle").click();
  assert.equal(await landlord.locator(".hand li").count(), 20);

  // Speed of the exact split in wasm, beside the native figure.
  const deals = 1000;
  const ms = await page.evaluate((n) => {
    const start = performance.now();
    const plays = window.wasmBindings.bench_exact_split(n);
    if (!(plays > 0)) throw new Error("no plays");
    return performance.now() - start;
  }, deals);
  const native = cli(["split-compare", "--deals", String(deals), "--json"]).exact_micros_20_cards;
  console.log(
    `# exact split of a 20-card hand, mean over ${deals}: wasm ${((ms * 1000) / deals).toFixed(1)} µs, native ${native.mean.toFixed(1)} µs (native median ${native.median.toFixed(1)} µs)`
  );
  assert.deepEqual(errors, []);
  await context.close();
});

test("the Deal page shows a deal's par as `ddz par` gives it; the line steps on open hands; a long solve cancels", async () => {
  const { context, page, errors } = await freshPage();
  await page.goto(`${base}#/deal?seed=13`);
  await waitForDeal(page);
  const want = cli(["par", "--seed", "13", "--json"]);
  await page.click("#par-run");
  await page.locator("#par-result").waitFor({ timeout: 20000 });
  assert.equal(await page.getAttribute("#par-result", "data-winner"), want.winner);
  assert.equal(await page.getAttribute("#par-result", "data-exact"), "true");
  assert.equal(await page.getAttribute("#par-result", "data-best"), want.best);
  assert.match(await page.locator("#par-verdict").textContent(), /farmers win \(proven\)/);
  // Stepping the line takes the first play out of the landlord's hand.
  const held = () => page.locator('#par-result [data-seat="landlord"] .hand li').count();
  assert.equal(await held(), 20);
  await page.click("#par-next");
  assert.equal(await page.getAttribute("#par-step", "data-step"), "1");
  assert.equal(await held(), 20 - want.best.replace("+", "").length);
  // A whole deal that takes long: progress, then cancel.
  await page.goto(`${base}#/deal?seed=0`);
  await waitForDeal(page);
  await page.selectOption("#par-limit", "60000");
  await page.click("#par-run");
  await page.locator("#par-progress").waitFor();
  await page.click("#par-cancel");
  await page.locator("#par-cancelled").waitFor({ timeout: 5000 });
  assert.deepEqual(errors, []);
  await context.close();
});

test("the endgame page solves a built-in puzzle and its best move matches `ddz solve`", async () => {
  const { context, page, errors } = await freshPage();
  await page.goto(`${base}#/endgame?puzzle=1`);
  await page.locator('section[data-seat="landlord"] .hand li').first().waitFor();
  const landlord = await handOf(page, "landlord");
  const farmer = await handOf(page, "farmer1");
  const want = cli(["solve", "--landlord", landlord, "--farmer", farmer, "--json"]);
  await page.click("#eg-solve");
  await page.locator("#eg-result").waitFor();
  assert.equal(await page.getAttribute("#eg-result", "data-winner"), want.winner === "landlord" ? "landlord" : "farmers");
  assert.equal(await page.getAttribute("#eg-result", "data-exact"), "true");
  assert.equal(await page.getAttribute("#eg-best", "data-move"), want.best);
  assert.match(await page.locator("#eg-verdict").textContent(), /landlord wins \(proven\)/i);
  const line = await page.locator("#eg-line li").evaluateAll((li) => li.map((l) => l.dataset.move));
  assert.deepEqual(line, want.pv);
  // A malformed setup is explained, not a blank page.
  await page.goto(`${base}#/endgame?l=33z&f=44`);
  await page.locator("#eg-error", { hasText: "'z' at position 3" }).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test("hands can be picked card by card, within what a deck holds", async () => {
  const { context, page, errors } = await freshPage();
  await page.goto(`${base}#/endgame?l=&f=`);
  await page.locator("h1").waitFor();
  await page.click("#eg-picker summary");
  // The landlord's hand: 3 3 and a red joker; then the farmer's: the other two 3s and a 4.
  const add = (rank) => page.click(`#picker .pick[data-rank="${rank}"] .pick-add`);
  await page.click('#picker .picker-tab[data-hand="0"]');
  await add("3");
  await add("3");
  await add("D");
  assert.equal(await page.inputValue("#eg-l"), "33D");
  await page.click('#picker .picker-tab[data-hand="1"]');
  await add("3");
  await add("3");
  await add("4");
  assert.equal(await page.inputValue("#eg-f"), "334");
  // All four 3s and the one red joker are out: neither can be added again.
  assert.ok(await page.locator('#picker .pick[data-rank="3"] .pick-add').isDisabled());
  assert.ok(await page.locator('#picker .pick[data-rank="D"] .pick-add').isDisabled());
  await page.click('#picker .pick[data-rank="4"] .pick-remove');
  assert.equal(await page.inputValue("#eg-f"), "33");
  // Typed text and picked cards are one form: set it up and solve it.
  await page.click("#eg-setup");
  await page.locator('section[data-seat="landlord"] .hand li').first().waitFor();
  assert.equal(await handOf(page, "landlord"), "33D");
  await page.click("#eg-solve");
  await page.locator("#eg-result").waitFor();
  assert.equal(await page.getAttribute("#eg-result", "data-winner"), "landlord");
  assert.deepEqual(errors, []);
  await context.close();
});

test("playing a puzzle against the solver with hints ends in a win", async () => {
  const { context, page, errors } = await freshPage();
  await page.goto(`${base}#/endgame?puzzle=0`);
  await page.locator('section[data-seat="landlord"] .hand li').first().waitFor();
  await page.click("#eg-play-landlord");
  for (let turn = 0; turn < 20; turn++) {
    if (await page.locator("#eg-outcome").count()) break;
    await page.locator("#eg-moves").waitFor();
    await page.click("#eg-hint");
    await page.locator("#eg-moves .move.hinted").waitFor({ timeout: 10000 });
    await page.click("#eg-moves .move.hinted");
    // Wait for the solver's answer (or the end).
    await page.waitForFunction(() => document.querySelector("#eg-outcome") || document.querySelector("#eg-moves"), null, { timeout: 10000 });
  }
  assert.equal(await page.locator("#eg-outcome").textContent(), "You won!");
  assert.deepEqual(errors, []);
  await context.close();
});

test("a long solve reports progress, keeps the page responsive, can be cancelled and keeps its time limit", async () => {
  const { context, page, errors } = await freshPage();
  const deal = cli(["deal", "--seed", "11", "--json"]);
  await page.goto(`${base}#/endgame?l=${deal.landlord}&f=${deal.farmer1}&f2=${deal.farmer2}`);
  await page.locator('section[data-seat="landlord"] .hand li').first().waitFor();
  await page.selectOption("#eg-limit", "30000");
  await page.click("#eg-solve");
  await page.locator("#eg-progress").waitFor();
  const worstGap = await worstStall(page);
  console.log(`# longest UI-thread stall during a solve: ${worstGap.toFixed(1)} ms`);
  assert.ok(worstGap < 1000, `UI thread stalled ${worstGap} ms`);
  assert.match(await page.locator("#eg-progress").textContent(), /nodes/);
  const cancelledAt = Date.now();
  await page.click("#eg-cancel");
  await page.locator("#eg-cancelled").waitFor();
  console.log(`# cancel answered in ${Date.now() - cancelledAt} ms`);

  // The time limit is kept in the browser too.
  const overshoots = [];
  for (const limit of [1000, 1000, 1000]) {
    await page.selectOption("#eg-limit", String(limit));
    // Wall-clock time from the click to the answer on screen.
    const ms = await page.evaluate(async () => {
      const start = performance.now();
      document.querySelector("#eg-solve").click();
      const tick = () => new Promise((ok) => setTimeout(ok, 5));
      while (document.querySelector("#eg-result")) await tick();
      while (!document.querySelector("#eg-result")) await tick();
      return performance.now() - start;
    });
    overshoots.push((ms - limit) / limit);
    assert.equal(await page.getAttribute("#eg-result", "data-exact"), "false");
    assert.ok((await page.locator("#eg-best").textContent()).length > 0, "a move even without a proof");
  }
  console.log(`# time-limit overshoot in the browser (1 s limit): ${overshoots.map((o) => (100 * o).toFixed(1) + "%").join(", ")}`);
  assert.ok(Math.max(...overshoots) < 0.1);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the solver's benchmark in wasm, beside native", async () => {
  const { context, page, errors } = await freshPage();
  await page.goto(`${base}#/endgame`);
  await page.locator("h1").waitFor();
  // `ddz solve-bench`'s positions, solved to a proof in wasm and natively.
  const sizes = (process.env.DDZ_SOLVE_BENCH_SIZES || "10+10,12+12,14+14,16+16,18+18,20+17").split(",");
  const positions = 10;
  const limit = 20000;
  const native = cli(["solve-bench", "--sizes", sizes.join(","), "--positions", String(positions), "--time-limit", String(limit), "--json"]);
  let [wasmTotal, nativeTotal] = [0, 0];
  for (const [i, size] of sizes.entries()) {
    const [l, f] = size.split("+").map(Number);
    const wasm = JSON.parse(await page.evaluate(([l, f, n, lim]) => window.wasmBindings.bench_solve(l, f, n, 0n, lim), [l, f, positions, limit]));
    const here = native.sizes[i].cases;
    // The same positions, the same verdicts.
    assert.deepEqual(wasm.map((c) => [c.landlord, c.farmer]), here.map((c) => [c.landlord, c.farmer]));
    for (const [w, n] of wasm.map((c, j) => [c, here[j]])) {
      if (w.exact && n.exact) assert.equal(w.winner, n.winner, `${size} seed ${w.seed}`);
    }
    const ms = (cases) => cases.map((c) => c.ms).sort((a, b) => a - b);
    const [wm, nm] = [ms(wasm), ms(here)];
    const median = (v) => v[v.length >> 1];
    console.log(
      `# solve-bench ${size}: wasm median ${median(wm).toFixed(1)} ms, worst ${wm.at(-1).toFixed(0)} ms; ` +
        `native median ${median(nm).toFixed(1)} ms, worst ${nm.at(-1).toFixed(0)} ms; ` +
        `proven ${wasm.filter((c) => c.exact).length}/${positions} in wasm`,
    );
    wasmTotal += wm.reduce((a, b) => a + b, 0);
    nativeTotal += nm.reduce((a, b) => a + b, 0);
  }
  console.log(`# solve-bench total: wasm ${wasmTotal.toFixed(0)} ms, native ${nativeTotal.toFixed(0)} ms (${(wasmTotal / nativeTotal).toFixed(2)} x)`);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the lab: a seeded deal's histogram as the CLI gives it, DIH as the CLI computes it, a sortable library, tournaments", async () => {
  const { context, page, errors } = await freshPage();
  await page.goto(`${base}#/lab?seed=42&panel=quick`);
  await page.locator("#lab-dist").waitFor({ timeout: 30000 });
  const want = cli(["dist", "42", "--panel", "quick", "--games", "2", "--json"]);
  assert.equal(await page.getAttribute("#lab-dist", "data-counts"), JSON.stringify(want.counts).replaceAll(",", ", "));
  assert.equal(await page.getAttribute("#lab-dist", "data-games"), String(want.games));
  const bars = await page.locator("#chart-histogram .bar").evaluateAll((b) => b.map((x) => Number(x.dataset.value)));
  bars.forEach((v, i) => assert.ok(Math.abs(v - want.probabilities[i]) < 1e-12));
  // Charts save as CSV too.
  const csv = decodeURIComponent((await page.getAttribute("#lab-dist .export-csv", "href")).split(",").slice(1).join(","));
  assert.match(csv, /^score,games,share\n/);

  // A pasted deal is played too, as `ddz dist DEAL` plays it; a broken one is explained.
  const pasted = cli(["deal", "--seed", "7", "--json"]).deal;
  await page.fill("#lab-seed", pasted.slice(0, -3) + "]");
  await page.click("#lab-seed-go");
  await page.locator("#lab-seed-error").waitFor();
  assert.match(await page.textContent("#lab-seed-error"), /(缺少|missing) KX/);
  await page.fill("#lab-seed", pasted);
  await page.click("#lab-seed-go");
  await page.waitForFunction((d) => document.querySelector(".lab-deal")?.dataset.deal === d, pasted);
  const wantPasted = cli(["dist", pasted, "--panel", "quick", "--games", "2", "--json"]);
  await page.waitForFunction(
    (c) => document.querySelector("#lab-dist")?.dataset.counts === c,
    JSON.stringify(wantPasted.counts).replaceAll(",", ", "),
    { timeout: 30000 },
  );

  // DIH for a typed distribution equals the CLI's.
  const dist = "-3:0.05,-2:0.15,-1:0.25,1:0.3,2:0.17,3:0.08";
  await page.fill("#dih-dist", dist);
  await page.locator("#dih-dist").dispatchEvent("change");
  for (const [id, v] of [["#dih-n", "108"], ["#dih-m", "18"], ["#dih-r", "10"]]) {
    await page.fill(id, v);
    await page.locator(id).dispatchEvent("change");
  }
  const cliDih = cli(["dih", "--dist", dist, "--players", "108", "--rounds", "18", "--top", "10", "--json"]).dih;
  await page.waitForFunction((v) => {
    const el = document.querySelector("#dih-value");
    return el && Math.abs(Number(el.dataset.value) - v) < 1e-12;
  }, cliDih);

  // The library ranks by DIH and sorts by any column.
  await page.click("#rank-run");
  await page.locator("#rank-table tbody tr").first().waitFor();
  const dihs = () => page.locator("#rank-table tbody tr").evaluateAll((r) => r.map((x) => Number(x.dataset.dih)));
  let v = await dihs();
  assert.ok(v.every((x, i) => i === 0 || v[i - 1] >= x), "ranked by DIH, highest first");
  await page.click('#rank-table th button[data-col="1"]'); // DIH: descending
  await page.click('#rank-table th button[data-col="1"]'); // again: ascending
  v = await dihs();
  assert.ok(v.every((x, i) => i === 0 || v[i - 1] <= x), "sorted ascending");
  assert.equal(await page.getAttribute('#rank-table th:nth-child(2)', "aria-sort"), "ascending");
  // A row opens its deal.
  const seed = await page.locator("#rank-table tbody tr").first().getAttribute("data-seed");
  await page.locator("#rank-table tbody tr").first().click();
  await page.waitForFunction((s) => location.hash.includes(`seed=${s}`), seed);

  // Tournaments in the three formats, side by side; a bad ε is named, not run.
  await page.fill("#t-eps", "0,15");
  await page.locator("#t-eps").dispatchEvent("change");
  await page.locator("#tournament-input-error").waitFor();
  assert.match(await page.textContent("#tournament-input-error"), /0,15/);
  assert.ok(await page.locator("#tournament-run").isDisabled());
  await page.fill("#t-eps", "0.15");
  await page.locator("#t-eps").dispatchEvent("change");
  // An AI nobody knows is named in the page's language.
  await page.fill("#t-tables", "L0,nobody");
  await page.locator("#t-tables").dispatchEvent("change");
  await page.click("#tournament-run");
  await page.getByText("There is no AI called 'nobody'").waitFor();
  await page.fill("#t-tables", "L0,L2,L4,L5,L6,L7");
  await page.locator("#t-tables").dispatchEvent("change");
  await page.fill("#t-matches", "20");
  await page.locator("#t-matches").dispatchEvent("change");
  await page.click("#tournament-run");
  await page.locator("#tournament-result").waitFor({ timeout: 60000 });
  assert.deepEqual(
    await page.locator("#tournament-result figure").evaluateAll((f) => f.map((x) => x.dataset.format)),
    ["duplicate", "equal", "random"],
  );
  assert.deepEqual(errors, []);
  await context.close();
});
