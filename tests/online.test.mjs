// Online events (线上比赛): the app served by a real `ddz-server` process.
// An organiser makes an event in the app; three profiles enter it (a
// desktop, a phone upright, a phone on its side); one reloads mid-board,
// one continues in another profile with its key; the organiser closes the
// event and sees the standings the API gives.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { start, stop, site, freshPage, shots, playMoves, startDdzServer, cli } from "./support.mjs";

let server;

before(async () => {
  await start();
  await mkdir(shots, { recursive: true });
});

after(async () => {
  await server?.stop();
  await stop();
});

const DESKTOP = { viewport: { width: 1366, height: 768 } };
const UPRIGHT = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const ON_SIDE = { viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

async function api(path, key) {
  const r = await fetch(`${server.base}api/${path}`, { headers: key ? { authorization: `Bearer ${key}` } : {} });
  assert.ok(r.ok, `${path}: ${r.status} ${await r.clone().text()}`);
  return r.json();
}

/** Enters the event under `name` on its page; the entry key shown. */
async function enter(page, id, name) {
  await page.goto(`${server.base}#/contest?online=${id}`);
  await page.fill("#online-name", name);
  await page.click("#online-enter-button");
  await page.waitForSelector(`#online-entry[data-name="${name}"]`, { timeout: 60000 });
  return page.textContent("#online-entry-key");
}

/** From the event's page: plays every board left (`reloadAfter` moves into the first, a reload). */
async function playRest(page, { reloadAfter = null, shot = null } = {}) {
  let first = true;
  while (await page.locator("#online-play").count()) {
    await page.click("#online-play");
    await page.waitForSelector("#play-hand, #play-end", { timeout: 60000 });
    if (first && reloadAfter !== null) {
      await playMoves(page, { moves: reloadAfter });
      await page.waitForSelector('#play-actions[data-for="play"], #play-end', { timeout: 60000 });
      const before = {
        hand: await page.getAttribute("#play-hand", "data-cards"),
        ply: await page.getAttribute("main.online-board", "data-ply"),
        url: page.url(),
      };
      await page.reload();
      await page.waitForSelector("main.online-board", { timeout: 60000 });
      assert.equal(page.url(), before.url);
      assert.equal(await page.getAttribute("main.online-board", "data-ply"), before.ply, "the same ply after a reload");
      assert.equal(await page.getAttribute("#play-hand", "data-cards"), before.hand, "the same hand after a reload");
    }
    if (first && shot) await page.screenshot({ path: join(shots, shot) });
    first = false;
    assert.ok(await playMoves(page), "the board ends");
    // The board's end: its score and the three hands from the server.
    await page.waitForSelector("#play-end[data-score] #online-hands");
    assert.equal(await page.locator("#online-hands .online-hand").count(), 3);
    await page.click("#online-next");
    await page.waitForSelector("main.online-board, #online-entry", { timeout: 60000 });
    if (await page.locator("main.online-board").count()) {
      // The next board opened at once: back to the event page to go on.
      await page.goto(page.url().replace(/&board=\d+/, ""));
    }
    await page.waitForSelector("#online-entry");
  }
  assert.equal(await page.getAttribute("#online-entry", "data-finished"), "true");
}

test("an online event of two boards, entered by three profiles", async (t) => {
  server = await startDdzServer();
  // The organiser, at a desktop, makes a 2-board online duplicate event.
  const org = await freshPage("en-US", DESKTOP);
  const ann = await freshPage("en-US", DESKTOP);
  const bo = await freshPage("zh-CN", UPRIGHT);
  const bo2 = await freshPage("en-US", DESKTOP);
  const cy = await freshPage("en-US", ON_SIDE);
  let id, key, boKey, rows, closed;

  await t.test("the organiser makes the event in the app and gets its link", async () => {
    await org.page.goto(`${server.base}#/contest`);
    await org.page.waitForSelector("#contest-new-kind", { timeout: 30000 });
    await org.page.check("#contest-new-online");
    await org.page.fill("#contest-new-title", "Online night");
    await org.page.fill("#contest-new-boards", "2");
    await org.page.selectOption("#contest-new-level", "beginner");
    await org.page.fill("#contest-new-standings-after", "2");
    await org.page.click("#contest-new-create");
    await org.page.waitForSelector("#contest-online-created", { timeout: 60000 });
    id = await org.page.getAttribute("#contest-online-created", "data-id");
    assert.match(id, /^[a-z0-9]{12}$/);
    assert.ok((await org.page.inputValue("#contest-online-link")).endsWith(`#/contest?online=${id}`));
  });

  await t.test("the organiser's key is shown once, and kept in this browser", async () => {
    key = (await org.page.textContent("#contest-online-key")).trim();
    assert.match(key, /^org_[0-9a-f]{32}$/);
    assert.ok(await org.page.locator("#contest-online-key-once").isVisible(), "the key is said to be shown once");
    assert.equal(await org.page.evaluate((id) => localStorage.getItem(`ddz.online.organiser.${id}`), id), key);
    await org.page.locator("#contest-online-created").screenshot({ path: join(shots, "online-created.png") });
  });

  await t.test("Ann enters at a desktop, and the server counts her", async () => {
    await enter(ann.page, id, "Ann");
    const view = await api(`events/${id}`);
    assert.equal(view.entrants, 1);
  });

  await t.test("Ann plays both boards, a reload in the middle of her first resuming it", async () => {
    // Ann, at a desktop, reloads in the middle of her first board.
    await playRest(ann.page, { reloadAfter: 2, shot: "online-board-desktop.png" });
    await ann.page.screenshot({ path: join(shots, "online-event-desktop.png") });
  });

  await t.test("Bo enters on a phone held upright (中文) and is given an entry key", async () => {
    boKey = (await enter(bo.page, id, "Bo")).trim();
    assert.match(boKey, /^ent_[0-9a-f]{32}$/);
  });

  await t.test("Bo, continuing in another profile with the key, finds the board where he left it", async () => {
    // Bo, on a phone held upright (in Chinese), plays part of a board, then
    // continues in another profile with the key.
    await bo.page.click("#online-play");
    await bo.page.waitForSelector("#play-hand", { timeout: 60000 });
    await playMoves(bo.page, { moves: 2 });
    await bo.page.waitForSelector('#play-actions[data-for="play"], #play-end', { timeout: 60000 });
    await bo.page.screenshot({ path: join(shots, "online-board-upright.png") });
    const boPly = await bo.page.getAttribute("main.online-board", "data-ply");
    const boHand = await bo.page.getAttribute("#play-hand", "data-cards");
    await bo.context.close();
    await bo2.page.goto(`${server.base}#/contest?online=${id}`);
    await bo2.page.fill("#online-key", boKey);
    await bo2.page.click("#online-continue-button");
    await bo2.page.waitForSelector('#online-entry[data-name="Bo"]', { timeout: 60000 });
    await bo2.page.click("#online-play");
    await bo2.page.waitForSelector("main.online-board", { timeout: 60000 });
    assert.equal(await bo2.page.getAttribute("main.online-board", "data-ply"), boPly, "the board goes on where it was");
    assert.equal(await bo2.page.getAttribute("#play-hand", "data-cards"), boHand);
  });

  await t.test("Bo plays his boards out in the other profile", async () => {
    await bo2.page.goto(`${server.base}#/contest?online=${id}`);
    await bo2.page.waitForSelector("#online-entry");
    await playRest(bo2.page);
  });

  await t.test("a name taken, whatever its case, is refused", async () => {
    // Cy, on a phone on its side: a name taken (whatever its case) is refused.
    await cy.page.goto(`${server.base}#/contest?online=${id}`);
    await cy.page.fill("#online-name", "ANN");
    await cy.page.click("#online-enter-button");
    await cy.page.waitForSelector("#online-enter-error");
    assert.match(await cy.page.textContent("#online-enter-error"), /taken/);
  });

  await t.test("Cy enters and plays both boards on a phone on its side", async () => {
    await enter(cy.page, id, "Cy");
    await playRest(cy.page, { shot: "online-board-on-side.png" });
  });

  await t.test("the standings are shown, provisional, once two have finished", async () => {
    // The standings: shown (two have finished), provisional.
    await cy.page.reload();
    await cy.page.waitForSelector("#online-standings #contest-standings-table");
    assert.equal(await cy.page.getAttribute("#online-standings", "data-state"), "provisional");
  });

  await t.test("the organiser's page lists the three entrants, all finished", async () => {
    // The organiser's page: three entrants, all finished; close.
    await org.page.goto(`${server.base}#/contest?online=${id}&view=organiser`);
    await org.page.waitForSelector("#online-entrants tr[data-name]", { timeout: 60000 });
    assert.equal(await org.page.locator('#online-entrants tr[data-finished="true"]').count(), 3);
  });

  await t.test("the organiser disqualifies Cy, with a reason", async () => {
    // Disqualifying Cy, with a reason: the standings are worked out again.
    await org.page.selectOption("#online-disqualify-name", "Cy");
    await org.page.fill("#online-disqualify-reason", "Played from two accounts");
    await org.page.click("#online-disqualify-button");
    await org.page.waitForSelector('#online-disqualified li[data-name="Cy"]', { timeout: 60000 });
  });

  await t.test("closed, the event shows its final standings and its secret", async () => {
    await org.page.click("#online-close");
    await org.page.waitForSelector('#online-facts[data-state="closed"]', { timeout: 60000 });
    await org.page.waitForSelector('#online-standings[data-state="final"] #contest-standings-table');
    assert.ok(await org.page.locator("#online-secret").count(), "the secret after close");
    await org.page.screenshot({ path: join(shots, "online-organiser-closed.png"), fullPage: true });
  });

  await t.test("the final standings are the API's, without the disqualified entrant", async () => {
    // The same standings as the API's.
    const standings = await api(`events/${id}/standings`);
    assert.equal(standings.state, "final");
    rows = await org.page.$$eval("#contest-standings-table tbody tr", (trs) =>
      trs.map((tr) => ({ entrant: tr.dataset.entrant, place: +tr.dataset.place, points: +tr.dataset.points, score: +tr.dataset.score }))
    );
    assert.deepEqual(
      rows,
      standings.standings.entrants.map((e) => ({ entrant: e.entrant, place: e.place, points: e.rank_points, score: e.score }))
    );
    assert.deepEqual(rows.map((r) => r.entrant).sort(), ["Ann", "Bo"]);
    assert.deepEqual(standings.disqualified, [{ name: "Cy", reason: "Played from two accounts" }]);
  });

  await t.test("the final standings are the CLI's, asked of the same server", async () => {
    // And the CLI's, asked of the same server.
    const byCli = cli(["contest", "standings", id, "--server", server.base, "--json"]);
    assert.deepEqual(
      rows,
      byCli.standings.entrants.map((e) => ({ entrant: e.entrant, place: e.place, points: e.rank_points, score: e.score }))
    );
  });

  await t.test("the secret matches the commitment", async () => {
    closed = await api(`events/${id}`);
    const { createHash } = await import("node:crypto");
    assert.equal(createHash("sha256").update(Buffer.from(closed.secret, "hex")).digest("hex"), closed.commitment);
  });

  await t.test("the secret shows on the event's page to an entrant", async () => {
    // The secret matches the commitment, on the event's page too.
    await ann.page.reload();
    await ann.page.waitForSelector("#online-secret");
    assert.equal((await ann.page.textContent("#online-secret")).trim(), closed.secret);
  });

  for (const p of [org, ann, bo2]) assert.deepEqual(p.errors, [], "no console errors");
  // Cy's one: the name refused (409), which the page said in words.
  assert.deepEqual(cy.errors, ["Failed to load resource: the server responded with a status of 409 (Conflict)"]);
  for (const p of [org, ann, bo2, cy]) await p.context.close();
});

test("the daily card offers the server's daily contest, an online event like any other", async () => {
  server ??= await startDdzServer();
  const { context, page, errors } = await freshPage("zh-CN", UPRIGHT);
  await page.goto(`${server.base}#/contest`);
  await page.waitForSelector("#daily-server-link", { timeout: 30000 });
  const id = await page.getAttribute("#daily-server", "data-id");
  assert.match(await page.textContent("#daily-server"), /服务器上的今日每日赛/);
  await page.click("#daily-server-link");
  await page.waitForSelector("#online-name", { timeout: 30000 });
  const view = await api(`events/${id}`);
  assert.ok(view.daily, "the server's daily event");
  assert.equal(view.boards, 6);
  await enter(page, id, "Dai");
  assert.equal((await api(`events/${id}`)).entrants, 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test("the static site shows no online event", async () => {
  const { context, page, errors } = await freshPage("en-US");
  await page.goto(`${site.base}#/contest`);
  await page.waitForSelector("#contest-create");
  // The probe has answered (404) by the time the page has settled.
  await page.waitForTimeout(500);
  assert.equal(await page.locator("#contest-new-kind").count(), 0);
  assert.equal(await page.locator("#daily-server").count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});
