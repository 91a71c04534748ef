// Real-browser tests of contests: a duplicate event made in the app and
// entered from two browser profiles (one reloading mid-board), scored in a
// third exactly as `ddz contest score` scores the same results, with an
// altered result and another event's refused; an equal-strength event
// dealing each entrant their own boards within ε (recomputed with the
// CLI); the daily contest the same everywhere; all of it offline after one
// visit; and the hand records printed to PDF (target/screenshots/).

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdir, writeFile, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { start, stop, freshPage, cli, shots, createEvent, openAdvanced, enterEvent as enter, playMoves, fastPace } from "./support.mjs";

let base;

before(async () => {
  base = (await start()).base;
  await mkdir(shots, { recursive: true });
});

after(stop);

/** Plays every board from the event page; the result code. */
async function playAll(page, code, { highest = false, reloadAfter = null } = {}) {
  const boards = await page.locator("#contest-boards tr[data-board]").count();
  await page.click("#contest-play");
  await page.waitForSelector("#play-hand");
  await fastPace(page);
  for (let b = 1; b <= boards; b++) {
    if (b > 1) {
      await page.click("#end-next");
      await page.waitForSelector("#play-hand");
    }
    if (reloadAfter !== null && b === 1) {
      // Mid-board: a reload resumes the same table.
      await playMoves(page, { highest, moves: reloadAfter });
      const before = { hand: await page.getAttribute("#play-hand", "data-cards"), moves: await page.locator("#play-record li").count() };
      await page.reload();
      await page.waitForSelector("#play-hand");
      await page.waitForFunction((n) => document.querySelectorAll("#play-record li").length >= n, before.moves);
      assert.equal(await page.getAttribute("#play-hand", "data-cards"), before.hand, "the hand after the reload");
      assert.ok(page.url().includes(`e=${code}`) && page.url().includes("board=1"), page.url());
    }
    assert.ok(await playMoves(page, { highest }), `board ${b} ends`);
    // After each board, how it went against the field, and its par.
    await page.waitForSelector("#contest-beaten", { timeout: 90000 });
    await page.waitForSelector("#contest-par");
  }
  await page.click("#end-next");
  await page.waitForSelector("#contest-result-code");
  return page.inputValue("#contest-result-code");
}

