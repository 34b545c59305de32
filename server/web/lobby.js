// The lobby's people: the account box (log in, register, log out) or the
// guest's name, the seeks (post, accept, cancel) and "Play a random
// opponent". The seeks come live over the lobby's WebSocket
// (/api/lobby/events), which also watches this page's own seek or pairing
// request (the server keeps it while watched) and says when it is
// accepted: the page then opens the game. While the socket is down, the
// page asks for both every two seconds instead.

import { api, liveSocket } from "./api.js";
import { h } from "./dom.js";
import { people, guestName, saveGuestName, saveSeat } from "./people.js";

// The clocks a seek offers (the same shapes as POST /api/games takes).
const CLOCKS = [
  ["1+0", "1+0 bullet", { initial_seconds: 60, increment_seconds: 0 }],
  ["3+2", "3+2 blitz", { initial_seconds: 180, increment_seconds: 2 }],
  ["5+3", "5+3 blitz", { initial_seconds: 300, increment_seconds: 3 }],
  ["10+5", "10+5 rapid", { initial_seconds: 600, increment_seconds: 5 }],
  ["30+0", "30+0 classical", { initial_seconds: 1800, increment_seconds: 0 }],
  ["d3", "3 days per move", { days_per_move: 3 }],
  ["", "No clock (casual)", null],
];

const POLL_MS = 2000;

function clockLabel(control) {
  if (!control) return "no clock";
  if (control.days_per_move) return `${control.days_per_move} d/move`;
  return `${control.initial_seconds / 60}+${control.increment_seconds || 0}`;
}

// The games come from the server's catalog alone (no list of our own to
// keep in step): when it cannot be read, the card says so.
async function loadGames() {
  const data = await api.catalog();
  return (data.games || []).map((game) => ({ game: game.game, title: game.title || game.game }));
}

