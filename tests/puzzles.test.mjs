// Puzzles to come back to (issue 57): the player's and each puzzle's
// rating moving after a rated first try and kept after a reload, stars,
// the streak said, the next puzzle near the rating, themes shown and
// used as a filter, a forced pass made for the player, wins in fewer
// plays listed first, and the board with its hand and buttons on the
// first screen of a phone and a laptop (screenshots in target/screenshots/).
// By hand: `node --test tests/puzzles.test.mjs` after `trunk build --release`.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { start, stop, freshPage, cli, shots, boardPosition, solveArgs, solveOut } from "./support.mjs";

let base;
let library;
/** Built-in puzzle 5: 3TTT, the farmer answers 4AAA, and the landlord's 7QKKA cannot beat it. */
const FORCED = "d5sj6VS";

before(async () => {
  base = (await start()).base;
  await mkdir(shots, { recursive: true });
  library = cli(["puzzles", "list", "--json"]).puzzles;
});

after(stop);

const attr = (page, sel, name) => page.getAttribute(sel, name);
const num = async (page, sel, name) => Number(await attr(page, sel, name));
const step = (page) => num(page, "#eg-step", "data-step");

async function open(page, id) {
  await page.goto(`${base}#/endgame?puzzle=${id}`);
  await page.waitForFunction((id) => document.querySelector("#eg-meta") && location.hash.includes(id), id);
  await page.locator("#eg-your-turn").waitFor();
}

/** A play of the side to move that throws the win away, by `ddz solve`. */
async function losingPlay(page) {
  const side = (await attr(page, "#eg-board", "data-to-move")) === "landlord" ? "landlord" : "farmer";
  const moves = cli([...solveArgs(await boardPosition(page)), "--all-moves", "--json"]).moves;
  return moves.find((m) => m.winner !== side).play;
}

