// The rulebook game page: the lobby at `/`, a game at `/games/{id}`.
// Plain ES module, no framework, no build step (see server/web/README.md).

import { api, ApiError, liveEvents } from "./api.js";
import { h } from "./dom.js";
import { renderBoard, pieceIcon } from "./board.js";
import { ChatPanel } from "./chat.js";
import { beep, setSound, soundOn } from "./sound.js";
import { levelText } from "./levels.js";
import { followRematch, rematchControls, rematchNews } from "./rematch.js";

// ---------------------------------------------------------------- helpers

const cap = (text) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : "");
const seatTitle = (seat) => (seat === "x" || seat === "o" ? seat.toUpperCase() : cap(seat));

const store = {
  seat(id) {
    try {
      return JSON.parse(localStorage.getItem(`rulebook.seat.${id}`) || "null");
    } catch {
      return null;
    }
  },
  saveSeat(id, seat) {
    localStorage.setItem(`rulebook.seat.${id}`, JSON.stringify(seat));
  },
  forgetSeat(id) {
    localStorage.removeItem(`rulebook.seat.${id}`);
  },
  invitation(id) {
    try {
      return JSON.parse(localStorage.getItem(`rulebook.invite.${id}`) || "null");
    } catch {
      return null;
    }
  },
  saveInvitation(id, invitation) {
    localStorage.setItem(`rulebook.invite.${id}`, JSON.stringify(invitation));
  },
  pref(name, fallback) {
    const value = localStorage.getItem(`rulebook.pref.${name}`);
    return value === null ? fallback : value === "true";
  },
  savePref(name, value) {
    localStorage.setItem(`rulebook.pref.${name}`, String(value));
  },
};

/** The link of a seat: the token rides in the fragment, never in a request. */
function seatLink(id, token, seat) {
  return `/games/${id}#token=${encodeURIComponent(token)}${seat ? `&seat=${encodeURIComponent(seat)}` : ""}`;
}

// The games the server offers, as GET /api/catalog lists them (the one list:
// names, titles, seats, levels, board kind and orientation).
async function loadCatalog() {
  const data = await api.catalog();
  if (!data || !Array.isArray(data.games) || !data.games.length) {
    throw new Error("the server offers no games");
  }
  return data.games;
}

const app = document.getElementById("app");

// ---------------------------------------------------------------- clocks

// The lobby's time controls: minutes+seconds per move (Fischer), or days per move.
const TIME_CONTROLS = [
  ["", "No clock"],
  ["1+0", "1+0 (bullet)"],
  ["3+2", "3+2 (blitz)"],
  ["5+3", "5+3 (blitz)"],
  ["10+5", "10+5 (rapid)"],
  ["15+10", "15+10 (rapid)"],
  ["30+0", "30+0 (classical)"],
  ["d1", "1 day per move"],
  ["d3", "3 days per move"],
  ["d7", "7 days per move"],
];

function parseTimeControl(value) {
  if (!value) return null;
  if (value.startsWith("d")) return { days_per_move: Number(value.slice(1)) };
  const [minutes, increment] = value.split("+").map(Number);
  return { initial_seconds: minutes * 60, increment_seconds: increment };
}

/** A clock's text: days and hours, h:mm:ss, m:ss, and tenths under 20 s. */
function clockText(ms) {
  const left = Math.max(0, ms);
  if (left >= 86400000) {
    const hours = Math.floor(left / 3600000);
    return `${Math.floor(hours / 24)} d ${hours % 24} h`;
  }
  if (left < 20000) return (Math.floor(left / 100) / 10).toFixed(1);
  const seconds = Math.floor(left / 1000);
  const mm = String(Math.floor(seconds / 60) % 60);
  const ss = String(seconds % 60).padStart(2, "0");
  return seconds >= 3600 ? `${Math.floor(seconds / 3600)}:${mm.padStart(2, "0")}:${ss}` : `${mm}:${ss}`;
}

/** The time control as people write it: "3+2", "2 days per move". */
function controlText(control) {
  if (!control) return "";
  if (control.days_per_move) return `${control.days_per_move} day${control.days_per_move > 1 ? "s" : ""} per move`;
  const minutes = control.initial_seconds / 60;
  const base = Number.isInteger(minutes) ? String(minutes) : `${control.initial_seconds} s`;
  return `${base}+${control.increment_seconds || 0}`;
}

// ---------------------------------------------------------------- lobby

/** The lobby's last choices (localStorage), or null. */
function lastChoice() {
  try {
    const value = JSON.parse(localStorage.getItem("rulebook.pref.newgame") || "null");
    return value && typeof value === "object" ? value : null;
  } catch {
    return null;
  }
}

function rememberChoice(choice) {
  try {
    localStorage.setItem("rulebook.pref.newgame", JSON.stringify(choice));
  } catch {
    // private mode: nothing kept
  }
}

const discCount = (n) => `${n} disc${n === 1 ? "" : "s"}`;

/** A move's text for people: Connect Four's columns count from 1 (the API's from 0). */
function moveLabel(state, text) {
  return state && state.board.kind === "drop" && /^\d+$/.test(text) ? String(Number(text) + 1) : text;
}

