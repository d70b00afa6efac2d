// The generic table, for games whose own table is not drawn yet: the game's text view of
// what this seat sees (in words, wrapped to the page) and every legal action as a button.
//
// A table module exports an object with:
//   ctx: {obs, legal, seat, seats, status, options, text, over, readonly, events, seen, clock, pool, name, colour}
//   draw(board, mine, ctx)   draw the table into `board` and the seat's own area into `mine`;
//                            place legal actions with ctx.pool.take(pred) + ctx.pool.bind(node, entry)
//   panel(obs, seat, ctx)    lines of public information for a player's panel
//   toMove(obs)              the seat to play (or null)
//   prompt(ctx)              what the seat is deciding, in words
//   panelAction(action, seat) whether an action is played on that player's panel (optional)
//   notes(options)           lines for the help panel about the options in force (optional)
//   onClock(clock, ctx)      called on every clock message (clock: the game's public clock, `at`: performance.now()) (optional)
//   css                      a stylesheet of its own under tables/ (e.g. "ramses.css"), linked once (optional)
//   needsText                true when the table shows the game's text view (the server then sends it)

import { el } from "../util.js";

function toMove(obs) {
  if (!obs || typeof obs !== "object") return null;
  for (const k of ["to_move", "current_player", "current", "turn_seat"]) {
    if (typeof obs[k] === "number" && obs[k] >= 0) return obs[k];
  }
  return null;
}

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
  toMove,
  prompt(ctx) {
    return ctx.legal && ctx.legal.length ? "Your move: choose an action." : "";
  },
};
