// Two browsers play a Fischer game to a flag: both clocks shown and counting
// down live, the low-time warning, and the loss on time the server decides.
import { test } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, newPage, openLink, waitForState, statusText } from "./harness.js";

const web = serverAndBrowser();

const seconds = async (page, seat) => Number(await page.locator(`[data-testid="clock-${seat}"]`).innerText());

test("two browsers play a Fischer game to a flag", async () => {
  const created = await web.server.api("POST", "/api/games", {
    game: "connect4",
    opponent: "human",
    side: "x",
    time_control: { initial_seconds: 8, increment_seconds: 0 },
  });
  const x = await newPage(web.browser);
  const o = await newPage(web.browser);
  await openLink(web.server, x.page, created.url, '[data-column="0"]');
  await openLink(web.server, o.page, created.invitation.url, '[data-column="0"]');
  await waitForState(x.page, (s) => s.seats.o.taken, { what: "O joined" });
  // Both clocks shown, with the time control in the title.
  assert.equal(await x.page.locator('[data-testid="clock-x"]').innerText(), "8.0");
  assert.equal(await o.page.locator('[data-testid="clock-o"]').innerText(), "8.0");
  assert.match(await x.page.locator(".game-title").innerText(), /8 s\+0/);
  // The first moves are not timed; then X's clock runs.
  await x.page.click('[data-column="3"]');
  await waitForState(o.page, (s) => s.history.length === 1 && s.to_move === "o");
  await o.page.click('[data-column="3"]');
  await waitForState(x.page, (s) => s.history.length === 2 && s.clock_running === "x", { what: "X's clock running" });
  // It counts down on both pages between the server's states, and is marked low.
  const first = await seconds(o.page, "x");
  await o.page.waitForTimeout(700);
  const later = await seconds(o.page, "x");
  assert.ok(later < first, `X's clock counts down on O's page: ${first} then ${later}`);
  assert.equal(await seconds(o.page, "o"), 8);
  await x.page.locator('[data-testid="clock-x"].low.running').waitFor();
  await x.page.waitForFunction(() => /time is running low/.test(document.querySelector('[data-testid="status"]').textContent));
  // Nobody moves: the server flags X, and both pages say so.
  const ended = await waitForState(o.page, (s) => s.result !== null, { what: "the flag", timeout: 20000 });
  assert.equal(ended.result.outcome, "o");
  assert.equal(ended.result.termination, "time forfeit");
  assert.match(await statusText(o.page), /O wins on time: X's clock ran out \(0-1\) — you won/);
  await waitForState(x.page, (s) => s.result !== null);
  assert.match(await statusText(x.page), /you lost/);
  assert.equal(await x.page.locator('[data-testid="clock-x"]').innerText(), "0.0");
  // A click after the flag plays nothing.
  await x.page.click('[data-column="4"]');
  assert.match(await statusText(x.page), /over/);
  const record = await web.server.api("GET", `/api/games/${created.id}/record`);
  assert.match(record, /\[TimeControl "8\+0"\]/);
  for (const { page } of [x, o]) assert.deepEqual(page.errors, []);
  await x.context.close();
  await o.context.close();
});

test("the lobby creates a game with a clock", async () => {
  const { page, context } = await newPage(web.browser);
  await page.goto(`${web.server.url}/`);
  await page.selectOption("#game", "checkers");
  await page.check("#opp-computer");
  await page.selectOption("#time-control", "3+2");
  await page.click('[data-testid="create"]');
  await page.waitForURL(/\/games\//);
  await page.waitForSelector('[data-square="1"]');
  const state = await waitForState(page, (s) => s.time_control !== null);
  assert.deepEqual(state.time_control, { initial_seconds: 180, increment_seconds: 2, days_per_move: null });
  assert.equal(await page.locator('[data-testid="clock-red"]').innerText(), "3:00");
  assert.match(await page.locator(".game-title").innerText(), /3\+2/);
  assert.deepEqual(page.errors, []);
  await context.close();
});