test("a duplicate event made in the app, entered by two and scored", async (t) => {
  // The organiser makes a 3-board event of test cases.
  const organiser = await freshPage("en-US");
  const code = await createEvent(organiser.page, async (page) => {
    await page.fill("#contest-new-title", "Club night");
    await page.fill("#contest-new-boards", "3");
    await openAdvanced(page);
    await page.fill("#contest-new-players", "30");
    await page.fill("#contest-new-top", "3");
  });
  const ann = await freshPage("en-US");
  const bob = await freshPage("zh-CN", { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  let [annResult, bobResult] = [];

  await t.test("the event's boards are the library's test cases, as `ddz contest new` chooses them", async () => {
    const made = cli(["contest", "new", "--format", "duplicate", "--test-cases", "30,3,3", "--json"]);
    assert.deepEqual(
      cli(["contest", "deals", code, "--json"]).boards.map((b) => b.seed),
      made.event.deals.seeds,
    );
  });

  await t.test("the event page says a link event's hands can be computed by anyone with the link", async () => {
    await enter(ann.page, code, "Ann");
    // A link event says what it is not.
    assert.match(await ann.page.textContent("#contest-link-event"), /anyone with the link can compute every hand/);
  });

  await t.test("Ann plays every board and gets a result code", async () => {
    annResult = await playAll(ann.page, code);
    await ann.page.screenshot({ path: join(shots, "contest-result-1366x900.png"), fullPage: true });
  });

  await t.test("on Bob's phone the event page says the same in 中文", async () => {
    await enter(bob.page, code, "Bob");
    assert.match(await bob.page.textContent("#contest-link-event"), /持有链接的人都能算出每一副牌/);
  });

  await t.test("Bob plays every board on a phone, a reload midway resuming the same table", async () => {
    bobResult = await playAll(bob.page, code, { highest: true, reloadAfter: 4 });
  });

  await t.test("the two entrants' results differ", async () => {
    assert.notEqual(annResult, bobResult);
  });

  const { page } = organiser;
  let want;

  await t.test("the organiser's standings are `ddz contest score`'s", async () => {
    // An altered record (an opponent's move changed), a damaged code, and a
    // result of another event.
    const href = await ann.page.getAttribute("#contest-download-result", "href");
    const file = JSON.parse(decodeURIComponent(href.slice(href.indexOf(",") + 1)));
    assert.equal(file.entrant, "Ann");
    const record = file.boards[0].record;
    const theirs = record.findIndex(([seat]) => seat !== file.boards[0].seat);
    record[theirs][1] = record[theirs][1] === "pass" ? "3" : "pass";
    file.entrant = "Eve";
    const altered = join(tmpdir(), `ddz-eve-${process.pid}.json`);
    await writeFile(altered, JSON.stringify(file));
    const damaged = annResult.slice(0, 30) + (annResult[30] === "A" ? "B" : "A") + annResult.slice(31);
    const other = cli(["contest", "new", "--format", "duplicate", "--boards", "3", "--seed", "1", "--json"]).code;
    const foreign = cli(["contest", "enter", other, "--entrant", "Dee", "--player", "L3", "--json"]).result;

    // The organiser scores them in a third profile.
    await page.goto(`${base}#/contest?e=${code}&view=score`);
    await page.fill("#contest-paste", [annResult, bobResult, damaged, foreign].join("\n"));
    await page.setInputFiles("#contest-files", altered);
    await page.waitForSelector("#contest-file-list li");
    await page.click("#contest-score");
    await page.waitForSelector("#contest-standings", { timeout: 120000 });
    const rows = await page.$$eval("#contest-standings-table tbody tr", (trs) =>
      trs.map((tr) => ({ ...tr.dataset })),
    );
    want = cli(["contest", "score", code, annResult, bobResult, damaged, foreign, altered, "--json"]);
    assert.deepEqual(
      rows.map((r) => [r.entrant, +r.place, +r.points, +r.score, r.beaten]),
      want.entrants.map((e) => [e.entrant, e.place, e.rank_points, e.score, e.beaten.toFixed(4)]),
    );
  });

  await t.test("the results refused are `ddz contest score`'s, each with its reason", async () => {
    const kinds = await page.$$eval("#contest-rejected li", (lis) => lis.map((li) => li.dataset.kind));
    assert.deepEqual(kinds, want.rejected.map((r) => r.kind));
    assert.deepEqual(kinds, ["unreadable", "other-event", "not-the-opponents"]);
    const reasons = await page.locator("#contest-rejected").textContent();
    assert.match(reasons, /corrupted/);
    assert.match(reasons, /another event/);
    assert.match(reasons, /is not the AI's|opponent plays/);
  });

  await t.test("the event's DIH is `ddz contest score`'s", async () => {
    assert.equal(
      +(await page.getAttribute("#contest-dih", "data-dih")),
      want.distinction.dih,
    );
  });

  await t.test("the standings save as CSV", async () => {
    const csv = await page.getAttribute("#contest-csv", "href");
    assert.match(decodeURIComponent(csv), /^data:text\/csv;charset=utf-8,\uFEFFPlace,Entrant,Rank points,/);
    await page.screenshot({ path: join(shots, "contest-standings-1366x900.png"), fullPage: true });
  });

  await t.test("the hand records of the 3 boards carry both entrants' scores", async () => {
    await page.click("#contest-records-scored");
    await page.waitForSelector("#contest-records-list", { timeout: 120000 });
    assert.equal(await page.locator(".record").count(), 3);
    assert.equal(await page.locator('.record .scores[data-scores="2"]').count(), 3);
  });

  await t.test("each record's board and par are `ddz contest records`'", async () => {
    const records = cli(["contest", "records", code, "--json"]);
    for (const [i, r] of records.boards.entries()) {
      const article = page.locator(`.record[data-board="${i + 1}"]`);
      assert.equal(await article.getAttribute("data-seed"), String(r.board.seed));
      assert.equal(await article.locator(".par").getAttribute("data-winner"), r.par.winner);
    }
  });

  await t.test("the hand records print on at most 3 A4 pages", async () => {
    await page.emulateMedia({ media: "print" });
    const pdf = join(shots, "contest-records.pdf");
    await page.pdf({ path: pdf, format: "A4", printBackground: true });
    const pages = ((await readFile(pdf, "latin1")).match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    console.log(`# hand records of 3 boards: ${pages} A4 pages (${pdf})`);
    assert.ok(pages >= 1 && pages <= 3, `${pages} pages`);
  });

  for (const who of [organiser, ann, bob]) {
    assert.deepEqual(who.errors, []);
    await who.context.close();
  }
});

test("an equal-strength event of two boards, entered by Ann and Bob", async (t) => {
  const organiser = await freshPage("en-US");
  const code = await createEvent(organiser.page, async (page) => {
    await page.selectOption("#contest-new-format", "equal");
    await page.fill("#contest-new-boards", "2");
    await openAdvanced(page);
    await page.fill("#contest-new-centre", "0.8, 0.45, 0.3");
    await page.fill("#contest-new-eps", "0.15");
  });
  const seeds = {};

  await t.test("each entrant is dealt in the browser the boards the CLI deals from the event and the name", async () => {
    for (const name of ["Ann", "Bob"]) {
      const { context, page, errors } = await freshPage("en-US");
      const start = Date.now();
      await enter(page, code, name);
      console.error(`# ${name}'s 2 equal boards dealt in the browser in ${Date.now() - start} ms`);
      seeds[name] = await page.$$eval("#contest-boards tr[data-seed]", (trs) => trs.map((tr) => +tr.dataset.seed));
      // The same boards the CLI deals from the event and the name.
      assert.deepEqual(seeds[name], cli(["contest", "deals", code, "--entrant", name, "--json"]).boards.map((b) => b.seed));
      assert.deepEqual(errors, []);
      await context.close();
    }
  });

  await t.test("each entrant gets boards of their own", async () => {
    assert.notDeepEqual(seeds.Ann, seeds.Bob);
  });

  await t.test("each board is within ε of the centre, judged again with games the dealing never saw", async () => {
    // Each board judged again from its seat with games the dealing never
    // saw: within ε, or at least not clearly beyond it.
    const { names } = cli(["contest", "fairness", code, "--entrant", "Ann", "--entrant", "Bob", "--rounds", "32", "--json"]);
    for (const { boards } of names) {
      for (const { board, distance } of boards) {
        const [d, se] = distance;
        assert.ok(d - 3 * se < 0.15, `seed ${board.seed}: ${d} ± ${se} from the centre`);
      }
    }
    assert.deepEqual(names.map((n) => n.boards.map((b) => b.board.seed)), [seeds.Ann, seeds.Bob]);
  });
  await organiser.context.close();
});

test("the daily contest, seen in two browsers", async (t) => {
  const codes = [];
  let date;
  for (const locale of ["zh-CN", "en-US"]) {
    const { context, page } = await freshPage(locale);
    await page.goto(`${base}#/contest`);
    await page.waitForSelector("#contest-daily");
    codes.push(await page.getAttribute("#contest-daily", "data-code"));
    date = (await page.locator("#contest-daily h2").textContent()).match(/\d{4}-\d{2}-\d{2}/)[0];
    await context.close();
  }

  await t.test("it is the same in both browsers", async () => {
    assert.equal(codes[0], codes[1]);
  });

  await t.test("it is the CLI's for the day", async () => {
    assert.equal(codes[0], cli(["contest", "daily", "--date", date, "--json"]).code);
  });
});

test("a contest after one visit, with the network off", async (t) => {
  const { context, page, errors } = await freshPage("en-US");
  await page.goto(`${base}#/contest`);
  await page.waitForSelector("#contest-create");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((ok) => navigator.serviceWorker.addEventListener("controllerchange", ok, { once: true }));
    }
  });
  await context.setOffline(true);
  let code, result;

  await t.test("the page reloads and a contest is made", async () => {
    await page.reload();
    code = await createEvent(page, async (p) => {
      await p.fill("#contest-new-boards", "1");
      await p.click("#contest-new-random");
    });
  });

  await t.test("the contest is entered and played to a result code", async () => {
    await enter(page, code, "Offline");
    result = await playAll(page, code);
  });

  await t.test("the result is scored as `ddz contest score` scores it", async () => {
    await page.goto(`${base}#/contest?e=${code}&view=score`);
    await page.fill("#contest-paste", result);
    await page.click("#contest-score");
    await page.waitForSelector('#contest-standings-table tr[data-entrant="Offline"]', { timeout: 60000 });
    const want = cli(["contest", "score", code, result, "--json"]).entrants[0];
    assert.equal(+(await page.getAttribute('tr[data-entrant="Offline"]', "data-score")), want.score);
  });
  assert.deepEqual(errors, []);
  await context.close();
});