async function showLobby() {
  document.title = "rulebook — play";
  let catalog;
  try {
    catalog = await loadCatalog();
  } catch (error) {
    app.replaceChildren(
      h("p", { class: "form-error", role: "alert", "data-testid": "lobby-error" },
        `The list of games could not be loaded (${error.message}): reload the page.`),
    );
    return;
  }
  const gameSelect = h(
    "select",
    { id: "game", name: "game" },
    catalog.map((entry) => h("option", { value: entry.game }, entry.title)),
  );
  const rows = h("input", { id: "rows", type: "number", min: 4, max: 12, value: 6, inputmode: "numeric" });
  const columns = h("input", { id: "columns", type: "number", min: 4, max: 12, value: 7, inputmode: "numeric" });
  const inarow = h("input", { id: "inarow", type: "number", min: 3, max: 8, value: 4, inputmode: "numeric" });
  const sizeRow = h(
    "fieldset",
    { class: "size", id: "connectx-size" },
    h("legend", {}, "ConnectX size"),
    h("label", {}, "Rows ", rows),
    h("label", {}, "Columns ", columns),
    h("label", {}, "In a row ", inarow),
  );
  const human = h("input", { type: "radio", name: "opponent", value: "human", id: "opp-human" });
  const open = h("input", { type: "radio", name: "opponent", value: "open", id: "opp-open" });
  const computer = h("input", { type: "radio", name: "opponent", value: "computer", id: "opp-computer", checked: true });
  const level = h("select", { id: "level", name: "level" });
  const side = h("select", { id: "side", name: "side" });
  const position = h("input", {
    id: "position",
    name: "position",
    type: "text",
    autocomplete: "off",
    spellcheck: "false",
    placeholder: "e.g. W:W21-32:B1-12 (empty: the usual start)",
  });
  const timeControl = h(
    "select",
    { id: "time-control", name: "time-control" },
    TIME_CONTROLS.map(([value, label]) => h("option", { value }, label)),
  );
  const formError = h("p", { class: "form-error", role: "alert", "data-testid": "lobby-error" });
  const levelHelp = h("p", { class: "level-help", "data-testid": "level-help" });

  const refresh = () => {
    const entry = catalog.find((item) => item.game === gameSelect.value) || catalog[0];
    sizeRow.hidden = !entry.parameters;
    const [low, high] = entry.levels;
    const previous = Number(level.value) || entry.default_level;
    level.replaceChildren(
      ...Array.from({ length: high - low + 1 }, (_, index) => {
        const value = low + index;
        return h("option", { value }, `Level ${value}`);
      }),
    );
    level.value = String(Math.min(high, Math.max(low, previous || entry.default_level)));
    levelHelp.textContent = levelText(entry, Number(level.value));
    levelHelp.hidden = !computer.checked;
    const players = entry.players;
    const before = side.value;
    side.replaceChildren(
      ...players.map((name, index) =>
        h("option", { value: name }, `${seatTitle(name)}${index === 0 ? " (moves first)" : ""}`),
      ),
      h("option", { value: "random" }, "Random"),
    );
    if ([...players, "random"].includes(before)) side.value = before;
    level.disabled = !computer.checked;
  };
  gameSelect.addEventListener("change", refresh);
  human.addEventListener("change", refresh);
  open.addEventListener("change", refresh);
  computer.addEventListener("change", refresh);
  level.addEventListener("change", refresh);

  const createButton = h("button", { type: "submit", class: "primary", "data-testid": "create" }, "Start the game");
  const form = h(
    "form",
    { class: "card create", "aria-labelledby": "create-title" },
    h("h2", { id: "create-title" }, "New game"),
    h("label", { class: "row" }, "Game ", gameSelect),
    sizeRow,
    h(
      "fieldset",
      { class: "opponent" },
      h("legend", {}, "Opponent"),
      h("label", {}, computer, " The computer "),
      level,
      levelHelp,
      h("label", {}, human, " A friend (a private invitation link)"),
      h("label", {}, open, " Anyone (listed under “Waiting for a player”)"),
    ),
    h("label", { class: "row" }, "Your side ", side),
    h("label", { class: "row" }, "Clock ", timeControl),
    h(
      "details",
      {},
      h("summary", {}, "Start from a position"),
      h("label", { class: "row" }, "FEN or board text ", position),
    ),
    createButton,
    formError,
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    formError.textContent = "";
    const spec = { game: gameSelect.value, opponent: computer.checked ? "computer" : "human", side: side.value };
    if (computer.checked) spec.level = Number(level.value);
    if (open.checked) spec.public = true;
    const control = parseTimeControl(timeControl.value);
    if (control) spec.time_control = control;
    if ((catalog.find((item) => item.game === spec.game) || {}).parameters) {
      spec.rows = Number(rows.value);
      spec.columns = Number(columns.value);
      spec.inarow = Number(inarow.value);
    }
    if (position.value.trim()) spec.position = position.value.trim();
    createButton.disabled = true;
    // "New game" shows these choices next time.
    rememberChoice({
      game: gameSelect.value,
      opponent: computer.checked ? "computer" : open.checked ? "open" : "human",
      level: level.value,
      side: side.value,
      clock: timeControl.value,
      size: [rows.value, columns.value, inarow.value],
    });
    try {
      const created = await api.create(spec);
      store.saveSeat(created.id, { token: created.token, seat: created.seat });
      if (created.invitation) store.saveInvitation(created.id, created.invitation);
      location.assign(`/games/${created.id}`);
    } catch (error) {
      formError.textContent = error.message;
      createButton.disabled = false;
    }
  });
  const last = lastChoice();
  if (last) {
    if (catalog.some((entry) => entry.game === last.game)) gameSelect.value = last.game;
    const radio = { computer, human, open }[last.opponent];
    if (radio) radio.checked = true;
    if (TIME_CONTROLS.some(([value]) => value === last.clock)) timeControl.value = last.clock;
    if (Array.isArray(last.size)) [rows.value, columns.value, inarow.value] = last.size.map(String);
    refresh();
    if ([...level.options].some((option) => option.value === last.level)) level.value = last.level;
    if ([...side.options].some((option) => option.value === last.side)) side.value = last.side;
  }
  refresh();

  const openList = h("ul", { class: "game-list", "data-testid": "open-games" });
  const allList = h("ul", { class: "game-list", "data-testid": "all-games" });
  const watchInput = h("input", { id: "watch", type: "text", placeholder: "a game id or link", autocomplete: "off" });
  const watchForm = h(
    "form",
    { class: "watch" },
    h("label", { for: "watch" }, "Watch a game "),
    watchInput,
    h("button", { type: "submit" }, "Watch"),
  );
  watchForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = watchInput.value.trim();
    const match = text.match(/games\/([A-Za-z0-9_-]+)/);
    const id = match ? match[1] : text;
    if (/^[A-Za-z0-9_-]+$/.test(id)) location.assign(`/games/${id}`);
  });

  app.replaceChildren(
    h(
      "div",
      { class: "lobby" },
      form,
      h(
        "section",
        { class: "card", "aria-labelledby": "open-title" },
        h("h2", { id: "open-title" }, "Waiting for a player"),
        openList,
        h("h2", {}, "Watch"),
        watchForm,
        allList,
      ),
    ),
  );
  setStatus("Choose a game and an opponent.");

  const summary = (game) => {
    const seats = game.seats || {};
    const players = game.players || Object.keys(seats);
    const who = players
      .map((name) => {
        const seat = seats[name] || {};
        const kind = seat.kind === "computer" ? `computer${seat.level ? ` ${seat.level}` : ""}` : seat.taken ? "human" : "free";
        return `${seatTitle(name)}: ${kind}`;
      })
      .join(", ");
    return `${game.title || game.game} — ${who}`;
  };
  const fillOpen = async () => {
    try {
      const { games } = await api.list(true);
      const items = (games || []).map((game) =>
        h(
          "li",
          { "data-game": game.id },
          h("span", {}, summary(game)),
          h(
            "button",
            {
              type: "button",
              onclick: async (event) => {
                event.target.disabled = true;
                try {
                  const joined = await api.join(game.id);
                  store.saveSeat(joined.id || game.id, { token: joined.token, seat: joined.seat });
                  location.assign(`/games/${joined.id || game.id}`);
                } catch (error) {
                  setStatus(error.message);
                  event.target.disabled = false;
                }
              },
            },
            "Join",
          ),
          h("a", { href: `/games/${game.id}` }, "Watch"),
        ),
      );
      openList.replaceChildren(...(items.length ? items : [h("li", { class: "empty" }, "No game is waiting.")]));
    } catch (error) {
      openList.replaceChildren(h("li", { class: "empty" }, error.message));
    }
  };
  const fillAll = async () => {
    try {
      const { games } = await api.list(false);
      const items = (games || [])
        .slice(0, 12)
        .map((game) =>
          h("li", {}, h("a", { href: `/games/${game.id}` }, summary(game)), game.result ? " (over)" : ""),
        );
      allList.replaceChildren(...items);
    } catch {
      allList.replaceChildren();
    }
  };
  fillOpen();
  fillAll();
  const timer = setInterval(() => {
    if (document.visibilityState === "visible") fillOpen();
  }, 5000);
  window.addEventListener("pagehide", () => clearInterval(timer), { once: true });
}

