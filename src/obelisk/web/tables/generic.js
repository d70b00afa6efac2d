// The generic table, for games whose own table is not drawn yet: the game's text view of
// what this seat sees (in words, wrapped to the page) and every legal action as a button.
//
// The table interface (what a module receives and exports) is written down in types.js.

import { el } from "../util.js";

/** @type {import("./types.js").TableModule} */
export default {
  needsText: true,
  draw(board, mine, ctx) {
    const text = ctx.text || "";
    board.append(
      el("div.generic", null,
        el("p.muted", { text: "This game's table is drawn as text for now." }),
        el("pre#view.textview", { text: text || "The table appears here." })),
    );
  },
  panel() {
    return [];
  },
  prompt(ctx) {
    return ctx.legal && ctx.legal.length ? "Your move: choose an action." : "";
  },
};
