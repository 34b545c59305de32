// Rematch after the end: the buttons, what the status line says about an
// offer, and moving the page to the new game once it is agreed (the
// seats are swapped there; this page's token holds the other colour).

import { api } from "./api.js";

/** What changed about the rematch between two states, for the status line. */
export function rematchNews(previous, state, seat, seatTitle) {
  const was = (previous && previous.rematch) || {};
  const now = state.rematch || {};
  if (!seat || !state.result || now.game) return null;
  const other = seatTitle(state.players.find((name) => name !== seat));
  if (now.offered_by && now.offered_by !== seat && was.offered_by !== now.offered_by) {
    return `${other} offers a rematch: accept or decline it.`;
  }
  if (was.offered_by === seat && !now.offered_by) return `${other} declined the rematch.`;
  return null;
}

/**
 * The rematch controls of a finished game, for `page` (a GamePage);
 * `button(label, onclick, attrs)` makes one, `h` an element, `store` keeps seats.
 */
export function rematchControls(page, button, h, store) {
  const state = page.state;
  if (!state.result) return [];
  const rematch = state.rematch || {};
  if (rematch.game) {
    const link = h("a", { class: "button primary", href: `/games/${rematch.game}`, "data-testid": "rematch-link" }, page.seat ? "Go to the rematch" : "Watch the rematch");
    if (page.token) {
      // A player (whose page was closed when it was agreed) goes there seated.
      link.addEventListener("click", (event) => {
        event.preventDefault();
        goToRematch(page, rematch.game, store);
      });
    }
    return [link];
  }
  if (!page.seat) return [];
  const other = state.players.find((name) => name !== page.seat);
  const opponent = state.seats[other] || {};
  if (opponent.kind === "human" && !opponent.taken) return [];
  const act = (action) => page.action(() => api.rematch(page.id, page.token, action));
  if (rematch.offered_by && rematch.offered_by !== page.seat) {
    return [
      button("Accept rematch", () => act("accept"), { class: "primary", "data-testid": "accept-rematch" }),
      button("Decline rematch", () => act("decline"), { "data-testid": "decline-rematch" }),
    ];
  }
  const offered = rematch.offered_by === page.seat;
  return [button(offered ? "Rematch offered" : "Rematch", () => act("offer"), { class: "primary", "data-testid": "rematch", disabled: offered })];
}

/**
 * Once the rematch is agreed, a player's page moves to it: the server
 * says which seat this token holds there; the page keeps it and goes.
 */
export async function followRematch(page, previous, state, store) {
  const game = state.rematch && state.rematch.game;
  if (!game || !page.token || page.following) return;
  // Only when it was agreed just now (a reload of the old game stays there, with a link).
  if (!previous || (previous.rematch && previous.rematch.game)) return;
  await goToRematch(page, game, store);
}

/** Asks the server which seat this page's token holds in the rematch, keeps it, and goes there. */
export async function goToRematch(page, game, store) {
  page.following = true;
  try {
    const seat = await api.seat(game, page.token);
    store.saveSeat(game, { token: page.token, seat: seat.seat });
    location.assign(`/games/${game}`);
  } catch (error) {
    page.following = false;
    page.refuse(error.message);
  }
}
