// Checkers against the real server: the compulsory jump, a double jump
// clicked hop by hop, draw offers, a resignation.
import { test } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, newPage, openLink, openNewGame, waitForState, statusText } from "./harness.js";

const web = serverAndBrowser();

// Red (B in FEN) to move: men on 9 and 14; White men on 18, 27 and 21.
// 14x23x32 is the only move: 9-13 is refused, the jump taken hop by hop.
const JUMP_FEN = "B:W18,21,27:B9,14";

test("checkers: a non-capturing click is refused while a jump is compulsory, then a double jump hop by hop", async () => {
  const { page, context } = await openNewGame(web, {
    game: "checkers",
    opponent: "computer",
    level: 1,
    side: "red",
    position: JUMP_FEN,
  });
  let state = await waitForState(page, (s) => s.to_move === "red", { what: "Red to move" });
  assert.deepEqual(state.legal_moves.map((move) => move.text), ["14x23x32"]);
  // The piece that must jump is marked.
  assert.equal(await page.locator('[data-square="14"] .must-capture').count(), 1);
  assert.equal(await page.locator('[data-square="9"] .must-capture').count(), 0);

  // 9 then 13: refused, in the crate's words.
  await page.click('[data-square="9"]');
  await page.click('[data-square="13"]');
  await page.waitForFunction(() => /^9-13/.test(document.querySelector('[data-testid="status"]').textContent));
  const refusal = await statusText(page);
  // The crate's message (checkers::Position's MoveError), as the server gives it.
  assert.match(refusal, /9-13 is not a legal move in this position: a capture is compulsory; legal moves: 14x23x32/);
  state = await waitForState(page, (s) => s.to_move === "red");
  assert.equal(state.history.length, 0, "nothing was played");

  // The jump, one hop at a time: 14, then 23 (the route drawn), then 32.
  await page.click('[data-square="14"]');
  assert.equal(await page.locator('[data-square="23"] .target-dot').count(), 1, "the target lights up");
  await page.click('[data-square="23"]');
  assert.equal(await page.locator('[data-testid="route"]').count(), 1, "the route so far is drawn");
  assert.match(await statusText(page), /one piece at a time/);
  assert.equal(await page.locator('[data-square="32"] .target-dot').count(), 1);
  const sent = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/moves")) sent.push(request.postData());
  });
  await page.click('[data-square="32"]');
  state = await waitForState(page, (s) => s.history.length >= 1, { what: "the jump played" });
  assert.equal(state.history[0].text, "14x23x32");
  await page.locator('[data-testid="moves"]').getByText("14x23x32").waitFor();
  // The captured men are gone, the man crowned on 32.
  assert.equal(await page.locator('[data-square="18"] .piece').count(), 0);
  assert.equal(await page.locator('[data-square="27"] .piece').count(), 0);
  assert.ok(sent.length >= 1);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test("checkers: a draw offered and declined, then offered and accepted (two players)", async () => {
  const { created, ...red } = await openNewGame(web, { game: "checkers", opponent: "human", side: "red" });
  assert.ok(created.invitation, "a human game has an invitation");
  const white = await newPage(web.browser);
  await openLink(web.server, white.page, created.invitation.url);
  await waitForState(white.page, (s) => s.seats.white.taken !== false);

  await red.page.click('[data-testid="offer-draw"]');
  await white.page.waitForSelector('[data-testid="decline-draw"]');
  await white.page.click('[data-testid="decline-draw"]');
  await waitForState(red.page, (s) => !s.offers.draw && !s.result, { what: "the offer declined" });
  await red.page.waitForSelector('[data-testid="offer-draw"]:not([disabled])');
  assert.equal(await red.page.locator('[data-testid="result"]').isVisible(), false);

  await red.page.click('[data-testid="offer-draw"]');
  await white.page.waitForSelector('[data-testid="accept-draw"]');
  await white.page.click('[data-testid="accept-draw"]');
  for (const { page } of [red, white]) {
    const banner = page.locator('[data-testid="result"]');
    await banner.waitFor({ state: "visible" });
    assert.match(await banner.innerText(), /Draw/);
  }
  const state = await waitForState(red.page, (s) => s.result);
  assert.equal(state.result.outcome, "draw");
  const shown = await red.page.locator('[data-testid="result"]').innerText();
  assert.ok(shown.toLowerCase().includes(state.result.reason.toLowerCase()), `the banner gives the reason: ${shown}`);
  await red.context.close();
  await white.context.close();
});

test("checkers: the computer judges a draw offer of its own", async () => {
  const { page, context } = await openNewGame(web, { game: "checkers", opponent: "computer", level: 1, side: "red" });
  await waitForState(page, (s) => s.to_move === "red");
  await page.click('[data-testid="offer-draw"]');
  // At the start, with all pieces on, it declines (or, were it to accept, the game ends drawn).
  await page.waitForFunction(() => {
    const status = document.querySelector('[data-testid="status"]').textContent;
    return /declined|Draw/.test(status);
  });
  await context.close();
});

test("checkers: a resignation", async () => {
  const { created, page, context } = await openNewGame(web, { game: "checkers", opponent: "computer", level: 1, side: "white" });
  // White at the bottom: the board is drawn from the player's side.
  await waitForState(page, (s) => s.to_move === "white", { what: "the computer's first move", timeout: 30000 });
  await page.click('[data-testid="resign"]');
  await page.click('[data-testid="resign"]'); // "Confirm resign"
  const banner = page.locator('[data-testid="result"]');
  await banner.waitFor({ state: "visible" });
  const text = await banner.innerText();
  assert.match(text, /Red wins/);
  assert.match(text, /resign/i);
  const state = await waitForState(page, (s) => s.result);
  assert.equal(state.result.outcome, "red");
  // The record is there to download.
  const record = await web.server.api("GET", `/api/games/${created.id}/record`);
  assert.match(String(record), /0-1|1-0|Result/);
  await context.close();
});

test("checkers: a move typed in notation, then undone against the computer; the board flips", async () => {
  const { page, context } = await openNewGame(web, { game: "checkers", opponent: "computer", level: 1, side: "red" });
  await waitForState(page, (s) => s.to_move === "red");
  // Red's men start at the top of checkers' diagram; the player's side is drawn at the bottom.
  const top = async () => (await page.locator('[data-square="1"]').boundingBox()).y;
  const bottom = async () => (await page.locator('[data-square="32"]').boundingBox()).y;
  assert.ok((await top()) > (await bottom()), "Red's home (1-4) at the bottom for Red");
  await page.click('[data-testid="flip"]');
  assert.ok((await top()) < (await bottom()), "flipped");

  await page.fill('[data-testid="move-input"]', "11-15");
  await page.press('[data-testid="move-input"]', "Enter");
  let state = await waitForState(page, (s) => s.history.length === 2, { what: "11-15 and the reply", timeout: 30000 });
  assert.equal(state.history[0].text, "11-15");
  // A typed illegal move: the crate's message.
  await page.fill('[data-testid="move-input"]', "1-2");
  await page.press('[data-testid="move-input"]', "Enter");
  await page.waitForFunction(() => /^1-2|`1-2`/.test(document.querySelector('[data-testid="status"]').textContent));
  await page.click('[data-testid="undo"]');
  state = await waitForState(page, (s) => s.history.length === 0, { what: "the undo" });
  assert.equal(state.to_move, "red");
  assert.equal(await page.locator('[data-testid="moves"] .ply').count(), 0);
  assert.deepEqual(page.errors, []);
  await context.close();
});
