// Real-browser tests of a contest's entries and its organiser's pages as
// people use them: two events in one tab, back and forth, with no entry
// lost, and entering again never erasing one; an unreadable entry too big
// to copy kept, and said so truly; the end-of-board dialog on a phone on
// its side; a board's AI field worked out after its dialog is left at
// once; scoring a picture and a broken file; the CSV for spreadsheets; and
// every entrant's hand records in one document. Events are made with the
// CLI: one or two boards against the weakest AI, so each board is short.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdir, writeFile, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { start, stop, site, freshPage, cli, shots, enterEvent, playMoves, fastPace } from "./support.mjs";

before(async () => {
  await start();
  await mkdir(shots, { recursive: true });
});

after(stop);

/** A duplicate event of `boards` random boards against L0, made by the CLI. */
function newEvent(title, boards = 1, seed = 1) {
  const args = ["contest", "new", "--format", "duplicate", "--boards", String(boards), "--seed", String(seed)];
  return cli([...args, "--opponents", "L0", "--title", title, "--json"]).code;
}

/** Goes to `hash` in the same document (no reload), as a link in the tab does. */
async function go(page, hash) {
  await page.evaluate((h) => (location.hash = h), hash);
}

/** From the event page, board 1 played to its end; the end dialog is up. */
async function playFirstBoard(page) {
  await page.click("#contest-play");
  await page.waitForSelector("#play-hand");
  await fastPace(page);
  assert.ok(await playMoves(page), "the board ends");
}

/** Whether an element's box lies inside the viewport. */
function inViewport(page, selector) {
  return page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth && r.height > 0;
  });
}

test("two events in one tab, back and forth", async (t) => {
  const one = newEvent("Event one", 1, 11);
  const two = newEvent("Event two", 1, 12);
  const { context, page, errors } = await freshPage("en-US");
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  // A second tab, opened on event one before anyone entered there.
  const other = await context.newPage();
  await other.goto(`${site.base}#/contest?e=${one}`);
  await other.waitForSelector("#contest-enter");
  // The tab in front plays (a tab behind has its timers slowed).
  await page.bringToFront();
  await enterEvent(page, one, "Ann");
  await playFirstBoard(page);
  await page.click("#end-next");
  const result = await page.locator("#contest-result-code").inputValue();

  await t.test("the copy button copies the result code, and says so for a moment", async () => {
    // The copy button says it copied, for a moment.
    await page.click("#contest-copy-result");
    await page.waitForSelector('#contest-copy-result[data-said="copied"]');
    assert.equal(await page.locator("#contest-copy-result").textContent(), "Copied");
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), result);
    await page.waitForSelector('#contest-copy-result[data-said=""]', { timeout: 10000 });
  });

  const score = await page.getAttribute('#contest-boards tr[data-board="1"]', "data-score");
  const stored = () => page.evaluate((code) => localStorage.getItem(`ddz.contest.${code}`), one);
  const finished = await stored();

  await t.test("event two, opened in the same tab, shows its own title and no entrant", async () => {
    await go(page, `#/contest?e=${two}`);
    await page.waitForFunction(() => document.querySelector("#contest-title")?.textContent === "Event two");
    assert.equal(await page.locator("#contest-entrant").count(), 0, "event one's entrant on event two's page");
    assert.equal(await page.locator("#contest-result-code").count(), 0);
    await page.fill("#contest-name", "Bob");
    await page.click("#contest-start");
    await page.waitForSelector('#contest-entrant[data-entrant="Bob"]');
  });

  await t.test("back on event one: its finished entry, its scores and result code", async () => {
    await go(page, `#/contest?e=${one}`);
    await page.waitForSelector('#contest-entrant[data-entrant="Ann"][data-complete="true"]');
    assert.equal(await page.locator("#contest-title").textContent(), "Event one");
    assert.equal(await page.getAttribute('#contest-boards tr[data-board="1"]', "data-score"), score);
    assert.equal(await page.locator("#contest-result-code").inputValue(), result);
    assert.equal(await page.locator("#contest-enter").count(), 0, "the name form over a finished entry");
  });

  await t.test("back on event two: its own entry still there", async () => {
    await go(page, `#/contest?e=${two}`);
    await page.waitForSelector('#contest-entrant[data-entrant="Bob"]');
  });

  await t.test("entering again, under another name, shows the finished entry and changes nothing", async () => {
    await other.bringToFront();
    await other.fill("#contest-name", "Dee");
    await other.click("#contest-start");
    await other.waitForSelector('#contest-entrant[data-entrant="Ann"][data-complete="true"]');
    await other.waitForSelector("#contest-already");
    assert.equal(await other.locator("#contest-result-code").inputValue(), result);
    assert.equal(await stored(), finished);
  });

  await t.test("the entry is replaced only on the explicit choice that names what is lost", async () => {
    assert.equal(await other.locator("#contest-replace-confirm").isVisible(), false, "the choice is closed until opened");
    await other.click("#contest-replace summary");
    const warning = await other.locator("#contest-replace .warning").textContent();
    assert.match(warning, /Ann/);
    assert.match(warning, /1 of 1 boards/);
    assert.match(warning, /result code/);
    assert.equal(await stored(), finished, "opening the choice changes nothing");
    await other.click("#contest-replace-confirm");
    await other.waitForSelector("#contest-enter");
    assert.equal(await stored(), null);
    // Event two's entry is untouched.
    assert.ok(await page.evaluate((code) => localStorage.getItem(`ddz.contest.${code}`), two));
  });

  assert.deepEqual(errors, []);
  await context.close();
});

