// Real-browser tests of the daily contest that remembers: today's contest
// played through in the page (six boards against its L7 opponents), its
// result on the Contest page's card after a reload with the place against
// the field as `ddz contest records`' fields give it, the finished
// contest's hand records and review instead of a result to hand in, the
// history and the streak as the browser's clock (Playwright's
// `page.clock`) moves past midnight Beijing time, and a daily record that
// cannot be read kept aside. Screenshots in target/screenshots/.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { start, stop, freshPage, cli, shots, playMoves, fastPace } from "./support.mjs";

let base;

before(async () => {
  base = (await start()).base;
  await mkdir(shots, { recursive: true });
});

after(stop);

// Beijing is UTC+8: 10:00 on 27 November 2026; half a minute before and
// after its midnight; two days on.
const TODAY = "2026-11-27";
const MORNING = new Date("2026-11-27T02:00:00Z");
const BEFORE_MIDNIGHT = new Date("2026-11-27T15:59:30Z");
const AFTER_MIDNIGHT = new Date("2026-11-27T16:00:30Z");
const TWO_DAYS_ON = new Date("2026-11-29T04:00:00Z");

/**
 * The two days before, finished, as the daily record keeps them (its own
 * format, seeded: playing them would take twelve more boards): a streak
 * of two for today's to carry on.
 */
const EARLIER = {
  version: 1,
  days: [
    { date: "2026-11-25", scores: [1, -2, 1, 1, -1, 2], fields: 6, place: { total: 2, place: 7, of: 23, beaten: 15 / 22 } },
    { date: "2026-11-26", scores: [-2, 1, 1, -1, 1, 1], fields: 6, place: { total: 1, place: 9, of: 23, beaten: 13 / 22 } },
  ],
};

/**
 * The place of `total` among the field's players, counted here from
 * `ddz contest records`' fields: each game of a rung is one player on
 * every board, their totals over the boards; ties share a place and count
 * half of the share beaten.
 */
function fieldPlace(records, total) {
  const players = records.boards[0].field.each_game.length;
  const totals = Array.from({ length: players }, (_, i) => records.boards.reduce((sum, b) => sum + b.field.each_game[i], 0));
  const above = totals.filter((x) => x > total).length;
  const below = totals.filter((x) => x < total).length;
  return { place: above + 1, of: players + 1, beaten: (below + (players - above - below) / 2) / players };
}

/** Nothing wider than the window, and every board's tile big enough to tap. */
async function fits(page, tiles) {
  const { overflow, small } = await page.evaluate((sel) => ({
    overflow: document.documentElement.scrollWidth - window.innerWidth,
    small: [...document.querySelectorAll(sel)].map((a) => a.getBoundingClientRect()).filter((r) => r.height < 44 || r.width < 36).length,
  }), tiles);
  assert.equal(overflow, 0, "wider than the window");
  assert.equal(small, 0, "a board's tile is too small to tap");
}

