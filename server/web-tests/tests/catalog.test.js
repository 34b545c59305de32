// The page has no list of games of its own: the lobby offers exactly what
// GET /api/catalog lists, with its titles, and the board is turned by the
// server's `board.bottom` (each seated player sees their own side at the
// bottom; pool checkers' White too, whose side is drawn at the bottom).
import { test } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, newPage, openLink, openNewGame, waitForState } from "./harness.js";

const web = serverAndBrowser();

test("catalog: the lobby offers the server's catalog, titles and all", async () => {
  const catalog = await web.server.api("GET", "/api/catalog");
  const { page, context } = await newPage(web.browser);
  await openLink(web.server, page, "/", '[data-testid="create"]');
  const options = await page.locator("#game option").evaluateAll((nodes) =>
    nodes.map((node) => [node.value, node.textContent]),
  );
  assert.deepEqual(options, catalog.games.map((game) => [game.game, game.title]));
  assert.deepEqual(page.errors, []);
  await context.close();
});

test("catalog: each seat of pool checkers sees its own side at the bottom", async () => {
  for (const side of ["white", "black"]) {
    const { page, context } = await openNewGame(web, { game: "pool", opponent: "computer", level: 1, side });
    const state = await waitForState(page, (s) => s.board && s.board.bottom === "white");
    assert.equal(state.game, "pool");
    // Pool squares 1-4 are Black's home row, drawn at the top of the diagram.
    const y = async (square) => (await page.locator(`[data-square="${square}"]`).boundingBox()).y;
    if (side === "white") assert.ok((await y("1")) < (await y("32")), "White: Black's home at the top");
    else assert.ok((await y("1")) > (await y("32")), "Black: Black's home at the bottom");
    assert.deepEqual(page.errors, []);
    await context.close();
  }
});