test("the Contest page in 中文, before any event", async (t) => {
  const { context, page, errors } = await freshPage("zh-CN");

  await t.test("a link with an empty e= says it has no code", async () => {
    await page.goto(`${site.base}#/contest?e=`);
    assert.match(await page.locator("#contest-bad-event").textContent(), /没有比赛代码/);
  });

  await t.test("the create form's choices are players' words, n behind 高级", async () => {
    await go(page, "#/contest");
    await page.waitForSelector("#contest-create");
    for (const plain of ["#contest-new-boards", "#contest-new-test-cases", "#contest-new-seat", "#contest-new-level"]) {
      assert.ok(await page.locator(plain).isVisible(), `${plain} is a plain choice`);
    }
    assert.equal(await page.locator("#contest-new-players").isVisible(), false, "n is behind 高级");
  });

  await t.test("an equal-strength event asks how hard the deals are, the GDI centre behind 高级", async () => {
    await page.selectOption("#contest-new-format", "equal");
    assert.ok(await page.locator("#contest-new-difficulty").isVisible(), "how hard the deals are");
    assert.equal(await page.locator("#contest-new-centre").isVisible(), false, "the GDI centre is behind 高级");
  });

  await t.test("高级 opens on the centre the difficulty sets", async () => {
    await page.click("#contest-new-advanced summary");
    assert.equal(await page.locator("#contest-new-advanced summary").textContent(), "高级");
    assert.equal(await page.locator("#contest-new-centre").inputValue(), "0.8, 0.45, 0.3");
    await page.selectOption("#contest-new-difficulty", "harder");
    assert.equal(await page.locator("#contest-new-centre").inputValue(), "0.6, 0.2, 0.05");
  });

  await t.test("the research's settings under 高级 have their ⓘ, for each format", async () => {
    const terms = await page.$$eval("#contest-new-advanced .info", (is) => is.map((i) => i.dataset.term));
    assert.deepEqual(terms, ["centre", "eps"]);
    await page.click('#contest-new-advanced .info[data-term="eps"] button');
    assert.match(await page.locator("#contest-new-advanced .popover").textContent(), /同等牌力/);
    await page.selectOption("#contest-new-format", "duplicate");
    assert.deepEqual(await page.$$eval("#contest-new-advanced .info", (is) => is.map((i) => i.dataset.term)), ["test-cases", "nmr", "nmr"]);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test("an unreadable entry too big to copy beside itself is kept, and the page says so truly", async () => {
  const code = newEvent("Full storage", 1, 13);
  const { context, page, errors } = await freshPage("zh-CN");
  await page.goto(`${site.base}#/contest`);
  await page.waitForSelector("#contest-create");
  // A 3 MB entry that does not read, then storage filled until less than
  // 3 MB is free: a copy written beside it cannot fit.
  const filled = await page.evaluate((code) => {
    const bad = "{" + "x".repeat(3_000_000);
    localStorage.setItem(`ddz.contest.${code}`, bad);
    let n = 0;
    for (let chunk = 1_000_000; chunk >= 1000; chunk = Math.floor(chunk / 10)) {
      for (;;) {
        try {
          localStorage.setItem(`filler.${n}`, "f".repeat(chunk));
          n++;
        } catch {
          break;
        }
      }
    }
    // Checks that a copy cannot be written beside the original.
    try {
      localStorage.setItem("probe", bad);
      localStorage.removeItem("probe");
      return { bad: bad.length, fits: true };
    } catch {
      return { bad: bad.length, fits: false };
    }
  }, code);
  assert.equal(filled.fits, false, "storage is full enough that a copy cannot fit");
  await go(page, `#/contest?e=${code}`);
  await page.waitForSelector("#contest-unreadable");
  const notice = await page.locator("#contest-unreadable").textContent();
  const kept = await page.getAttribute("#contest-unreadable", "data-kept");
  const stored = await page.evaluate((code) => ({
    aside: localStorage.getItem(`ddz.contest-unreadable.${code}`)?.length ?? 0,
    original: localStorage.getItem(`ddz.contest.${code}`)?.length ?? 0,
  }), code);
  console.log(`# unreadable entry of ${filled.bad} characters: ${kept}; aside ${stored.aside}, in place ${stored.original}`);
  // Whatever the page did, the text is somewhere, and the notice says where.
  assert.equal(Math.max(stored.aside, stored.original), filled.bad, "the unreadable text is still there");
  if (kept === "kept") {
    assert.equal(stored.aside, filled.bad);
    assert.match(notice, /已另存一份/);
  } else {
    assert.equal(kept, "left-in-place");
    assert.equal(stored.original, filled.bad);
    assert.match(notice, /原样留着/);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test("the end-of-board dialog on a phone on its side (844×390, 中文)", async (t) => {
  const code = newEvent("横屏", 2, 14);
  const { context, page, errors } = await freshPage("zh-CN", {
    viewport: { width: 844, height: 390 },
    hasTouch: true,
    isMobile: true,
  });
  await enterEvent(page, code, "李雷");
  await playFirstBoard(page);
  await page.waitForSelector("#contest-beaten", { timeout: 60000 });
  await page.waitForSelector("#contest-par");

  await t.test("the dialog's title is on the screen", async () => {
    assert.ok(await inViewport(page, "#play-outcome"), "the dialog's title is on the screen");
  });

  await t.test("the next board's button is on the screen, or the dialog scrolls to it, not the page", async () => {
    // The button is on the screen, or the dialog scrolls to it (the page does not).
    await page.$eval("#end-next", (el) => el.scrollIntoView({ block: "nearest" }));
    assert.ok(await inViewport(page, "#end-next"), "下一副 is on the screen");
    assert.equal(await page.evaluate(() => scrollY), 0, "the page itself scrolled");
  });

  await t.test("▼你 sits over its bar, clear of the chart's subtitle", async () => {
    const overlap = await page.$eval("#contest-field svg", (svg) => {
      const a = svg.querySelector(".mark").getBoundingClientRect();
      const b = svg.querySelector(".chart-n").getBoundingClientRect();
      return !(a.bottom <= b.top || b.bottom <= a.top || a.right <= b.left || b.right <= a.left);
    });
    assert.equal(overlap, false, "▼你 overlaps the subtitle");
  });
  await page.$eval("#play-end", (d) => (d.scrollTop = 0));
  await page.screenshot({ path: join(shots, "contest-dialog-844x390-zh.png") });
  assert.deepEqual(errors, []);
  await context.close();
});

test("a board's dialog left at once, before its AI field is worked out", async (t) => {
  const code = newEvent("Early leave", 2, 15);
  const { context, page, errors } = await freshPage("en-US");
  await enterEvent(page, code, "Eve");
  await playFirstBoard(page);

  await t.test("the dialog can be left for the next board before the field is done", async () => {
    // Left at once, for board 2, before the field is done.
    assert.equal(await page.locator("#contest-beaten").count(), 0, "the field was done before the dialog could be left");
    await page.click("#end-next");
    await page.waitForSelector("#play-hand");
  });

  await t.test("with board 2 not played the entry is not complete", async () => {
    await go(page, `#/contest?e=${code}`);
    await page.waitForSelector('#contest-entrant[data-complete="false"]');
  });

  await t.test("board 1's field is worked out all the same, and shows on the event page", async () => {
    await page.waitForFunction(
      () => document.querySelector('#contest-boards tr[data-board="1"] td.beaten')?.dataset.beaten?.endsWith("%"),
      null,
      { timeout: 60000 },
    );
  });

  await t.test("board 1's report is kept in the entry, board 2's is empty", async () => {
    const stored = await page.evaluate((code) => JSON.parse(localStorage.getItem(`ddz.contest.${code}`)).reports, code);
    assert.ok(stored[0]?.field && stored[0]?.par, "board 1's report is kept in the entry");
    assert.equal(stored[1], null);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test("scoring two codes, a picture and a broken file on a phone (中文)", async (t) => {
  const equal = ["--format", "equal", "--centre", "0.8,0.45,0.3", "--eps", "0.15", "--boards", "1", "--seed", "5"];
  const code = cli(["contest", "new", ...equal, "--opponents", "L0", "--title", "周五俱乐部", "--json"]).code;
  const results = ["李雷", "韩梅梅"].map((name) => cli(["contest", "enter", code, "--entrant", name, "--player", "L3", "--json"]).result);
  const { context, page, errors } = await freshPage("zh-CN", { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await page.goto(`${site.base}#/contest?e=${code}&view=score`);
  await page.waitForSelector("#contest-paste");
  const picture = join(tmpdir(), `ddz-shot-${process.pid}.png`);
  await writeFile(picture, await page.screenshot());
  const broken = join(tmpdir(), `ddz-broken-${process.pid}.json`);
  await writeFile(broken, JSON.stringify({ entrant: "李雷", boards: [] }));
  await page.fill("#contest-paste", results.join("\n"));
  await page.setInputFiles("#contest-files", [picture, broken]);
  await page.waitForFunction(() => document.querySelectorAll("#contest-file-list li").length === 2);

  await t.test("two codes and two files are counted as four submissions", async () => {
    assert.match(await page.locator("#contest-score").textContent(), /（4 份）/, "two codes and two files: four submissions");
  });
  await page.click("#contest-score");
  await page.waitForSelector("#contest-standings-table", { timeout: 120000 });
  let refused = [];

  await t.test("the picture is one refusal, under its name", async () => {
    refused = await page.$$eval("#contest-rejected li", (lis) => lis.map((li) => li.textContent));
    assert.equal(refused.length, 2, refused.join("\n"));
    assert.match(refused[0], new RegExp(`ddz-shot-${process.pid}\\.png`));
    assert.match(refused[0], /不是文字/);
  });

  await t.test("the broken file's reason is told in 中文", async () => {
    assert.match(refused[1], /缺少成绩文件必有的字段“file”/);
    assert.doesNotMatch(refused.join(" "), /missing field|line \d+ column/);
  });

  await t.test("the standings' headers are one line on a 390 px phone", async () => {
    const head = await page.$eval("#contest-standings-table th:nth-child(3)", (th) => ({
      text: th.textContent,
      height: th.getBoundingClientRect().height,
      line: parseFloat(getComputedStyle(th).lineHeight) || 1.5 * parseFloat(getComputedStyle(th).fontSize),
    }));
    assert.equal(head.text, "名次分");
    assert.ok(head.height < 2 * head.line, `名次分 is ${head.height} px high (a line is ${head.line})`);
  });

  await t.test("the page itself does not scroll sideways: the table scrolls in its own box", async () => {
    assert.ok(await page.evaluate(() => document.scrollingElement.scrollWidth <= innerWidth), "the page scrolls sideways");
  });
  let csv = "";

  await t.test("the CSV starts with a byte-order mark, for spreadsheets", async () => {
    const href = await page.getAttribute("#contest-csv", "href");
    csv = decodeURIComponent(href.slice(href.indexOf(",") + 1));
    assert.equal(csv.charCodeAt(0), 0xfeff);
  });

  await t.test("the CSV's headers are in 中文, its rows the entrants", async () => {
    assert.match(csv.slice(1).split("\n")[0], /^名次,选手,名次分,得分,胜过 AI 场,第1副得分,/);
    assert.match(csv, /李雷/);
  });

  await t.test("the CSV's name is the event's title and the date", async () => {
    assert.match(await page.getAttribute("#contest-csv", "download"), /^周五俱乐部 排名 \d{4}-\d{2}-\d{2}\.csv$/);
  });

  await t.test("every entrant's hand records are listed, each with their own boards", async () => {
    await page.click("#contest-records-scored");
    await page.waitForSelector("#contest-records-list .record", { timeout: 120000 });
    const groups = await page.$$eval("#contest-records-list .entrant-records", (ss) =>
      ss.map((s) => ({ who: s.dataset.entrant, seeds: [...s.querySelectorAll(".record")].map((r) => +r.dataset.seed) })),
    );
    assert.deepEqual(groups.map((g) => g.who).sort(), ["李雷", "韩梅梅"].sort());
    for (const g of groups) {
      assert.deepEqual(g.seeds, cli(["contest", "deals", code, "--entrant", g.who, "--json"]).boards.map((b) => b.seed));
    }
  });

  await t.test("the hand records print in one document, each entrant starting a page", async () => {
    await page.emulateMedia({ media: "print" });
    const pdf = join(shots, "contest-records-every-entrant.pdf");
    await page.pdf({ path: pdf, format: "A4", printBackground: true });
    const pages = ((await readFile(pdf, "latin1")).match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    console.log(`# every entrant's hand records: ${pages} A4 pages (${pdf})`);
    assert.ok(pages >= 2, `${pages} pages: each entrant starts a page`);
  });

  assert.deepEqual(errors, []);
  await context.close();
});
