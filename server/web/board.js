// Draws a BoardView (the crate's rulebook::catalog::BoardView, as the server
// sends it) as SVG: squares boards (checkers, draughts, Othello) and drop
// boards (Connect Four, ConnectX). Pure function of its arguments: the page
// redraws the whole board on every change (at most 100 cells).

const NS = "http://www.w3.org/2000/svg";
const CELL = 100;

/** Colours of a seat by its name; shapes tell the two sides apart too. */
export const PIECE_STYLE = {
  // A light rim: red on the dark green squares differs in hue more than in light.
  red: { fill: "#c62828", stroke: "#ffe1e1", mark: "#ffd6d6" },
  white: { fill: "#f7f7f2", stroke: "#262626", mark: "#5a5a5a" },
  black: { fill: "#222222", stroke: "#000000", mark: "#e6e6e6" },
  x: { fill: "#d32f2f", stroke: "#4a0000", mark: "#ffffff" },
  o: { fill: "#f9c80e", stroke: "#5c4500", mark: "#4a3800" },
};

function svg(tag, attrs = {}, children = []) {
  const node = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null && value !== false) node.setAttribute(key, String(value));
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

function styleOf(players, player) {
  return PIECE_STYLE[players[player]] || (player === 0 ? PIECE_STYLE.red : PIECE_STYLE.white);
}

/**
 * A piece centred on (cx, cy) with radius r. Player 0 carries a ring (or
 * a cross for Connect Four's X), player 1 a diamond (or a ring for O), a
 * king a crown: shape as well as colour.
 */
export function pieceShape(players, piece, cx, cy, r, { drop = false } = {}) {
  const style = styleOf(players, piece.player);
  const group = svg("g", { class: `piece player-${piece.player}${piece.king ? " king" : ""}` });
  group.append(
    svg("circle", { cx, cy, r, fill: style.fill, stroke: style.stroke, "stroke-width": r * 0.1 }),
  );
  const mark = style.mark;
  if (drop) {
    if (piece.player === 0) {
      const d = r * 0.45;
      group.append(
        svg("path", {
          d: `M${cx - d},${cy - d}L${cx + d},${cy + d}M${cx + d},${cy - d}L${cx - d},${cy + d}`,
          stroke: mark,
          "stroke-width": r * 0.2,
          "stroke-linecap": "round",
        }),
      );
    } else {
      group.append(svg("circle", { cx, cy, r: r * 0.45, fill: "none", stroke: mark, "stroke-width": r * 0.18 }));
    }
    return group;
  }
  if (piece.player === 0) {
    group.append(svg("circle", { cx, cy, r: r * 0.68, fill: "none", stroke: mark, "stroke-width": r * 0.09 }));
  } else {
    const d = r * 0.7;
    group.append(
      svg("path", {
        d: `M${cx},${cy - d}L${cx + d},${cy}L${cx},${cy + d}L${cx - d},${cy}Z`,
        fill: "none",
        stroke: mark,
        "stroke-width": r * 0.09,
      }),
    );
  }
  if (piece.king) {
    // A second rim and a crown: a king is told by its shape.
    group.append(svg("circle", { cx, cy, r: r * 0.86, fill: "none", stroke: style.stroke, "stroke-width": r * 0.06 }));
    const w = r * 0.62;
    const h = r * 0.62;
    const top = cy - h * 0.5;
    const base = cy + h * 0.45;
    group.append(
      svg("path", {
        class: "crown",
        d:
          `M${cx - w},${base}L${cx - w},${top}L${cx - w / 2},${cy - h * 0.05}L${cx},${top - h * 0.2}` +
          `L${cx + w / 2},${cy - h * 0.05}L${cx + w},${top}L${cx + w},${base}Z`,
        fill: mark,
        stroke: style.stroke,
        "stroke-width": r * 0.07,
        "stroke-linejoin": "round",
      }),
    );
  }
  return group;
}

/** A small standalone SVG of a seat's piece (for the players panel). */
export function pieceIcon(players, player, drop) {
  const icon = svg("svg", { viewBox: "0 0 100 100", class: "piece-icon", "aria-hidden": "true" });
  icon.append(pieceShape(players, { player, king: false }, 50, 50, 42, { drop }));
  return icon;
}

/**
 * Draws `view` into `host` (replacing its content).
 * opts: players, flipped, labels, selected (label), route (labels of the
 * partial route), targets (Set of labels), mustCapture (Set), faded (Set),
 * lastRoute (labels), lastDrop ({row, column}), dropAnim ({row, column}),
 * moving ({from, to}) and the callbacks onSquare(label), onColumn(column).
 */
export function renderBoard(host, view, opts) {
  const rows = view.rows;
  const columns = view.columns;
  const drop = view.kind === "drop";
  const root = svg("svg", {
    viewBox: `0 0 ${columns * CELL} ${rows * CELL}`,
    class: `board ${drop ? "drop" : "squares"}${opts.labels ? " labels-on" : ""}`,
    role: "grid",
    "aria-label": opts.ariaLabel || "board",
    "data-testid": "board",
  });
  const flip = !drop && opts.flipped;
  const place = (row, column) => ({
    x: (flip ? columns - 1 - column : column) * CELL,
    y: (flip ? rows - 1 - row : row) * CELL,
  });
  if (drop) drawDrop(root, view, opts, place);
  else drawSquares(root, view, opts, place);
  host.replaceChildren(root);
  return root;
}

