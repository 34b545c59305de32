// The page at phone and desktop sizes. The pictures go to docs/screenshots/
// and are looked at by a person; the test checks that the board fits.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { serverAndBrowser, newPage, openLink, waitForState, screenshotDir } from "./harness.js";

const web = serverAndBrowser();
before(() => mkdirSync(screenshotDir, { recursive: true }));

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function boardFits(page, viewport) {
  await page.locator("svg.board").waitFor();
  const box = await page.locator("svg.board").boundingBox();
  assert.ok(box, "the board is drawn");
  assert.ok(box.x >= 0 && box.x + box.width <= viewport.width + 1, `the board fits the width: ${JSON.stringify(box)}`);
  assert.ok(box.width >= Math.min(viewport.width, 700) * 0.5, `the board is not tiny: ${JSON.stringify(box)}`);
}

async function playTo(page, state, count) {
  for (let i = 0; i < count; i += 1) {
    state = await waitForState(page, (s) => s.to_move === page.seatName && !s.result, { timeout: 30000 });
    const move = state.legal_moves[Math.min(1, state.legal_moves.length - 1)];
    if (state.board.kind === "drop") await page.click(`[data-column="${move.route[0] ?? move.text}"]`);
    else for (const square of move.route) await page.click(`[data-square="${square}"]`);
    state = await waitForState(page, (s) => s.result || s.to_move === page.seatName, { timeout: 30000 });
  }
  return state;
}

for (const [name, viewport] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
]) {
  test(`screenshots at ${name} size`, async () => {
    const { page, context } = await newPage(web.browser, viewport);
    await openLink(web.server, page, "/", '[data-testid="create"]');
    // The people card drawn whole: the seeks come over the lobby's socket.
    await page.locator('[data-testid="seeks"] li', { hasText: "No seek is open." }).waitFor();
    await page.screenshot({ path: join(screenshotDir, `lobby-${name}.png`) });

    const checkers = await web.server.api("POST", "/api/games", { game: "checkers", opponent: "computer", level: 1, side: "white" });
    await openLink(web.server, page, checkers.url);
    page.seatName = "white";
    let state = await playTo(page, null, 3);
    await page.click('[data-testid="labels"]');
    state = await waitForState(page, (s) => s.to_move === "white");
    const first = state.legal_moves[0];
    await page.click(`[data-square="${first.route[0]}"]`);
    await boardFits(page, viewport);
    await page.screenshot({ path: join(screenshotDir, `checkers-${name}.png`) });
    await page.click('[data-testid="labels"]');
    await waitForState(page, () => true);

    const c4 = await web.server.api("POST", "/api/games", { game: "connect4", opponent: "computer", level: 1, side: "x" });
    await openLink(web.server, page, c4.url, '[data-column="3"]');
    page.seatName = "x";
    await playTo(page, null, 4);
    await boardFits(page, viewport);
    await page.screenshot({ path: join(screenshotDir, `connect4-${name}.png`) });

    const russian = await web.server.api("POST", "/api/games", {
      game: "russian",
      opponent: "computer",
      level: 1,
      side: "white",
      position: "W:WKa1,e1,g1,c1:Bc3,f4,a7,h8,b8",
    });
    await openLink(web.server, page, russian.url, '[data-square="a1"]');
    state = await waitForState(page, (s) => s.to_move === "white");
    const capture = state.legal_moves.find((move) => move.captured.length >= 2 && move.route.length >= 3);
    assert.ok(capture, "the king has a capture with a turn");
    await page.click('[data-testid="labels"]');
    {
      await page.click(`[data-square="${capture.route[0]}"]`);
      await page.click(`[data-square="${capture.route[1]}"]`);
    }
    await page.locator('[data-testid="route"]').waitFor();
    await boardFits(page, viewport);
    await page.screenshot({ path: join(screenshotDir, `russian-${name}.png`) });
    await page.click('[data-testid="labels"]');
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}