test("a clean solve of a first try (中文)", async (t) => {
  const { context, page, errors } = await freshPage("zh-CN", { viewport: { width: 1366, height: 768 } });
  const p = library[0];
  await open(page, p.id);

  await t.test("before: the player at 1500, the puzzle at its starting rating, the try rated", async () => {
    assert.equal(await attr(page, "#eg-rating", "data-rating"), "1500");
    assert.equal(await num(page, "#eg-meta", "data-rating"), p.rating);
    assert.equal(await attr(page, "#eg-rated", "data-rated"), "true");
    assert.match(await page.locator("#eg-rated").textContent(), /第一次.*计入等级分/);
  });

  let player, puzzle;
  await t.test("solved: the player's rating up, the puzzle's down, shown as +N / −N", async () => {
    await solveOut(page);
    const change = page.locator("#eg-rating-change");
    const [dp, dq] = [await num(page, "#eg-rating-change", "data-player-change"), await num(page, "#eg-rating-change", "data-puzzle-change")];
    console.log(`# solved ${p.id} (rated ${p.rating}): ${await change.textContent()}`);
    assert.ok(dp > 0 && dq < 0, `player ${dp}, puzzle ${dq}`);
    assert.match(await change.textContent(), new RegExp(`你的等级分 ${1500 + dp}（\\+${dp}），本题 ${p.rating + dq}（−${-dq}）`));
    player = 1500 + dp;
    puzzle = p.rating + dq;
    assert.equal(await num(page, "#eg-rating", "data-rating"), player);
    assert.equal(await num(page, "#eg-meta", "data-rating"), puzzle);
  });

  await t.test("the solve gets 3 stars and counts for the streak, and says so", async () => {
    assert.equal(await attr(page, "#eg-solved", "data-stars"), "3");
    assert.equal(await attr(page, "#eg-solved", "data-streak-counted"), "true");
    assert.match(await page.locator("#eg-solved").textContent(), /三星.*连对 1 题/);
  });

  await t.test("the level shows the stars: the puzzle's cell and the level's total", async () => {
    // The level shows it: the puzzle's cell and the level's total.
    assert.equal(await attr(page, `#eg-level-puzzles li[data-id="${p.id}"]`, "data-stars"), "3");
    assert.equal(await attr(page, "#eg-level-stars", "data-stars"), "3");
    assert.match(await page.locator('#eg-level option[value="1"]').textContent(), /★ 3/);
    await page.screenshot({ path: join(shots, "endgame-rating-themes-1366x768-zh.png") });
  });

  await t.test("the next puzzle is an untried one rated nearest the player's new rating", async () => {
    const next = await attr(page, "#eg-next", "data-id");
    const others = library.filter((q) => q.id !== p.id);
    const nearest = Math.min(...others.map((q) => Math.abs(q.rating - player)));
    const chosen = library.find((q) => q.id === next);
    console.log(`# the player at ${player}: next ${next}, rated ${chosen.rating}`);
    assert.equal(Math.abs(chosen.rating - player), nearest);
  });

  await t.test("after a reload both ratings and the stars are kept", async () => {
    await page.reload();
    await page.locator("#eg-your-turn").waitFor();
    assert.equal(await num(page, "#eg-rating", "data-rating"), player);
    assert.equal(await num(page, "#eg-meta", "data-rating"), puzzle);
    assert.equal(await attr(page, "#eg-meta", "data-stars"), "3");
  });

  await t.test("a second try is not rated and moves no rating", async () => {
    assert.equal(await attr(page, "#eg-rated", "data-rated"), "false");
    await solveOut(page);
    assert.equal(await page.locator("#eg-rating-change").count(), 0, "a second try moves no rating");
    assert.equal(await num(page, "#eg-rating", "data-rating"), player);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test("rated tries that fail (English)", async (t) => {
  const { context, page, errors } = await freshPage("en-US", { viewport: { width: 1366, height: 768 } });
  const p = library[1];

  await t.test("a wrong play fails the rated try: the player's rating down, the puzzle's up", async () => {
    await open(page, p.id);
    await page.click(`#eg-try-moves button[data-move="${await losingPlay(page)}"]`);
    await page.locator("#eg-flag").waitFor({ timeout: 10000 });
    await page.locator("#eg-rating-change").waitFor();
    const [dp, dq] = [await num(page, "#eg-rating-change", "data-player-change"), await num(page, "#eg-rating-change", "data-puzzle-change")];
    assert.ok(dp < 0 && dq > 0, `player ${dp}, puzzle ${dq}`);
    assert.equal(await num(page, "#eg-rating", "data-rating"), 1500 + dp);
  });

  await t.test("solved after a retry: 2 stars, not counted for the streak", async () => {
    await page.click("#eg-retry");
    await solveOut(page);
    assert.equal(await attr(page, "#eg-solved", "data-stars"), "2");
    assert.equal(await attr(page, "#eg-solved", "data-streak-counted"), "false");
    assert.match(await page.locator("#eg-solved").textContent(), /2 stars.*does not count for the streak/);
    assert.equal(await attr(page, `#eg-level-puzzles li[data-id="${p.id}"]`, "data-stars"), "2");
  });

  await t.test("a look at the answer fails the rated try", async () => {
    const before = await num(page, "#eg-rating", "data-rating");
    await open(page, library[2].id);
    await page.click("#eg-mode-analyse");
    await page.locator("#eg-rating-change").waitFor();
    assert.ok((await num(page, "#eg-rating-change", "data-player-change")) < 0);
    assert.ok((await num(page, "#eg-rating", "data-rating")) < before);
  });

  await t.test("solved after a look at the answer: 1 star, not counted for the streak", async () => {
    await page.click("#eg-mode-try");
    await solveOut(page);
    assert.equal(await attr(page, "#eg-solved", "data-stars"), "1");
    assert.match(await page.locator("#eg-solved").textContent(), /1 star, after seeing the answer.*does not count/);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test("puzzle themes (中文, then English)", async (t) => {
  const { context, page, errors } = await freshPage("zh-CN", { viewport: { width: 1366, height: 768 } });
  const withTheme = (theme) => library.filter((p) => p.themes.includes(theme));

  await t.test("a puzzle's themes are the library's", async () => {
    for (const p of [library[0], withTheme("pass")[0], withTheme("split")[0], withTheme("bomb")[0]]) {
      await open(page, p.id);
      const shown = await page.locator("#eg-meta .theme-chip").evaluateAll((c) => c.map((e) => e.dataset.theme));
      assert.deepEqual(shown, p.themes, p.id);
    }
  });

  await t.test("the bomb theme picked, the grid lists its puzzles only, as `ddz puzzles list --theme` does", async () => {
    await open(page, library[0].id);
    const bombs = withTheme("bomb");
    assert.deepEqual(bombs.map((p) => p.id), cli(["puzzles", "list", "--theme", "bomb", "--json"]).puzzles.map((p) => p.id));
    await page.selectOption("#eg-theme", "bomb");
    await page.waitForFunction((n) => document.querySelectorAll("#eg-level-puzzles li").length === n, bombs.length);
    const listed = await page.locator("#eg-level-puzzles li").evaluateAll((li) => li.map((l) => [l.dataset.id, l.dataset.themes]));
    assert.deepEqual(listed.map(([id]) => id), bombs.map((p) => p.id));
    assert.ok(listed.every(([, themes]) => themes.split(" ").includes("bomb")), JSON.stringify(listed));
    assert.match(await page.locator(".level-title").textContent(), new RegExp(`主题：炸弹（${bombs.length} 题）`));
  });

  await t.test("the board then opens a puzzle with the theme", async () => {
    const bombs = withTheme("bomb");
    // The puzzle on the board had no bomb: one that has is opened.
    await page.waitForFunction(() => (document.querySelector("#eg-meta")?.dataset.themes ?? "").split(" ").includes("bomb"));
    const opened = new URL(page.url()).hash.split("puzzle=")[1];
    assert.ok(bombs.some((p) => p.id === opened), opened);
  });

  await t.test("with a level too: that level's puzzles of the theme", async () => {
    const level = withTheme("bomb").at(-1).level;
    await page.selectOption("#eg-level", String(level));
    const expected = withTheme("bomb").filter((p) => p.level === level).map((p) => p.id);
    await page.waitForFunction((n) => document.querySelectorAll("#eg-level-puzzles li").length === n, expected.length);
    assert.deepEqual(await page.locator("#eg-level-puzzles li").evaluateAll((li) => li.map((l) => l.dataset.id)), expected);
  });

  await t.test("the theme chosen is kept after a reload", async () => {
    await page.reload();
    await page.locator("#eg-meta").waitFor();
    assert.equal(await page.locator("#eg-theme").inputValue(), "bomb");
  });

  await t.test("all themes again lists the whole level", async () => {
    await page.selectOption("#eg-theme", "");
    await page.selectOption("#eg-level", "");
    await page.waitForFunction(() => !document.querySelector("#eg-puzzles").dataset.theme);
    const level = Number(await attr(page, "#eg-level-puzzles li.current", "data-id").then((id) => library.find((p) => p.id === id).level));
    assert.equal(await page.locator("#eg-level-puzzles li").count(), library.filter((p) => p.level === level).length);
  });

  await t.test("in English, with a screenshot", async () => {
    await page.evaluate(() => document.querySelector('.lang[aria-pressed="false"]')?.click());
    await page.locator("#eg-meta .theme-chip").first().waitFor();
    await page.selectOption("#eg-theme", "split");
    await page.waitForFunction(() => document.querySelector("#eg-puzzles").dataset.theme === "split");
    await page.waitForFunction(() => (document.querySelector("#eg-meta")?.dataset.themes ?? "").includes("split"));
    await page.locator("#eg-your-turn").waitFor();
    await solveOut(page);
    await page.locator("#eg-rating-change").waitFor();
    await page.screenshot({ path: join(shots, "endgame-rating-themes-1366x768-en.png") });
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test("stored progress", async (t) => {
  const { context, page, errors } = await freshPage("en-US", { viewport: { width: 1366, height: 768 } });
  const [p, q] = [library[0], library[1]];
  await open(page, p.id);

  await t.test("the first format: its solved puzzles at 2 stars, not rated again; its streak kept", async () => {
    await page.evaluate((id) => localStorage.setItem("ddz.puzzles", JSON.stringify({ solved: [id], streak: 1, best: 3, days: [] })), p.id);
    await page.reload();
    await page.locator("#eg-your-turn").waitFor();
    assert.deepEqual(errors, []);
    assert.equal(await attr(page, `#eg-level-puzzles li[data-id="${p.id}"]`, "data-stars"), "2");
    assert.equal(await attr(page, "#eg-streak", "data-best"), "3");
    assert.equal(await attr(page, "#eg-rated", "data-rated"), "false");
    assert.equal(await page.locator("#eg-progress-unreadable").count(), 0);
  });

  await t.test("unreadable text goes beside an earlier one, never over it", async () => {
    await page.evaluate(() => {
      localStorage.setItem("ddz.puzzles.unreadable", "earlier");
      localStorage.setItem("ddz.puzzles", '{"version":2,"player":[1e9,350,0.06]}');
    });
    await page.reload();
    await page.locator("#eg-progress-unreadable").waitFor();
    assert.deepEqual(errors, []);
    const kept = await page.evaluate(() => [1, 2].map((k) => localStorage.getItem(k === 1 ? "ddz.puzzles.unreadable" : `ddz.puzzles.unreadable.${k}`)));
    assert.deepEqual(kept, ["earlier", '{"version":2,"player":[1e9,350,0.06]}']);
    assert.match(await page.locator("#eg-progress-unreadable").textContent(), /kept aside/);
  });
  await context.close();

  await t.test("a save the browser refuses is said", async () => {
    const full = await freshPage("en-US", { viewport: { width: 1366, height: 768 } });
    await full.context.addInitScript(() => {
      const set = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        if (key === "ddz.puzzles") throw new DOMException("full", "QuotaExceededError");
        return set.call(this, key, value);
      };
    });
    await open(full.page, q.id);
    await full.page.click("#eg-mode-analyse");
    await full.page.locator("#eg-progress-unsaved").waitFor();
    assert.match(await full.page.locator("#eg-progress-unsaved").textContent(), /could not be saved/);
    await full.context.close();
  });
  assert.deepEqual(errors, []);
});

/** The hands after `moves` from a listed puzzle's start (the CLI's letters), who is to move and the play to beat. */
function playedOut(p, moves) {
  const seats = p.seats === 3 ? ["landlord", "farmer1", "farmer2"] : ["landlord", "farmer1"];
  const hands = { ...p.hands };
  let toMove = p.to_move;
  let beat = p.to_beat ? { ...p.to_beat } : null;
  for (const mv of moves) {
    if (mv !== "pass") {
      for (const c of mv.replace("+", "")) hands[toMove] = hands[toMove].replace(c, "");
      beat = { by: toMove, play: mv };
    }
    toMove = seats[(seats.indexOf(toMove) + 1) % seats.length];
    if (mv === "pass" && beat?.by === toMove) beat = null;
  }
  return { hands, toMove, beat };
}

test("when the pass is the player's only play, it is made for them after a beat that shows it", async () => {
  const { context, page, errors } = await freshPage("zh-CN", { viewport: { width: 1366, height: 768 } });
  // A puzzle whose answer the solver answers with a play the player cannot beat.
  const p = library.find((q) => q.id === FORCED);
  await open(page, p.id);
  const start = await step(page);
  await page.click(`#eg-try-moves button[data-move="${p.answer}"]`);
  // The solver's replies, then the pass shown on the player's seat, made with no click.
  await page.locator("#eg-forced").waitFor({ timeout: 15000 });
  assert.equal(await page.locator("#eg-try-moves").count(), 0, "no plays offered while the pass is shown");
  assert.equal(await page.locator("#eg-forced-note").textContent(), "要不起，自动不出。");
  const replies = await page.locator("#eg-record .jump").evaluateAll((c) => c.map((e) => e.dataset.move));
  const { hands, toMove, beat } = playedOut(p, replies);
  assert.equal(toMove, p.to_move);
  assert.deepEqual(cli(["moves", hands[toMove], "--follow", beat.play, "--json"]).moves, ["pass"]);
  const k = replies.length + 1;
  await page.locator(`#eg-record .jump[data-ply="${k}"][data-move="pass"]`).waitFor({ timeout: 5000 });
  assert.ok((await step(page)) >= start + k);
  assert.equal(await page.locator("#eg-forced").count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the list of plays puts a win in fewer plays first", async () => {
  const { context, page, errors } = await freshPage("zh-CN", { viewport: { width: 1366, height: 768 } });
  // The farmer's lone 3 beats nothing and never leads: every play of the
  // landlord wins, in as many plays as the rest takes.
  await page.goto(`${base}#/endgame?l=345678JJQKA2&f=3`);
  await page.click("#eg-mode-analyse");
  await page.waitForFunction(() => {
    const li = [...document.querySelectorAll("#eg-moves li")];
    return li.length > 0 && li.every((l) => l.dataset.winsIn);
  }, null, { timeout: 30000 });
  const n = await page.locator("#eg-moves li").evaluateAll((li) => li.map((l) => Number(l.dataset.winsIn)));
  console.log(`# wins in, as listed: ${n.join(" ")}`);
  assert.ok(new Set(n).size >= 3, `several lengths: ${n}`);
  assert.deepEqual(n, [...n].sort((a, b) => a - b));
  assert.deepEqual(errors, []);
  await context.close();
});

test("a puzzle's first screen, on a phone and a laptop", async (t) => {
  const cards = (p) => Object.values(p.hands).join("").length;
  const most = (seats) => library.filter((p) => p.seats === seats).reduce((a, b) => (cards(b) > cards(a) ? b : a));
  const puzzles = [...library.slice(0, 5), most(2), most(3)];
  for (const [width, height, lang] of [[390, 844, "zh-CN"], [390, 844, "en-US"], [1366, 768, "zh-CN"], [1366, 768, "en-US"]]) {
    const phone = width < 500;
    const name = phone
      ? `on a phone (${width}×${height}, ${lang}) the board, the hand to tap and its buttons are on the first screen`
      : `on a laptop (${width}×${height}, ${lang}) the board is on the first screen`;
    await t.test(name, async () => {
      const opts = phone ? { viewport: { width, height }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 } : { viewport: { width, height } };
      const { context, page, errors } = await freshPage(lang, opts);
      for (const p of puzzles) {
        await open(page, p.id);
        assert.equal(await page.evaluate(() => scrollY), 0);
        const parts = phone ? ["#eg-board", "#eg-hand", "#eg-actions"] : ["#eg-board"];
        for (const sel of parts) {
          const box = await page.locator(sel).boundingBox();
          console.log(`# ${width}×${height} ${lang} ${p.id} (${p.seats} seats, ${cards(p)} cards): ${sel} y ${box.y.toFixed(0)}–${(box.y + box.height).toFixed(0)}`);
          assert.ok(box.y >= 0 && box.y + box.height <= height, `${width}×${height} ${p.id}: ${sel} at ${JSON.stringify(box)}`);
        }
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        assert.ok(overflow <= 0, `${width}×${height} ${p.id}: ${overflow} px wider than the window`);
      }
      if (phone) {
        await open(page, library[3].id);
        await page.screenshot({ path: join(shots, `endgame-390x844-${lang.slice(0, 2)}.png`) });
      }
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