function drawSquares(root, view, opts, place) {
  const { players } = opts;
  const byLabel = new Map();
  const allPlayable = view.cells.every((cell) => cell.label);
  const lastSet = new Set(opts.lastRoute || []);
  for (const cell of view.cells) {
    const { x, y } = place(cell.row, cell.column);
    if (!cell.label) {
      root.append(svg("rect", { x, y, width: CELL, height: CELL, class: "sq light" }));
      continue;
    }
    byLabel.set(cell.label, { x, y, cell });
    const label = cell.label;
    const piece = cell.piece;
    const who = piece ? `${players[piece.player] || `player ${piece.player}`} ${piece.king ? "king" : "man"}` : "empty";
    const group = svg("g", {
      class: "square",
      "data-square": label,
      role: "gridcell",
      // Discs on a board of only playable squares (Othello) are named by
      // their side alone; a king is named as one on every board.
      "aria-label": `${label}: ${allPlayable && piece && !piece.king ? players[piece.player] : who}`,
    });
    const classes = ["sq", allPlayable ? "field" : "dark"];
    if (lastSet.has(label)) classes.push("last");
    if (opts.selected === label) classes.push("selected");
    if (opts.targets && opts.targets.has(label)) classes.push("target");
    group.append(svg("rect", { x, y, width: CELL, height: CELL, class: classes.join(" ") }));
    if (lastSet.has(label)) {
      group.append(svg("rect", { x: x + 4, y: y + 4, width: CELL - 8, height: CELL - 8, class: "last-frame" }));
    }
    if (piece) {
      const shape = pieceShape(players, piece, x + CELL / 2, y + CELL / 2, CELL * 0.38);
      if (opts.faded && opts.faded.has(label)) shape.classList.add("faded");
      if (opts.mustCapture && opts.mustCapture.has(label)) {
        group.append(
          svg("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL * 0.46, class: "must-capture" }),
        );
      }
      group.append(shape);
    }
    if (opts.targets && opts.targets.has(label)) {
      group.append(svg("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL * 0.14, class: "target-dot" }));
    }
    if (opts.labels) {
      // Over the piece, in a corner, with a halo: readable on any square.
      group.append(svg("text", { x: x + 5, y: y + 22, class: "sq-label" }, [document.createTextNode(label)]));
    }
    group.addEventListener("click", () => opts.onSquare && opts.onSquare(label));
    root.append(group);
  }
  const route = opts.route || [];
  if (route.length > 1) {
    const points = route
      .map((label) => byLabel.get(label))
      .filter(Boolean)
      .map(({ x, y }) => `${x + CELL / 2},${y + CELL / 2}`)
      .join(" ");
    root.append(svg("polyline", { points, class: "route-shadow" }));
    root.append(svg("polyline", { points, class: "route", "data-testid": "route" }));
  }
  if (route.length > 1) {
    // The moving piece over its route, where it has landed so far.
    const spot = byLabel.get(route[route.length - 1]);
    if (spot && spot.cell.piece) {
      root.append(pieceShape(players, spot.cell.piece, spot.x + CELL / 2, spot.y + CELL / 2, CELL * 0.38));
    }
  }
  if (route.length > 0) {
    for (const label of route.slice(0, -1)) {
      const spot = byLabel.get(label);
      if (spot) {
        root.append(svg("circle", { cx: spot.x + CELL / 2, cy: spot.y + CELL / 2, r: 9, class: "route-stop" }));
      }
    }
  }
}

function drawDrop(root, view, opts, place) {
  const { players } = opts;
  root.append(svg("rect", { x: 0, y: 0, width: view.columns * CELL, height: view.rows * CELL, class: "frame" }));
  for (let column = 0; column < view.columns; column += 1) {
    const group = svg("g", {
      class: "column",
      "data-column": column,
      role: "button",
      tabindex: opts.interactive ? 0 : -1,
      // Numbered from 1, as people count (data-column is the API's index, from 0).
      "aria-label": `column ${column + 1}`,
    });
    group.append(svg("rect", { x: column * CELL, y: 0, width: CELL, height: view.rows * CELL, class: "col-hit" }));
    for (let row = 0; row < view.rows; row += 1) {
      const cell = view.cells[row * view.columns + column];
      const { x, y } = place(row, column);
      const cx = x + CELL / 2;
      const cy = y + CELL / 2;
      group.append(svg("circle", { cx, cy, r: CELL * 0.4, class: "hole" }));
      if (cell && cell.piece) {
        const shape = pieceShape(players, cell.piece, cx, cy, CELL * 0.4, { drop: true });
        if (opts.dropAnim && opts.dropAnim.row === row && opts.dropAnim.column === column) {
          shape.classList.add("dropping");
          shape.style.setProperty("--drop", `${-(row + 1) * CELL}px`);
        }
        group.append(shape);
        if (opts.winning && opts.winning.has(`${row},${column}`)) {
          group.append(svg("circle", { cx, cy, r: CELL * 0.16, class: "win-mark", "data-testid": "win-mark" }));
        }
        if (opts.lastDrop && opts.lastDrop.row === row && opts.lastDrop.column === column) {
          group.append(svg("circle", { cx, cy, r: CELL * 0.47, class: "last-ring", "data-testid": "last-drop" }));
        }
      }
    }
    if (opts.labels) {
      group.append(
        svg("text", { x: column * CELL + CELL / 2, y: 22, class: "col-label", "text-anchor": "middle" }, [
          document.createTextNode(String(column + 1)),
        ]),
      );
    }
    group.addEventListener("click", () => opts.onColumn && opts.onColumn(column));
    group.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        if (opts.onColumn) opts.onColumn(column);
      }
    });
    root.append(group);
  }
}
