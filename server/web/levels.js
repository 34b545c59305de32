// The computer's levels, explained in a line each. The catalog's own
// words are used when it has them (an entry's `level_descriptions`: an
// array from the weakest level, or an object by level); otherwise this
// table, which follows the crate's level tables (src/*/levels.rs).

const STANDARD = [
  "looks one move ahead: a beginner",
  "looks three half-moves ahead (plus forced captures)",
  "searches 10,000 positions a move",
  "searches 100,000 positions a move",
  "searches 1,000,000 positions a move: the strongest",
];

const TABLE = {
  connect4: [
    "looks one move ahead: a beginner",
    "looks two half-moves ahead",
    "looks four half-moves ahead",
    "searches 20,000 positions a move",
    "searches 200,000 positions a move",
    "searches 2,000,000 positions a move",
    "perfect play (the solver): never loses a game it can draw or win",
  ],
  connectx: [
    "100 random playouts a move (Monte Carlo): a beginner",
    "400 playouts a move",
    "1,600 playouts a move",
    "6,400 playouts a move",
    "25,600 playouts a move",
    "102,400 playouts a move: the strongest",
  ],
};

/** The line that explains `level` of the catalog's `entry`. */
export function levelText(entry, level) {
  const low = (entry.levels && entry.levels[0]) || 1;
  const given = entry.level_descriptions;
  const fromCatalog = Array.isArray(given) ? given[level - low] : given && typeof given === "object" ? given[level] : null;
  if (typeof fromCatalog === "string" && fromCatalog) return `Level ${level}: ${fromCatalog}`;
  const table = TABLE[entry.game] || STANDARD;
  const line = table[level - 1];
  return line ? `Level ${level}: ${line}.` : `Level ${level}.`;
}
