// Real-browser tests of the Play page: the table fits one screen at laptop
// and phone sizes on every turn, bidding, a reload that resumes the game, a
// corrupted save, touch swipe-select, sound and its switch, a full deal
// against a thinking AI with its replay and record, and screenshots of the
// table at three sizes in both languages (left in target/screenshots/).

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { start, stop, freshPage, cli, shots, animationsDone } from "./support.mjs";

let base;

before(async () => {
  base = (await start()).base;
  await mkdir(shots, { recursive: true });
});

after(stop);

const SIZES = {
  "1366x768": { width: 1366, height: 768 },
  "1440x900": { width: 1440, height: 900 },
  "390x844": { width: 390, height: 844 },
  "844x390": { width: 844, height: 390 },
};

/** A fresh profile at a screen size; phones (either way up) get touch. */
function tablePage(size, locale = "en-US", options = {}) {
  const viewport = SIZES[size];
  const phone = Math.min(viewport.width, viewport.height) < 600;
  return freshPage(locale, { viewport, hasTouch: phone, isMobile: phone, ...options });
}

/** Waits for the user's turn (to bid or to play) or the end; says which. */
async function nextTurn(page) {
  await page.waitForFunction(
    () => document.querySelector("#play-end") || document.querySelector('#play-actions[data-for="play"], #play-actions[data-for="bid"]'),
    null,
    { timeout: 30000 },
  );
  return page.evaluate(() => (document.querySelector("#play-end") ? "end" : document.querySelector("#play-actions").dataset.for));
}

/** Plays the user's turn with the hint (the AI's suggestion), or passes. */
async function playHinted(page) {
  await page.click("#play-hint");
  await page.waitForFunction(() => !document.querySelector("#play-hint").disabled, null, { timeout: 15000 });
  if (await page.locator("#play-play").isEnabled()) await page.click("#play-play");
  else await page.click("#play-pass");
}

/** Clicks a card of the hand where it shows (the next card covers its right part). */
function clickCard(page, selector) {
  return page.locator(selector).first().click({ position: { x: 6, y: 30 } });
}

/** Moves the replay's slider, as dragging it does. */
function setRange(page, value) {
  return page.locator("#replay-range").evaluate((input, v) => {
    input.value = String(v);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }, value);
}

/** Where the hand, its cards and the buttons are, and whether the page scrolls. */
function layout(page) {
  return page.evaluate(() => {
    const box = (el) => {
      const b = el.getBoundingClientRect();
      return { top: b.top, bottom: b.bottom, left: b.left, right: b.right, width: b.width, height: b.height };
    };
    return {
      vw: innerWidth,
      vh: innerHeight,
      scrollH: document.scrollingElement.scrollHeight,
      scrollW: document.scrollingElement.scrollWidth,
      cards: [...document.querySelectorAll("#play-hand li")].map((li) => {
        // The tap width: how much of the card's width, a third of the way
        // down, is this card and not the next one over it.
        const b = li.getBoundingClientRect();
        const y = b.top + b.height / 3;
        let tap = 0;
        for (let x = Math.floor(b.left); x < b.right; x++) if (document.elementFromPoint(x + 0.5, y)?.closest("li") === li) tap++;
        return { ...box(li), tap, selected: li.classList.contains("selected") };
      }),
      buttons: [...document.querySelectorAll("#play-actions button")].map((b) => ({ id: b.id || b.dataset.bid, ...box(b) })),
    };
  });
}

/** The table fits: no scrolling, every card and button inside the screen,
 * the hand in one row (two on a phone held upright). */
function assertFits(m, where, maxRows = 1) {
  assert.ok(m.scrollH <= m.vh + 1 && m.scrollW <= m.vw + 1, `${where}: the page scrolls (${m.scrollW}x${m.scrollH} in ${m.vw}x${m.vh})`);
  const inside = (b) => b.top >= -1 && b.left >= -1 && b.bottom <= m.vh + 1 && b.right <= m.vw + 1;
  for (const c of m.cards) assert.ok(inside(c), `${where}: a card at ${JSON.stringify(c)} is off screen`);
  for (const b of m.buttons) assert.ok(inside(b), `${where}: button ${b.id} at ${JSON.stringify(b)} is off screen`);
  const rows = new Set(m.cards.filter((c) => !c.selected).map((c) => Math.round(c.top)));
  assert.ok(rows.size <= maxRows, `${where}: the hand is in ${rows.size} rows`);
  const hand = m.cards.length ? { top: Math.min(...m.cards.map((c) => c.top)) } : null;
  // The buttons sit right above the hand.
  for (const b of m.buttons) if (hand) assert.ok(b.bottom <= hand.top + 1 && hand.top - b.bottom < 120, `${where}: button ${b.id} is not just above the hand`);
}

