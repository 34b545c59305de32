// The API of accounts, seeks, pairing and players (server/README.md,
// "Accounts, seeks and ratings"), and the guest's name kept in the browser.
// The session is an HttpOnly cookie: this page never sees its token.

import { call } from "./api.js";

const enc = encodeURIComponent;

export const people = {
  register: (username, password) => call("POST", "/api/accounts", { body: { username, password } }),
  login: (username, password) => call("POST", "/api/session", { body: { username, password } }),
  logout: () => call("DELETE", "/api/session"),
  /** The logged-in account's name, or null. */
  async me() {
    try {
      return (await call("GET", "/api/session")).name;
    } catch (error) {
      if (error.status === 401) return null;
      throw error;
    }
  },
  seeks: () => call("GET", "/api/seeks"),
  postSeek: (seek) => call("POST", "/api/seeks", { body: seek }),
  seek: (id, token) => call("GET", `/api/seeks/${enc(id)}`, { token }),
  cancelSeek: (id, token) => call("DELETE", `/api/seeks/${enc(id)}`, { token }),
  accept: (id, name) => call("POST", `/api/seeks/${enc(id)}/accept`, { body: { name } }),
  pairing: (request) => call("POST", "/api/pairing", { body: request }),
  gamePlayers: (id) => call("GET", `/api/games/${enc(id)}/players`),
  nameSeat: (id, token, name) => call("POST", `/api/games/${enc(id)}/players`, { token, body: { name } }),
  player: (name) => call("GET", `/api/players/${enc(name)}`),
};

/** The guest's name, kept in this browser ("" when none was chosen). */
export function guestName() {
  return localStorage.getItem("rulebook.name") || "";
}

export function saveGuestName(name) {
  localStorage.setItem("rulebook.name", name.trim());
}

/** Keeps a seat's token where the game page looks for it (as app.js's store does). */
export function saveSeat(joined) {
  localStorage.setItem(`rulebook.seat.${joined.id}`, JSON.stringify({ token: joined.token, seat: joined.seat }));
}

export function savedSeat(id) {
  try {
    return JSON.parse(localStorage.getItem(`rulebook.seat.${id}`) || "null");
  } catch {
    return null;
  }
}

/** A rating as shown: 1523, or 1500? while provisional. */
export function ratingText(rating) {
  if (!rating) return "";
  return `${Math.round(rating.rating)}${rating.provisional ? "?" : ""}`;
}
