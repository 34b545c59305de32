// The players' names above a game: each seat's account (with its rating in
// a rated game, and a link to its page) or guest name. A page holding a
// seat's token names that seat: the logged-in account, or the guest's name.

import { h } from "./dom.js";
import { people, guestName, savedSeat, ratingText } from "./people.js";

const seatTitle = (seat) => (seat === "x" || seat === "o" ? seat.toUpperCase() : seat.charAt(0).toUpperCase() + seat.slice(1));

function tokenOf(id) {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ""));
  return fragment.get("token") || (savedSeat(id) || {}).token || null;
}

export async function showSeatNames(id) {
  const line = h("p", { class: "seat-names", "data-testid": "seat-names", hidden: true });
  document.getElementById("app").before(line);
  const token = tokenOf(id);
  let named = false;
  const render = async () => {
    if (token && !named) {
      try {
        await people.nameSeat(id, token, guestName() || undefined);
        named = true;
      } catch (error) {
        // 403: not a seat's token (yet: an invitation not used); 409: named already.
        if (error.status === 409) named = true;
      }
    }
    let players;
    try {
      players = await people.gamePlayers(id);
    } catch {
      return false;
    }
    const seats = Object.entries(players.players);
    line.hidden = seats.length === 0;
    line.replaceChildren(
      ...seats.flatMap(([seat, player], index) => [
        index ? " — " : "",
        `${seatTitle(seat)}: `,
        player.account ? h("a", { href: `/players/${encodeURIComponent(player.name)}` }, player.name) : `${player.name} (guest)`,
        player.rating ? ` (${ratingText(player.rating)})` : "",
      ]),
      players.rated ? h("span", { class: "rated" }, " · rated") : "",
    );
    return seats.length === 2;
  };
  // Until both seats have names (the opponent may name theirs later).
  for (let attempt = 0; attempt < 60; attempt += 1) {
    if (await render()) return;
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
}
