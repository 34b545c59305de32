// The live lobby: seeks pushed over the lobby's WebSocket. A seek posted in
// one browser appears in two others without a reload and without any of
// them asking for the list (their GET /api/seeks is refused, so polling
// could not show it); once accepted it disappears from the third, and the
// seeker's page opens the game without asking for its seek. A cancelled
// seek disappears too. With the socket refused, the page falls back to
// polling.
import { test } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, newPage } from "./harness.js";

const web = serverAndBrowser();

/**
 * A lobby page in a fresh context, its guest name typed in. `noPolling`:
 * its GET /api/seeks (the list) and GET /api/seeks/{id} (its own seek) are
 * refused and counted in `asked`, so all it learns comes over the socket.
 * `noSocket`: the lobby's socket is closed at once.
 */
async function lobby(name, { noPolling = false, noSocket = false } = {}) {
  const visitor = await newPage(web.browser);
  visitor.asked = [];
  if (noPolling) {
    await visitor.page.route(/\/api\/seeks(\/[^/]+)?$/, (route) => {
      if (route.request().method() !== "GET") return route.continue();
      visitor.asked.push(new URL(route.request().url()).pathname);
      return route.abort();
    });
  }
  if (noSocket) await visitor.page.routeWebSocket(/\/api\/lobby\/events$/, (socket) => socket.close());
  // When each seek's row first appeared on this page, and when it left (Date.now()).
  await visitor.page.addInitScript(() => {
    window.seekSeen = {};
    window.seekLeft = {};
    new MutationObserver(() => {
      const now = Date.now();
      const here = new Set();
      for (const row of document.querySelectorAll('[data-testid="seeks"] li[data-seek]')) {
        here.add(row.dataset.seek);
        if (!(row.dataset.seek in window.seekSeen)) window.seekSeen[row.dataset.seek] = now;
      }
      for (const id of Object.keys(window.seekSeen)) if (!here.has(id) && !(id in window.seekLeft)) window.seekLeft[id] = now;
    }).observe(document, { childList: true, subtree: true });
  });
  await visitor.page.goto(`${web.server.url}/`);
  await visitor.page.fill('[data-testid="guest-name"]', name);
  await visitor.page.locator('[data-testid="guest-name"]').dispatchEvent("change");
  return visitor;
}

/** Posts a seek from `visitor`'s page: its id and when it was clicked (Date.now()). */
async function postSeek(visitor) {
  const answer = visitor.page.waitForResponse((response) => response.url().endsWith("/api/seeks") && response.request().method() === "POST");
  const at = Date.now();
  await visitor.page.click('[data-testid="post-seek"]');
  const { id } = await (await answer).json();
  await visitor.page.locator('[data-testid="waiting"]').waitFor();
  return { id, at };
}

const row = (visitor, id) => visitor.page.locator(`[data-testid="seeks"] li[data-seek="${id}"]`);

test("a seek appears live in two other browsers, and leaves the third once accepted", async (t) => {
  const ann = await lobby("Ann", { noPolling: true });
  const ben = await lobby("Ben", { noPolling: true });
  const cleo = await lobby("Cleo", { noPolling: true });
  // Each list is drawn from the socket (the page never asked for it).
  for (const visitor of [ann, ben, cleo]) await visitor.page.locator('[data-testid="seeks"] li', { hasText: "No seek is open." }).waitFor();
  await ann.page.selectOption('[data-testid="seek-game"]', "checkers");
  await ann.page.selectOption('[data-testid="seek-clock"]', "3+2");
  const posted = await postSeek(ann);
  for (const visitor of [ben, cleo]) await row(visitor, posted.id).waitFor();
  assert.match(await row(cleo, posted.id).innerText(), /Ann \(guest\) — Checkers, 3\+2, casual/);
  assert.match(await row(ann, posted.id).innerText(), /your seek/);
  for (const [name, visitor] of [["Ben", ben], ["Cleo", cleo]]) {
    const seen = await visitor.page.evaluate((id) => window.seekSeen[id], posted.id);
    t.diagnostic(`the seek on ${name}'s page ${seen - posted.at} ms after the poster's click`);
  }
  // Ben accepts: Ann's page opens the game (told over the socket), and the
  // seek leaves Cleo's list.
  const accept = row(ben, posted.id).locator('[data-testid="accept-seek"]');
  await accept.waitFor();
  const acceptedAt = Date.now();
  await accept.click();
  await row(cleo, posted.id).waitFor({ state: "detached" });
  for (const visitor of [ann, ben]) await visitor.page.waitForURL(/\/games\//, { waitUntil: "commit" });
  assert.equal(new URL(ann.page.url()).pathname, new URL(ben.page.url()).pathname);
  const left = await cleo.page.evaluate((id) => window.seekLeft[id], posted.id);
  t.diagnostic(`the accepted seek left Cleo's page ${left - acceptedAt} ms after the accepter's click`);
  // Nobody polled: neither for the list nor, the seeker, for its seek.
  for (const visitor of [ann, ben, cleo]) assert.deepEqual(visitor.asked, []);
  for (const visitor of [ann, ben, cleo]) assert.deepEqual(visitor.page.errors, []);
  for (const visitor of [ann, ben, cleo]) await visitor.context.close();
});

test("a cancelled seek leaves the other browsers' lists live", async () => {
  const dan = await lobby("Dan", { noPolling: true });
  const eve = await lobby("Eve", { noPolling: true });
  await eve.page.locator('[data-testid="seeks"] li', { hasText: "No seek is open." }).waitFor();
  const posted = await postSeek(dan);
  await row(eve, posted.id).waitFor();
  await dan.page.click('[data-testid="cancel-seek"]');
  await row(eve, posted.id).waitFor({ state: "detached" });
  await eve.page.locator('[data-testid="seeks"] li', { hasText: "No seek is open." }).waitFor();
  for (const visitor of [dan, eve]) assert.deepEqual(visitor.asked, []);
  for (const visitor of [dan, eve]) assert.deepEqual(visitor.page.errors, []);
  for (const visitor of [dan, eve]) await visitor.context.close();
});

test("without the socket the page polls: a seek still appears and its acceptance still opens the game", async () => {
  const fay = await lobby("Fay", { noSocket: true });
  const gus = await lobby("Gus", { noSocket: true });
  const posted = await postSeek(fay);
  await row(gus, posted.id).waitFor();
  await row(gus, posted.id).locator('[data-testid="accept-seek"]').click();
  for (const visitor of [fay, gus]) await visitor.page.waitForURL(/\/games\//, { waitUntil: "commit", timeout: 30000 });
  assert.equal(new URL(fay.page.url()).pathname, new URL(gus.page.url()).pathname);
  for (const visitor of [fay, gus]) assert.deepEqual(visitor.page.errors, []);
  for (const visitor of [fay, gus]) await visitor.context.close();
});
