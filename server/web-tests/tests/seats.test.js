// Who takes a seat: a private invitation only by its link; a page holding a
// token that is no seat's says so and offers to watch; an open game is
// joined from its plain link.
import { test } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, createInLobby, newPage, openLink, waitForState, statusText } from "./harness.js";

const web = serverAndBrowser();

const gameId = (page) => new URL(page.url()).pathname.split("/games/")[1];

test("a stranger cannot take an invitation's seat", async () => {
  const red = await newPage(web.browser);
  await createInLobby(web.server, red.page, { game: "checkers", opponent: "human", side: "red" });
  const link = await red.page.locator('[data-testid="invitation"]').inputValue();
  const id = gameId(red.page);

  // A stranger in the lobby does not see it waiting for a player.
  const stranger = await newPage(web.browser);
  await stranger.page.goto(`${web.server.url}/`);
  await stranger.page.locator('[data-testid="open-games"] li').first().waitFor();
  assert.equal(await stranger.page.locator(`[data-testid="open-games"] [data-game="${id}"]`).count(), 0);
  // From the game's plain address: no way in, and the server refuses a join.
  await openLink(web.server, stranger.page, `/games/${id}`);
  assert.match(await statusText(stranger.page), /Waiting for White to join \(by the invitation link\)/);
  assert.equal(await stranger.page.locator('[data-testid="join"]').count(), 0);
  const refused = await stranger.page.evaluate(async (id) => (await fetch(`/api/games/${id}/join`, { method: "POST" })).status, id);
  assert.equal(refused, 403);
  assert.equal(await stranger.page.locator('[data-testid="move-input"]').isVisible(), false);

  // The friend with the link takes White's seat and plays.
  const white = await newPage(web.browser);
  await white.page.goto(link);
  await white.page.waitForSelector('[data-square="1"]');
  await waitForState(red.page, (s) => s.seats.white.taken, { what: "White joined" });
  assert.equal(await white.page.evaluate(() => window.rulebookPage.seat), "white");
  const state = await waitForState(red.page, (s) => s.to_move === "red");
  for (const square of state.legal_moves[0].route) await red.page.click(`[data-square="${square}"]`);
  const seen = await waitForState(white.page, (s) => s.history.length === 1 && s.to_move === "white");
  for (const square of seen.legal_moves[0].route) await white.page.click(`[data-square="${square}"]`);
  await waitForState(red.page, (s) => s.history.length === 2, { what: "White's move" });
  for (const { page } of [red, white, stranger]) assert.deepEqual(page.errors, []);
  for (const { context } of [red, white, stranger]) await context.close();
});

test("a page holding a token that is no seat's says so and offers to watch", async () => {
  // An open game whose invitation another person answered first.
  const created = await web.server.api("POST", "/api/games", { game: "connect4", opponent: "human", side: "x", public: true });
  await web.server.api("POST", `/api/games/${created.id}/join`, {});
  const late = await newPage(web.browser);
  await openLink(web.server, late.page, created.invitation.url, '[data-column="0"]');
  const notice = late.page.locator('[data-testid="stale"]');
  await notice.waitFor();
  assert.match(await notice.innerText(), /watch/i);
  assert.doesNotMatch(await late.page.locator('[data-testid="players"]').innerText(), /you/);
  await late.page.click('[data-testid="watch"]');
  await notice.waitFor({ state: "hidden" });
  assert.match(await statusText(late.page), /watching/i);
  // A click says it plainly, not the server's token message.
  await late.page.click('[data-column="3"]');
  assert.match(await statusText(late.page), /watching/i);
  assert.equal(await late.page.evaluate(() => localStorage.getItem(`rulebook.seat.${location.pathname.split("/")[2]}`)), null);
  // A made-up token likewise.
  const made = await newPage(web.browser);
  await openLink(web.server, made.page, `/games/${created.id}#token=0123`, '[data-column="0"]');
  await made.page.locator('[data-testid="stale"]').waitFor();
  for (const { page } of [late, made]) assert.deepEqual(page.errors, []);
  await late.context.close();
  await made.context.close();
});

test("an open game is joined from its plain link", async () => {
  const x = await newPage(web.browser);
  await createInLobby(web.server, x.page, { game: "connect4", opponent: "open", side: "x" }, /\/games\//);
  // What the creator copies from the address bar.
  const plain = x.page.url();
  assert.doesNotMatch(plain, /#/);
  await x.page.waitForSelector('[data-column="0"]');
  const o = await newPage(web.browser);
  await o.page.goto(plain);
  await o.page.click('[data-testid="join"]');
  await waitForState(x.page, (s) => s.seats.o.taken, { what: "O joined" });
  assert.equal(await o.page.evaluate(() => window.rulebookPage.seat), "o");
  await x.page.click('[data-column="3"]');
  await waitForState(o.page, (s) => s.history.length === 1 && s.to_move === "o");
  await o.page.click('[data-column="4"]');
  await waitForState(x.page, (s) => s.history.length === 2, { what: "O's move" });
  // Its reload keeps the seat.
  await o.page.reload();
  await o.page.waitForSelector('[data-column="0"]');
  await waitForState(o.page, (s) => s.history.length === 2);
  assert.equal(await o.page.evaluate(() => window.rulebookPage.seat), "o");
  for (const { page } of [x, o]) assert.deepEqual(page.errors, []);
  await x.context.close();
  await o.context.close();
});
