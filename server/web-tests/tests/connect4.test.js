// A whole Connect Four game against the computer, created in the lobby and
// played by clicks on the columns.
import { test } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, createInLobby, newPage, openLink, waitForState, pageState, statusText } from "./harness.js";

const web = serverAndBrowser();

test("a whole Connect Four game against the computer, by clicks", async () => {
  const { page, context } = await newPage(web.browser);
  const choices = { game: "connect4", opponent: "computer", level: "1", side: "x" };
  await createInLobby(web.server, page, choices, /\/games\/[A-Za-z0-9_-]+$/);
  assert.ok(!page.url().includes("token"), "the token stays out of the address bar");
  await page.waitForSelector('[data-column="0"]');
  assert.equal(await page.locator("[data-column]").count(), 7);

  let state = await waitForState(page, (s) => s.to_move === "x" || s.result, { what: "X to move" });
  let clicks = 0;
  const shown = [];
  // Each move request is held until the move is on screen: the page shows
  // it before the server has it (optimistic), whatever the machine's speed.
  let gate = Promise.resolve();
  await page.route("**/api/games/*/moves", async (route) => {
    await gate;
    await route.continue();
  });
  while (!state.result) {
    const plies = state.history.length;
    const columns = state.legal_moves.map((move) => Number(move.route[0] ?? move.text));
    assert.ok(columns.length > 0);
    // The middle-most legal column: a game that lasts a while.
    const column = columns.sort((a, b) => Math.abs(a - 3) - Math.abs(b - 3))[0];
    let release;
    gate = new Promise((resolve) => {
      release = resolve;
    });
    await page.click(`[data-column="${column}"]`);
    // Shown while its request is held: before the server's answer.
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="moves"] .ply').length > n, plies);
    release();
    shown.push(await page.evaluate(() => window.rulebookPage.clickToScreen));
    clicks += 1;
    state = await waitForState(page, (s) => s.result || (s.to_move === "x" && s.history.length >= plies + 2), {
      what: "the computer's reply",
      timeout: 30000,
    });
    assert.ok(clicks <= 21, "a game of Connect Four has at most 21 moves per side");
  }
  shown.sort((a, b) => a - b);
  // Measured, not asserted beyond "shown before the server's round trip could matter".
  console.log(`# click to the move on screen (in the page, to the next frame): median ${shown[shown.length >> 1].toFixed(1)} ms, max ${shown[shown.length - 1].toFixed(1)} ms (${shown.length} clicks)`);
  const banner = page.locator('[data-testid="result"]');
  await banner.waitFor({ state: "visible" });
  const text = await banner.innerText();
  assert.match(text, /X wins|O wins|Draw/);
  assert.ok(text.toLowerCase().includes(state.result.reason.toLowerCase()), `the banner gives the reason: ${text}`);
  const plies = await page.locator('[data-testid="moves"] .ply').count();
  assert.equal(plies, state.history.length);
  assert.match(await statusText(page), /wins|Draw/);
  // After the end, a click is refused with a reason.
  await page.click('[data-column="0"]');
  assert.match(await statusText(page), /game is over/i);
  assert.deepEqual(page.errors, []);
  const final = await pageState(page);
  assert.ok(final.result);
  // A win marks its line of four.
  if (final.result.outcome !== "draw") assert.ok((await page.locator('[data-testid="win-mark"]').count()) >= 4);
  await context.close();
});

test("the page weighs under 300 KB and shows a board quickly", async () => {
  const index = await fetch(`${web.server.url}/`).then((response) => response.text());
  const assets = [...index.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
  assert.ok(assets.includes("/assets/app.js"));
  let total = index.length;
  const sizes = {};
  for (const file of [...new Set([...assets, "/assets/api.js", "/assets/board.js"])]) {
    const response = await fetch(`${web.server.url}${file}`);
    assert.equal(response.status, 200, file);
    const type = response.headers.get("content-type") || "";
    assert.match(type, file.endsWith(".css") ? /text\/css/ : file.endsWith(".svg") ? /image\/svg/ : /javascript/, `${file}: ${type}`);
    const bytes = (await response.arrayBuffer()).byteLength;
    sizes[file] = bytes;
    total += bytes;
  }
  // A favicon, also where browsers look without a link.
  const icon = await fetch(`${web.server.url}/favicon.ico`);
  assert.equal(icon.status, 200);
  assert.match(icon.headers.get("content-type"), /image\/svg/);
  console.log(`# page weight: ${total} bytes (${JSON.stringify(sizes)})`);
  assert.ok(total < 300 * 1024, `${total} bytes`);

  const created = await web.server.api("POST", "/api/games", { game: "connect4", opponent: "computer", level: 1, side: "x" });
  const { page, context } = await newPage(web.browser);
  const started = Date.now();
  await openLink(web.server, page, created.url, '[data-column="6"]');
  console.log(`# link opened to board drawn: ${Date.now() - started} ms`);
  await context.close();
});
