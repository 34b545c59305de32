// Finding a partner: a seek posted in one browser and accepted in another,
// "Play a random opponent" pairing two browsers, and accounts: register in
// the lobby, play a rated game, and the player page's rating chart.
import { test } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, newPage, waitForState } from "./harness.js";

const web = serverAndBrowser();

const gameId = (page) => new URL(page.url()).pathname.split("/games/")[1];

/** A lobby page in a fresh browser context; `name`: the guest's name typed in. */
async function lobby(name) {
  const visitor = await newPage(web.browser);
  await visitor.page.goto(`${web.server.url}/`);
  await visitor.page.locator('[data-testid="people"]').waitFor();
  if (name) {
    await visitor.page.fill('[data-testid="guest-name"]', name);
    await visitor.page.locator('[data-testid="guest-name"]').dispatchEvent("change");
  }
  return visitor;
}

/** Both pages seated in the same game, on different seats: the game's id. */
async function bothSeated(first, second) {
  // The seeker's page is told of the acceptance over the lobby's socket.
  for (const page of [first, second]) await page.waitForURL(/\/games\//, { waitUntil: "commit", timeout: 30000 });
  assert.equal(gameId(first), gameId(second));
  await waitForState(first, (s) => Object.values(s.seats).every((seat) => seat.taken), { what: "both seats taken" });
  const seats = await Promise.all([first, second].map((page) => page.evaluate(() => window.rulebookPage.seat)));
  assert.ok(seats[0] && seats[1] && seats[0] !== seats[1], `seats ${seats}`);
  return gameId(first);
}

test("a seek posted in one browser is accepted in another", async () => {
  const ann = await lobby("Ann");
  const ben = await lobby("Ben");
  await ann.page.selectOption('[data-testid="seek-game"]', "checkers");
  await ann.page.selectOption('[data-testid="seek-clock"]', "3+2");
  await ann.page.click('[data-testid="post-seek"]');
  await ann.page.locator('[data-testid="waiting"]').waitFor();
  // Ben's list shows it within its next refresh, with Ann's name.
  const row = ben.page.locator('[data-testid="seeks"] li', { hasText: "Ann" });
  await row.waitFor();
  assert.match(await row.innerText(), /Ann \(guest\) — Checkers, 3\+2, casual/);
  await row.locator('[data-testid="accept-seek"]').click();
  const id = await bothSeated(ann.page, ben.page);
  // Each page names both players.
  for (const { page } of [ann, ben]) {
    const names = page.locator('[data-testid="seat-names"]');
    await names.filter({ hasText: "Ben" }).waitFor();
    assert.match(await names.innerText(), /Ann \(guest\)/);
  }
  const seeks = await web.server.api("GET", "/api/seeks");
  assert.ok(!seeks.seeks.some((seek) => seek.player === "Ann"));
  const state = await web.server.api("GET", `/api/games/${id}`);
  assert.equal(state.time_control.initial_seconds, 180);
  for (const { page } of [ann, ben]) assert.deepEqual(page.errors, []);
  for (const { context } of [ann, ben]) await context.close();
});

test("play a random opponent pairs two browsers that ask for the same game", async () => {
  const first = await lobby("Cleo");
  const second = await lobby("Dan");
  for (const { page } of [first, second]) {
    await page.selectOption('[data-testid="seek-game"]', "connect4");
    await page.selectOption('[data-testid="seek-clock"]', "5+3");
  }
  await first.page.click('[data-testid="random-opponent"]');
  await first.page.locator('[data-testid="waiting"]').waitFor();
  // A pairing request is not listed as a seek.
  assert.equal(await second.page.locator('[data-testid="seeks"] li', { hasText: "Cleo" }).count(), 0);
  await second.page.click('[data-testid="random-opponent"]');
  await bothSeated(first.page, second.page);
  for (const { page } of [first, second]) assert.deepEqual(page.errors, []);
  for (const { context } of [first, second]) await context.close();
});

test("accounts register in the lobby, play rated, and the player page draws the rating", async () => {
  const suffix = String(Date.now() % 100000);
  const names = [`ivy${suffix}`, `jon${suffix}`];
  const players = [];
  for (const name of names) {
    const visitor = await lobby();
    await visitor.page.fill('[data-testid="username"]', name);
    await visitor.page.fill('[data-testid="password"]', "correct horse");
    await visitor.page.click('[data-testid="register"]');
    await visitor.page.locator('[data-testid="me"]', { hasText: name }).waitFor();
    players.push(visitor);
  }
  const [ivy, jon] = players;
  await ivy.page.selectOption('[data-testid="seek-game"]', "checkers");
  await ivy.page.selectOption('[data-testid="seek-clock"]', "1+0");
  await ivy.page.check('[data-testid="seek-rated"]');
  await ivy.page.click('[data-testid="post-seek"]');
  const row = jon.page.locator('[data-testid="seeks"] li', { hasText: names[0] });
  await row.waitFor();
  assert.match(await row.innerText(), /\(1500\) — Checkers, 1\+0, rated/);
  await row.locator('[data-testid="accept-seek"]').click();
  const id = await bothSeated(ivy.page, jon.page);
  await jon.page.locator('[data-testid="seat-names"]', { hasText: "rated" }).waitFor();
  // Jon resigns (with his seat's token, as the page keeps it).
  const token = await jon.page.evaluate((id) => JSON.parse(localStorage.getItem(`rulebook.seat.${id}`)).token, id);
  await web.server.api("POST", `/api/games/${id}/resign`, {}, token);
  await waitForState(ivy.page, (s) => s.result !== null, { what: "the end" });
  // The server settles the game in the background (twice a second): ask
  // its API until it has, then open the player page once.
  const deadline = Date.now() + 60000;
  for (let settled = false; !settled; ) {
    const page = await web.server.api("GET", `/api/players/${names[0]}`);
    settled = page.history.length > 0;
    if (!settled && Date.now() > deadline) throw new Error(`the rated game was not settled: ${JSON.stringify(page)}`);
    if (!settled) await ivy.page.waitForTimeout(100);
  }
  // The player page: a rating above 1500 and a chart, and the game linked.
  await ivy.page.goto(`${web.server.url}/players/${names[0]}`);
  await ivy.page.locator('[data-testid="player"]').waitFor();
  const chart = ivy.page.locator('[data-testid="rating-chart"]');
  assert.equal(await chart.count(), 1, "the player page draws a rating chart");
  assert.equal(await chart.evaluate((node) => node.tagName.toLowerCase()), "svg");
  assert.equal(await chart.locator("polyline").count(), 1);
  const rating = await ivy.page.locator('[data-testid="ratings"] li').first().innerText();
  assert.match(rating, /checkers:bullet — 1 rated game/);
  assert.ok(Number(rating.match(/^(\d+)/)[1]) > 1500, rating);
  assert.equal(await ivy.page.locator(`[data-testid="player-games"] a[href="/games/${id}"]`).count(), 1);
  for (const { page } of [ivy, jon]) assert.deepEqual(page.errors, []);
  for (const { context } of [ivy, jon]) await context.close();
});
