// The Endgame page as an analysis board (issue 49): the keys, the best
// line's moves as jumps, "wins in N" against the CLI's line, the layout at
// laptop sizes (the board and every play on one screen, no scroll box of
// its own) and on a phone (cards tapped to play, each with a finger's
// width), with screenshots in target/screenshots/.
// By hand: `node --test tests/endgame.test.mjs` after `trunk build --release`.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { start, stop, freshPage, cli, shots, boardPosition, solveArgs, solveOut } from "./support.mjs";

let base;

before(async () => {
  base = (await start()).base;
  await mkdir(shots, { recursive: true });
});

after(stop);

const cardsIn = (move) => (move === "pass" ? 0 : move.replace("+", "").length);
const step = (page) => page.getAttribute("#eg-step", "data-step").then(Number);

/** The landlord's plays (not passes) along a 1v1 line the landlord starts. */
const landlordPlays = (line) => line.filter((m, i) => i % 2 === 0 && m !== "pass").length;

async function analyse(page, puzzle) {
  await page.goto(`${base}#/endgame?puzzle=${puzzle}`);
  await page.locator("#eg-task").waitFor();
  await page.click("#eg-mode-analyse");
  await page.locator("#eg-moves li").first().waitFor({ timeout: 20000 });
}

test("stepping through puzzle 3's best line", async (t) => {
  const { context, page, errors } = await freshPage("en-US", { viewport: { width: 1366, height: 768 } });
  await analyse(page, 3);
  const start = await boardPosition(page);
  await page.locator("#eg-line .jump").first().waitFor({ timeout: 20000 });
  const line = await page.locator("#eg-line .jump").evaluateAll((cells) => cells.map((c) => c.dataset.move));
  assert.ok(line.length >= 5, `a line of ${line.length} moves`);

  await t.test("a click on a move of the line shows the board after it, that move marked among the moves made", async () => {
    // A click on the line's third move: the board after it, that move marked
    // among the moves made.
    await page.click('#eg-line .jump[data-ply="3"]');
    assert.equal(await step(page), 3);
    const after3 = await boardPosition(page);
    assert.equal(after3.landlord.length, start.landlord.length - cardsIn(line[0]) - cardsIn(line[2]));
    assert.equal(after3.farmer1.length, start.farmer1.length - cardsIn(line[1]));
    assert.equal(await page.getAttribute("#eg-record td.current .jump", "data-ply"), "3");
    assert.equal(await page.getAttribute("#eg-record td.current .jump", "data-move"), line[2]);
    const made = await page.locator("#eg-record .jump").evaluateAll((cells) => cells.map((c) => c.dataset.move));
    assert.deepEqual(made, line, "the whole line is on the board to step through");
  });

  await t.test("←, →, Home and End step the board, with the focus on the page", async () => {
    // The keys, with the focus on the page (not in a field).
    await page.click("h1");
    await page.keyboard.press("ArrowLeft");
    assert.equal(await step(page), 2);
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    assert.equal(await step(page), 4);
    assert.equal(await page.getAttribute("#eg-record td.current .jump", "data-ply"), "4");
    await page.keyboard.press("Home");
    assert.equal(await step(page), 0);
    assert.deepEqual(await boardPosition(page), start);
    await page.keyboard.press("End");
    assert.equal(await step(page), line.length);
  });

  await t.test("keys the board does not use, or pressed in a list or with a modifier, are left to the browser", async () => {
    // Keys the board does not use are left to the browser: at the end, →
    // and End are not prevented; ← is, and steps.
    const pressed = (key, target = "body") =>
      page.evaluate(
        ([key, target]) => document.querySelector(target).dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true })),
        [key, target],
      );
    assert.equal(await pressed("ArrowRight"), true, "→ at the end is the browser's");
    assert.equal(await pressed("End"), true, "End at the end is the browser's");
    assert.equal(await pressed("ArrowLeft"), false, "← moves the board, so it is prevented");
    assert.equal(await step(page), line.length - 1);
    // Not while choosing in a list or with a modifier.
    assert.equal(await pressed("Home", "#eg-utility"), true);
    assert.equal(await step(page), line.length - 1);
    await page.keyboard.press("Alt+Home");
    assert.equal(await step(page), line.length - 1);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test("a proven win says in how few of the winner's plays it is sure to go out, as the puzzle library proves", async (t) => {
  const { context, page, errors } = await freshPage("zh-CN", { viewport: { width: 1366, height: 768 } });

  await t.test("puzzle 1 is a win in 3 plays, said of the position and of its winning play", async () => {
    // By hand, puzzle 1: 34567, the 4 and the 6, whatever the farmer does.
    await analyse(page, 1);
    await page.locator("#eg-verdict[data-wins-in]").waitFor({ timeout: 20000 });
    assert.equal(await page.locator("#eg-verdict").textContent(), "地主必胜（3 手）");
    assert.equal(await page.locator("#eg-task").textContent(), "地主先出，必胜（3 手）");
    const first = page.locator("#eg-moves li").first();
    assert.equal(await first.getAttribute("data-wins-in"), "3");
    assert.equal(await first.locator(".wins-in").textContent(), "必胜（3 手）");
  });

  await t.test("puzzle 1's losing plays have no count", async () => {
    // Losing plays have no N; they are 负.
    const losing = await page.locator('#eg-moves li[data-winner="farmer"]').evaluateAll((li) => li.map((l) => l.dataset.winsIn ?? null));
    assert.ok(losing.length > 0 && losing.every((n) => n === null), JSON.stringify(losing));
  });

  await t.test("in the first puzzles the count is the fewest plays the library proved, in players' words", async () => {
    // Every one of the first puzzles: N is the fewest plays the library
    // proved (`ddz puzzles list --json`), against any defence; the line shown
    // is the solver's, and may take more plays or fewer.
    const library = cli(["puzzles", "list", "--level", "1", "--json"]).puzzles;
    for (const puzzle of [1, 2, 3, 5]) {
      await analyse(page, puzzle);
      await page.locator("#eg-verdict[data-wins-in]").waitFor({ timeout: 20000 });
      const position = await boardPosition(page);
      const pv = cli([...solveArgs(position), "--json"]).pv;
      const n = library[puzzle - 1].moves_to_win;
      console.log(`# puzzle ${puzzle}: the landlord wins in ${n} (the line shown takes ${landlordPlays(pv)}: ${pv.join(" ")})`);
      assert.equal(await page.getAttribute("#eg-verdict", "data-wins-in"), String(n), `puzzle ${puzzle}`);
      assert.equal(await page.locator("#eg-verdict").textContent(), `地主必胜（${n} 手）`);
      assert.equal(await page.locator("#eg-moves li").first().getAttribute("data-wins-in"), String(n));
      // Nothing in the Chinese page's text is notation or English: no letter
      // but the faces J, Q, K and A, no "+" but between the cards a play's
      // name spells out (三带一 2 2 2 + 6) and before a rating's gain (+33).
      const text = await page.locator(".analysis-board").evaluate((el) => el.innerText);
      assert.doesNotMatch(text.replace(/ \+ /g, " ").replace(/（\+\d+）/g, ""), /[B-IL-PR-Z+a-z]/, text);
    }
  });

  await t.test("in English the count reads “wins in N”", async () => {
    await page.evaluate(() => document.querySelector('.lang[aria-pressed="false"]')?.click());
    await page.locator("#eg-verdict", { hasText: "wins in" }).waitFor();
    assert.match(await page.locator("#eg-verdict").textContent(), /^The landlord wins in \d+$/);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

/** Elements that scroll on their own (a box with more content than height). */
function innerScrollers(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("body *")]
      .filter((el) => {
        const style = getComputedStyle(el);
        return /(auto|scroll)/.test(style.overflowY) && el.scrollHeight > el.clientHeight + 1;
      })
      .map((el) => `${el.tagName.toLowerCase()}#${el.id}.${el.className} ${el.scrollHeight}/${el.clientHeight}`),
  );
}

test("the Endgame page at laptop sizes, in both languages", async (t) => {
  for (const [width, height] of [[1366, 768], [1280, 720], [1440, 900]]) {
    const name =
      width === 1366
        ? `at ${width}×${height} the board and every play are on one screen, with no scroll box inside the page`
        : `at ${width}×${height} nothing is wider than the window and no box scrolls inside the page`;
    await t.test(name, async () => {
      for (const lang of ["zh-CN", "en-US"]) {
        const { context, page, errors } = await freshPage(lang, { viewport: { width, height } });
        for (const puzzle of [1, 2, 3, 4, 5]) {
          await analyse(page, puzzle);
          await page.locator("#eg-line").waitFor({ timeout: 20000 });
          await page.evaluate(() => document.querySelector("#eg-board").scrollIntoView({ block: "start" }));
          const rows = await page.locator("#eg-moves li").evaluateAll((li) =>
            li.map((l) => {
              const r = l.getBoundingClientRect();
              return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
            }),
          );
          const board = await page.locator("#eg-board").boundingBox();
          const outside = rows.filter((r) => r.top < 0 || r.bottom > height || r.left < 0 || r.right > width);
          if (width === 1366) {
            console.log(
              `# ${width}×${height} ${lang} puzzle ${puzzle}: ${rows.length} plays from y=${rows[0].top.toFixed(0)} to ${rows.at(-1).bottom.toFixed(0)}, ` +
                `board ${board.width.toFixed(0)}×${board.height.toFixed(0)} at y=${board.y.toFixed(0)}`,
            );
            assert.deepEqual(outside, [], `puzzle ${puzzle}: plays off the screen`);
            assert.ok(board.y >= -1 && board.y + board.height <= height, `the board on screen: ${JSON.stringify(board)}`);
          }
          assert.deepEqual(await innerScrollers(page), [], `${width}×${height} puzzle ${puzzle}`);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          assert.ok(overflow <= 0, `${width}×${height} ${lang} puzzle ${puzzle}: ${overflow} px wider than the window`);
          if (width === 1366 && puzzle === 4 && lang === "zh-CN") {
            await page.screenshot({ path: join(shots, "endgame-1366x768.png") });
          }
        }
        assert.deepEqual(errors, []);
        await context.close();
      }
    });
  }
});

/** Each card's left edge, top and the width of it no other card covers, found with elementFromPoint. */
function tapWidths(page) {
  return page.locator("#eg-hand li").evaluateAll((li) =>
    li.map((l, i) => {
      const r = l.getBoundingClientRect();
      const next = li[i + 1]?.getBoundingClientRect();
      const exposed = next && Math.abs(next.top - r.top) < 1 ? next.left - r.left : r.width;
      // The middle of the uncovered strip, low on the card (a lifted card's neighbour never covers it there).
      const x = r.left + exposed / 2;
      const y = r.top + r.height * 0.7;
      const hit = document.elementFromPoint(x, y)?.closest("#eg-hand li") === l;
      return { rank: l.dataset.rank, exposed, top: Math.round(r.top), x, y, hit };
    }),
  );
}

test("the Endgame page on a phone (390×844), cards tapped to play", async (t) => {
  const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
  const { context, page, errors } = await freshPage("zh-CN", phone);

  await t.test("a whole deal's 20 cards lie in rows, each with 36 px to tap", async () => {
    // A whole deal's 20 cards: rows, each card wide enough to tap.
    const deal = cli(["deal", "--seed", "11", "--json"]);
    await page.goto(`${base}#/endgame?l=${deal.landlord}&f=${deal.farmer1}&f2=${deal.farmer2}`);
    await page.locator("#eg-hand li").first().waitFor();
    await page.evaluate(() => document.querySelector("#eg-hand").scrollIntoView({ block: "center" }));
    const widths = await tapWidths(page);
    const rows = new Set(widths.map((w) => w.top)).size;
    console.log(`# 390×844, 20 cards in ${rows} rows, tap widths: ${widths.map((w) => w.exposed.toFixed(1)).join(" ")}`);
    assert.equal(widths.length, 20);
    assert.ok(widths.every((w) => w.exposed >= 36 && w.hit), JSON.stringify(widths.filter((w) => w.exposed < 36 || !w.hit)));
  });

  let start, scrollBefore;

  await t.test("puzzle 1's cards each have 36 px to tap", async () => {
    // A puzzle, tried: the landlord's winning straight tapped card by card.
    await page.goto(`${base}#/endgame?puzzle=1`);
    await page.locator("#eg-your-turn").waitFor();
    await page.evaluate(() => document.querySelector("#eg-board").scrollIntoView({ block: "start" }));
    const widths = await tapWidths(page);
    console.log(`# 390×844, puzzle 1 (${widths.length} cards): tap widths ${widths.map((w) => w.exposed.toFixed(1)).join(" ")}`);
    assert.ok(widths.every((w) => w.exposed >= 36 && w.hit), JSON.stringify(widths));
  });

  await t.test("with no card picked there is nothing to play", async () => {
    assert.equal(await page.isDisabled("#eg-play"), true, "nothing picked, nothing to play");
  });

  await t.test("a straight tapped card by card is selected and previewed in the middle of the board", async () => {
    start = await boardPosition(page);
    for (const rank of ["3", "4", "5", "6", "7"]) {
      const w = (await tapWidths(page)).find((c) => c.rank === rank);
      await page.touchscreen.tap(w.x, w.y);
    }
    await page.locator("#eg-hand li.selected").nth(4).waitFor();
    assert.equal(await page.locator("#eg-hand li.selected").count(), 5);
    // The play the cards make is previewed in the middle of the board.
    await page.locator("#eg-preview").waitFor();
    await page.screenshot({ path: join(shots, "endgame-390x844.png") });
  });

  await t.test("出牌 plays the straight and the solver answers", async () => {
    scrollBefore = await page.evaluate(() => scrollY);
    await page.tap("#eg-play");
    await page.waitForFunction(() => document.querySelector("#eg-step")?.dataset.step !== "0");
    assert.equal(await page.getAttribute("#eg-record .jump[data-ply='1']", "data-move"), "34567");
    // The solver answers (the farmer cannot follow a straight) and it is the landlord's turn again.
    await page.locator("#eg-your-turn").waitFor();
    await page.waitForFunction(() => document.querySelector("#eg-step")?.dataset.step === "2");
    const now = await boardPosition(page);
    assert.equal(now.landlord, "46");
    assert.equal(now.farmer1, start.farmer1);
  });

  await t.test("after the play the hand and its buttons stay in view for the next one", async () => {
    // No scrolling needed for the next play: the hand and its buttons are on
    // screen where they were (the page may settle by a row's height as the hand shrinks).
    console.log(`# 390×844: the page scrolled by ${(await page.evaluate(() => scrollY)) - scrollBefore} px on its own after the play`);
    for (const sel of ["#eg-hand", "#eg-actions"]) {
      const box = await page.locator(sel).boundingBox();
      assert.ok(box.y >= 0 && box.y + box.height <= 844, `${sel} in view: ${JSON.stringify(box)}`);
    }
  });

  await t.test("a single card, tapped, is led with 出牌", async () => {
    // A card that makes no play against nothing: the 4 leads; 出牌 plays it.
    const four = (await tapWidths(page)).find((c) => c.rank === "4");
    await page.touchscreen.tap(four.x, four.y);
    await page.tap("#eg-play");
    await page.waitForFunction(() => document.querySelector("#eg-step")?.dataset.step === "3");
    assert.equal((await boardPosition(page)).landlord, "6");
  });

  await t.test("the answers list works on the phone, a play made from it", async () => {
    // The verdict list still works on the phone: the answers, then a play from the list.
    await page.waitForFunction(() => document.querySelector("#eg-your-turn"));
    const before = await step(page);
    await page.tap("#eg-mode-analyse");
    await page.locator("#eg-moves li").first().waitFor({ timeout: 20000 });
    const listed = await page.getAttribute("#eg-moves li", "data-play");
    await page.tap("#eg-moves li button");
    await page.waitForFunction((k) => Number(document.querySelector("#eg-step")?.dataset.step) === k + 1, before);
    assert.equal(await page.getAttribute(`#eg-record .jump[data-ply="${before + 1}"]`, "data-move"), listed);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test("the puzzle library in levels (中文)", async (t) => {
  const { context, page, errors } = await freshPage("zh-CN", { viewport: { width: 1366, height: 768 } });
  const library = cli(["puzzles", "list", "--json"]);
  const levels = [...new Set(library.puzzles.map((p) => p.level))];
  const first = library.puzzles.filter((p) => p.level === 1);

  await t.test("the library holds hundreds of proven puzzles in ten levels or more", async () => {
    assert.ok(library.count >= 300 && levels.length >= 10, `${library.count} puzzles in ${levels.length} levels`);
  });

  await t.test("a link by id opens that puzzle", async () => {
    await page.goto(`${base}#/endgame?puzzle=${first[0].id}`);
    await page.locator("#eg-your-turn").waitFor();
  });

  await t.test("the levels are offered, and the level's grid lists its puzzles", async () => {
    // The levels, after "near my rating".
    assert.equal(await page.locator("#eg-level option").count(), levels.length + 1);
    assert.deepEqual(await page.locator("#eg-level-puzzles li").evaluateAll((li) => li.map((l) => l.dataset.id)), first.map((p) => p.id));
  });

  await t.test("the task says in how few plays the library proved the win", async () => {
    assert.equal(await page.getAttribute("#eg-task", "data-wins-in"), String(first[0].moves_to_win));
    await page.screenshot({ path: join(shots, "endgame-level-1366x768.png") });
  });

  await t.test("a puzzle solved cleanly is marked and counted in its level, the streak at 1", async () => {
    await solveOut(page);
    await page.locator(`#eg-level-puzzles li.solved[data-id="${first[0].id}"]`).waitFor();
    assert.equal(await page.getAttribute("#eg-streak", "data-streak"), "1");
    assert.match(await page.locator('#eg-level option[value="1"]').textContent(), /已解 1\/\d+ · ★ 3/);
  });

  await t.test("the next puzzle offered is one not tried yet, and opens", async () => {
    // The next puzzle is one not tried yet (the one chosen is tests/puzzles.test.mjs's).
    const next = await page.getAttribute("#eg-next", "data-id");
    assert.notEqual(next, first[0].id);
    await page.click("#eg-next");
    await page.waitForFunction((id) => location.hash.includes(id), next);
  });

  await t.test("a play that throws the win away ends the streak", async () => {
    await page.locator("#eg-your-turn").waitFor();
    const side = (await page.getAttribute("#eg-board", "data-to-move")) === "landlord" ? "landlord" : "farmer";
    const moves = cli([...solveArgs(await boardPosition(page)), "--all-moves", "--json"]).moves;
    await page.click(`#eg-try-moves button[data-move="${moves.find((m) => m.winner !== side).play}"]`);
    await page.locator("#eg-flag").waitFor({ timeout: 10000 });
    await page.waitForFunction(() => document.querySelector("#eg-streak").dataset.streak === "0");
  });

  await t.test("the best streak stays when the streak ends", async () => {
    assert.equal(await page.getAttribute("#eg-streak", "data-best"), "1");
  });

  await t.test("the progress outlives a reload", async () => {
    await page.goto(`${base}#/endgame?puzzle=${first[2].id}`);
    await page.reload();
    await page.locator(`#eg-level-puzzles li.solved[data-id="${first[0].id}"]`).waitFor();
    assert.equal(await page.getAttribute("#eg-streak", "data-best"), "1");
  });

  await t.test("the puzzle of the day is one of the library's", async () => {
    // The puzzle of the day is one of the library's, the same in either language.
    const daily = await page.getAttribute("#eg-daily", "data-id");
    assert.ok(library.puzzles.some((p) => p.id === daily), daily);
    await page.click("#eg-daily");
    await page.waitForFunction((id) => location.hash.includes(id), daily);
  });

  await t.test("a farmer's puzzle asks the farmers to win", async () => {
    const farmers = library.puzzles.find((p) => p.task.startsWith("farmer"));
    await page.goto(`${base}#/endgame?puzzle=${farmers.id}`);
    await page.locator("#eg-task").waitFor();
    assert.match(await page.locator("#eg-task").textContent(), /农民.*必胜/);
  });

  await t.test("progress that cannot be read is reported and kept aside, not lost", async () => {
    await page.evaluate(() => localStorage.setItem("ddz.puzzles", "{not json"));
    await page.reload();
    await page.locator("#eg-progress-unreadable").waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem("ddz.puzzles.unreadable")), "{not json");
  });
  assert.deepEqual(errors, []);
  await context.close();

  await t.test("a level's grid shows on a phone (screenshot)", async () => {
    // A level on a phone.
    const phone = await freshPage("zh-CN", { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await phone.page.goto(`${base}#/endgame?puzzle=${library.puzzles.find((p) => p.level === 5).id}`);
    await phone.page.locator("#eg-level-puzzles li").first().waitFor();
    await phone.page.screenshot({ path: join(shots, "endgame-level-390x844.png"), fullPage: true });
    assert.deepEqual(phone.errors, []);
    await phone.context.close();
  });
});
