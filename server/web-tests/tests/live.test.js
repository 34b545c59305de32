// Two browser contexts playing each other live; one reloads in the middle.
import { test } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, createInLobby, newPage, openLink, waitForState, statusText } from "./harness.js";

const web = serverAndBrowser();

/** Plays the first legal move of the page's seat by clicking its route. */
async function clickMove(page, state) {
  const move = state.legal_moves[0];
  for (const square of move.route) await page.click(`[data-square="${square}"]`);
  return move;
}

test("two players, live, one reloading in the middle", async () => {
  const red = await newPage(web.browser);
  const white = await newPage(web.browser);
  await createInLobby(web.server, red.page, { game: "checkers", opponent: "human", side: "red" });
  const invitation = red.page.locator('[data-testid="invitation"]');
  await invitation.waitFor();
  const link = await invitation.inputValue();
  assert.match(link, /\/games\/[A-Za-z0-9_-]+#token=/);

  await white.page.goto(link);
  await white.page.waitForSelector('[data-square="1"]');
  // The creator sees the join live, and the invitation goes away.
  await waitForState(red.page, (s) => s.seats.white.taken, { what: "White joined" });
  await red.page.locator('[data-testid="invitation"]').waitFor({ state: "hidden" });
  await red.page.locator(".connection", { hasText: "live" }).waitFor();

  const players = { red: red.page, white: white.page };
  for (let ply = 0; ply < 8; ply += 1) {
    const mover = ply % 2 === 0 ? "red" : "white";
    const other = mover === "red" ? "white" : "red";
    const state = await waitForState(players[mover], (s) => s.to_move === mover && s.history.length === ply, {
      what: `${mover} to move at ply ${ply}`,
    });
    const move = await clickMove(players[mover], state);
    // The opponent's board shows it without a reload.
    const seen = await waitForState(players[other], (s) => s.history.length === ply + 1, { what: `${other} sees ply ${ply + 1}` });
    assert.equal(seen.history[ply].text, move.text);
    await players[other].locator('[data-testid="moves"]').getByText(move.text).first().waitFor();
    if (ply === 3) {
      // White reloads: the seat is kept in the browser, the game resumes.
      await white.page.reload();
      await white.page.waitForSelector('[data-square="1"]');
      const resumed = await waitForState(white.page, (s) => s.history.length === 4);
      assert.equal(await white.page.evaluate(() => window.rulebookPage.seat), "white");
      assert.equal(resumed.to_move, "red");
      assert.equal(await white.page.locator('[data-testid="moves"] .ply').count(), 4);
    }
  }
  // A spectator (no token) sees the game and cannot move.
  const watcher = await newPage(web.browser);
  await openLink(web.server, watcher.page, `/games/${red.page.url().split("/games/")[1]}`);
  assert.match(await watcher.page.locator('[data-testid="status"]').innerText(), /watching/i);
  await watcher.page.click('[data-square="11"]');
  assert.match(await watcher.page.locator('[data-testid="status"]').innerText(), /watching/i);
  // ... and has no move box (the players have theirs).
  assert.equal(await watcher.page.locator('[data-testid="move-input"]').isVisible(), false);
  assert.equal(await red.page.locator('[data-testid="move-input"]').isVisible(), true);
  for (const { page } of [red, white, watcher]) assert.deepEqual(page.errors, []);
  await red.context.close();
  await white.context.close();
  await watcher.context.close();
});

test("a 'server cannot be reached' message goes once the page is live again", async () => {
  const created = await web.server.api("POST", "/api/games", { game: "checkers", opponent: "human", side: "red" });
  const red = await newPage(web.browser);
  // The game's socket passes through here: cut while `down`.
  let down = false;
  const sockets = [];
  await red.page.routeWebSocket(/\/events$/, (socket) => {
    if (down) return socket.close();
    socket.connectToServer();
    sockets.push(socket);
  });
  await openLink(web.server, red.page, created.url);
  await red.page.locator(".connection", { hasText: "live" }).waitFor();
  // The server goes out of reach: the socket drops, a move cannot be sent.
  down = true;
  for (const socket of sockets) await socket.close();
  await red.page.locator(".connection", { hasText: "reconnecting" }).waitFor();
  await red.page.route(/\/moves$/, (route) => route.abort());
  const state = await waitForState(red.page, (s) => s.to_move === "red");
  await clickMove(red.page, state);
  await red.page.locator('[data-testid="status"]', { hasText: "cannot be reached" }).waitFor();
  // Back: once the socket is live again the message is gone.
  await red.page.unroute(/\/moves$/);
  down = false;
  await red.page.locator(".connection", { hasText: "live" }).waitFor();
  await red.page.locator('[data-testid="status"]', { hasText: "cannot be reached" }).waitFor({ state: "detached" });
  assert.doesNotMatch(await statusText(red.page), /cannot be reached/);
  assert.match(await statusText(red.page), /Waiting for White to join/);
  assert.deepEqual(red.page.errors, []);
  await red.context.close();
});
