// Turkish draughts: every square playable, a flying king's capture that
// comes back over its own start square, clicked square by square.
import { test } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, openNewGame, waitForState } from "./harness.js";

const web = serverAndBrowser();

test("turkish: a man's step, then a king's capture back over its start", async () => {
  // A step from the start position: d3 to d4, one click each.
  {
    const game = { game: "turkish", opponent: "computer", level: 1, side: "white" };
    const { page, context } = await openNewGame(web, game, '[data-square="d3"]');
    const state = await waitForState(page, (s) => s.to_move === "white");
    assert.equal(state.board.cells.length, 64, "an 8x8 board");
    assert.ok(state.board.cells.every((cell) => cell.label), "every square is labelled");
    assert.equal(await page.locator(".square").count(), 64, "every square is drawn as playable");
    await page.click('[data-square="d3"]');
    await page.click('[data-square="d4"]');
    const after = await waitForState(page, (s) => s.history.length >= 1, { what: "the step played" });
    assert.equal(after.history[0].text, "d3-d4");
    assert.deepEqual(page.errors, []);
    await context.close();
  }
  // The king on b2 takes b4, d6, e3, c2 and b7: b2-b6-e6-e2-b2-b8.
  const game = { game: "turkish", opponent: "computer", level: 1, side: "white", position: "W:WKb2,h1:Bb4,d6,e3,c2,b7,h8" };
  const { page, context } = await openNewGame(web, game, '[data-square="b2"]');
  assert.equal(await page.locator('[data-square="b2"] .piece.king').count(), 1, "the king is drawn as a king");
  assert.match(await page.locator('[data-square="b2"]').getAttribute("aria-label"), /king/, "and named one");
  const state = await waitForState(page, (s) => s.to_move === "white");
  assert.equal(state.legal_moves.length, 1, `one capture: ${state.legal_moves.map((m) => m.text)}`);
  const [move] = state.legal_moves;
  assert.deepEqual(move.route, ["b2", "b6", "e6", "e2", "b2", "b8"]);
  await page.click('[data-square="b2"]');
  for (const [index, square] of move.route.slice(1).entries()) {
    assert.equal(await page.locator(`[data-square="${square}"] .target-dot`).count(), 1, `${square} lights up`);
    await page.click(`[data-square="${square}"]`);
    if (index < move.route.length - 2) {
      assert.equal(await page.locator('[data-testid="route"]').count(), 1, "the route so far is drawn");
    }
  }
  const after = await waitForState(page, (s) => s.history.length >= 1, { what: "the capture played" });
  assert.equal(after.history[0].text, move.text);
  for (const square of move.captured) {
    assert.equal(await page.locator(`[data-square="${square}"] .piece`).count(), 0, `${square} is captured`);
  }
  assert.equal(await page.locator('[data-square="b8"] .piece.king').count(), 1, "the king stands on b8");
  assert.deepEqual(page.errors, []);
  await context.close();
});
