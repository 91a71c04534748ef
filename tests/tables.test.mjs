// Tables for people (好友桌): the app served by a real `ddz-server`. A host
// opens a table from the Play page; three profiles (one a phone) take the
// chairs and play a whole deal, bidding included, through the page's
// buttons; a fourth watches and sees no hand until the deal ends. Under
// the casual rules they call, rob and double, and the landlord's shown
// hand (明牌) is seen by the others. A player away past the turn's timer
// is played by the AI (托管), and comes back and takes over.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { start, stop, freshPage, shots, startDdzServer } from "./support.mjs";

let server;

before(async () => {
  await start();
  await mkdir(shots, { recursive: true });
  server = await startDdzServer(["--table-ai-pause-ms", "0"]);
});

after(async () => {
  await server?.stop();
  await stop();
});

const DESKTOP = { viewport: { width: 1366, height: 768 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** Takes a chair at the table `url` under `name`. */
async function sit(page, url, name) {
  await page.goto(url);
  await page.fill("#table-name", name);
  await page.click("#table-sit");
  await page.waitForSelector('.table[data-viewer]:not([data-viewer="spectator"])', { timeout: 60000 });
}

/** One action if it is this page's turn: bid 3 if it may, else pass; yes
 * to every casual question (叫, 抢, 加倍, 明牌); in the play, pass when it
 * may, else lead its lowest card. */
async function act(page) {
  const actions = page.locator("#table-actions");
  if (!(await actions.count())) return false;
  const kind = await actions.getAttribute("data-for");
  if (["call", "rob", "double", "show"].includes(kind)) {
    await page.click("#table-yes");
    return true;
  }
  if (kind === "bid") {
    const three = page.locator('#table-actions [data-bid="3"]');
    await ((await three.isEnabled()) ? three : page.locator('#table-actions [data-bid="pass"]')).click();
    return true;
  }
  if (kind === "play") {
    if (await page.locator("#table-pass").isEnabled()) await page.click("#table-pass");
    else {
      await page.locator("#table-hand li").last().click({ position: { x: 6, y: 30 } });
      await page.click("#table-play:not([disabled])");
    }
    return true;
  }
  return false;
}

const phase = (page) => page.getAttribute(".table", "data-phase");

/** Plays until every page shows the deal over. */
async function playOut(pages) {
  for (let i = 0; i < 400; i++) {
    const phases = await Promise.all(pages.map(phase));
    if (phases.every((p) => p === "over")) return;
    for (const page of pages) await act(page).catch(() => {});
    await pages[0].waitForTimeout(100);
  }
  assert.fail("the deal did not end");
}

test("three people at one table and a fourth watching", async (t) => {
  const host = await freshPage("zh-CN", DESKTOP);
  await host.page.goto(`${server.base}#/play`);
  await host.page.click("#play-menu-open");
  await host.page.click("#play-friends");
  await host.page.waitForURL(/#\/table\/[a-z0-9]{12}$/, { timeout: 30000 });
  const url = host.page.url();
  await host.page.fill("#table-name", "Ann");
  await host.page.click("#table-sit");
  const phone = await freshPage("zh-CN", PHONE);
  await sit(phone.page, url, "Bo");
  const third = await freshPage("en-US", DESKTOP);
  await sit(third.page, url, "Cai");
  const watcher = await freshPage("en-US", DESKTOP);
  await watcher.page.goto(url);
  await watcher.page.waitForSelector('.table[data-phase="bidding"]', { timeout: 60000 });
  const players = [host.page, phone.page, third.page];

  await t.test("the watcher sees no hand and no card face while the deal is on", async () => {
    assert.equal(await watcher.page.locator("#table-hand").count(), 0);
    assert.equal(await watcher.page.locator(".seat.open").count(), 0);
  });

  await t.test("a full table takes nobody else", async () => {
    assert.equal(await watcher.page.locator("#table-join").count(), 0, "a full table takes nobody else");
  });

  await t.test("the players are dealt their 17 cards", async () => {
    for (const page of players) await page.waitForSelector('.table[data-phase="bidding"]', { timeout: 60000 });
    assert.equal(await host.page.getAttribute("#table-hand", "data-cards").then((c) => c.length), 17);
    await phone.page.screenshot({ path: join(shots, "table-phone.png") });
  });

  await t.test("the three play the deal out, bidding included, through the page's buttons", async () => {
    await playOut(players);
    await watcher.page.waitForSelector('.table[data-phase="over"]', { timeout: 60000 });
  });

  await t.test("at the end every hand is shown to all", async () => {
    assert.equal(await watcher.page.locator(".seat.open").count(), 3);
    for (const page of players) assert.equal(await page.locator(".seat.opponent.open").count(), 2);
  });

  await t.test("at the end each player sees their result", async () => {
    for (const page of players) await page.waitForSelector("#table-result");
  });

  await t.test("the scores add up to zero", async () => {
    const scores = await watcher.page.locator("#table-scores b").allTextContents();
    assert.equal(scores.map(Number).reduce((a, b) => a + b, 0), 0, `scores ${scores}`);
    await host.page.screenshot({ path: join(shots, "table-over.png") });
  });
  for (const p of [host, phone, third, watcher]) {
    assert.deepEqual(p.errors, []);
    await p.context.close();
  }
});

test("a table under the casual rules (叫地主, 抢地主, 加倍, 明牌)", async (t) => {
  const host = await freshPage("zh-CN", PHONE);
  await host.page.goto(`${server.base}#/play`);
  await host.page.click("#play-menu-open");
  await host.page.selectOption("#play-friends-rules", "casual");
  await host.page.click("#play-friends");
  await host.page.waitForURL(/#\/table\/[a-z0-9]{12}$/, { timeout: 30000 });
  const url = host.page.url();
  await host.page.fill("#table-name", "Ann");
  await host.page.click("#table-sit");
  const bo = await freshPage("en-US", DESKTOP);
  await sit(bo.page, url, "Bo");
  const cai = await freshPage("zh-CN", DESKTOP);
  await sit(cai.page, url, "Cai");
  const players = [host.page, bo.page, cai.page];

  await t.test("the first to speak is asked to call the landlord (叫地主)", async () => {
    await host.page.waitForSelector('#table-actions[data-for="call"]', { timeout: 60000 });
    assert.equal(await host.page.textContent("#table-yes"), "叫地主");
  });

  await t.test("when everyone says yes to every call and rob, the host is the landlord", async () => {
    // Everyone says yes: Ann calls, Bo and Cai rob, Ann robs back.
    for (let i = 0; i < 40; i++) {
      if ((await phase(host.page)) === "playing") break;
      for (const page of players) await act(page).catch(() => {});
      await host.page.waitForTimeout(100);
    }
    assert.equal(await phase(host.page), "playing");
    assert.equal(await host.page.getAttribute(".seat.me", "data-seat"), "landlord");
  });

  await t.test("the others see the landlord's shown hand (明牌): 20 cards face up", async () => {
    // Ann showed her hand: the others see her 20 cards face up, and 加倍.
    for (const page of [bo.page, cai.page]) {
      const landlord = page.locator('.seat.opponent[data-seat="landlord"]');
      await landlord.locator(".hand li").first().waitFor({ timeout: 30000 });
      assert.equal(await landlord.locator(".hand li").count(), 20);
    }
  });

  await t.test("the others see that the landlord doubled (加倍)", async () => {
    for (const page of [bo.page, cai.page]) {
      const landlord = page.locator('.seat.opponent[data-seat="landlord"]');
      assert.ok(await landlord.locator(".badge.doubled").count());
    }
    await bo.page.screenshot({ path: join(shots, "table-casual.png") });
  });

  await t.test("the deal played out, the score is multiplied by the call, the robs, the doubles and the shown hand", async () => {
    await playOut(players);
    const scores = await host.page.locator("#table-scores b").allTextContents();
    // One call, three robs (×8), everyone doubled (×2 ×2), shown (×2): 64 from each farmer at least.
    assert.ok(Math.abs(Number(scores[0])) >= 128, `scores ${scores}`);
  });
  for (const p of [host, bo, cai]) {
    assert.deepEqual(p.errors, []);
    await p.context.close();
  }
});

test("a player away past the timer (托管)", async (t) => {
  const made = await fetch(`${server.base}api/tables`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ turn_seconds: 5, ai: "L3" }),
  }).then((r) => r.json());
  const url = `${server.base}#/table/${made.id}`;
  const ann = await freshPage("en-US", PHONE);
  await sit(ann.page, url, "Ann");
  const filled = await fetch(`${server.base}api/tables/${made.id}/fill`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${made.host_key}` },
    body: "{}",
  });
  assert.equal(filled.status, 200);
  await ann.page.waitForSelector('#table-actions[data-for="bid"]', { timeout: 60000 });
  // Ann leaves on her turn, for longer than the timer.
  await ann.page.goto("about:blank");
  const watcher = await freshPage("en-US", DESKTOP);
  await watcher.page.goto(url);

  await t.test("the AI takes her chair over, as the others see", async () => {
    await watcher.page.waitForSelector('.seat[data-chair="0"] .badge.auto', { timeout: 30000 });
  });

  await t.test("the AI bids for her", async () => {
    // The AI bids for her (she bids first): a call shows, or the play began.
    await watcher.page.waitForFunction(
      () => document.querySelector(".centre .call") || document.querySelector('.table:not([data-phase="bidding"])'),
      null,
      { timeout: 30000 },
    );
  });

  await t.test("back, she has her chair again and 托管 ends", async () => {
    // Back: her chair again (the seat key kept in this browser), 托管 ended.
    await ann.page.goto(url);
    await ann.page.waitForSelector("#table-hand", { timeout: 30000 });
    await ann.page.waitForFunction(() => !document.querySelector(".seat.me .badge.auto"), null, { timeout: 30000 });
    await watcher.page.waitForFunction(() => !document.querySelector('.seat[data-chair="0"] .badge.auto'), null, { timeout: 30000 });
  });

  await t.test("she plays the deal out", async () => {
    await playOut([ann.page]);
  });
  for (const p of [ann, watcher]) {
    assert.deepEqual(p.errors, []);
    await p.context.close();
  }
});

test("a duplicate session (复式赛): two tables, one board", async (t) => {
  const started = Date.now();
  const org = await freshPage("zh-CN", DESKTOP);
  await org.page.goto(`${server.base}#/play`);
  await org.page.click("#play-menu-open");
  await org.page.click("#play-duplicate-box summary");
  await org.page.fill("#play-dup-tables", "2");
  await org.page.fill("#play-dup-boards", "1");
  await org.page.click("#play-duplicate");
  await org.page.waitForURL(/#\/duplicate\/[a-z0-9]{12}$/, { timeout: 30000 });
  const session = org.page.url();
  const ann = await freshPage("zh-CN", DESKTOP);
  const anyone = await freshPage("zh-CN", PHONE);
  const bo = await freshPage("zh-CN", PHONE);
  let tables = [];

  await t.test("the organiser key stays in the organiser's browser, never in the link", async () => {
    assert.ok(!/org_/.test(session));
  });

  await t.test("the organiser sees the two tables and the standings' six chairs", async () => {
    await org.page.waitForSelector('.duplicate-page[data-looker="organiser"] #duplicate-tables li', { timeout: 30000 });
    tables = await org.page.locator("#duplicate-tables li a.button").evaluateAll((as) => as.map((a) => a.href));
    assert.equal(tables.length, 2);
    assert.equal(await org.page.locator("#duplicate-standings-table tbody tr").count(), 6);
  });

  await t.test("a table of the session, its chairs filled by the organiser's AI, says which board and table it is", async () => {
    // Ann takes a chair at table 1, the organiser seats the AI in the others.
    await sit(ann.page, tables[0], "Ann");
    await org.page.click("#duplicate-fill-1");
    await org.page.waitForSelector("#duplicate-fill-1", { state: "detached", timeout: 30000 });
    assert.match(await ann.page.textContent("#table-duplicate"), /复式 第 1\/1 副 · 第 1 桌/);
  });

  await t.test("after the last board a table offers the standings, not a next deal", async () => {
    await ann.page.waitForSelector('.table[data-phase="bidding"]', { timeout: 60000 });
    await playOut([ann.page]);
    // The last board: no next deal, the standings instead.
    assert.equal(await ann.page.locator("#table-next").count(), 0);
    await ann.page.screenshot({ path: join(shots, "duplicate-table-over.png") });
  });

  await t.test("a table sees its own board's result at once", async () => {
    await ann.page.click("#table-standings");
    await ann.page.waitForSelector('.duplicate-page[data-looker="table"] #duplicate-shown[data-shown="1"]', { timeout: 30000 });
    const annRow = ann.page.locator('#duplicate-standings-table tr[data-name="Ann"]');
    assert.match(await annRow.locator('td[data-board="1"]').textContent(), /^[+-]\d+1$/);
    await ann.page.screenshot({ path: join(shots, "duplicate-standings-table.png") });
  });

  await t.test("anyone sees no board while the other table has not played it", async () => {
    // Anyone sees no board yet: table 2 has not played it.
    await anyone.page.goto(session);
    await anyone.page.waitForSelector('.duplicate-page[data-looker="public"] #duplicate-shown[data-shown=""]', { timeout: 30000 });
    assert.equal(await anyone.page.locator('#duplicate-standings-table td[data-board="1"]:not(:empty)').count(), 0);
  });

  await t.test("once both tables have played it, every view shows the board, the session over, both people ranked", async () => {
    // Bo (on a phone) at table 2; the organiser fills it; Bo plays it out.
    await sit(bo.page, tables[1], "Bo");
    await org.page.click("#duplicate-fill-2");
    await bo.page.waitForSelector('.table[data-phase="bidding"]', { timeout: 60000 });
    await playOut([bo.page]);
    // Now every view shows the board, the session over, both people ranked.
    for (const p of [anyone.page, ann.page, org.page]) {
      await p.waitForSelector('.duplicate-page[data-over="true"] #duplicate-shown[data-shown="1"]', { timeout: 30000 });
      const names = await p.locator("#duplicate-standings-table tbody tr").evaluateAll((rows) => rows.map((r) => r.dataset.name));
      assert.ok(names.includes("Ann") && names.includes("Bo"), `names ${names}`);
      assert.equal(await p.locator('#duplicate-standings-table td[data-board="1"]:not(:empty)').count(), 6);
      assert.equal(await p.locator('[id^="duplicate-records-"]').count(), 2);
    }
  });

  await t.test("Ann and Bo, who held the same cards in the same chair, are ranked against each other", async () => {
    // Ann and Bo held the same cards in the same chair: their places come from each other.
    // Two tables: a board's first place earns 4 rank points, the second 2
    // (a tie: both 4).
    const points = await org.page
      .locator('#duplicate-standings-table tr[data-name="Ann"], #duplicate-standings-table tr[data-name="Bo"]')
      .evaluateAll((rows) => rows.map((r) => Number(r.dataset.points)));
    assert.ok(points.length === 2 && points.every((p) => p === 2 || p === 4) && points.includes(4), `points ${points}`);
    await anyone.page.screenshot({ path: join(shots, "duplicate-phone.png") });
  });

  await t.test("a table's hand records can be fetched", async () => {
    const history = await fetch(await org.page.locator("#duplicate-records-1").evaluate((a) => a.href));
    assert.equal(history.status, 200);
  });
  for (const p of [org, ann, anyone, bo]) {
    assert.deepEqual(p.errors, []);
    await p.context.close();
  }
  console.log(`# duplicate session: ${((Date.now() - started) / 1000).toFixed(1)} s`);
});