/** Adds the people's card to the lobby page (`root` holds `.lobby`). */
export async function mountLobby(root) {
  const lobby = root.querySelector(".lobby") || root;
  let games = [];
  try {
    games = await loadGames();
  } catch (error) {
    lobby.prepend(h("p", { class: "form-error", role: "alert" }, `The games could not be read: ${error.message || error}`));
    return;
  }
  const card = h("section", { class: "card people", "aria-labelledby": "people-title", "data-testid": "people" });
  lobby.prepend(card);

  const message = h("p", { class: "form-error", role: "alert", "data-testid": "people-error" });
  const show = (error) => {
    message.textContent = error ? error.message || String(error) : "";
  };

  // ---- who am I
  const who = h("div", { class: "who", "data-testid": "who" });
  let me = null;
  const renderWho = () => {
    if (me) {
      who.replaceChildren(
        h("span", {}, "Logged in as "),
        h("a", { href: `/players/${encodeURIComponent(me)}`, "data-testid": "me" }, me),
        " ",
        h("button", { type: "button", "data-testid": "logout", onclick: async () => {
          await people.logout().catch(show);
          me = null;
          renderWho();
        } }, "Log out"),
      );
      return;
    }
    const guest = h("input", { id: "guest-name", "data-testid": "guest-name", maxlength: 20, placeholder: "Guest", value: guestName(), autocomplete: "nickname" });
    guest.addEventListener("change", () => saveGuestName(guest.value));
    const username = h("input", { id: "username", "data-testid": "username", autocomplete: "username", placeholder: "username" });
    const password = h("input", { id: "password", "data-testid": "password", type: "password", autocomplete: "current-password", placeholder: "password" });
    const enter = (action) => async (event) => {
      event.preventDefault();
      show(null);
      try {
        me = (await people[action](username.value.trim(), password.value)).name;
        renderWho();
      } catch (error) {
        show(error);
      }
    };
    who.replaceChildren(
      h("label", { class: "row" }, "Your name (guest) ", guest),
      h(
        "form",
        { class: "login", "data-testid": "login-form", onsubmit: enter("login") },
        username,
        password,
        h("button", { type: "submit", "data-testid": "login" }, "Log in"),
        h("button", { type: "button", "data-testid": "register", onclick: enter("register") }, "Register"),
      ),
    );
  };
  me = await people.me().catch(() => null);
  renderWho();

  // ---- the seek form
  const game = h("select", { id: "seek-game", "data-testid": "seek-game" }, games.map((entry) => h("option", { value: entry.game }, entry.title)));
  const clock = h("select", { id: "seek-clock", "data-testid": "seek-clock" }, CLOCKS.map(([value, label]) => h("option", { value }, label)));
  clock.value = "3+2";
  const rated = h("input", { type: "checkbox", id: "seek-rated", "data-testid": "seek-rated" });
  const request = () => {
    const control = CLOCKS.find(([value]) => value === clock.value)[2];
    const body = { game: game.value, rated: rated.checked, name: guestName() || undefined };
    if (control) body.time_control = control;
    return body;
  };

  // ---- my waiting seek or pairing request
  let waiting = null; // { id, token }
  let live = null; // the lobby's socket
  let shown = null; // the seeks on the list
  const watchMessage = () => (waiting ? { type: "watch", id: waiting.id, token: waiting.token } : null);
  const waitLine = h("p", { class: "waiting", "data-testid": "waiting", hidden: true });
  const setWaiting = (seek, text) => {
    waiting = seek;
    if (live) live.send(watchMessage() || { type: "unwatch" });
    // The list may have come before the answer that made this seek ours.
    if (shown) render(shown);
    waitLine.hidden = !seek;
    waitLine.replaceChildren(
      ...(seek
        ? [text, " ", h("button", { type: "button", "data-testid": "cancel-seek", onclick: async () => {
            await people.cancelSeek(seek.id, seek.token).catch(() => {});
            setWaiting(null);
            if (!live.isOpen()) refresh();
          } }, "Cancel")]
        : []),
    );
  };
  let opening = false;
  const open = (joined) => {
    if (opening) return;
    opening = true;
    waiting = null;
    saveSeat(joined);
    location.assign(`/games/${joined.id}`);
  };
  const pollMine = async () => {
    if (!waiting) return;
    try {
      const status = await people.seek(waiting.id, waiting.token);
      if (status.status === "accepted" && status.game) open(status.game);
    } catch (error) {
      if (error.status === 404) setWaiting(null);
    }
  };

  const post = h("button", { type: "button", class: "primary", "data-testid": "post-seek", onclick: async () => {
    show(null);
    try {
      const posted = await people.postSeek(request());
      setWaiting({ id: posted.id, token: posted.token }, "Your seek is listed: waiting for someone to accept it…");
      if (!live.isOpen()) refresh();
    } catch (error) {
      show(error);
    }
  } }, "Post a seek");
  const random = h("button", { type: "button", "data-testid": "random-opponent", onclick: async () => {
    show(null);
    try {
      const answer = await people.pairing(request());
      if (answer.status === "paired") open(answer.game);
      else setWaiting({ id: answer.seek.id, token: answer.seek.token }, "Looking for an opponent who wants the same game…");
    } catch (error) {
      show(error);
    }
  } }, "Play a random opponent");

  // ---- the seeks
  const list = h("ul", { class: "game-list seeks", "data-testid": "seeks" }, h("li", { class: "empty" }, "Loading…"));
  let heard = 0; // lists heard from the socket
  const render = (seeks) => {
    shown = seeks;
    const items = seeks.map((seek) => {
      const mine = waiting && waiting.id === seek.id;
      const rating = seek.rating ? ` (${Math.round(seek.rating)})` : "";
      return h(
        "li",
        { "data-seek": seek.id },
        h("span", {}, `${seek.player}${seek.account ? "" : " (guest)"}${rating} — ${seek.title}, ${clockLabel(seek.time_control)}, ${seek.rated ? "rated" : "casual"}`),
        mine
          ? h("em", {}, " your seek")
          : h("button", { type: "button", "data-testid": "accept-seek", onclick: async (event) => {
              event.target.disabled = true;
              show(null);
              try {
                open(await people.accept(seek.id, guestName() || undefined));
              } catch (error) {
                show(error);
                event.target.disabled = false;
                if (!live.isOpen()) refresh();
              }
            } }, "Accept"),
      );
    });
    list.replaceChildren(...(items.length ? items : [h("li", { class: "empty" }, "No seek is open.")]));
  };
  const refresh = async () => {
    const before = heard;
    try {
      const { seeks } = await people.seeks();
      // A list heard meanwhile is newer than this answer.
      if (heard === before) render(seeks);
    } catch (error) {
      if (heard === before) list.replaceChildren(h("li", { class: "empty" }, error.message));
    }
  };
  // What the lobby's socket says: the seeks, and this page's own seek.
  const hear = (message) => {
    if (message.type === "seeks") {
      heard += 1;
      render(message.seeks);
    }
    else if (message.type === "seek" && waiting && message.id === waiting.id) {
      if (message.status === "accepted" && message.game) open(message.game);
      else if (message.status === "gone") setWaiting(null);
    }
  };

  card.append(
    h("h2", { id: "people-title" }, "Play someone"),
    who,
    h("div", { class: "seek-form" },
      h("label", { class: "row" }, "Game ", game),
      h("label", { class: "row" }, "Clock ", clock),
      h("label", {}, rated, " Rated (accounts only)"),
      h("div", { class: "buttons" }, post, random),
    ),
    waitLine,
    message,
    h("h3", {}, "Open seeks"),
    list,
  );
  live = liveSocket("/api/lobby/events", hear, () => {}, watchMessage);
  // Polling only while the socket is down (it sends the list on connecting).
  const timer = setInterval(() => {
    if (live.isOpen()) return;
    pollMine();
    if (document.visibilityState === "visible") refresh();
  }, POLL_MS);
  window.addEventListener("pagehide", () => {
    clearInterval(timer);
    live.close();
    // A seek this page no longer asks for expires anyway; cancel it at once.
    if (waiting) people.cancelSeek(waiting.id, waiting.token).catch(() => {});
  }, { once: true });
}
