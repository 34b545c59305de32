// Test harness: a REAL rulebook-server process on a free port with a fresh
// SQLite database, and Debian's Chromium driven by playwright-core.
//
// Environment:
//   RULEBOOK_SERVER_BIN  the server binary (default ../../target/release/rulebook-server)
//   RULEBOOK_WEB_DIR     passed on as --web-dir (serve the page from disk; default: the embedded files)
//   CHROMIUM             the browser (default /usr/bin/chromium)
//   SCREENSHOT_DIR       where screenshots go (default ../../docs/screenshots)

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, existsSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { before, after } from "node:test";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = resolve(here, "../../..");
export const screenshotDir = process.env.SCREENSHOT_DIR || join(repoRoot, "docs/screenshots");

function freePort() {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.unref();
    server.on("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => ok(port));
    });
  });
}

const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

/**
 * Starts the server (with `extraArgs`, e.g. ["--claim-grace-secs", "1"]);
 * resolves to { url, api(method, path, body, token), stop() }.
 */
export async function startServer(extraArgs = []) {
  if (process.env.RULEBOOK_SERVER_URL) {
    // A server you started yourself (development).
    const url = process.env.RULEBOOK_SERVER_URL.replace(/\/$/, "");
    return { url, api: apiOf(url), log: () => "", stop: async () => {} };
  }
  const bin = resolve(process.env.RULEBOOK_SERVER_BIN || join(repoRoot, "target/release/rulebook-server"));
  if (!existsSync(bin)) throw new Error(`no server binary at ${bin}: cargo build --release -p rulebook-server`);
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "rulebook-web-"));
  const args = ["--listen", `127.0.0.1:${port}`, "--database", `sqlite://${join(dir, "games.sqlite")}`];
  if (process.env.RULEBOOK_WEB_DIR) args.push("--web-dir", resolve(process.env.RULEBOOK_WEB_DIR));
  args.push(...extraArgs);
  const child = spawn(bin, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, RUST_LOG: process.env.RUST_LOG || "warn" } });
  let log = "";
  child.stdout.on("data", (chunk) => (log += chunk));
  child.stderr.on("data", (chunk) => (log += chunk));
  let exited = null;
  child.on("exit", (code, signal) => (exited = { code, signal }));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30000;
  for (;;) {
    if (exited) throw new Error(`the server exited (${JSON.stringify(exited)}):\n${log}`);
    try {
      const response = await fetch(`${url}/`);
      if (response.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not answer within 30 s:\n${log}`);
    }
    await sleep(100);
  }
  const api = apiOf(url);
  return {
    url,
    api,
    log: () => log,
    async stop() {
      if (!exited) {
        child.kill("SIGTERM");
        for (let i = 0; i < 50 && !exited; i += 1) await sleep(100);
        if (!exited) child.kill("SIGKILL");
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function apiOf(url) {
  return async (method, path, body, token) => {
    const headers = {};
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (token) headers.Authorization = `Bearer ${token}`;
    const response = await fetch(`${url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    let data = text;
    try {
      data = JSON.parse(text);
    } catch {
      // plain text (the record)
    }
    if (!response.ok) throw new Error(`${method} ${path} -> ${response.status}: ${text}`);
    return data;
  };
}

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** A fresh browser context (its own localStorage) and page, with console errors collected. */
export async function newPage(browser, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.errors = [];
  page.on("pageerror", (error) => page.errors.push(String(error)));
  page.setDefaultTimeout(15000);
  return { context, page };
}

/**
 * A server and a browser for the tests of one file: registers node:test's
 * `before` (start both) and `after` (close the browser, stop the server).
 * Returns the object the tests read them from, `{ server, browser }`, filled
 * in once `before` has run.
 */
export function serverAndBrowser(extraArgs = []) {
  const shared = { server: undefined, browser: undefined };
  before(async () => {
    shared.server = await startServer(extraArgs);
    shared.browser = await launchBrowser();
  });
  after(async () => {
    await shared.browser?.close();
    await shared.server?.stop();
  });
  return shared;
}

/** Opens the server's `link` in `page` and waits until `board` (a selector of the board) is drawn. */
export async function openLink(server, page, link, board = '[data-square="1"]') {
  await page.goto(`${server.url}${link}`);
  await page.waitForSelector(board);
}

/**
 * Creates a game through the API (`body`: POST /api/games's) and opens its
 * link, with the creator's seat, in a fresh page (see newPage, openLink);
 * resolves to { created, page, context } once `board` is drawn.
 */
export async function openNewGame({ server, browser }, body, board = '[data-square="1"]') {
  const created = await server.api("POST", "/api/games", body);
  const { page, context } = await newPage(browser);
  await openLink(server, page, created.url, board);
  return { created, page, context };
}

/**
 * Creates a game in the lobby as a visitor does: opens it in `page`, chooses
 * `game`, `opponent` ("computer" or "human"), the computer's `level` (when
 * given) and `side`, clicks Create, and waits for an address matching `url`.
 */
export async function createInLobby(server, page, { game, opponent, level, side }, url = /\/games\//) {
  await page.goto(`${server.url}/`);
  await page.selectOption("#game", game);
  await page.check(`#opp-${opponent}`);
  if (level !== undefined) await page.selectOption("#level", level);
  await page.selectOption("#side", side);
  await page.click('[data-testid="create"]');
  await page.waitForURL(url);
}

/** The page's current GameState (the page keeps it as window.rulebookPage.state). */
export function pageState(page) {
  return page.evaluate(() => window.rulebookPage && window.rulebookPage.state);
}

/** Waits until the page's state satisfies `predicate(state)` (run in node). */
export async function waitForState(page, predicate, { timeout = 20000, what = "state" } = {}) {
  const deadline = Date.now() + timeout;
  let last = null;
  for (;;) {
    last = await pageState(page);
    if (last && !(await page.evaluate(() => Boolean(window.rulebookPage.pending))) && predicate(last)) return last;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last state: ${JSON.stringify(last && { to_move: last.to_move, history: last.history.length, result: last.result, version: last.version })}`);
    await sleep(50);
  }
}

export const statusText = (page) => page.locator('[data-testid="status"]').innerText();
