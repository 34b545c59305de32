// The page's small things: a phone shows "computer, level 5" whole;
// Othello's disc count and its pass; Connect Four's columns 1-7 (page and
// record); an undo request said in the status line; the sound on the
// opponent's move and its toggle; the lobby remembers the last choice and
// explains the levels.
import { test } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, newPage, openLink, waitForState, statusText } from "./harness.js";

const web = serverAndBrowser();
const COLUMN = '[data-column="0"]';

test("on a phone (375x667) the computer's level is not cut off", async () => {
  const created = await web.server.api("POST", "/api/games", { game: "checkers", opponent: "computer", level: 5, side: "red", time_control: { initial_seconds: 600, increment_seconds: 5 } });
  const { page, context } = await newPage(web.browser, { width: 375, height: 667 });
  await openLink(web.server, page, created.url);
  const kind = page.locator('[data-seat="white"] .kind');
  assert.equal(await kind.innerText(), "computer, level 5");
  const fits = await kind.evaluate((node) => {
    const box = node.getBoundingClientRect();
    return { whole: node.scrollWidth <= node.clientWidth + 1, right: box.right, page: document.documentElement.scrollWidth };
  });
  assert.ok(fits.whole, "the text is not clipped");
  assert.ok(fits.right <= 375, `inside the screen: right edge at ${fits.right}`);
  assert.ok(fits.page <= 375, `no sideways scrolling: ${fits.page}`);
  assert.deepEqual(page.errors, []);
  await context.close();
});

test("Othello counts the discs and says when a player must pass", async () => {
  // Black (X) to move with no legal move; White has one (c1 takes b1).
  const position = `OX${"-".repeat(62)} X`;
  const created = await web.server.api("POST", "/api/games", { game: "othello", opponent: "human", side: "black", position });
  const black = await newPage(web.browser);
  const white = await newPage(web.browser);
  await openLink(web.server, black.page, created.url, '[data-square="a1"]');
  await openLink(web.server, white.page, created.invitation.url, '[data-square="a1"]');
  await waitForState(black.page, (s) => s.seats.white.taken, { what: "White joined" });
  assert.equal(await black.page.locator('[data-testid="discs-black"]').innerText(), "1 disc");
  assert.equal(await black.page.locator('[data-testid="discs-white"]').innerText(), "1 disc");
  await black.page.waitForFunction(() => /you must pass/.test(document.querySelector('[data-testid="status"]').textContent));
  await white.page.waitForFunction(() => /Black has no legal move and must pass/.test(document.querySelector('[data-testid="status"]').textContent));
  await black.page.click('[data-testid="pass"]');
  await waitForState(white.page, (s) => s.to_move === "white", { what: "White to move after the pass" });
  assert.match(await statusText(white.page), /Black passed\. Your move/);
  await white.page.click('[data-square="c1"]');
  await waitForState(black.page, (s) => s.history.length === 2, { what: "White's move" });
  assert.equal(await black.page.locator('[data-testid="discs-white"]').innerText(), "3 discs");
  assert.equal(await black.page.locator('[data-testid="discs-black"]').innerText(), "0 discs");
  assert.deepEqual([...black.page.errors, ...white.page.errors], []);
  await black.context.close();
  await white.context.close();
});

test("Connect Four columns 1-7, an undo request in the status line, a sound on the opponent's move", async () => {
  const created = await web.server.api("POST", "/api/games", { game: "connect4", opponent: "human", side: "x" });
  const x = await newPage(web.browser);
  const o = await newPage(web.browser);
  await openLink(web.server, x.page, created.url, COLUMN);
  await openLink(web.server, o.page, created.invitation.url, COLUMN);
  await waitForState(x.page, (s) => s.seats.o.taken, { what: "O joined" });
  await x.page.click('[data-testid="labels"]');
  assert.deepEqual(await x.page.locator(".col-label").allTextContents(), ["1", "2", "3", "4", "5", "6", "7"]);
  const beeps = () => o.page.evaluate(() => window.rulebookSound.beeps);
  const before = await beeps();
  // The leftmost column is 1 on the page and in the record.
  await x.page.click(COLUMN);
  await waitForState(o.page, (s) => s.history.length === 1, { what: "X's move" });
  assert.deepEqual(await o.page.locator('[data-testid="moves"] .ply').allInnerTexts(), ["1"]);
  assert.equal(await beeps(), before + 1, "O heard X's move");
  // O types the rightmost column as shown: 7.
  await o.page.fill('[data-testid="move-input"]', "7");
  await o.page.press('[data-testid="move-input"]', "Enter");
  const state = await waitForState(x.page, (s) => s.history.length === 2, { what: "O's move" });
  assert.equal(state.history[1].text, "6", "the API's column index");
  assert.deepEqual(await x.page.locator('[data-testid="moves"] .ply').allInnerTexts(), ["1", "7"]);
  const record = await web.server.api("GET", `/api/games/${created.id}/record`);
  assert.match(record, /1\. 1 7/);
  // X asks to take its move back: O's status line says so.
  await x.page.click('[data-testid="undo"]');
  await o.page.waitForFunction(() => /X asks to take back a move/.test(document.querySelector('[data-testid="status"]').textContent));
  await o.page.click('[data-testid="decline-undo"]');
  // Sound off: no beep, and the choice is remembered.
  await o.page.click('[data-testid="sound"]');
  assert.equal(await o.page.locator('[data-testid="sound"]').innerText(), "Sound off");
  const quiet = await beeps();
  await waitForState(x.page, (s) => !s.offers.undo, { what: "the undo declined" });
  await x.page.click('[data-column="3"]');
  await waitForState(o.page, (s) => s.history.length === 3, { what: "X's third move" });
  assert.equal(await beeps(), quiet);
  await o.page.reload();
  await o.page.waitForSelector(COLUMN);
  assert.equal(await o.page.locator('[data-testid="sound"]').innerText(), "Sound off");
  assert.deepEqual([...x.page.errors, ...o.page.errors], []);
  await x.context.close();
  await o.context.close();
});

test("the lobby remembers the last choice and explains the levels", async () => {
  const { page, context } = await newPage(web.browser);
  await page.goto(`${web.server.url}/`);
  await page.selectOption("#game", "othello");
  await page.check("#opp-computer");
  await page.selectOption("#level", "2");
  assert.match(await page.locator('[data-testid="level-help"]').innerText(), /^Level 2: looks three half-moves ahead/);
  await page.selectOption("#side", "white");
  await page.selectOption("#time-control", "3+2");
  await page.click('[data-testid="create"]');
  await page.waitForURL(/\/games\//);
  await page.click('[data-testid="new-game"]');
  await page.waitForSelector("#game");
  assert.equal(await page.inputValue("#game"), "othello");
  assert.equal(await page.inputValue("#level"), "2");
  assert.equal(await page.inputValue("#side"), "white");
  assert.equal(await page.inputValue("#time-control"), "3+2");
  assert.ok(await page.isChecked("#opp-computer"));
  // Connect Four's top level is the solver.
  await page.selectOption("#game", "connect4");
  await page.selectOption("#level", "7");
  assert.match(await page.locator('[data-testid="level-help"]').innerText(), /perfect play/);
  assert.deepEqual(page.errors, []);
  await context.close();
});
