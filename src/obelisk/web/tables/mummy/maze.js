// The maze of Fluch der Mumie as data: the engine's built-in map (games/mummy/board.txt,
// the format of mummy:4.1), parsed once. A room always plays this map: the server refuses
// a map file from the network (docs/protocol.md, option ranges).

const MAP = `
+---+---+---+---+---+---+---+---+---+---+---+
| .   .   e | .   .   a   .   .   .   .   i |
+   +---+---+   +---+   +---+   +---+---+   +
| . | .   .   .   .   .   . | .   j   . | . |
+   +   +---+---+   +---+   +---+---+   +   +
| f | .   .   .   . | b | .   .   .   k | . |
+   +---+   +---+---+   +---+---+   +---+   +
| .   . | .   h   .   .   .   l   . | .   . |
+---+   +---+   +---+---+---+   +---+   +---+
| .   g | .   . | c   .   d | .   .   .   m |
+   +---+   +---+---+   +---+---+   +---+   +
| .   .   q   . | .   .   .   .   .   .   . |
+   +   +---+   +---+   +---+   +---+   +---+
| p   . | .   .   .   . | .   .   . | u   . |
+   +---+   +---+   +   +   +---+   +---+   +
| . | r   . | .   .   . | .   w   . | .   . |
+   +   +---+   +---+   +---+   +---+   +   +
| . | .   .   . | o   .   .   .   .   . | v |
+   +---+---+   +---+---+   +---+---+   +   +
| .   .   .   .   . | .   .   .   s | .   . |
+   +---+---+---+   +   +---+   +---+---+   +
| .   .   .   n | S | M | t   .   .   V   . |
+---+---+---+---+---+---+---+---+---+---+---+`;

/** Rows and columns of the maze. */
export const ROWS = 11;
export const COLS = 11;

/** The colour area of each symbol letter (mummy:4.3) and its name. */
export const SYMBOLS = {
  a: ["yellow", "sun disc"], b: ["yellow", "golden mask"], c: ["yellow", "crook"], d: ["yellow", "flail"],
  e: ["green", "scarab"], f: ["green", "lotus"], g: ["green", "cobra"], h: ["green", "papyrus"],
  i: ["white", "moon amulet"], j: ["white", "feather"], k: ["white", "eye"], l: ["white", "oil lamp"], m: ["white", "key"],
  n: ["red", "vase"], o: ["red", "crown"], p: ["red", "jewel"], q: ["red", "bow"], r: ["red", "chariot wheel"],
  s: ["blue", "cat statue"], t: ["blue", "ship"], u: ["blue", "jar"], v: ["blue", "necklace"], w: ["blue", "sceptre"],
};

/** The label of a field as the narration writes it: columns A.. from the left, rows 1.. from the top. */
export function label(r, c) {
  return String.fromCharCode(65 + c) + String(r + 1);
}

/** The (row, col) of a label such as "E10", or null. */
export function parseLabel(text) {
  const m = /^([A-K])(\d{1,2})$/.exec(String(text).trim().toUpperCase());
  if (!m) return null;
  const r = +m[2] - 1;
  const c = m[1].charCodeAt(0) - 65;
  return r >= 0 && r < ROWS && c >= 0 && c < COLS ? [r, c] : null;
}

function parse(text) {
  const lines = text.split("\n").filter((l) => l.length);
  const cells = [];
  for (let r = 0; r < ROWS; r++) {
    for (let c = 0; c < COLS; c++) {
      const ch = lines[2 * r + 1][4 * c + 2];
      cells.push({
        r, c, label: label(r, c), ch,
        // a wall on each side: north, east, south, west
        wallN: lines[2 * r].slice(4 * c + 1, 4 * c + 4) === "---",
        wallS: lines[2 * r + 2].slice(4 * c + 1, 4 * c + 4) === "---",
        wallW: lines[2 * r + 1][4 * c] === "|",
        wallE: lines[2 * r + 1][4 * c + 4] === "|",
        symbol: /[a-w]/.test(ch) ? ch : null,
      });
    }
  }
  return cells;
}

/** Every field, row by row: {r, c, label, ch, wallN, wallE, wallS, wallW, symbol}. */
export const CELLS = parse(MAP);

/** The field of each symbol letter. */
export const SYMBOL_CELL = Object.fromEntries(CELLS.filter((x) => x.symbol).map((x) => [x.symbol, x]));

/** The special fields: the stairs (start), the sarcophagus (mummy start), the dungeon. */
export const START = CELLS.find((x) => x.ch === "S");
export const SARCOPHAGUS = CELLS.find((x) => x.ch === "M");
export const DUNGEON = CELLS.find((x) => x.ch === "V");

export function cellAt(r, c) {
  return CELLS[r * COLS + c];
}