/** Screenshots of the page at each size, in each language; back in 中文 at 390×844. */
async function screenshots(page, name, sizes) {
  for (const lang of ["en", "zh-CN"]) {
    await page.click(`button.lang[lang="${lang}"]`);
    for (const [width, height] of sizes) {
      await page.setViewportSize({ width, height });
      const suffix = lang === "en" ? "en" : "zh";
      await page.screenshot({ path: join(shots, `${name}-${width}x${height}-${suffix}.png`) });
      await fits(page, ".daily-boards a");
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test("today's daily contest on a phone, played and then past midnight (中文)", async (t) => {
  const { context, page, errors } = await freshPage("zh-CN", { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await page.clock.setFixedTime(MORNING);
  await page.goto(`${base}#/contest`);
  await page.waitForSelector('#contest-daily[data-state="new"]');
  await page.evaluate((days) => localStorage.setItem("ddz.daily", JSON.stringify(days)), EARLIER);
  await page.reload();
  const code = await page.getAttribute("#contest-daily", "data-code");
  assert.equal(code, cli(["contest", "daily", "--date", TODAY, "--json"]).code);
  const scores = [];

  await t.test("the card offers today's contest with a streak of two to carry on", async () => {
    const streak = page.locator("#daily-streak");
    assert.deepEqual([await streak.getAttribute("data-current"), await streak.getAttribute("data-best")], ["2", "2"]);
    assert.match(await streak.textContent(), /连续 2 天.*第 3 天/);
  });

  await t.test("six boards are played, the card offering the next board midway", async () => {
    await page.click("#contest-daily-enter");
    await page.fill("#contest-name", "小明");
    await page.click("#contest-start");
    await page.click("#contest-play");
    await page.waitForSelector("#play-hand");
    await fastPace(page);
    const started = Date.now();
    for (let b = 1; b <= 6; b++) {
      if (b === 3) {
        // Midway, the card offers the next board.
        await page.goto(`${base}#/contest`);
        await page.waitForSelector('#contest-daily[data-state="started"]');
        assert.equal(await page.getAttribute("#daily-progress", "data-played"), "2");
        await page.click("#contest-daily-enter");
        await page.waitForSelector("#play-hand");
        assert.ok(page.url().includes("board=3"), page.url());
      } else if (b > 1) {
        await page.click("#end-next");
        await page.waitForSelector("#play-hand");
      }
      assert.ok(await playMoves(page), `board ${b} ends`);
      scores.push(+(await page.getAttribute("#play-end", "data-score")));
      await page.waitForSelector("#contest-beaten", { timeout: 90000 });
    }
    console.log(`# the daily contest's six boards played in ${((Date.now() - started) / 1000).toFixed(1)} s: ${scores}`);
    await page.click("#end-next");
    await page.waitForSelector('#contest-result[data-daily="true"]');
  });

  const total = scores.reduce((a, b) => a + b, 0);
  let want;

  await t.test("the finished contest's total is its boards' scores added up", async () => {
    assert.equal(+(await page.getAttribute("#contest-total", "data-total")), total);
  });

  await t.test("the finished contest offers nothing to hand in to an organiser", async () => {
    assert.equal(await page.locator("#contest-result-code, #contest-copy-result, #contest-download-result").count(), 0);
    const result = await page.locator("#contest-result").textContent();
    assert.doesNotMatch(result, /复制给组织者|交上去/);
    assert.match(result, /没有组织者/);
    await page.locator("#contest-result").scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, "daily-finished-390x844-zh.png") });
  });

  await t.test("the place against the field is the one the CLI's fields give", async () => {
    // The place against the field, as the CLI's fields count it.
    want = fieldPlace(cli(["contest", "records", code, "--json"]), total);
    const place = page.locator("#daily-place");
    await place.waitFor({ timeout: 120000 });
    assert.equal(+(await place.getAttribute("data-place")), want.place);
    assert.equal(+(await place.getAttribute("data-of")), want.of);
    assert.ok(Math.abs(+(await place.getAttribute("data-beaten")) - want.beaten) < 1e-9);
  });

  await t.test("the review opens board 1 as it ended", async () => {
    // Review: board 1 as it ended.
    await page.click("#daily-review");
    await page.waitForSelector("#play-end");
    assert.equal(+(await page.getAttribute("#play-end", "data-score")), scores[0]);
    assert.ok(page.url().includes(`e=${code}`) && page.url().includes("board=1"), page.url());
  });

  await t.test("the day's hand records are its six boards", async () => {
    // The day's hand records: its six boards.
    await page.goBack();
    await page.click("#daily-records");
    await page.waitForSelector("#contest-records-list", { timeout: 180000 });
    assert.equal(await page.locator(".record").count(), 6);
  });

  await t.test("with a board's field not worked out yet, the card says how many are", async () => {
    // The entry's last field, its reports, edited alone: the moves' faces
    // are integers JSON.parse would round.
    await page.evaluate((key) => {
      const text = localStorage.getItem(key);
      const at = text.lastIndexOf('"reports":') + '"reports":'.length;
      const reports = JSON.parse(text.slice(at, -1));
      reports[5] = null;
      localStorage.setItem(key, text.slice(0, at) + JSON.stringify(reports) + "}");
    }, `ddz.contest.${code}`);
    await page.goto(`${base}#/contest`);
    await page.reload();
    await page.waitForSelector('#contest-daily[data-state="finished"]');
    assert.equal(await page.getAttribute("#daily-waiting", "data-known"), "5");
    assert.match(await page.locator("#daily-waiting").textContent(), /已算好 5\/6 副/);
  });

  await t.test("once another tab has worked the field out, the card shows the place", async () => {
    // The day's page works out the missing field; this card reads it.
    const other = await context.newPage();
    await other.goto(`${base}#/contest?e=${code}`);
    await page.waitForSelector("#daily-place", { timeout: 120000 });
    assert.equal(+(await page.getAttribute("#daily-place", "data-place")), want.place);
    await other.close();
  });

  await t.test("after a reload the card shows the day's total, place and share beaten", async () => {
    await page.reload();
    await page.waitForSelector('#contest-daily[data-state="finished"]');
    assert.equal(+(await page.getAttribute("#daily-result", "data-total")), total);
    assert.equal(+(await page.getAttribute("#daily-place", "data-place")), want.place);
    const card = await page.locator("#contest-daily").textContent();
    assert.match(card, new RegExp(`第 ${want.place} 名（共 23 人）`));
    assert.match(card, new RegExp(`胜过其中 ${Math.round(100 * want.beaten)}%`));
  });

  await t.test("the card has each board's score, linked to its review", async () => {
    const tiles = await page.$$eval("#contest-daily .daily-boards a", (as) => as.map((a) => [+a.dataset.score, a.getAttribute("href")]));
    assert.deepEqual(tiles.map(([s]) => s), scores);
    tiles.forEach(([, href], k) => assert.ok(href.includes(`e=${code}`) && href.includes(`board=${k + 1}`), href));
  });

  await t.test("the card's streak is three", async () => {
    assert.deepEqual([await page.getAttribute("#daily-streak", "data-current"), await page.getAttribute("#daily-streak", "data-best")], ["3", "3"]);
    assert.match(await page.locator("#daily-streak").textContent(), /连续 3 天/);
  });

  await t.test("the card fits the window at three sizes in both languages, each board's tile big enough to tap (screenshots)", async () => {
    await screenshots(page, "daily-card", [[390, 844], [844, 390], [1366, 768]]);
  });

  await t.test("half a minute before midnight Beijing time the card still shows the day finished", async () => {
    await page.clock.setFixedTime(BEFORE_MIDNIGHT);
    await page.reload();
    await page.waitForSelector('#contest-daily[data-state="finished"]');
  });

  await t.test("past midnight the card offers the new day's contest, the CLI's, with the streak to carry on", async () => {
    await page.clock.setFixedTime(AFTER_MIDNIGHT);
    await page.reload();
    await page.waitForSelector('#contest-daily[data-state="new"]');
    assert.match(await page.locator("#contest-daily h2").textContent(), /2026-11-28/);
    assert.equal(await page.getAttribute("#contest-daily", "data-code"), cli(["contest", "daily", "--date", "2026-11-28", "--json"]).code);
    assert.equal(await page.getAttribute("#daily-streak", "data-current"), "3");
    assert.match(await page.locator("#daily-streak").textContent(), /第 4 天/);
    await page.screenshot({ path: join(shots, "daily-card-new-390x844-zh.png") });
  });

  await t.test("the history has yesterday's result, with its place and a link to its records", async () => {
    await page.click("#daily-history-link");
    await page.waitForSelector("#daily-history");
    const days = await page.$$eval("#daily-history .daily-day", (lis) => lis.map((li) => ({ ...li.dataset })));
    assert.deepEqual(days.map((d) => d.date), [TODAY, "2026-11-26", "2026-11-25"]);
    assert.deepEqual([+days[0].total, +days[0].place, days[0].finished], [total, want.place, "true"]);
    const row = page.locator(`.daily-day[data-date="${TODAY}"]`);
    assert.match(await row.textContent(), new RegExp(`第 ${want.place}/23 名 · 胜过 ${Math.round(100 * want.beaten)}%`));
    assert.match(await row.locator("a.records").getAttribute("href"), new RegExp(`e=${code}.*view=records`));
  });

  await t.test("the history counts the streak: three days, the best three, three finished", async () => {
    const streak = page.locator("#daily-history-streak");
    assert.deepEqual(
      [await streak.getAttribute("data-current"), await streak.getAttribute("data-best"), await streak.getAttribute("data-finished")],
      ["3", "3", "3"],
    );
  });

  await t.test("the history fits the window at two sizes in both languages, each board's tile big enough to tap (screenshots)", async () => {
    await screenshots(page, "daily-history", [[390, 844], [1366, 768]]);
  });

  await t.test("a board of yesterday's opens from the history, to review", async () => {
    // A board of yesterday's, to review.
    const row = page.locator(`.daily-day[data-date="${TODAY}"]`);
    await row.locator('.daily-boards a[data-board="3"]').click();
    await page.waitForSelector("#play-end");
    assert.equal(+(await page.getAttribute("#play-end", "data-score")), scores[2]);
    await page.click("#end-review");
    await page.waitForSelector("#play-reviewing, #play-review-summary", { timeout: 60000 });
  });

  await t.test("a day missed ends the streak", async () => {
    await page.clock.setFixedTime(TWO_DAYS_ON);
    await page.goto(`${base}#/contest`);
    await page.reload();
    await page.waitForSelector('#contest-daily[data-state="new"]');
    assert.equal(await page.getAttribute("#daily-streak", "data-current"), "0");
  });

  await t.test("the best streak stays after a day missed", async () => {
    assert.equal(await page.getAttribute("#daily-streak", "data-best"), "3");
  });

  assert.deepEqual(errors, []);
  await context.close();
});

test("a daily record that cannot be read", async (t) => {
  const { context, page, errors } = await freshPage("en-US");
  await page.clock.setFixedTime(MORNING);
  await page.goto(`${base}#/contest`);
  await page.waitForSelector("#contest-daily");
  const bad = JSON.stringify({ version: 1, days: [{ date: "2026-11-26", scores: [99, 1, 1, 1, 1, 1], fields: 0, place: null }] });
  await page.evaluate((bad) => {
    localStorage.setItem("ddz.daily.unreadable", "an earlier one");
    localStorage.setItem("ddz.daily", bad);
  }, bad);
  await page.reload();

  await t.test("it is reported, with why, and said to be kept aside", async () => {
    const notice = page.locator('#contest-daily [data-notice="daily"]');
    await notice.waitFor();
    assert.match(await notice.textContent(), /could not be read \(the day "2026-11-26" has a board scored \+99.*\); it was kept aside/);
  });

  await t.test("it is kept aside beside an earlier one, never over it", async () => {
    const kept = await page.evaluate(() => [1, 2].map((i) => localStorage.getItem(i === 1 ? "ddz.daily.unreadable" : "ddz.daily.unreadable.2")));
    assert.deepEqual(kept, ["an earlier one", bad]);
  });

  await t.test("the card still works", async () => {
    assert.equal(await page.getAttribute("#contest-daily", "data-state"), "new");
  });

  await t.test("the notice is said once", async () => {
    await page.reload();
    await page.waitForSelector("#contest-daily");
    assert.equal(await page.locator('[data-notice="daily"]').count(), 0);
  });
  assert.deepEqual(errors, []);
  await context.close();
});
