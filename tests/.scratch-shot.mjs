import { start, stop, freshPage } from "./support.mjs";
const { base } = await start();
for (const [w, h] of [[390, 844], [844, 390], [667, 375], [1366, 768]]) {
  const { context, page } = await freshPage("zh-CN", { viewport: { width: w, height: h }, hasTouch: w < 1000, isMobile: w < 1000 });
  await page.goto(base + "#/play?seed=7");
  await page.waitForFunction(() => document.querySelector('#play-actions[data-for="play"], #play-actions[data-for="bid"]'), null, { timeout: 30000 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/shots/play-${w}x${h}.png` });
  const m = await page.evaluate(() => [...document.querySelectorAll("#play-hand li")].map((li) => {
    const b = li.getBoundingClientRect(); const y = b.top + b.height * 0.35; let n = 0;
    for (let x = Math.floor(b.left); x < b.right; x++) if (document.elementFromPoint(x + 0.5, y)?.closest("li") === li) n++;
    return n;
  }));
  console.log(w, h, JSON.stringify(m), await page.evaluate(() => [document.scrollingElement.scrollWidth, document.scrollingElement.scrollHeight]));
  await context.close();
}
await stop();
