// Russian draughts: a flying king's long capture, clicked square by square.
import { test } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, openNewGame, waitForState } from "./harness.js";

const web = serverAndBrowser();

test("russian: a king's long capture", async () => {
  // White king on a1, Black men on c3 and f4 (and a7): the king flies
  // over c3 to e5, turns, and flies over f4 to g3 or h2.
  const game = { game: "russian", opponent: "computer", level: 1, side: "white", position: "W:WKa1,g1:Bc3,f4,a7" };
  const { page, context } = await openNewGame(web, game, '[data-square="a1"]');
  assert.equal(await page.locator('[data-square="a1"] .piece.king').count(), 1, "the king is drawn as a king");
  const state = await waitForState(page, (s) => s.to_move === "white");
  const kingCaptures = state.legal_moves.filter((move) => move.route[0] === "a1" && move.captured.length >= 2);
  assert.ok(kingCaptures.length > 0, `the king has a long capture: ${state.legal_moves.map((m) => m.text)}`);
  // The longest route: a turn on the way, clicked square by square.
  const move = [...kingCaptures].sort((a, b) => b.route.length - a.route.length || (a.text < b.text ? 1 : -1))[0];
  assert.ok(move.route.length >= 3, `a capture with a turn: ${move.text} ${move.route}`);
  await page.click('[data-square="a1"]');
  for (const [index, square] of move.route.slice(1).entries()) {
    assert.equal(await page.locator(`[data-square="${square}"] .target-dot`).count(), 1, `${square} lights up`);
    await page.click(`[data-square="${square}"]`);
    if (index < move.route.length - 2) {
      assert.equal(await page.locator('[data-testid="route"]').count(), 1, "the route so far is drawn");
    }
  }
  const after = await waitForState(page, (s) => s.history.length >= 1, { what: "the capture played" });
  assert.equal(after.history[0].text, move.text);
  await page.locator('[data-testid="moves"]').getByText(move.text).first().waitFor();
  for (const square of move.captured) {
    assert.equal(await page.locator(`[data-square="${square}"] .piece`).count(), 0, `${square} is captured`);
  }
  assert.deepEqual(page.errors, []);
  await context.close();
});
