// A player's page, /players/{name}: ratings per kind, the rating history
// drawn as an SVG chart (one line per kind), and the games with links.

import { h, svg } from "./dom.js";
import { people } from "./people.js";

const COLOURS = ["#0b5cad", "#a4161a", "#1b5e20", "#7b1fa2", "#e65100", "#37474f"];
const WIDTH = 640;
const HEIGHT = 240;
const PAD = { left: 48, right: 12, top: 12, bottom: 28 };

/** The rating history as an SVG line chart: x the rated games in order, y the rating. */
export function ratingChart(history) {
  const kinds = [...new Set(history.map((point) => point.kind))];
  const ratings = history.map((point) => point.rating);
  const low = Math.floor((Math.min(1500, ...ratings) - 25) / 50) * 50;
  const high = Math.ceil((Math.max(1500, ...ratings) + 25) / 50) * 50;
  const x = (index) => PAD.left + (history.length <= 1 ? 0.5 : index / (history.length - 1)) * (WIDTH - PAD.left - PAD.right);
  const y = (rating) => PAD.top + ((high - rating) / (high - low)) * (HEIGHT - PAD.top - PAD.bottom);
  const grid = [];
  const step = Math.max(50, Math.ceil((high - low) / 4 / 50) * 50);
  for (let value = low; value <= high; value += step) {
    grid.push(
      svg("line", { x1: PAD.left, x2: WIDTH - PAD.right, y1: y(value), y2: y(value), stroke: "#d0ccc2", "stroke-width": 1 }),
      svg("text", { x: PAD.left - 6, y: y(value) + 4, "text-anchor": "end", "font-size": 11, fill: "#4d4a44" }, String(value)),
    );
  }
  const lines = kinds.map((kind, index) => {
    const colour = COLOURS[index % COLOURS.length];
    const points = history.map((point, order) => [point, order]).filter(([point]) => point.kind === kind);
    return svg(
      "g",
      { "data-kind": kind },
      svg("polyline", {
        points: points.map(([point, order]) => `${x(order).toFixed(1)},${y(point.rating).toFixed(1)}`).join(" "),
        fill: "none",
        stroke: colour,
        "stroke-width": 2,
      }),
      points.map(([point, order]) =>
        svg("circle", { cx: x(order).toFixed(1), cy: y(point.rating).toFixed(1), r: 3, fill: colour },
          svg("title", {}, `${kind}: ${Math.round(point.rating)} (${new Date(point.at).toLocaleDateString()})`)),
      ),
    );
  });
  const legend = kinds.map((kind, index) =>
    svg("text", { x: PAD.left + index * 150, y: HEIGHT - 8, "font-size": 12, fill: COLOURS[index % COLOURS.length] }, kind),
  );
  return svg(
    "svg",
    { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "rating-chart", role: "img", "aria-label": "Rating over time", "data-testid": "rating-chart" },
    svg("title", {}, "Rating over time"),
    grid,
    lines,
    legend,
  );
}

function resultWord(game) {
  if (!game.result) return "playing";
  if (game.result === "*") return "aborted";
  if (game.result === "1/2-1/2") return "draw";
  const firstWon = game.result === "1-0" || game.result === "2-0";
  return firstWon === (game.seat === 0) ? "won" : "lost";
}

export async function showPlayer(name) {
  const app = document.getElementById("app");
  const status = document.querySelector('[data-testid="status"]');
  document.title = `rulebook — ${name}`;
  let page;
  try {
    page = await people.player(name);
  } catch (error) {
    status.textContent = error.message;
    status.dataset.kind = "error";
    app.replaceChildren();
    return;
  }
  status.textContent = `${page.name}: ${page.games.length} game${page.games.length === 1 ? "" : "s"}.`;
  status.dataset.kind = "info";
  const ratings = page.ratings.length
    ? h("ul", { class: "ratings", "data-testid": "ratings" },
        page.ratings.map((rating) =>
          h("li", { "data-kind": rating.kind },
            h("strong", {}, `${Math.round(rating.rating)}${rating.provisional ? "?" : ""}`),
            ` ${rating.kind} — ${rating.games} rated game${rating.games === 1 ? "" : "s"}, deviation ${Math.round(rating.deviation)}`)))
    : h("p", { "data-testid": "ratings" }, "No rated game yet.");
  const games = h("ul", { class: "game-list", "data-testid": "player-games" },
    page.games.map((game) =>
      h("li", {},
        h("a", { href: game.url }, `${game.kind}${game.rated ? ", rated" : ""}`),
        " against ",
        game.opponent_account ? h("a", { href: `/players/${encodeURIComponent(game.opponent)}` }, game.opponent) : game.opponent || "?",
        ` — ${resultWord(game)}`)));
  app.replaceChildren(
    h("section", { class: "card player", "data-testid": "player" },
      h("h2", {}, page.name),
      h("p", {}, `Registered ${new Date(page.created_at * 1000).toLocaleDateString()}`),
      h("h3", {}, "Ratings"),
      ratings,
      page.history.length ? ratingChart(page.history) : null,
      h("h3", {}, "Games"),
      games,
    ),
  );
}
