// The chat: the players write, a spectator reads; messages carrying
// markup (<script>, <img onerror>) show as the text typed and never run.
import { test } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, newPage, openLink } from "./harness.js";

const web = serverAndBrowser();
const COLUMN = '[data-column="0"]';

const SCRIPTS = [
  "<script>window.hacked = 'script'</script>",
  "<img src=x onerror=\"window.hacked = 'img'\">",
  "<b>bold?</b> & <a href=\"javascript:window.hacked='a'\">link</a>",
];

async function say(page, text) {
  await page.fill('[data-testid="chat-input"]', text);
  await page.press('[data-testid="chat-input"]', "Enter");
}

const texts = (page) => page.locator('[data-testid="chat-log"] .chat-text').allInnerTexts();

test("players chat, a spectator reads, markup stays text", async () => {
  const created = await web.server.api("POST", "/api/games", { game: "connect4", opponent: "human", side: "x" });
  const x = await newPage(web.browser);
  const o = await newPage(web.browser);
  const watcher = await newPage(web.browser);
  await openLink(web.server, x.page, created.url, COLUMN);
  await openLink(web.server, o.page, created.invitation.url, COLUMN);
  await openLink(web.server, watcher.page, `/games/${created.id}`, COLUMN);
  await x.page.locator(".connection", { hasText: "live" }).waitFor();
  await watcher.page.locator(".connection", { hasText: "live" }).waitFor();
  // The spectator reads only.
  assert.equal(await watcher.page.locator('[data-testid="chat-input"]').isVisible(), false);
  assert.match(await watcher.page.locator(".chat-note").innerText(), /Only the players write/);

  await say(x.page, "good luck!");
  for (const text of SCRIPTS) await say(x.page, text);
  await say(o.page, "you too");
  const all = ["good luck!", ...SCRIPTS, "you too"];
  for (const page of [x.page, o.page, watcher.page]) {
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="chat-log"] .chat-message').length === n, all.length);
    // Shown literally, in order.
    assert.deepEqual(await texts(page), all);
    // Nothing ran, and no element came from a message.
    assert.equal(await page.evaluate(() => window.hacked), undefined);
    assert.equal(await page.locator('[data-testid="chat-log"] img, [data-testid="chat-log"] script, [data-testid="chat-log"] b, [data-testid="chat-log"] a').count(), 0);
  }
  assert.match(await x.page.locator('[data-testid="chat-log"] .chat-message').first().innerText(), /^X \(you\): good luck!/);
  // A reload reads the chat back from the server.
  await o.page.reload();
  await o.page.waitForSelector(COLUMN);
  await o.page.waitForFunction((n) => document.querySelectorAll('[data-testid="chat-log"] .chat-message').length === n, all.length);
  assert.deepEqual(await texts(o.page), all);
  assert.equal(await o.page.evaluate(() => window.hacked), undefined);
  // The server's refusal is shown (too many at once: the rate limit).
  for (let n = 0; n < 8; n += 1) await say(o.page, `flood ${n}`);
  await o.page.locator('[data-testid="chat-error"]', { hasText: /too many chat messages/ }).waitFor();
  assert.deepEqual([...x.page.errors, ...o.page.errors, ...watcher.page.errors], []);
  for (const page of [x, o, watcher]) await page.context.close();
});
