// Walks every page in 中文, through the states a player reaches (a dealt
// hand and its splits, a bid, a play, the end and the review, a puzzle and
// its answers, a contest and its scoring, the Lab's sections, mistakes in
// links), and fails on engine notation or English in the visible text
// outside the fields where a user types (and reads back) notation.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { start, stop, freshPage } from "./support.mjs";

let base;

before(async () => {
  base = (await start()).base;
});

after(stop);

/** Words allowed in 中文 text: the research's and the files' own names. */
const ALLOWED = new Set(["AI", "GDI", "DIH", "CSV", "SVG", "PNG", "JSON", "A4"]);

/**
 * What the page shows that 中文 should not: notation (T, X, D as cards;
 * `+` between cards) and English words, in visible text and in the
 * titles and labels a pointer or a screen reader reads. Card faces are
 * the players' own (3–10, J, Q, K, A, 2), so they pass.
 */
function leaks(page) {
  return page.evaluate((allowed) => {
    const found = [];
    // Bilingual on purpose: the glossary names each term in the other
    // language too, and the language switch names English. The keys are
    // named as the keyboard prints them.
    // A code (a contest's, a result's) is for copying, as a field is.
    const exempt = "script, style, textarea, input, select, code, .other-lang, .langs, .keys, [hidden], .visually-hidden";
    const check = (text, where) => {
      for (const word of text.match(/[A-Za-z][A-Za-z'’-]*/g) ?? []) {
        // Card faces, and the Lab's variables (n, m, r, g1 …).
        if (allowed.includes(word) || /^[JQKA]+$/.test(word) || /^[a-z]$/.test(word)) continue;
        found.push(`${where}: “${word}” in “${text.slice(0, 80)}”`);
      }
      const notation = text.match(/(^|[^A-Za-z])[3-9TJQKA2]*[TXD][3-9TJQKA2XD]*(?![A-Za-z])/);
      if (notation && !allowed.includes(notation[0].trim())) found.push(`${where}: notation “${notation[0].trim()}” in “${text.slice(0, 80)}”`);
      if (/(10|[3-9JQKA2]|王)\s*\+\s*(10|[3-9JQKA2]|小王|大王)(?!\s*个)/.test(text)) found.push(`${where}: kicker syntax in “${text.slice(0, 80)}”`);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest(exempt) || !el.getClientRects().length) continue;
      const text = n.textContent.trim();
      if (text) check(text, `<${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}>`);
    }
    // A select shows its chosen option.
    for (const el of document.querySelectorAll("select")) {
      if (el.getClientRects().length && el.selectedOptions[0]) check(el.selectedOptions[0].text, `<select#${el.id}>`);
    }
    for (const el of document.querySelectorAll("[title], [aria-label], [placeholder]")) {
      if (el.closest(".other-lang, .langs")) continue;
      for (const attr of ["title", "aria-label", "placeholder"]) {
        const v = el.getAttribute(attr);
        if (v) check(v, `<${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}>@${attr}`);
      }
    }
    return found;
  }, [...ALLOWED]);
}

test("every page in 中文 speaks players' words: no engine notation, no English outside the fields a user types in", async () => {
  const { context, page, errors } = await freshPage("zh-CN", { viewport: { width: 1366, height: 900 } });
  const all = [];
  let looked = 0;
  const look = async (where) => {
    looked++;
    for (const l of await leaks(page)) all.push(`${where} ${l}`);
  };
  const visit = async (hash, ready) => {
    await page.goto(`${base}${hash}`);
    await page.locator(ready).first().waitFor({ timeout: 30000 });
    await look(hash);
  };

  // The Deal page: a deal, its splits, the learned split, par, self-play.
  await visit("#/deal?seed=7", 'section[data-seat="landlord"] .hand li');
  await page.locator('section[data-seat="landlord"] .split-toggle').click();
  await look("Deal, the splits");
  await page.locator('section[data-seat="landlord"] .option[data-option="learned"]').click();
  await page.locator('section[data-seat="landlord"] .learned-split[data-tags]').waitFor({ timeout: 20000 });
  await page.click("#par-run");
  await page.click("#sim-run");
  await page.locator("#sim-result").waitFor({ timeout: 20000 });
  await page.locator("#par-result, #par-error").first().waitFor({ timeout: 30000 });
  await look("Deal, after its buttons");
  await visit("#/deal?hands=[3333][4444][5555]", "main");

  // The Play page: the auction with advice, the play with a hint and a
  // mistaken selection, the menu, the end, the review.
  await visit("#/play?seed=3&seat=landlord&level=beginner&pace=fast", "#play-actions");
  await page.locator('#play-actions[data-for="play"]').waitFor({ timeout: 30000 });
  await page.click("#play-hint");
  await page.waitForFunction(() => !document.querySelector("#play-hint").disabled, null, { timeout: 15000 });
  await look("Play, hinted");
  await page.locator("#play-hand li").nth(0).click({ position: { x: 6, y: 30 } });
  await page.locator("#play-hand li").nth(3).click({ position: { x: 6, y: 30 } });
  await look("Play, a selection");
  await page.click("#play-menu-open");
  await look("Play, the menu");
  await page.click("#play-menu .menu-head button");
  for (let i = 0; i < 200; i++) {
    await page.waitForFunction(() => document.querySelector("#play-end") || document.querySelector('#play-actions[data-for="play"]'), null, { timeout: 30000 });
    if (await page.locator("#play-end").count()) break;
    await page.click("#play-hint");
    await page.waitForFunction(() => !document.querySelector("#play-hint").disabled, null, { timeout: 15000 });
    if (await page.locator("#play-play").isEnabled()) await page.click("#play-play");
    else await page.click("#play-pass");
  }
  await look("Play, the end");
  await page.click("#end-review");
  await page.locator("#play-review-summary").waitFor({ timeout: 90000 });
  await look("Play, reviewed");
  const slip = page.locator("#play-review-summary button.slip").first();
  if (await slip.count()) {
    await slip.click();
    await look("Play, a slip");
  }

  // The Endgame page: every puzzle, its answers, the custom form and its errors.
  for (const n of [1, 3, 4]) {
    await visit(`#/endgame?puzzle=${n}`, "#eg-task");
    await page.click("#eg-mode-analyse");
    await page.locator("#eg-moves li").first().waitFor({ timeout: 30000 });
    await look(`Endgame ${n}, answers`);
  }
  await visit("#/endgame?landlord=33XX&farmer=4", "main");
  await visit("#/endgame?landlord=3Z&farmer=4", "main");
  await visit("#/endgame?puzzle=999", "main");

  // Contests: the home page, the form, the daily event, the scoring page.
  await visit("#/contest", "main");
  const code = await page.getAttribute("#contest-daily", "data-code");
  await page.locator("#contest-daily a, #contest-daily button").first().click();
  await page.locator("#contest-enter").waitFor({ timeout: 30000 });
  await look("Contest, the daily event");
  await visit(`#/contest?e=${code}&view=score`, "main");
  await page.fill("textarea", "not a result");
  await page.locator("main button.primary").first().click();
  await page.locator("#contest-standings").waitFor({ timeout: 30000 });
  await look("Contest, scoring a bad result");
  await visit(`#/contest?e=${code}&view=records`, "#contest-records-list");
  await look("Contest, hand records");
  await visit("#/contest?e=nonsense", "main");

  // The Lab and its mistakes.
  await visit("#/lab?seed=7", "main");
  await page.locator("#lab-dist").waitFor({ timeout: 60000 });
  await page.locator("#chart-par, #par-error").first().waitFor({ timeout: 60000 });
  await look("Lab, computed");
  await visit("#/lab?seed=-5", "main");
  await visit("#/lab?deal=[33]", "main");
  await visit("#/nowhere", "main");

  console.log(`# 中文 walk: ${looked} views looked at, ${all.length} leaks`);
  const unique = [...new Set(all.map((l) => l.slice(l.indexOf(" <"))))];
  for (const l of unique.slice(0, 60)) console.log(`# ${l}`);
  assert.deepEqual(all, []);
  assert.deepEqual(errors, []);
  await context.close();
});
