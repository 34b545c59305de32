// A player who leaves: once the opponent's page has been closed for the
// grace period (1 s here), the player claims the win.
import { test } from "node:test";
import assert from "node:assert/strict";
import { serverAndBrowser, newPage, openLink, waitForState, statusText } from "./harness.js";

const web = serverAndBrowser(["--claim-grace-secs", "1"]);

test("the opponent of a player who left claims the win", async () => {
  const created = await web.server.api("POST", "/api/games", { game: "connect4", opponent: "human", side: "x" });
  const x = await newPage(web.browser);
  const o = await newPage(web.browser);
  await openLink(web.server, x.page, created.url, '[data-column="0"]');
  await openLink(web.server, o.page, created.invitation.url, '[data-column="0"]');
  await waitForState(x.page, (s) => s.seats.o.taken, { what: "O joined" });
  await x.page.click('[data-column="3"]');
  await waitForState(o.page, (s) => s.history.length === 1 && s.to_move === "o");
  await o.page.click('[data-column="3"]');
  await waitForState(x.page, (s) => s.history.length === 2);
  // Both here: nothing to claim.
  assert.equal(await x.page.locator('[data-testid="claim-win"]').count(), 0);
  // O closes the page: X is offered the claim, and takes it after the grace period.
  await o.context.close();
  await x.page.locator('[data-testid="claim-win"]').waitFor();
  await x.page.waitForTimeout(1300);
  await x.page.click('[data-testid="claim-win"]');
  const ended = await waitForState(x.page, (s) => s.result !== null, { what: "the claim" });
  assert.equal(ended.result.outcome, "x");
  assert.equal(ended.result.termination, "abandoned");
  assert.match(await statusText(x.page), /o left the game; x claimed the win \(1-0\) — you won/i);
  assert.deepEqual(x.page.errors, []);
  await x.context.close();
});