// ---------------------------------------------------------------- status line

const statusLine = document.querySelector('[data-testid="status"]');
function setStatus(text, kind = "info") {
  statusLine.textContent = text;
  statusLine.dataset.kind = kind;
}

// ---------------------------------------------------------------- game page

function parseFragment() {
  const params = new URLSearchParams(location.hash.replace(/^#/, ""));
  return { token: params.get("token"), seat: params.get("seat") };
}

const startsWith = (route, prefix) => prefix.every((square, index) => route[index] === square);

class GamePage {
  constructor(id) {
    this.id = id;
    this.state = null; // the server's latest GameState
    this.seat = null; // our seat name, or null for a spectator
    this.token = null;
    this.selection = []; // squares clicked so far: the piece, then each landing
    this.pending = null; // { move, view, ply } while a move is on its way
    this.message = null; // { text, kind } shown in the status line
    this.thinking = null; // { seat, depth, score }
    this.lastSearch = null;
    this.flipped = null;
    this.labels = store.pref("labels", false);
    this.resignArmed = false;
    this.live = null;
    this.dropAnim = null;
    this.clockBase = null; // { clocks, running, at } from the latest state
    this.lowWarned = false;
  }

  async start() {
    const fragment = parseFragment();
    if (fragment.token) {
      store.saveSeat(this.id, { token: fragment.token, seat: fragment.seat || null });
      // Out of the address bar: a copied URL is a spectator's link.
      history.replaceState(null, "", `/games/${this.id}`);
    }
    const saved = store.seat(this.id);
    if (saved && saved.token) {
      this.token = saved.token;
      this.seat = saved.seat || null;
    }
    this.layout();
    setStatus("Loading the game…");
    let state;
    try {
      state = await api.state(this.id, this.token);
    } catch (error) {
      setStatus(error.code === "not_found" || error.status === 404 ? `No game ${this.id} on this server.` : error.message, "error");
      return;
    }
    if (this.token) state = (await this.claimSeat(state)) || state;
    this.flipped = this.defaultFlip(state);
    this.apply(state, { force: true });
    this.live = liveEvents(
      this.id,
      (message) => this.onEvent(message),
      (status) => this.onLive(status),
      () => (this.token ? { type: "hello", token: this.token } : null),
    );
    // The running clock counts down between the server's states.
    this.ticker = setInterval(() => this.tickClocks(), 100);
    // A safety net while the socket is down: poll.
    this.poller = setInterval(() => {
      if (!this.live.isOpen() && document.visibilityState === "visible") this.refresh();
    }, 2000);
  }

  /**
   * Which seat the page's token holds, asked of the server: an invitation
   * not yet used takes its seat; a token that is no seat's (a stale link,
   * or an open game's invitation someone else answered first) is said so,
   * with an offer to watch. Returns a newer state when the page joined.
   */
  async claimSeat(state) {
    let seat;
    try {
      seat = await api.seat(this.id, this.token);
    } catch (error) {
      if (error.code === "forbidden" || error.code === "unauthorized") {
        this.staleToken();
      } else {
        setStatus(error.message, "error");
      }
      return null;
    }
    this.seat = seat.seat;
    store.saveSeat(this.id, { token: this.token, seat: this.seat });
    if (seat.taken) return null;
    // An invitation link: take the seat it was made for.
    try {
      const joined = await api.join(this.id, this.token);
      this.seat = joined.seat;
      this.token = joined.token;
      store.saveSeat(this.id, { token: this.token, seat: this.seat });
      return await api.state(this.id);
    } catch (error) {
      this.staleToken(error.message);
      return null;
    }
  }

  /** The page's token is no seat's: forget it, say so, offer to watch. */
  staleToken(reason) {
    store.forgetSeat(this.id);
    this.token = null;
    this.seat = null;
    this.stale = reason || "This link's seat is not yours: someone else holds it, or the link is out of date.";
  }

  renderStale() {
    if (!this.stale) {
      this.notice.hidden = true;
      return;
    }
    this.notice.hidden = false;
    this.notice.replaceChildren(
      h("p", {}, `${this.stale} You can watch the game.`),
      h(
        "button",
        {
          type: "button",
          class: "primary",
          "data-testid": "watch",
          onclick: () => {
            this.stale = null;
            this.message = { text: "You are watching this game.", kind: "info" };
            this.render();
          },
        },
        "Watch the game",
      ),
    );
  }

  /** An open game's free seat, taken from its plain page. */
  async joinOpen() {
    try {
      const joined = await api.join(this.id);
      this.seat = joined.seat;
      this.token = joined.token;
      if (this.live) this.live.send({ type: "hello", token: this.token });
      store.saveSeat(this.id, { token: this.token, seat: this.seat });
      this.flipped = this.defaultFlip(this.state);
      this.message = null;
      this.apply(await api.state(this.id), { force: true });
    } catch (error) {
      this.refuse(error.message);
    }
  }

  defaultFlip(state) {
    // The server says whose side is drawn at the bottom (none for boards
    // without sides): a seated player sees their own side at the bottom.
    const bottom = state.board.bottom;
    return Boolean(bottom && this.seat && state.players.includes(this.seat) && this.seat !== bottom);
  }

  async refresh() {
    try {
      this.apply(await api.state(this.id, this.token));
    } catch {
      // the next poll or the socket will do
    }
  }

  onLive(status) {
    this.connection.textContent = status === "open" ? "live" : "reconnecting…";
    this.connection.dataset.state = status;
    if (status === "open") {
      // Live again: a "cannot be reached" message is out of date.
      if (this.message && /cannot be reached/.test(this.message.text)) this.message = null;
      this.refresh();
      this.chat.load();
    }
  }

  onEvent(message) {
    if (!message || typeof message !== "object") return;
    if (message.type === "presence") {
      // Who is here, by seat index; away_ms: how long ago a seat's page closed.
      this.presence = { away: message.away_ms || [], at: performance.now() };
      this.render();
      return;
    }
    if (message.type === "chat") {
      this.chat.add(message.message);
      return;
    }
    if (message.type === "thinking") {
      this.thinking = { seat: message.seat, depth: message.depth, score: message.score };
      this.lastSearch = this.thinking;
      this.render();
      return;
    }
    if (message.state) this.apply(message.state);
  }

  apply(state, { force = false } = {}) {
    if (!force && this.state && typeof state.version === "number" && state.version < this.state.version) return;
    // The clocks as the server sent them; the running one counts down from here.
    this.clockBase = state.clocks ? { clocks: state.clocks, running: state.clock_running, at: performance.now() } : null;
    const changed = !this.state || state.version !== this.state.version;
    const previous = this.state;
    this.state = state;
    if (changed) {
      if (!force) this.message = null;
      if (!previous || previous.to_move !== state.to_move) this.thinking = null;
      this.selection = [];
      this.dropAnim = null;
      if (
        state.board.kind === "drop" &&
        state.last_move &&
        state.last_move.seat !== this.seat &&
        previous &&
        previous.history.length < state.history.length
      ) {
        this.dropAnim = this.dropCellOf(state, state.last_move);
      }
      if (previous && this.seat && !state.result) {
        const other = seatTitle(state.players.find((name) => name !== this.seat));
        const was = previous.offers || {};
        const now = state.offers || {};
        const sameGame = previous.history.length === state.history.length;
        if (was.draw === this.seat && !now.draw && sameGame) {
          this.message = { text: `${other} declined the draw.`, kind: "info" };
        } else if (was.undo === this.seat && !now.undo && sameGame) {
          this.message = { text: `${other} declined the undo.`, kind: "info" };
        } else if (now.draw && now.draw !== this.seat && was.draw !== now.draw) {
          this.message = { text: `${other} offers a draw: accept or decline it.`, kind: "info" };
        } else if (now.undo && now.undo !== this.seat && was.undo !== now.undo) {
          this.message = { text: `${other} asks to take back a move: accept or decline it.`, kind: "info" };
        }
      }
      // A sound when the opponent has moved.
      const last = state.last_move;
      if (previous && this.seat && last && last.seat !== this.seat && state.history.length > previous.history.length) beep();
      const news = rematchNews(previous, state, this.seat, seatTitle);
      if (news) this.message = { text: news, kind: "info" };
    }
    followRematch(this, previous, state, store);
    this.render();
  }

  // ------------------------------------------------------------ layout

  layout() {
    this.boardHost = h("div", { class: "board-host" });
    this.players = h("div", { class: "players", "data-testid": "players" });
    this.result = h("div", { class: "result", "data-testid": "result", role: "alert", hidden: true });
    this.controls = h("div", { class: "controls" });
    this.moves = h("ol", { class: "moves", "data-testid": "moves", "aria-label": "moves" });
    this.invite = h("div", { class: "invite", hidden: true });
    this.notice = h("div", { class: "invite notice", hidden: true, role: "alert", "data-testid": "stale" });
    this.engine = h("p", { class: "engine", "data-testid": "thinking" });
    this.connection = h("span", { class: "connection", "data-state": "closed" }, "connecting…");
    this.moveInput = h("input", {
      id: "move-input",
      type: "text",
      autocomplete: "off",
      autocapitalize: "off",
      spellcheck: "false",
      "aria-label": "Type a move",
      "data-testid": "move-input",
    });
    const moveForm = (this.moveForm = h(
      "form",
      { class: "move-form" },
      h("label", { for: "move-input" }, "Type a move "),
      this.moveInput,
      h("button", { type: "submit" }, "Play"),
    ));
    moveForm.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = this.moveInput.value.trim();
      if (!text) return;
      this.typed(text);
    });
    this.title = h("h2", { class: "game-title" });
    this.chat = new ChatPanel(this.id, {
      player: () => (this.seat && this.token ? { seat: this.seat, token: this.token } : null),
      seatTitle,
    });
    app.replaceChildren(
      h(
        "div",
        { class: "game" },
        h("div", { class: "board-col" }, this.players, this.boardHost, this.result),
        h(
          "aside",
          { class: "side" },
          h("div", { class: "title-row" }, this.title, this.connection),
          this.notice,
          this.invite,
          this.controls,
          this.engine,
          moveForm,
          h("h3", {}, "Moves"),
          this.moves,
          this.chat.element,
        ),
      ),
    );
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && this.selection.length) {
        this.selection = [];
        this.message = null;
        this.render();
      }
    });
  }

  // ------------------------------------------------------------ derived facts

  get myIndex() {
    return this.seat && this.state ? this.state.players.indexOf(this.seat) : -1;
  }

  get myTurn() {
    return Boolean(this.seat && this.state && !this.state.result && this.state.to_move === this.seat);
  }

  get captures() {
    return this.state.legal_moves.filter((move) => move.captured && move.captured.length);
  }

  /** The squares of a move entered so far: the server's pending route, then our clicks. */
  routeSoFar() {
    const pending = (this.state && this.state.pending_route) || [];
    if (!pending.length) return this.selection;
    if (this.selection.length && startsWith(this.selection, pending)) return this.selection;
    return pending;
  }

  candidates(prefix) {
    return this.state.legal_moves.filter((move) => move.route.length >= prefix.length && startsWith(move.route, prefix));
  }

  cellOf(view, label) {
    return view.cells.find((cell) => cell.label === label);
  }

  dropCellOf(state, move) {
    const column = Number(move.route && move.route.length ? move.route[0] : move.text);
    const { rows, columns, cells } = state.board;
    for (let row = 0; row < rows; row += 1) {
      const cell = cells[row * columns + column];
      if (cell && cell.piece) return { row, column };
    }
    return null;
  }

  // The game's word for a capture ("jump" in checkers), as the server says it.
  captureWord() {
    return this.state.capture_word || "capture";
  }

  captureWords() {
    const word = this.captureWord();
    return `you have a ${word}, and a ${word} must be taken`;
  }

  // ------------------------------------------------------------ clicks

  refuse(text) {
    this.message = { text, kind: "error" };
    this.render();
  }

  canMove() {
    const state = this.state;
    if (!state) return false;
    if (state.result) return this.refuse("The game is over: no move can be played."), false;
    if (!this.seat) return this.refuse("You are watching this game: only its players move."), false;
    if (this.pending) return this.refuse("Wait: your last move is on its way to the server."), false;
    const other = state.players.find((name) => name !== this.seat);
    if (state.seats[other] && !state.seats[other].taken && state.seats[other].kind !== "computer") {
      // Allowed by the server or not, say it plainly.
    }
    if (state.to_move !== this.seat) {
      return this.refuse(`It is not your turn: ${seatTitle(state.to_move)} is to move.`), false;
    }
    return true;
  }

  onColumn(column) {
    if (!this.canMove()) return;
    const move = this.state.legal_moves.find((item) => String(item.route[0] ?? item.text) === String(column));
    if (move) this.play(move);
    else this.attempt(String(column));
  }

  onSquare(label) {
    if (!this.canMove()) return;
    const state = this.state;
    const route = this.routeSoFar();
    const view = state.board;
    const cell = this.cellOf(view, label);
    const mine = cell && cell.piece && cell.piece.player === this.myIndex;
    const pendingRoute = state.pending_route || [];

    if (route.length === 0) {
      const direct = state.legal_moves.filter((move) => move.route.length === 1 && move.route[0] === label);
      if (direct.length) return this.play(direct[0]);
      if (mine) return this.select(label);
      if (state.legal_moves.every((move) => move.route.length <= 1)) {
        return this.attempt(label);
      }
      return this.refuse(
        cell && cell.piece
          ? `The piece on ${label} is not yours: you play ${seatTitle(this.seat)}.`
          : `Click one of your pieces (${seatTitle(this.seat)}) first, then where it goes.`,
      );
    }
    if (route.length > 1 && label === route[route.length - 1] && !pendingRoute.length) {
      this.selection = [];
      this.message = { text: "The jump is taken back: click a piece.", kind: "info" };
      return this.render();
    }
    if (route.length === 1 && !pendingRoute.length) {
      if (label === route[0]) {
        this.selection = [];
        this.message = null;
        return this.render();
      }
      if (mine) return this.select(label);
    }
    const next = [...route, label];
    const found = this.candidates(next);
    if (found.length) {
      const complete = found.find((move) => move.route.length === next.length);
      if (complete) return this.play(complete);
      this.selection = next;
      const onward = [...new Set(found.map((move) => move.route[next.length]))];
      this.message = {
        text: `${cap(this.captureWord())} on from ${label}: click each square where the piece lands, one piece at a time, until it cannot ${this.captureWord()} any more (next: ${onward.join(", ")}).`,
        kind: "info",
      };
      return this.render();
    }
    // Not a legal move: the server says why, in the crate's words.
    const previous = route[route.length - 1];
    const jumping = route.length > 1 || this.isJump(previous, label);
    const text = next.join(jumping ? "x" : "-");
    if (!pendingRoute.length) this.selection = route.length > 1 ? route : [route[0]];
    this.attempt(text, { keepSelection: true });
  }

  isJump(from, to) {
    const a = this.cellOf(this.state.board, from);
    const b = this.cellOf(this.state.board, to);
    if (!a || !b) return false;
    return Math.abs(a.row - b.row) >= 2 && Math.abs(a.row - b.row) === Math.abs(a.column - b.column) && this.captures.length > 0;
  }

  select(label) {
    this.selection = [label];
    const own = this.candidates([label]);
    const captures = this.captures;
    if (!own.length) {
      this.message = captures.length
        ? {
            text: `The piece on ${label} cannot move now: ${this.captureWords()} (${captures.map((move) => move.text).join(", ")}).`,
            kind: "error",
          }
        : { text: `The piece on ${label} has no legal move.`, kind: "error" };
    } else {
      this.message = null;
    }
    this.render();
  }

  typed(text) {
    if (!this.canMove()) return;
    // Columns are typed as shown, from 1.
    if (this.state.board.kind === "drop" && /^\s*\d+\s*$/.test(text)) text = String(Number(text) - 1);
    const normal = text.replace(/\s+/g, "").toLowerCase();
    const move = this.state.legal_moves.find(
      (item) => item.text.toLowerCase() === normal || item.route.join("-").toLowerCase() === normal,
    );
    this.moveInput.value = "";
    if (move && !(this.state.pending_route || []).length) this.play(move);
    else this.attempt(text);
  }

  /** Sends a text that is not a legal move, to show the server's reason. */
  async attempt(text, { keepSelection = false } = {}) {
    const before = this.state.version;
    try {
      const state = await api.move(this.id, this.token, text);
      this.apply(state);
    } catch (error) {
      if (!keepSelection) this.selection = [];
      else if (this.selection.length === 1 && !this.candidates(this.selection).length) this.selection = [];
      if (this.state.version === before) this.refuse(error.message);
      else this.refuse(error.message);
    }
  }

  /** Plays a legal move: shown at once, confirmed (or undone) by the server. */
  async play(move) {
    const state = this.state;
    const pendingRoute = state.pending_route || [];
    this.selection = [];
    this.message = null;
    this.optimisticDrop = null;
    this.pending = { move, view: this.optimisticView(state, move), base: state.version };
    this.pending.drop = this.optimisticDrop;
    if (state.board.kind === "drop") this.dropAnim = this.pending.drop;
    const clicked = performance.now();
    this.render();
    // How long a click takes to show (measured by the browser tests): to the next frame.
    requestAnimationFrame(() => {
      this.clickToScreen = performance.now() - clicked;
    });
    try {
      let answer;
      if (pendingRoute.length && startsWith(move.route, pendingRoute)) {
        // The server holds part of this jump: send the rest hop by hop.
        for (let hop = pendingRoute.length - 1; hop < move.route.length - 1; hop += 1) {
          answer = await api.move(this.id, this.token, `${move.route[hop]}x${move.route[hop + 1]}`);
        }
      } else {
        answer = await api.move(this.id, this.token, move.text);
      }
      this.pending = null;
      // The socket may have brought this state (or a newer one) first.
      if (answer) this.apply(answer);
      this.render();
    } catch (error) {
      this.pending = null;
      this.dropAnim = null;
      this.message = { text: error.message, kind: "error" };
      if (error.code === "network") this.message.text += " The move was not played.";
      this.refresh();
      this.render();
    }
  }

  optimisticView(state, move) {
    const view = { ...state.board, cells: state.board.cells.map((cell) => ({ ...cell })) };
    if (view.kind === "drop") {
      const column = Number(move.route[0] ?? move.text);
      for (let row = view.rows - 1; row >= 0; row -= 1) {
        const cell = view.cells[row * view.columns + column];
        if (cell && !cell.piece) {
          cell.piece = { player: this.myIndex, king: false };
          this.optimisticDrop = { row, column };
          break;
        }
      }
      return view;
    }
    const byLabel = new Map(view.cells.filter((cell) => cell.label).map((cell) => [cell.label, cell]));
    if (move.route.length === 1) {
      const cell = byLabel.get(move.route[0]);
      if (cell && !cell.piece) cell.piece = { player: this.myIndex, king: false };
      return view;
    }
    const from = byLabel.get(move.route[0]);
    const to = byLabel.get(move.route[move.route.length - 1]);
    if (from && to) {
      const piece = from.piece;
      from.piece = null;
      to.piece = piece;
      if (piece && !piece.king && (to.row === 0 || to.row === view.rows - 1)) {
        const startRow = from.row;
        const promotes = (to.row === 0 && startRow > 0) || (to.row === view.rows - 1 && startRow < view.rows - 1);
        if (promotes && this.crownsAt(piece.player, to.row, view)) to.piece = { ...piece, king: true };
      }
    }
    for (const label of move.captured || []) {
      const cell = byLabel.get(label);
      if (cell) cell.piece = null;
    }
    return view;
  }

  crownsAt(player, row, view) {
    // A man crowns on the far row: the one its side's men move towards.
    // Which row that is, the other side's home tells: the half of the
    // board where that side's men stand.
    const rows = view.cells.filter((cell) => cell.piece && cell.piece.player === player && !cell.piece.king).map((cell) => cell.row);
    if (!rows.length) return false;
    const average = rows.reduce((sum, value) => sum + value, 0) / rows.length;
    return row === 0 ? average > view.rows / 2 : average < view.rows / 2;
  }

  // ------------------------------------------------------------ actions

  async action(run, success) {
    try {
      const state = await run();
      this.apply(state);
      if (success) {
        const text = success(state);
        if (text) {
          this.message = { text, kind: "info" };
          this.render();
        }
      }
    } catch (error) {
      this.refuse(error.message);
    }
  }

  offerDraw() {
    const opponent = this.opponent();
    this.action(
      () => api.draw(this.id, this.token, "offer"),
      () => {
        // The live channel may already have brought a newer state than this reply (the computer
        // judges an offer in a few milliseconds), so the message follows the newest state.
        const latest = this.state;
        if (latest.result) return null;
        if (!latest.offers.draw) {
          const who = opponent && latest.seats[opponent].kind === "computer" ? `${seatTitle(opponent)} (the computer)` : seatTitle(opponent);
          return `${who} declined the draw.`;
        }
        return `You offered a draw; ${seatTitle(opponent)} may accept or decline.`;
      },
    );
  }

  opponent() {
    return this.state.players.find((name) => name !== this.seat);
  }

  resign() {
    if (!this.resignArmed) {
      this.resignArmed = true;
      this.message = { text: "Click “Confirm resign” to resign the game.", kind: "info" };
      this.render();
      clearTimeout(this.resignTimer);
      this.resignTimer = setTimeout(() => {
        this.resignArmed = false;
        this.render();
      }, 5000);
      return;
    }
    this.resignArmed = false;
    this.action(() => api.resign(this.id, this.token));
  }

  // ------------------------------------------------------------ drawing

  render() {
    const state = this.state;
    if (!state) return;
    document.title = `${state.title} — rulebook`;
    this.title.textContent = state.time_control ? `${state.title} · ${controlText(state.time_control)}` : state.title;
    this.renderPlayers();
    this.renderBoardView();
    this.renderResult();
    this.renderControls();
    this.renderMoves();
    this.renderInvite();
    this.renderStale();
    this.renderStatus();
    this.tickClocks();
  }

  /** The milliseconds left on `seat`'s clock now, as the page reckons it. */
  clockLeft(seat) {
    const base = this.clockBase;
    if (!base || typeof base.clocks[seat] !== "number") return null;
    const running = base.running === seat && !(this.state && this.state.result);
    return Math.max(0, base.clocks[seat] - (running ? performance.now() - base.at : 0));
  }

  /** Whether `ms` is little time left: under a tenth of the initial time (10 s to 1 min), or an hour by correspondence. */
  isLow(ms) {
    const control = this.state && this.state.time_control;
    if (!control) return false;
    if (control.days_per_move) return ms < 3600000;
    return ms < Math.max(10000, Math.min(60000, control.initial_seconds * 100));
  }

  tickClocks() {
    if (!this.state || !this.clockBase) return;
    for (const node of this.players.querySelectorAll("[data-clock]")) {
      const seat = node.dataset.clock;
      const left = this.clockLeft(seat);
      if (left === null) continue;
      node.textContent = clockText(left);
      const running = this.clockBase.running === seat && !this.state.result;
      const low = this.isLow(left);
      node.classList.toggle("low", low);
      node.classList.toggle("running", running);
      if (low && running && seat === this.seat && !this.lowWarned) {
        // Said once per game, in the status line.
        this.lowWarned = true;
        this.message = { text: `Your time is running low: ${clockText(left)} left.`, kind: "error" };
        this.renderStatus();
      }
    }
  }

  renderPlayers() {
    const state = this.state;
    const drop = state.board.kind === "drop";
    const order = this.flipped ? [...state.players] : [...state.players].reverse();
    // The player drawn at the bottom is listed last, next to the board's bottom edge.
    const top = drop ? state.players : order;
    this.players.replaceChildren(
      ...top.map((name) => {
        const seat = state.seats[name] || {};
        const kind =
          this.seat === name
            ? "you"
            : seat.kind === "computer"
              ? `computer, level ${seat.level ?? "?"}`
              : seat.taken
                ? "human"
                : "waiting for a player";
        return h(
          "div",
          { class: `player${state.to_move === name ? " to-move" : ""}`, "data-seat": name },
          pieceIcon(state.players, state.players.indexOf(name), drop),
          h("span", { class: "name" }, seatTitle(name)),
          h("span", { class: "kind" }, kind),
          state.game === "othello"
            ? h("span", { class: "discs", "data-testid": `discs-${name}` }, discCount(this.discs(state.players.indexOf(name))))
            : null,
          state.to_move === name ? h("span", { class: "turn" }, "to move") : null,
          state.clocks
            ? h("span", { class: "clock", "data-clock": name, "data-testid": `clock-${name}`, role: "timer", "aria-label": `${seatTitle(name)}'s clock` })
            : null,
        );
      }),
    );
  }

  /** How many discs (pieces) of player `index` are on the board. */
  discs(index) {
    return this.state.board.cells.filter((cell) => cell.piece && cell.piece.player === index).length;
  }

  renderBoardView() {
    const state = this.state;
    const focused = document.activeElement && document.activeElement.getAttribute && document.activeElement.getAttribute("data-column");
    const route = this.pending ? [] : this.routeSoFar();
    const pendingShown = this.pending && state.version === this.pending.base;
    let view = pendingShown ? this.pending.view : state.board;
    let targets = new Set();
    let mustCapture = new Set();
    let faded = new Set();
    let selected = null;
    if (this.myTurn && !this.pending && state.board.kind === "squares") {
      const captures = this.captures;
      if (route.length === 0 && captures.length && captures.some((move) => move.route.length > 1)) {
        mustCapture = new Set(captures.map((move) => move.route[0]));
      }
      if (route.length) {
        selected = route[0];
        const found = this.candidates(route);
        targets = new Set(found.map((move) => move.route[route.length]).filter(Boolean));
        if (route.length > 1 && found.length) {
          // Show the piece where it has landed so far, its victims faded.
          view = { ...view, cells: view.cells.map((cell) => ({ ...cell })) };
          const from = view.cells.find((cell) => cell.label === route[0]);
          const to = view.cells.find((cell) => cell.label === route[route.length - 1]);
          if (from && to && from !== to) {
            to.piece = from.piece;
            from.piece = null;
          }
          faded = new Set(found[0].captured.slice(0, route.length - 1));
        }
      } else if (!captures.length || !captures.some((move) => move.route.length > 1)) {
        // nothing marked: any own piece may be clicked
      }
      if (route.length === 0 && state.legal_moves.some((move) => move.route.length === 1)) {
        targets = new Set(state.legal_moves.filter((move) => move.route.length === 1).map((move) => move.route[0]));
      }
    }
    const last = pendingShown ? null : state.last_move;
    const lastDrop =
      state.board.kind === "drop"
        ? pendingShown
          ? this.pending.drop
          : last
            ? this.dropCellOf(state, last)
            : null
        : null;
    const ariaLabel = `${state.title} board${this.flipped ? ", flipped" : ""}`;
    renderBoard(this.boardHost, view, {
      players: state.players,
      flipped: this.flipped,
      labels: this.labels,
      selected,
      route,
      targets,
      mustCapture,
      faded,
      lastRoute: last ? last.route : pendingShown ? this.pending.move.route : [],
      lastDrop,
      winning: this.winningCells(state),
      dropAnim: this.dropAnim,
      interactive: this.myTurn,
      ariaLabel,
      onSquare: (label) => this.onSquare(label),
      onColumn: (column) => this.onColumn(column),
    });
    this.dropAnim = null;
    this.boardHost.dataset.turn = state.to_move || "";
    this.boardHost.classList.toggle("my-turn", this.myTurn);
    if (focused !== null && focused !== undefined) {
      const again = this.boardHost.querySelector(`[data-column="${focused}"]`);
      if (again) again.focus();
    }
  }

  /** The cells of the winning line of a drop game ("row,column"), to mark. */
  winningCells(state) {
    const result = state.result;
    if (state.board.kind !== "drop" || !result || result.termination !== "normal") return null;
    const player = state.players.indexOf(result.outcome);
    if (player < 0) return null;
    const inarow = Number((state.game.match(/x(\d+)$/) || [null, "4"])[1]);
    const { rows, columns, cells } = state.board;
    const mine = (row, column) =>
      row >= 0 && row < rows && column >= 0 && column < columns && cells[row * columns + column].piece?.player === player;
    const found = new Set();
    for (let row = 0; row < rows; row += 1) {
      for (let column = 0; column < columns; column += 1) {
        for (const [dr, dc] of [[0, 1], [1, 0], [1, 1], [1, -1]]) {
          const line = Array.from({ length: inarow }, (_, k) => [row + k * dr, column + k * dc]);
          if (line.every(([r, c]) => mine(r, c))) for (const [r, c] of line) found.add(`${r},${c}`);
        }
      }
    }
    return found.size ? found : null;
  }

  resultText(result) {
    if (result.termination === "abandoned") {
      const mine = this.seat ? (result.outcome === "draw" ? "" : result.outcome === this.seat ? " — you won" : " — you lost") : "";
      return `${cap(result.reason)} (${result.pdn})${mine}`;
    }
    if (result.outcome === "aborted") return `Game aborted: ${result.reason.replace(/^aborted: /, "")}.`;
    if (result.termination === "time forfeit") {
      const loser = this.state.players.find((name) => name !== result.outcome);
      const mine = this.seat ? (result.outcome === this.seat ? " — you won" : " — you lost") : "";
      return `${seatTitle(result.outcome)} wins on time: ${seatTitle(loser)}'s clock ran out (${result.pdn})${mine}`;
    }
    const head = result.outcome === "draw" ? "Draw" : `${seatTitle(result.outcome)} wins`;
    const mine = this.seat ? (result.outcome === "draw" ? "" : result.outcome === this.seat ? " — you won" : " — you lost") : "";
    const reason = result.reason || "";
    // The server's reason may already name the winner ("X wins: four in a row").
    const says = /\bwins?\b|\bdraw/i.test(reason) && reason.toLowerCase().includes(result.outcome === "draw" ? "draw" : result.outcome.toLowerCase());
    const text = says ? cap(reason) : `${head}: ${reason}`;
    return `${text}${result.pdn ? ` (${result.pdn})` : ""}${mine}`;
  }

  renderResult() {
    const result = this.state.result;
    this.result.hidden = !result;
    this.result.textContent = result ? this.resultText(result) : "";
    this.result.dataset.outcome = result ? result.outcome : "";
  }

  renderControls() {
    const state = this.state;
    const playing = this.seat && !state.result;
    const offers = state.offers || {};
    const button = (label, onclick, attrs = {}) => h("button", { type: "button", onclick, ...attrs }, label);
    const items = [];
    const pass = this.myTurn && state.legal_moves.find((move) => move.route.length === 0);
    if (pass) items.push(button(`Pass (${pass.text})`, () => this.play(pass), { class: "primary", "data-testid": "pass" }));
    if (playing) {
      if (offers.draw && offers.draw !== this.seat) {
        items.push(
          button("Accept draw", () => this.action(() => api.draw(this.id, this.token, "accept")), { class: "primary", "data-testid": "accept-draw" }),
          button("Decline draw", () => this.action(() => api.draw(this.id, this.token, "decline"), () => "You declined the draw."), {
            "data-testid": "decline-draw",
          }),
        );
      } else {
        items.push(
          button(offers.draw === this.seat ? "Draw offered" : "Offer draw", () => this.offerDraw(), {
            "data-testid": "offer-draw",
            disabled: offers.draw === this.seat,
          }),
        );
      }
      if (offers.undo && offers.undo !== this.seat) {
        items.push(
          button("Accept undo", () => this.action(() => api.undo(this.id, this.token, "accept")), { "data-testid": "accept-undo" }),
          button("Decline undo", () => this.action(() => api.undo(this.id, this.token, "decline")), { "data-testid": "decline-undo" }),
        );
      } else {
        items.push(
          button(offers.undo === this.seat ? "Undo asked" : "Undo", () => this.action(() => api.undo(this.id, this.token, "request")), {
            "data-testid": "undo",
            disabled: offers.undo === this.seat || !state.history.length,
          }),
        );
      }
      const other = state.players.find((name) => name !== this.seat);
      const away = this.presence && this.presence.away[state.players.indexOf(other)];
      if (typeof away === "number" && state.seats[other] && state.seats[other].kind === "human") {
        // The opponent's page closed: after the grace period, claim the game.
        items.push(
          button("Claim victory", () => this.action(() => api.claim(this.id, this.token, "win")), { class: "primary", "data-testid": "claim-win" }),
          button("Claim a draw", () => this.action(() => api.claim(this.id, this.token, "draw")), { "data-testid": "claim-draw" }),
        );
      }
      items.push(
        button(this.resignArmed ? "Confirm resign" : "Resign", () => this.resign(), {
          "data-testid": "resign",
          class: this.resignArmed ? "danger" : null,
        }),
      );
    }
    items.push(...rematchControls(this, button, h, store));
    if (state.board.kind === "squares") {
      items.push(
        button("Flip board", () => {
          this.flipped = !this.flipped;
          this.render();
        }, { "data-testid": "flip", "aria-pressed": String(Boolean(this.flipped)) }),
      );
    }
    items.push(
      button(this.labels ? "Hide labels" : state.board.kind === "drop" ? "Column numbers" : "Square numbers", () => {
        this.labels = !this.labels;
        store.savePref("labels", this.labels);
        this.render();
      }, { "data-testid": "labels", "aria-pressed": String(this.labels) }),
      button(soundOn() ? "Sound on" : "Sound off", () => {
        setSound(!soundOn());
        this.render();
      }, { "data-testid": "sound", "aria-pressed": String(soundOn()), title: "A sound when your opponent moves" }),
    );
    items.push(
      h("a", { class: "button", href: api.recordUrl(this.id), download: true, "data-testid": "record" }, "Download record"),
      h("a", { class: "button", href: "/", "data-testid": "new-game" }, "New game"),
    );
    this.controls.replaceChildren(...items);
    this.chat.update();
    // Spectators get no move box.
    this.moveForm.hidden = !this.seat || Boolean(state.result);
    const search = this.thinking || this.lastSearch;
    this.engine.textContent = search
      ? `${this.thinking ? "Thinking" : "Last search"}: ${seatTitle(search.seat)}, depth ${search.depth ?? "?"}, score ${search.score ?? "?"}`
      : "";
  }

  renderMoves() {
    const history = this.state.history || [];
    const plies = history.map((entry) => ({ text: moveLabel(this.state, entry.text), pending: false }));
    // A pending move the server has already recorded is in the history.
    if (this.pending && this.state.version === this.pending.base) plies.push({ text: moveLabel(this.state, this.pending.move.text), pending: true });
    const rows = [];
    for (let index = 0; index < plies.length; index += 2) {
      rows.push(
        h(
          "li",
          {},
          ...plies.slice(index, index + 2).map((ply) => h("span", { class: `ply${ply.pending ? " pending" : ""}` }, ply.text)),
        ),
      );
    }
    this.moves.replaceChildren(...rows);
    this.moves.scrollTop = this.moves.scrollHeight;
  }

  renderInvite() {
    const state = this.state;
    const free = state.players.find((name) => state.seats[name] && state.seats[name].kind === "human" && !state.seats[name].taken);
    if (!this.seat && !this.stale && free && state.public && !state.result) {
      this.invite.hidden = false;
      this.invite.replaceChildren(
        h("p", {}, `This game is open: ${seatTitle(free)}'s seat is free.`),
        h("button", { type: "button", class: "primary", "data-testid": "join", onclick: () => this.joinOpen() }, `Play ${seatTitle(free)}`),
      );
      return;
    }
    const invitation = store.invitation(this.id);
    const seat = invitation && state.seats[invitation.seat];
    if (!invitation || !seat || seat.taken || state.result) {
      this.invite.hidden = true;
      return;
    }
    const link = `${location.origin}${seatLink(this.id, invitation.token, invitation.seat)}`;
    const field = h("input", { type: "text", readonly: true, value: link, "data-testid": "invitation", "aria-label": "invitation link" });
    this.invite.hidden = false;
    this.invite.replaceChildren(
      h("p", {}, `Send this link to the person who plays ${seatTitle(invitation.seat)}:`),
      field,
      h(
        "button",
        {
          type: "button",
          onclick: async () => {
            field.select();
            try {
              await navigator.clipboard.writeText(link);
              this.message = { text: "The invitation link is copied.", kind: "info" };
            } catch {
              this.message = { text: "Copy the selected link.", kind: "info" };
            }
            this.render();
          },
        },
        "Copy",
      ),
    );
  }

  /** Whether the side to move has only a pass (Othello). */
  mustPass() {
    const moves = this.state.legal_moves || [];
    return moves.length > 0 && moves.every((move) => move.route.length === 0);
  }

  /** "White passed. " when the last move was a pass. */
  passedNote() {
    const last = this.state.last_move;
    return last && last.route && last.route.length === 0 && this.state.board.kind === "squares" ? `${seatTitle(last.seat)} passed. ` : "";
  }

  renderStatus() {
    const state = this.state;
    if (this.message) return setStatus(this.message.text, this.message.kind);
    if (state.result) return setStatus(this.resultText(state.result), "result");
    if (this.pending) return setStatus(`Playing ${moveLabel(state, this.pending.move.text)}…`);
    const mover = state.to_move;
    const seat = state.seats[mover] || {};
    const waiting = state.players.find((name) => state.seats[name] && !state.seats[name].taken && state.seats[name].kind !== "computer");
    if (waiting) {
      const how = this.seat ? "" : state.public ? ": take the seat to play" : " (by the invitation link)";
      return setStatus(`Waiting for ${seatTitle(waiting)} to join${how}.`);
    }
    if (seat.kind === "computer") {
      const search = this.thinking && this.thinking.seat === mover ? this.thinking : null;
      return setStatus(
        `The computer (${seatTitle(mover)}) is thinking…${search ? ` depth ${search.depth}, score ${search.score}` : ""}`,
        "thinking",
      );
    }
    if (this.myTurn) {
      const route = this.routeSoFar();
      const captures = this.captures;
      const must = captures.length && captures.some((move) => move.route.length > 1) && route.length === 0;
      const offer = state.offers && state.offers.draw && state.offers.draw !== this.seat ? ` ${seatTitle(state.offers.draw)} offers a draw.` : "";
      const undo = state.offers && state.offers.undo && state.offers.undo !== this.seat ? ` ${seatTitle(state.offers.undo)} asks to take back a move.` : "";
      if (this.mustPass()) return setStatus(`${this.passedNote()}You have no legal move: you must pass (${seatTitle(this.seat)}). Click “Pass”.${offer}${undo}`, "turn");
      return setStatus(
        `${this.passedNote()}Your move (${seatTitle(this.seat)}).${must ? ` ${cap(this.captureWords().replace(/^you have an? (\w+),/, "You have a $1,"))}: the marked pieces.` : ""}${offer}${undo}`,
        "turn",
      );
    }
    const offer = state.offers && state.offers.draw && state.offers.draw === this.seat ? " Your draw offer is pending." : "";
    const undo = state.offers && state.offers.undo
      ? state.offers.undo === this.seat ? " Your undo request is pending." : ` ${seatTitle(state.offers.undo)} asks to take back a move.`
      : "";
    const pass = this.mustPass() ? ` ${seatTitle(mover)} has no legal move and must pass.` : "";
    return setStatus(`${this.passedNote()}${seatTitle(mover)} to move.${pass}${this.seat ? "" : " You are watching."}${offer}${undo}`);
  }
}

// ---------------------------------------------------------------- start

const match = location.pathname.match(/^\/games\/([A-Za-z0-9_-]+)\/?$/);
if (match) {
  const page = new GamePage(match[1]);
  window.rulebookPage = page;
  page.start();
  // The names are extra: a page left before they load loses nothing.
  import("./seatnames.js")
    .then((module) => module.showSeatNames(match[1]))
    .catch(() => {});
} else if (location.pathname.startsWith("/players/")) {
  import("./player.js")
    .then((module) => module.showPlayer(decodeURIComponent(location.pathname.slice("/players/".length))))
    .catch((error) => setStatus(error instanceof ApiError ? error.message : String(error), "error"));
} else {
  showLobby()
    .then(() => import("./lobby.js"))
    .then((module) => module.mountLobby(app))
    .catch((error) => setStatus(error instanceof ApiError ? error.message : String(error), "error"));
}