for (const size of ["1366x768", "390x844", "844x390"]) {
  test(`the table at ${size} on every turn of a full deal`, async (t) => {
    const phone = size !== "1366x768";
    const narrowest = {};
    const { context, page, errors } = await tablePage(size);
    await page.goto(`${base}#/play?seed=7&mode=classic&first=me&level=novice&pace=fast`);
    // The layout on each of the user's turns, measured as the deal is played.
    const seen = [];
    let turns = 0;
    for (let i = 0; i < 200; i++) {
      const turn = await nextTurn(page);
      if (turn === "end") break;
      const m = await layout(page);
      seen.push({ where: `${size}, turn ${turns + 1} (${turn})`, turn: turns + 1, m });
      const taps = m.cards.map((c) => c.tap);
      if (taps.length) narrowest[taps.length] = Math.min(narrowest[taps.length] ?? Infinity, ...taps);
      turns++;
      // Bid 3, so the user holds all 20 cards: the widest hand.
      if (turn === "bid") await page.click('#play-actions button[data-bid="3"]');
      else await playHinted(page);
    }
    await page.locator("#play-end").waitFor();
    const end = await layout(page);
    console.log(`# ${size}: the narrowest tap width (px) by cards in hand: ${JSON.stringify(narrowest)}`);

    await t.test("the hand and the buttons are on screen without scrolling on every turn and at the end", async () => {
      assert.ok(turns >= 5, `${turns} turns checked`);
      for (const { where, m } of seen) assertFits(m, where, size === "390x844" ? 2 : 1);
      assertFits(end, `${size}, the end`, size === "390x844" ? 2 : 1);
      console.log(`# ${size}: the table fitted the screen on all ${turns} of the user's turns`);
    });

    if (size === "390x844") {
      await t.test("on a phone held upright every button and card is 44 px tall on every turn", async () => {
        assert.ok(seen.length >= 5, `${seen.length} turns checked`);
        for (const { m } of seen) {
          for (const b of m.buttons) assert.ok(b.height >= 44, `button ${b.id} is ${b.height} px tall`);
          for (const c of m.cards) assert.ok(c.height >= 44, `a card is ${c.height} px tall`);
        }
      });
    }

    if (phone) {
      await t.test("on a phone every card has 36 px to tap on every turn", async () => {
        assert.ok(seen.length >= 5, `${seen.length} turns checked`);
        for (const { turn, m } of seen) {
          const taps = m.cards.map((c) => c.tap);
          for (const [i, w] of taps.entries()) assert.ok(w >= 36, `${size}, turn ${turn}: card ${i + 1} of ${taps.length} has ${w} px to tap`);
        }
      });
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test("bidding, as `ddz bid` plays it", async (t) => {
  const { context, page, errors } = await freshPage();
  // Seed 42: the AI's bids are 1, pass, 3 from the first bidder (`ddz bid`).
  // The user bids first and calls what the AI would; the two AIs follow.
  const expected = cli(["bid", "--seed", "42", "--json"]);
  assert.deepEqual(expected.bids, ["1", "pass", "3"]);

  await t.test("the user bids first, and may pass", async () => {
    await page.goto(`${base}#/play?seed=42&mode=classic&first=me&pace=fast`);
    assert.equal(await nextTurn(page), "bid");
    assert.ok(await page.locator('#play-actions button[data-bid="pass"]').isEnabled());
  });

  await t.test("the bottom cards are face down while the auction runs", async () => {
    assert.equal(await page.getAttribute("#play-bottom", "data-cards"), "");
  });

  await t.test("the auction ends with `ddz bid`'s landlord, and the bottom cards are turned up", async () => {
    await page.click('#play-actions button[data-bid="1"]');
    // 下家 passes, 上家 bids 3 and is the landlord (bidders go me → right → left).
    await page.locator('section[data-chair="left"][data-seat="landlord"]').waitFor({ timeout: 15000 });
    assert.equal(await page.getAttribute("#play-bottom", "data-cards"), expected.bottom);
  });

  await t.test("the landlord takes the bottom cards and leads", async () => {
    // The landlord took the bottom cards: 20, less its lead (the user plays right after it).
    assert.equal(await nextTurn(page), "play");
    const lead = await page.getAttribute('.slot.left .trick[data-trick="landlord"]', "data-play");
    assert.equal(Number(await page.getAttribute('section[data-chair="left"]', "data-count")) + lead.length, 20);
  });

  await t.test("the user holds the first farmer's hand, as dealt", async () => {
    assert.equal(await page.getAttribute('section[data-chair="me"]', "data-seat"), "farmer1");
    assert.equal(await page.getAttribute("#play-hand", "data-cards"), expected.deal.match(/\[(\w+)\]/g)[1].slice(1, -1));
  });

  await t.test("the bids and the stakes they make are shown", async () => {
    assert.match(await page.locator("#play-bids").textContent(), /Bid 1 · No bid · Bid 3/);
    assert.equal(await page.getAttribute("#play-stakes", "data-multiplier"), "3");
  });

  await t.test("when all three pass the cards are redealt and the next player bids first", async () => {
    // Seed 316: every AI passes (`ddz bid`); the user passes too, and the cards are redealt.
    assert.equal(cli(["bid", "--seed", "316", "--json"]).landlord, null);
    await page.goto(`${base}#/play?seed=316&mode=classic&first=me&pace=fast`);
    assert.equal(await nextTurn(page), "bid");
    await page.click('#play-actions button[data-bid="pass"]');
    await page.locator('.table[data-phase="redeal"]').waitFor({ timeout: 15000 });
    assert.match(await page.locator("#play-message").textContent(), /Nobody bid/);
    await page.waitForFunction(() => !/seed=316\b/.test(location.hash), null, { timeout: 15000 });
    // A new deal, and the next player bids first.
    assert.match(await page.evaluate(() => location.hash), /mode=classic&first=right/);
    await page.locator('.table[data-phase="bidding"]').waitFor();
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test("a reload in the middle of a deal resumes it exactly, settings included", async (t) => {
  const { context, page, errors } = await freshPage("zh-CN");
  await page.goto(`${base}#/play?seed=11&mode=classic&first=me&level=advanced&pace=fast`);
  assert.equal(await nextTurn(page), "bid");
  await page.click('#play-actions button[data-bid="3"]');
  for (let i = 0; i < 4; i++) {
    assert.equal(await nextTurn(page), "play");
    await playHinted(page);
  }
  assert.equal(await nextTurn(page), "play");
  // Turn the card counter on and sound off: settings that must survive.
  await page.click("#play-menu-open");
  await page.check("#play-counter-toggle");
  await page.uncheck("#play-sound-toggle");
  await page.click("#play-menu .menu-head button");
  const snapshot = () =>
    page.evaluate(() => ({
      hash: location.hash,
      hand: document.querySelector("#play-hand").dataset.cards,
      faces: [...document.querySelectorAll("#play-hand li")].map((li) => li.getAttribute("aria-label")),
      counts: [...document.querySelectorAll("section.seat[data-chair]")].map((s) => `${s.dataset.chair}:${s.dataset.seat}:${s.dataset.count ?? ""}`),
      record: [...document.querySelectorAll("#play-record li")].map((li) => li.textContent),
      bids: document.querySelector("#play-bids")?.textContent,
      bottom: document.querySelector("#play-bottom").dataset.cards,
      trick: [...document.querySelectorAll(".centre .trick")].map((t) => `${t.dataset.trick}:${t.dataset.play ?? "pass"}`),
      counter: !!document.querySelector("#play-counter"),
      sound: document.querySelector("#play-sound").getAttribute("aria-pressed"),
    }));

  const before = await snapshot();
  assert.ok(before.record.length >= 4, `${before.record.length} moves made`);
  assert.equal(before.counter, true);

  await t.test("a reload shows the same table, record and settings", async () => {
    await page.reload();
    assert.equal(await nextTurn(page), "play");
    const after = await snapshot();
    assert.deepEqual(after, before);
  });

  await t.test("the game goes on after the reload", async () => {
    await playHinted(page);
    await page.waitForFunction((n) => document.querySelectorAll("#play-record li").length > n, before.record.length);
  });

  await t.test("the Play page opened from the menu finds the same game", async () => {
    await page.click('nav a[href="#/deal"]');
    await page.click('nav a[href="#/play"]');
    await page.waitForFunction((hash) => location.hash.startsWith(hash.split("&level")[0]), before.hash);
    assert.equal(await page.locator("#play-bids").textContent(), before.bids);
  });

  await t.test("a link to another deal keeps the unfinished one aside, to resume", async () => {
    assert.equal(await nextTurn(page), "play");
    const hand = await page.getAttribute("#play-hand", "data-cards");
    const moves = await page.locator("#play-record li").count();
    await page.goto(`${base}#/play?seed=12&mode=classic&first=me&pace=fast`);
    await page.locator("#play-resume").click();
    await page.waitForFunction(() => /seed=11\b/.test(location.hash));
    assert.equal(await page.getAttribute("#play-hand", "data-cards"), hand);
    assert.equal(await page.locator("#play-record li").count(), moves);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test("a corrupted saved game", async (t) => {
  for (const [locale, words] of [
    ["zh-CN", /上次保存的对局无法读取/],
    ["en-US", /The saved game could not be read/],
  ]) {
    await t.test(`in ${locale}`, async (t) => {
      const { context, page, errors } = await freshPage(locale);
      // Plant the broken save from another page, where no game is being saved.
      await page.goto(`${base}#/deal?seed=1`);
      await page.locator("main").waitFor();
      const broken = JSON.stringify({ version: 1, seed: 5, mode: "classic", first: "me", bids: ["3"], record: [["landlord", "XD", 0]], redo: [], totals: [0, 0, 0], deals: 0 });
      await page.evaluate((text) => localStorage.setItem("ddz.play.game", text), broken);
      await page.click('nav a[href="#/play"]');

      await t.test("it is reported in the page's language", async () => {
        const notice = page.locator("#play-unreadable");
        await notice.waitFor();
        const text = await notice.textContent();
        assert.match(text, words);
        if (locale === "zh-CN") assert.doesNotMatch(text, /[A-Za-z]{3,}/, `half-English notice: ${text}`);
      });

      await t.test("it is kept aside and can be downloaded, never dropped", async () => {
        assert.equal(await page.evaluate(() => localStorage.getItem("ddz.play.unreadable")), broken);
        const href = await page.getAttribute("#play-keep-text", "href");
        assert.equal(decodeURIComponent(href.slice(href.indexOf(",") + 1)), broken);
      });

      await t.test("a new deal is on the table and can be played", async () => {
        assert.ok(["bid", "play"].includes(await nextTurn(page)));
      });

      await t.test("a save that is not JSON at all is reported too", async () => {
        await page.click('nav a[href="#/deal"]');
        await page.evaluate(() => localStorage.setItem("ddz.play.game", "{not json"));
        await page.reload();
        await page.click('nav a[href="#/play"]');
        await page.locator("#play-unreadable").waitFor();
      });

      await t.test("the second is kept beside the first, never over it", async () => {
        assert.equal(await page.evaluate(() => localStorage.getItem("ddz.play.unreadable.2")), "{not json");
        assert.equal(await page.evaluate(() => localStorage.getItem("ddz.play.unreadable")), broken);
      });

      await t.test("the download gives the latest", async () => {
        const latest = await page.getAttribute("#play-keep-text", "href");
        assert.equal(decodeURIComponent(latest.slice(latest.indexOf(",") + 1)), "{not json");
      });
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});

test("touch swipe-select on a phone", async (t) => {
  const { context, page, errors } = await tablePage("390x844");
  await page.goto(`${base}#/play?seed=42&seat=landlord&pace=fast`);
  assert.equal(await nextTurn(page), "play");
  const cards = await page.locator("#play-hand li").evaluateAll((lis) =>
    lis.map((li) => {
      const b = li.getBoundingClientRect();
      return { left: b.left, top: b.top, width: b.width, height: b.height };
    }),
  );
  assert.equal(cards.length, 20);
  // The middle of the part of card i that the next card leaves showing.
  const at = (i) => {
    const visible = i + 1 < cards.length ? cards[i + 1].left - cards[i].left : cards[i].width;
    return { x: cards[i].left + visible / 2, y: cards[i].top + cards[i].height * 0.6, id: 1 };
  };
  const cdp = await context.newCDPSession(page);
  const touch = (type, points) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points });

  await t.test("a swipe selects the cards swiped over", async () => {
    await touch("touchStart", [at(2)]);
    for (let i = 2; i <= 6; i++) {
      for (const f of [0.25, 0.5, 0.75]) {
        const a = at(i);
        const b = at(Math.min(i + 1, 6));
        await touch("touchMove", [{ ...a, x: a.x + (b.x - a.x) * f }]);
      }
    }
    await touch("touchEnd", []);
    const selected = await page.locator('#play-hand li[aria-checked="true"]').evaluateAll((lis) => lis.map((li) => Number(li.dataset.index)));
    assert.deepEqual(selected, [2, 3, 4, 5, 6]);
  });

  await t.test("a tap toggles one card off", async () => {
    await page.locator('#play-hand li[data-index="4"]').tap({ position: { x: 5, y: 40 } });
    assert.equal(await page.locator('#play-hand li[aria-checked="true"]').count(), 4);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test("a deal with sound on and reduced motion", async (t) => {
  const { context, page, errors } = await freshPage("en-US", { reducedMotion: "reduce" });
  // Count the oscillators the page starts.
  await context.addInitScript(() => {
    window.__tones = 0;
    const make = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function () {
      window.__tones++;
      return make.call(this);
    };
  });
  await page.goto(`${base}#/play?seed=42&mode=classic&first=me&pace=fast`);
  assert.equal(await nextTurn(page), "bid");

  await t.test("a bid sounds, through Web Audio", async () => {
    await page.click('#play-actions button[data-bid="1"]');
    await page.waitForFunction(() => window.__tones > 0, null, { timeout: 10000 });
  });

  await t.test("once the sound is switched off, no play sounds", async () => {
    await page.click("#play-sound");
    assert.equal(await page.getAttribute("#play-sound", "aria-pressed"), "false");
    await nextTurn(page);
    const quiet = await page.evaluate(() => window.__tones);
    // The user's play and the two AIs' answers, each of which would sound: the
    // table waits for the AIs, then it is the user's turn again.
    await page.evaluate(() => {
      window.__waited = false;
      const see = () => (window.__waited ||= !!document.querySelector('#play-actions[data-for="wait"]'));
      new MutationObserver(see).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-for"] });
    });
    await playHinted(page);
    await page.waitForFunction(() => window.__waited && document.querySelector('#play-end, #play-actions[data-for="play"]'), null, { timeout: 30000 });
    assert.equal(await page.evaluate(() => window.__tones), quiet, "no sound once muted");
  });

  await t.test("with reduced motion a new play appears without moving", async () => {
    const motion = await page.locator(".slot.fresh .trick, .slot .trick").first().evaluate((el) => getComputedStyle(el).animationName);
    assert.equal(motion, "none");
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test("a taken trick stays on the table, its last pass too, with who took it marked, until the next lead", async () => {
  const { context, page, errors } = await tablePage("1366x768");
  await page.goto(`${base}#/play?seed=21&seat=farmer1&level=L7&pace=fast`);
  await page.locator("#play-hand").waitFor();
  // Everything the centre shows whenever the mark appears.
  await page.evaluate(() => {
    window.takenSeen = [];
    new MutationObserver(() => {
      const mark = document.querySelector("#play-trick-taken");
      if (!mark) return;
      const passes = [...document.querySelectorAll(".centre .trick.pass")].map((p) => p.closest(".slot").dataset.chair);
      window.takenSeen.push({ by: mark.closest(".slot").dataset.chair, passes });
    }).observe(document.body, { subtree: true, childList: true });
  });
  // Pass when following, lead the lowest card: tricks end in two passes.
  for (;;) {
    if ((await nextTurn(page)) === "end") break;
    if (await page.locator("#play-pass").isEnabled()) await page.click("#play-pass");
    else {
      await clickCard(page, "#play-hand li");
      await page.click("#play-play");
    }
  }
  const seen = await page.evaluate(() => window.takenSeen);
  assert.ok(seen.length > 0, "a taken trick was shown");
  for (const { by, passes } of seen) {
    // The other two seats' passes, the last one included, beside the winner's play.
    assert.equal(passes.length, 2, JSON.stringify(seen));
    assert.ok(!passes.includes(by));
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test("a link naming any ladder rung opens the level that rung belongs to", async () => {
  const { context, page, errors } = await tablePage("1366x768");
  for (const [rung, level] of [["L5", "intermediate"], ["L8", "expert"], ["L10", "expert"], ["l0", "beginner"], ["L11", "master"]]) {
    await page.goto(`${base}#/play?seed=7&seat=landlord&level=${rung}&pace=fast`);
    await page.waitForFunction((l) => document.querySelector("#play-level")?.value === l, level);
    assert.equal(await page.locator(".notice").count(), 0, `${rung}: no bad-link notice`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test("the Play menu's levels and turn timer (中文)", async (t) => {
  const { context, page, errors } = await freshPage("zh-CN");
  await page.goto(`${base}#/play?seed=7&mode=classic&first=me&pace=fast`);
  await nextTurn(page);
  await page.click("#play-menu-open");

  await t.test("the level is 进阶 until another is chosen", async () => {
    assert.equal(await page.inputValue("#play-level"), "advanced");
  });

  await t.test("the levels have names of their own", async () => {
    const names = await page.locator("#play-level option").allTextContents();
    assert.deepEqual(names, ["新手", "入门", "进阶", "高手", "专家", "大师"]);
  });

  await t.test("each level has a description of its own", async () => {
    const notes = new Set();
    for (const level of ["beginner", "novice", "intermediate", "advanced", "expert", "master"]) {
      await page.selectOption("#play-level", level);
      notes.add(await page.locator("#play-level-note").textContent());
    }
    assert.equal(notes.size, 6);
  });

  await t.test("a 15 s turn timer counts down on the table", async () => {
    await page.selectOption("#play-timer", "15");
    await page.click("#play-menu .menu-head button");
    const clock = page.locator("#play-clock");
    await clock.waitFor();
    const shown = Number(await clock.textContent());
    assert.ok(shown > 0 && shown <= 15, `clock shows ${shown}`);
  });

  await t.test("left alone, the auction call is made for the user and said so", async () => {
    // Left alone, the auction call is made for the user (不叫) and said so.
    await page.locator('.table[data-phase="playing"], .table[data-phase="redeal"], .notice').first().waitFor({ timeout: 25000 });
    assert.match(await page.locator("main").textContent(), /时间到/);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test("a deal at the normal pace with a 15 s timer, played from the keyboard (中文)", async (t) => {
  const { context, page, errors } = await freshPage("zh-CN");
  await page.goto(`${base}#/play?seed=7&mode=classic&first=me&level=novice&pace=normal`);
  await nextTurn(page);
  await page.click("#play-menu-open");
  await page.selectOption("#play-timer", "15");
  await page.click("#play-menu .menu-head button");
  // How long each opponent's seat stays lit, and what its clock said.
  await page.evaluate(() => {
    const seen = (window.__lit = { spans: [], clocks: [] });
    const since = {};
    const look = () => {
      for (const s of document.querySelectorAll("section.seat.opponent")) {
        const chair = s.dataset.chair;
        const lit = s.classList.contains("thinking");
        if (lit && since[chair] == null) since[chair] = performance.now();
        if (!lit && since[chair] != null) {
          seen.spans.push(performance.now() - since[chair]);
          since[chair] = null;
        }
        const clock = s.querySelector(".clock");
        if (clock) seen.clocks.push(Number(clock.textContent));
      }
      requestAnimationFrame(look);
    };
    look();
  });

  await t.test("the bidding advice is a sentence a player would say", async () => {
    await page.click("#play-hint");
    const advice = await page.locator("#play-advice").textContent();
    assert.match(advice, /^(双王|大王|小王|[一两三四]个2|[一两三四]个炸|没有大牌)+，拆成 \d+ 手，牌(好|不错|一般|差)，(叫3分|可以叫[12]分|不叫)。/);
  });

  await t.test("the rule behind the advice is under ⓘ", async () => {
    await page.click("#play-advice .info-button");
    assert.match(await page.locator("#play-advice .popover").textContent(), /乘 2/);
    await page.click('#play-actions button[data-bid="3"]');
    assert.equal(await nextTurn(page), "play");
  });

  await t.test("with nothing focused, H hints and Enter plays the hinted cards", async () => {
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press("h");
    await page.waitForFunction(() => document.querySelectorAll('#play-hand li[aria-checked="true"]').length > 0);
    const before = Number(await page.getAttribute("#play-hand", "data-cards").then((c) => c.length));
    await page.keyboard.press("Enter");
    await page.waitForFunction((n) => document.querySelector("#play-hand").dataset.cards.length < n, before);
  });

  await t.test("P passes, even with a button focused", async () => {
    // P passes on the first turn with a play to beat, even with a button focused.
    let passed = false;
    for (let i = 0; i < 60 && !passed; i++) {
      if ((await nextTurn(page)) !== "play") break;
      if (await page.locator("#play-pass").isEnabled()) {
        await page.focus("#play-hint");
        await page.keyboard.press("p");
        await page.locator('.slot.me .trick.pass').waitFor({ timeout: 5000 });
        passed = true;
      } else await playHinted(page);
    }
    assert.ok(passed, "a turn to pass came");
  });

  await t.test("an AI's seat is lit while it thinks, at least for the pause, with its clock counting down", async () => {
    const lit = await page.evaluate(() => window.__lit);
    assert.ok(lit.spans.length >= 2, `lit ${lit.spans.length} times`);
    // The normal pace pauses at least 595 ms before an AI's move is shown.
    assert.ok(Math.min(...lit.spans) >= 500, `lit for only ${Math.min(...lit.spans)} ms`);
    assert.ok(lit.clocks.length > 0 && lit.clocks.every((c) => c >= 1 && c <= 15), `clocks ${lit.clocks.slice(0, 5)}`);
  });

  await t.test("the replay steps with the arrow keys, Home and End", async () => {
    for (let i = 0; i < 200 && (await nextTurn(page)) !== "end"; i++) await playHinted(page);
    await page.click("#end-replay");
    await page.evaluate(() => document.activeElement?.blur());
    const step = () => page.getAttribute("#replay-step", "data-step").then(Number);
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    assert.equal(await step(), 2);
    await page.keyboard.press("ArrowLeft");
    assert.equal(await step(), 1);
    await page.keyboard.press("End");
    const last = await step();
    assert.ok(last > 10, `the replay ends at ${last}`);
    await page.keyboard.press("Home");
    assert.equal(await step(), 0);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

/// From now on, for as long as the page lives: how many times the AI's
/// thinking indicator appeared (it is in the page while the worker works on
/// the AI's move) and the longest gap between timer ticks while it was.
function watchThinking(page) {
  return page.evaluate(() => {
    const seen = (window.__thinking = { shown: 0, worst: 0 });
    const isIndicator = (n) => n.nodeType === 1 && (n.id === "play-thinking" || n.querySelector("#play-thinking"));
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) if (isIndicator(n)) seen.shown++;
    }).observe(document.body, { childList: true, subtree: true });
    let last = performance.now();
    const tick = () => {
      const now = performance.now();
      if (document.querySelector("#play-thinking")) {
        seen.worst = Math.max(seen.worst, now - last);
      }
      last = now;
      setTimeout(tick, 0);
    };
    setTimeout(tick, 0);
  });
}

test("a full deal against a thinking AI (L9)", async (t) => {
  const { context, page, errors } = await freshPage();
  // Tournament rules (a seat in the link); L9 samples and solves once 30 cards are left.
  await page.goto(`${base}#/play?seed=7&seat=farmer1&level=L9&pace=fast`);
  await page.locator("#play-hand li").first().waitFor();
  await watchThinking(page);
  for (let i = 0; i < 200 && (await nextTurn(page)) !== "end"; i++) await playHinted(page);
  const score = Number(await page.getAttribute("#play-end", "data-score"));
  const steps = await page.locator("#play-record li").count();

  await t.test("the AI thinks in the worker, the page never stalling a second", async () => {
    const seen = await page.evaluate(() => window.__thinking);
    // Only a gross stall fails: the machines are shared.
    assert.ok(seen.shown >= 10, `the AI was seen thinking ${seen.shown} times`);
    assert.ok(seen.worst < 1000, `a stall of ${seen.worst} ms`);
  });

  await t.test("the end shows the score", async () => {
    assert.ok([-1, 1, -2, 2, -3, 3, -4, 4, -5, 5].includes(score), `score ${score}`);
    assert.match(await page.locator("#play-score").textContent(), /went out first/);
  });

  await t.test("at the end every hand is open", async () => {
    // Every hand is shown at the end: the losers' cards lie open.
    const open = await page.locator("section.seat.opponent.open").count();
    assert.equal(open, 2);
  });

  await t.test("the replay steps through the deal on the same table, by button, slider and record", async () => {
    // The replay steps through the deal on the same table, every hand open.
    assert.ok(steps > 10);
    await page.click("#end-replay");
    assert.equal(await page.getAttribute("#replay-step", "data-step"), "0");
    assert.equal(await page.locator('section[data-seat="landlord"] .hand li').count(), 20);
    await page.click("#replay-next");
    assert.equal(await page.getAttribute("#replay-step", "data-step"), "1");
    await setRange(page, 5);
    assert.equal(await page.getAttribute("#replay-step", "data-step"), "5");
    // The icons are our own SVG, so they render.
    assert.equal(await page.locator("#replay-start svg path").count(), 1);
    // A move of the record jumps there.
    await page.click("#play-menu-open");
    await page.locator("#play-record li button").nth(2).click();
    assert.equal(await page.getAttribute("#replay-step", "data-step"), "3");
    await page.click("#replay-leave");
  });

  await t.test("the downloadable record is the deal's, with every move and the score", async () => {
    // The downloadable record plays back to the same score in the referee.
    await page.click("#play-result");
    const href = await page.getAttribute("#play-export", "href");
    const record = JSON.parse(decodeURIComponent(href.slice(href.indexOf(",") + 1)));
    assert.equal(record.seed, 7);
    assert.equal(record.record.length, steps);
    assert.equal(record.score, score);
    assert.equal(record.deal, cli(["deal", "--seed", "7", "--json"]).deal);
  });
  assert.deepEqual(errors, []);
  await context.close();
});

test("a practice deal as the landlord, against L3", async (t) => {
  const { context, page, errors } = await freshPage();
  await page.goto(`${base}#/play?seed=42&seat=landlord&level=L3&pace=fast&practice=1`);
  assert.equal(await nextTurn(page), "play");
  const ranks = [...new Set(await page.locator("#play-hand li").evaluateAll((li) => li.map((l) => l.dataset.rank)))];

  await t.test("two cards of different ranks are explained as not a combination, and cannot be played", async () => {
    await clickCard(page, `#play-hand li[data-rank="${ranks.at(-1)}"]`);
    await clickCard(page, `#play-hand li[data-rank="${ranks.at(-2)}"]`);
    assert.match(await page.locator("#play-why").textContent(), /not a combination/);
    assert.ok(await page.locator("#play-play").isDisabled());
  });

  await t.test("Space deselects a focused card", async () => {
    // Deselect by keyboard: focus the second card and press Space.
    await page.focus(`#play-hand li[data-rank="${ranks.at(-2)}"]`);
    await page.keyboard.press("Space");
    assert.equal(await page.locator("#play-why").count(), 0);
  });

  await t.test("Enter plays the selection", async () => {
    // Enter plays the single (the lowest card).
    await page.keyboard.press("Enter");
    assert.equal(await nextTurn(page), "play");
    assert.equal(await page.locator("#play-hand li").count(), 19);
  });

  await t.test("what to beat is said in players' words, never in notation", async () => {
    const message = await page.locator("#play-message").textContent();
    assert.match(message, /^(Your lead|Beat (Next|Previous)'s .+ \((single|pair|trio|trio with a single|trio with a pair|straight|pair chain|airplane|airplane with wings|airplane with pairs|four with two|four with two pairs|bomb)\), or pass|Beat .+'s the rocket, or pass)$/);
  });

  await t.test("the card counter counts every card not in this hand and not played", async () => {
    // The card counter: every card not in this hand and not played.
    await page.click("#play-menu-open");
    await page.check("#play-counter-toggle");
    await page.click("#play-menu .menu-head button");
    const left = await page.locator("#play-counter li").evaluateAll((li) => li.reduce((n, l) => n + Number(l.dataset.left), 0));
    const played = await page.locator("#play-record li").count();
    assert.ok(left <= 34 && left >= 34 - 2 * played, `counter says ${left}`);
  });

  let record;

  await t.test("in practice mode undo takes the move back", async () => {
    // Undo takes the move back; redo plays it again.
    record = await page.locator("#play-record li").allTextContents();
    await page.click("#play-undo");
    assert.equal(await nextTurn(page), "play");
    assert.equal(await page.locator("#play-hand li").count(), 20);
    assert.equal(await page.locator("#play-record li").count(), 0);
  });

  await t.test("in practice mode redo plays the move again", async () => {
    await page.click("#play-redo");
    await page.waitForFunction((n) => document.querySelectorAll("#play-record li").length === n, record.length);
    assert.deepEqual(await page.locator("#play-record li").allTextContents(), record);
  });

  await t.test("a new deal puts its seed in the address, so the address shares it", async () => {
    // A new deal (a random one) puts its seed in the address, so the address shares it.
    await page.click("#play-menu-open");
    await page.click("#play-new");
    await page.waitForFunction(() => !/seed=42\b/.test(location.hash) && /seed=\d+/.test(location.hash));
    const seed = (await page.evaluate(() => location.hash)).match(/seed=(\d+)/)[1];
    assert.match(await page.locator("#play-seed").textContent(), new RegExp(seed));
  });
  assert.deepEqual(errors, []);
  await context.close();
});

/** The positions before each move of an exported record, as the CLI takes them. */
function positionsOf(record) {
  const [landlord, farmer1, farmer2] = record.deal.match(/\[(\w*)\]/g).map((h) => h.slice(1, -1));
  const hands = { landlord, farmer1, farmer2 };
  const order = ["landlord", "farmer1", "farmer2"];
  let toBeat = null;
  return record.record.map(([seat, mv]) => {
    const before = { ...hands, toMove: seat, toBeat };
    if (mv === "pass") {
      const next = order[(order.indexOf(seat) + 1) % 3];
      if (toBeat && toBeat.by === next) toBeat = null;
    } else {
      for (const c of mv.replace("+", "")) hands[seat] = hands[seat].replace(c, "");
      toBeat = { by: seat, play: mv };
    }
    return { before, after: { ...hands, toMove: order[(order.indexOf(seat) + 1) % 3], toBeat }, seat, mv };
  });
}

function solvePosition(p, ...more) {
  const args = ["solve", "--landlord", p.landlord, "--farmer", p.farmer1, "--farmer2", p.farmer2, "--to-move", p.toMove, "--time-limit", "10000", "--json", ...more];
  if (p.toBeat) args.push("--last", p.toBeat.play, "--last-by", p.toBeat.by);
  return cli(args);
}

test("a finished deal's review (seed 3, the user's hints against beginners)", async (t) => {
  const { context, page, errors } = await freshPage();
  // Beginners (L1) slip; the user plays the hints. Seed 3 has such slips.
  await page.goto(`${base}#/play?seed=3&seat=landlord&level=beginner&pace=fast`);
  for (let i = 0; i < 200 && (await nextTurn(page)) !== "end"; i++) await playHinted(page);
  const href = await page.getAttribute("#play-export", "href");
  const record = JSON.parse(decodeURIComponent(href.slice(href.indexOf(",") + 1)));
  await page.click("#end-review");
  await page.locator("#play-reviewing").waitFor();
  let mine, before, team;

  await t.test("the review, run in the worker, finds a play that threw away a win", async () => {
    // The review runs in the worker; the replay shows its verdicts move by move.
    await page.locator("#play-review-summary").waitFor({ timeout: 90000 });
    mine = Number(await page.getAttribute("#play-review-summary", "data-mine"));
    const theirs = Number(await page.getAttribute("#play-review-summary", "data-theirs"));
    console.log(`# review: your side threw a win away ${mine} times, the other side ${theirs} times`);
    assert.ok(mine + theirs >= 1, "this deal has a slip to find");
  });

  await t.test("the first such play is marked, and `ddz solve` confirms it threw away a proven win", async () => {
    await page.click("#play-first-blunder");
    assert.equal(await page.getAttribute("#play-review", "data-blunder"), "true");
    const k = Number(await page.getAttribute("#replay-step", "data-step")) - 1;
    // The CLI agrees: the mover's side had a proven win before the move and a proven loss after it.
    const move = positionsOf(record)[k];
    before = move.before;
    team = move.seat === "landlord" ? "landlord" : "farmer";
    const b = solvePosition(before);
    const a = solvePosition(move.after);
    assert.ok(b.exact && a.exact, "both proven");
    assert.equal(b.winner, team);
    assert.notEqual(a.winner, team);
  });

  await t.test("the better play, drawn on the table, keeps the win, as `ddz solve --all-moves` proves", async () => {
    // And the better play, drawn on the table, keeps the win.
    assert.match(await page.locator("#play-review").textContent(), /keeps the win/);
    const better = await page.getAttribute("#play-better", "data-move");
    const kept = solvePosition(before, "--all-moves").moves.find((m) => m.play === better);
    assert.ok(kept?.exact && kept.winner === team, `${better} keeps the win: ${JSON.stringify(kept)}`);
  });

  await t.test("each slip of the user's side is listed and opens its move, with how sure the solver is and a better play", async () => {
    // Every slip of the user's side is listed; each opens its move, says
    // what it was and how sure the solver is, and shows a better play.
    const slips = await page.locator("#play-review-summary button.slip").count();
    assert.equal(slips, Number(await page.getAttribute("#play-review-summary", "data-mine-slips")));
    assert.ok(Number(await page.getAttribute("#play-review-summary", "data-mine-slips")) >= mine);
    const kinds = new Set();
    for (let i = 0; i < slips; i++) {
      const chip = page.locator("#play-review-summary button.slip").nth(i);
      const at = await chip.getAttribute("data-step");
      await chip.click();
      assert.equal(await page.getAttribute("#replay-step", "data-step"), at);
      kinds.add(await page.getAttribute("#play-review", "data-slip"));
      assert.equal(await page.locator("#play-review .sure").count(), 1);
      assert.equal(await page.locator("#play-better").count(), 1, `move ${at} shows a better play`);
    }
    await page.screenshot({ path: join(shots, "play-review-slip.png") });
    console.log(`# review: your side's ${slips} slips, of kinds ${[...kinds].sort()} (0 thrown win, 1 expected win to proven loss, 2 proof lost, 3 estimate worsened)`);
  });

  await t.test("on a phone held upright every open card shows its corner", async () => {
    // On a phone held upright, the open hands wrap rather than shrink: every
    // card shows its corner (rank and suit), not a sliver.
    await page.setViewportSize(SIZES["390x844"]);
    await setRange(page, 0);
    const slivers = await openCardSlivers(page);
    console.log(`# review at 390x844: the narrowest open card shows ${Math.min(...slivers)} px of ${slivers.length} cards`);
    assert.equal(slivers.length, 54 - 17 - 3, "both opponents' hands are open");
    for (const w of slivers) assert.ok(w >= 14, `an open card shows ${w} px`);
  });

  await t.test("on a phone on its side no play or pass covers the move's verdict, at any step", async () => {
    await page.setViewportSize(SIZES["844x390"]);
    const steps = Number(await page.getAttribute("#replay-range", "max"));
    let checked = 0;
    for (let k = 1; k <= steps; k++) {
      await setRange(page, k);
      await page.waitForFunction((k) => document.querySelector("#replay-step")?.dataset.step === String(k), k);
      const covered = await verdictCovered(page);
      if (covered === null) continue;
      assert.deepEqual(covered, [], `844x390, step ${k}: the verdict is covered at ${JSON.stringify(covered)}`);
      checked++;
    }
    assert.ok(checked >= steps / 2, `${checked} of ${steps} steps had a verdict to check`);
    await page.screenshot({ path: join(shots, "play-review-844x390.png") });
  });
  assert.deepEqual(errors, []);
  await context.close();
});

/** How many px of each open opponent card show, across its corner. */
function openCardSlivers(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll(".seat.open .hand li")].map((li) => {
      const b = li.getBoundingClientRect();
      const y = b.top + Math.min(10, b.height / 4);
      let seen = 0;
      for (let x = Math.floor(b.left); x < b.right; x++) if (document.elementFromPoint(x + 0.5, y)?.closest("li") === li) seen++;
      return seen;
    }),
  );
}

/** Points across the move's verdict (#play-review) where something else is
 * on top, or off screen; null when no verdict is shown. */
function verdictCovered(page) {
  return page.evaluate(() => {
    const note = document.querySelector(".say #play-review");
    if (!note) return null;
    const b = note.getBoundingClientRect();
    const bad = [];
    for (const fy of [0.25, 0.5, 0.75]) {
      for (const fx of [0.05, 0.25, 0.5, 0.75, 0.95]) {
        const x = b.left + b.width * fx;
        const y = b.top + b.height * fy;
        const top = document.elementFromPoint(x, y);
        if (x < 0 || y < 0 || x > innerWidth || y > innerHeight || !note.contains(top)) bad.push([Math.round(x), Math.round(y), top?.className?.baseVal ?? top?.className ?? null]);
      }
    }
    return bad;
  });
}

test("screenshots of the table at four sizes in both languages", async () => {
  const made = [];
  for (const size of Object.keys(SIZES)) {
    for (const locale of ["zh-CN", "en-US"]) {
      const { context, page, errors } = await tablePage(size, locale);
      await page.goto(`${base}#/play?seed=7&mode=classic&first=me&level=advanced&pace=fast`);
      await page.click("#play-menu-open");
      await page.check("#play-counter-toggle");
      await page.click("#play-menu .menu-head button");
      assert.equal(await nextTurn(page), "bid");
      await page.click('#play-actions button[data-bid="3"]');
      for (let i = 0; i < 3; i++) {
        assert.equal(await nextTurn(page), "play");
        await playHinted(page);
      }
      assert.equal(await nextTurn(page), "play");
      // Two cards selected, as a player about to play would have them.
      await clickCard(page, "#play-hand li >> nth=-1");
      await page.locator('#play-hand li[aria-checked="true"]').first().waitFor();
      await animationsDone(page);
      const lang = locale.slice(0, 2);
      const path = join(shots, `play-${size}-${lang}.png`);
      await page.screenshot({ path });
      made.push(path);
      if (size === "1366x768") {
        for (let i = 0; i < 200 && (await nextTurn(page)) !== "end"; i++) await playHinted(page);
        await animationsDone(page);
        await page.screenshot({ path: join(shots, `play-${size}-${lang}-end.png`) });
        await page.click("#end-replay");
        await setRange(page, 12);
        await page.screenshot({ path: join(shots, `play-${size}-${lang}-replay.png`) });
        made.push("end", "replay");
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
  console.log(`# screenshots in ${shots}: ${made.length} made`);
});
