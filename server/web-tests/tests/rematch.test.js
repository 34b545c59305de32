// Rematch: after the end one player offers, the other accepts in the other
// browser, and both pages move to the new game with the colours swapped;
// against the computer a rematch starts at once.
import { test } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, newPage, openLink, waitForState, statusText } from "./harness.js";

const web = serverAndBrowser();
const COLUMN = '[data-column="0"]';

test("two browsers agree a rematch; both move to it with the colours swapped", async () => {
  const created = await web.server.api("POST", "/api/games", { game: "connect4", opponent: "human", side: "x" });
  const x = await newPage(web.browser);
  const o = await newPage(web.browser);
  await openLink(web.server, x.page, created.url, COLUMN);
  await openLink(web.server, o.page, created.invitation.url, COLUMN);
  await waitForState(x.page, (s) => s.seats.o.taken, { what: "O joined" });
  await x.page.click('[data-column="3"]');
  await waitForState(o.page, (s) => s.history.length === 1, { what: "O sees X's move" });
  // No rematch while the game goes on.
  assert.equal(await o.page.locator('[data-testid="rematch"]').count(), 0);
  await x.page.click('[data-testid="resign"]');
  await x.page.click('[data-testid="resign"]');
  await waitForState(o.page, (s) => s.result, { what: "the end" });
  // O offers; X's status line says so and X accepts.
  await o.page.click('[data-testid="rematch"]');
  await o.page.locator('[data-testid="rematch"]', { hasText: "Rematch offered" }).waitFor();
  await x.page.locator('[data-testid="accept-rematch"]').waitFor();
  assert.match(await statusText(x.page), /O offers a rematch/);
  const oldId = created.id;
  await x.page.click('[data-testid="accept-rematch"]');
  const away = new RegExp(`/games/(?!${oldId})[0-9a-f]{32}$`);
  await x.page.waitForURL(away);
  await o.page.waitForURL(away);
  assert.equal(x.page.url(), o.page.url(), "both pages are in the same new game");
  await x.page.waitForSelector(COLUMN);
  await o.page.waitForSelector(COLUMN);
  // The colours are swapped: the former O moves first now.
  await waitForState(o.page, (s) => s.history.length === 0 && s.seats.x.taken && s.seats.o.taken, { what: "the rematch" });
  assert.equal(await o.page.evaluate(() => window.rulebookPage.seat), "x");
  assert.equal(await x.page.evaluate(() => window.rulebookPage.seat), "o");
  await o.page.click('[data-column="2"]');
  const seen = await waitForState(x.page, (s) => s.history.length === 1, { what: "the rematch's first move, live" });
  assert.equal(seen.history[0].seat, "x");
  // The old game links to its rematch.
  const old = await web.server.api("GET", `/api/games/${oldId}`);
  const newUrl = x.page.url();
  assert.equal(`${web.server.url}/games/${old.rematch.game}`, newUrl);
  // A player whose page was not open goes there from the old game, seated.
  await x.page.evaluate((id) => localStorage.removeItem(`rulebook.seat.${id}`), old.rematch.game);
  await x.page.goto(`${web.server.url}/games/${oldId}`);
  await x.page.click('[data-testid="rematch-link"]');
  await x.page.waitForURL(newUrl);
  await x.page.waitForSelector(COLUMN);
  await waitForState(x.page, (s) => s.history.length === 1, { what: "the rematch again" });
  assert.equal(await x.page.evaluate(() => window.rulebookPage.seat), "o");
  assert.deepEqual([...x.page.errors, ...o.page.errors], []);
  await x.context.close();
  await o.context.close();
});

test("against the computer, a rematch starts at once", async () => {
  const created = await web.server.api("POST", "/api/games", { game: "connect4", opponent: "computer", level: 1, side: "x" });
  const { page, context } = await newPage(web.browser);
  await openLink(web.server, page, created.url, COLUMN);
  await page.click('[data-testid="resign"]');
  await page.click('[data-testid="resign"]');
  await waitForState(page, (s) => s.result, { what: "the end" });
  await page.click('[data-testid="rematch"]');
  await page.waitForURL(new RegExp(`/games/(?!${created.id})[0-9a-f]{32}$`));
  await page.waitForSelector(COLUMN);
  // Now O; the computer (X) opens.
  const state = await waitForState(page, (s) => s.history.length >= 1, { what: "the computer's first move", timeout: 30000 });
  assert.equal(state.history[0].seat, "x");
  assert.equal(await page.evaluate(() => window.rulebookPage.seat), "o");
  assert.deepEqual(page.errors, []);
  await context.close();
});
