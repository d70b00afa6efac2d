// Abu Simbel's table: the route of chamber cards from the entrance to the vault (face up on
// the way in; face down for the explorer on the way out: the memory rule), the moves as
// large buttons with a name and an icon, the treasure decks, the charms, and the referee's
// pass/fail buttons. What the table shows only for a moment comes as a flash from the
// server (shown by the frame, never logged); this drawing keeps nothing between positions.

import { el, svg, plural } from "../util.js";

const CHAMBERS = {
  MUMMY: ["the wrapped mummy", "PUNCH"],
  BLADES: ["the swinging blades", "DUCK"],
  LAVA: ["the lava", "JUMP"],
  CRACK: ["the narrow crack", "CRAB_2"],
  EMPTY: ["the empty chamber", "STEP_2"],
  PIT: ["the pit", "ROPE_2"],
  SCORPIONS: ["the scorpions", "STOMP"],
  DIVE: ["the deep water", "SWIM"],
  GAS: ["the poison gas", "COVER_NOSE"],
  CRAWL: ["the low tunnel", "CRAWL"],
  HISSING: ["the hissing snakes", "BALANCE"],
};

const MOVES = {
  PUNCH: ["Punch", "punch the air"],
  DUCK: ["Duck", "duck low"],
  JUMP: ["Jump", "jump forward"],
  CRAB_2: ["Crab steps", "two crab steps sideways"],
  STEP_2: ["Two steps", "two steps forward"],
  ROPE_2: ["Rope", "two steps hand over hand on a rope"],
  SWIM: ["Swim", "one swimming stroke"],
  COVER_NOSE: ["Cover nose", "cover your nose"],
  CRAWL: ["Crawl", "crawl a little"],
  BALANCE: ["Balance", "heel-to-toe with arms out"],
};

function moveInfo(token) {
  const m = /^STOMP_x(\d+)$/.exec(token);
  if (m) return [`Stomp ×${m[1]}`, `stomp ${m[1] === "1" ? "once" : m[1] + " times"}`];
  return MOVES[token] || [token.toLowerCase().replace(/_/g, " "), ""];
}

const S = { stroke: "currentColor", "stroke-width": 3, fill: "none", "stroke-linecap": "round", "stroke-linejoin": "round" };

/** A small drawing of a move (our own pictograms). */
function icon(token) {
  const g = [];
  const base = token.startsWith("STOMP") ? "STOMP" : token;
  switch (base) {
    case "PUNCH":
      g.push(svg("rect", { x: 18, y: 16, width: 16, height: 14, rx: 4, ...S }), svg("path", { d: "M6 23h12M8 15l6 4M8 31l6-4", ...S }));
      break;
    case "DUCK":
      g.push(svg("path", { d: "M6 12h36", ...S }), svg("path", { d: "M24 18v20M16 30l8 8 8-8", ...S }));
      break;
    case "JUMP":
      g.push(svg("path", { d: "M8 38C14 8 34 8 40 38", ...S }), svg("path", { d: "M34 32l6 6 2-8", ...S }), svg("path", { d: "M18 42h12", ...S, "stroke-dasharray": "2 4" }));
      break;
    case "CRAB_2":
      g.push(svg("path", { d: "M6 24h36M12 18l-6 6 6 6M36 18l6 6-6 6", ...S }), svg("text", { x: 24, y: 16, "text-anchor": "middle", "font-size": 15, fill: "currentColor" }, "2"));
      break;
    case "STEP_2":
      g.push(svg("ellipse", { cx: 17, cy: 32, rx: 5, ry: 8, ...S }), svg("ellipse", { cx: 31, cy: 16, rx: 5, ry: 8, ...S }));
      break;
    case "ROPE_2":
      g.push(svg("path", { d: "M4 10h40", ...S }), svg("path", { d: "M16 10v10M32 10v10", ...S }), svg("circle", { cx: 16, cy: 24, r: 4, ...S }), svg("circle", { cx: 32, cy: 24, r: 4, ...S }));
      break;
    case "STOMP": {
      const k = token.split("x")[1] || "1";
      g.push(svg("path", { d: "M14 8v22h12l4 6H14", ...S }), svg("path", { d: "M8 42h32", ...S }), svg("text", { x: 36, y: 22, "text-anchor": "middle", "font-size": 15, fill: "currentColor" }, "×" + k));
      break;
    }
    case "SWIM":
      g.push(svg("path", { d: "M4 30q5-6 10 0t10 0 10 0 10 0M4 40q5-6 10 0t10 0 10 0 10 0", ...S }), svg("path", { d: "M14 20q10-12 22-4", ...S }));
      break;
    case "COVER_NOSE":
      g.push(svg("path", { d: "M24 8l-6 18h10", ...S }), svg("rect", { x: 12, y: 24, width: 24, height: 10, rx: 4, ...S }), svg("path", { d: "M40 14q4 4 0 8M44 10q6 8 0 16", ...S }));
      break;
    case "CRAWL":
      g.push(svg("path", { d: "M4 14h40", ...S }), svg("path", { d: "M8 34h22M24 28l8 6-8 6", ...S }), svg("circle", { cx: 38, cy: 32, r: 3, ...S }));
      break;
    case "BALANCE":
      g.push(svg("path", { d: "M4 42h40", ...S }), svg("path", { d: "M24 14v16M10 20h28M24 30l-5 12M24 30l5 12", ...S }), svg("circle", { cx: 24, cy: 9, r: 4, ...S }));
      break;
    default:
      g.push(svg("circle", { cx: 24, cy: 24, r: 14, ...S }));
  }
  return svg("svg", { viewBox: "0 0 48 48", width: 44, height: 44, "aria-hidden": "true", focusable: "false" }, ...g);
}

function chamberName(c) {
  if (c.type === "SCORPIONS") return c.scorpions === 1 ? "one scorpion" : `${c.scorpions} scorpions`;
  return (CHAMBERS[c.type] || [String(c.type).toLowerCase()])[0];
}

function chamberToken(c) {
  if (c.token) return c.token;
  if (c.type === "SCORPIONS") return `STOMP_x${c.scorpions}`;
  return (CHAMBERS[c.type] || [null, "PUNCH"])[1];
}

function phaseWords(obs, ctx) {
  const who = ctx.seat === obs.active ? "You are" : `${ctx.name(obs.active)} is`;
  const n = obs.route_len;
  switch (obs.phase) {
    case "pre_turn":
      return `${who} about to enter the temple.`;
    case "way_in":
      return `${who} on the way in: chamber ${Math.min(obs.progress + 1, n)} of ${n}.`;
    case "treasure":
      return `${who} in the vault, choosing a treasure.`;
    case "way_out":
      return `${who} on the way out, from memory: chamber ${Math.min(obs.progress + 1, n)} of ${n}.`;
    case "game_over":
      return "The game is over.";
    default:
      return "";
  }
}

/** The slot the explorer is at now (or null). */
function currentSlot(obs) {
  if (obs.phase !== "way_in" && obs.phase !== "way_out") return null;
  const s = obs.way_order[obs.progress];
  return typeof s === "number" ? s : null;
}

function drawRoute(obs, ctx) {
  const here = currentSlot(obs);
  // from the entrance to the vault: the way in visits the highest slot first
  const order = [...obs.route].sort((a, b) => b.slot - a.slot);
  const cards = order.map((c) => {
    const isHere = c.slot === here;
    const node = el("div.chamber" + (c.face_down ? ".face-down" : "") + (isHere ? ".here" : ""), { dataset: { slot: String(c.slot + 1) } });
    node.append(el("span.ch-num", { text: `Chamber ${c.slot + 1}` }));
    if (c.face_down) {
      node.append(el("span.ch-back", { "aria-hidden": "true", text: "?" }), el("span.ch-name", { text: "face down" }));
    } else {
      const t = chamberToken(c);
      node.dataset.chamber = c.type;
      node.append(el("span.ch-icon", null, icon(t)), el("span.ch-name", { text: chamberName(c) }), el("span.ch-move", { text: moveInfo(t)[1] }));
      if (c.covered_by !== null && c.covered_by !== undefined) node.append(el("span.ch-cover", { text: `covered by ${ctx.name(c.covered_by)}` }));
    }
    if (isHere) node.append(el("span.ch-here", { text: obs.phase === "way_in" ? "next: in" : "next: out" }));
    const entry = ctx.pool.take((a) => a.kind === "cover" && a.slot === c.slot);
    if (entry) ctx.pool.bind(node, entry, `cover chamber ${c.slot + 1} with your mummy card`);
    return node;
  });
  return el("div.route", { "aria-label": "the route, from the entrance to the vault" },
    el("div.route-end", { text: "Entrance" }),
    ...cards,
    el("div.route-end.vault", { text: "Vault" }));
}

function drawMoves(ctx) {
  const moves = ctx.legal.filter((e) => e.action.kind === "move");
  if (!moves.length) return null;
  const pad = el("div.moves", { role: "group", "aria-label": "moves" });
  for (const entry of moves) {
    const [name, hint] = moveInfo(entry.action.token);
    const b = el("button.move", { type: "button" }, icon(entry.action.token), el("span.mv-name", { text: name }), el("span.mv-hint", { text: hint }));
    ctx.pool.take((a) => a === entry.action);
    ctx.pool.bind(b, entry, `${name}: ${hint}`);
    b.removeAttribute("role");
    pad.append(b);
  }
  return el("div.move-box", null, el("h3", { text: "Your move for this chamber" }), pad);
}

function drawReferee(obs, ctx) {
  const verdicts = ctx.legal.filter((e) => e.action.kind === "verdict");
  if (!verdicts.length) return null;
  const byIndex = new Map();
  for (const e of verdicts) {
    if (!byIndex.has(e.action.index)) byIndex.set(e.action.index, []);
    byIndex.get(e.action.index).push(e);
  }
  const rows = [];
  for (const [index, es] of [...byIndex.entries()].sort((a, b) => a[0] - b[0])) {
    const slot = obs.way_order[index];
    const c = obs.route.find((r) => r.slot === slot);
    const what = c && !c.face_down ? `${chamberName(c)}: ${moveInfo(chamberToken(c))[1]}` : "";
    const row = el("div.verdict-row", null, el("span", { text: `Chamber ${typeof slot === "number" ? slot + 1 : index + 1}${what ? " — " + what : ""}` }));
    for (const e of es.sort((a, b) => Number(b.action.passed) - Number(a.action.passed))) {
      const b = el("button.verdict" + (e.action.passed ? ".pass" : ".fail"), { type: "button", text: e.action.passed ? "Pass: the move was right" : "Fail: wrong move" });
      ctx.pool.take((a) => a === e.action);
      ctx.pool.bind(b, e, `${e.action.passed ? "pass" : "fail"} the move in chamber ${typeof slot === "number" ? slot + 1 : index + 1}`);
      b.removeAttribute("role");
      row.append(b);
    }
    rows.push(row);
  }
  return el("div.referee", null, el("h3", { text: `You judge ${ctx.name(obs.active)}'s move` }), ...rows);
}

function drawSupply(obs, ctx) {
  const decks = obs.treasure_decks.map((n, i) => {
    const d = el("div.tdeck", { dataset: { deck: String(i + 1) } }, el("span.td-name", { text: `Treasure deck ${i + 1}` }), el("span", { text: plural(n, "card") }));
    const entry = ctx.pool.take((a) => a.kind === "deck" && a.deck === i);
    if (entry) ctx.pool.bind(d, entry, `take the top treasure of deck ${i + 1}`);
    return d;
  });
  return el("div.as-supply", null,
    el("div.tdecks", null, ...decks),
    el("div.as-counts", null,
      el("span", { text: `Chamber deck: ${plural(obs.main_deck, "card")}` }),
      el("span", { text: `Discard: ${plural(obs.discard, "card")}` }),
      el("span", { text: `Mummy cards left: ${obs.mummy_supply}` }),
      obs.team_charms !== undefined ? el("span", { text: `Team charms: ${obs.team_charms}, treasures ${obs.team_treasures} of ${obs.team_target}` }) : null));
}

/** At the end: every player's treasures face up and the score in its parts. */
function drawFinal(obs, ctx) {
  if (!obs.scores || !obs.treasures) return null;
  const head = ["Player", "Treasures", "Treasure jewels", "Charm jewels", "Sets", "Mummy", "Total"];
  return el("div.final", null,
    el("h3", { text: "The final count" }),
    el("div.table-wrap", null,
      el("table.scores", null,
        el("thead", null, el("tr", null, ...head.map((h) => el("th", { text: h })))),
        el("tbody", null, ...obs.scores.map((sc, i) =>
          el("tr", { dataset: { seat: String(i + 1) } },
            el("td", { text: ctx.name(i) }),
            el("td", { text: (obs.treasures[i] || []).map(treasureWords).join(", ") || "none" }),
            el("td", { text: String(sc.treasure_jewels) }),
            el("td", { text: String(sc.charm_jewels) }),
            el("td", { text: String(sc.sets) }),
            el("td", { text: String(sc.mummy) }),
            el("td", { text: String(sc.total) })))))));
}

function treasureWords(t) {
  const [type, jewels] = String(t).split(":");
  const name = { URN: "urn", ARK: "ark", CHEST: "chest" }[type] || type.toLowerCase();
  return `${name} (${plural(+jewels || 0, "jewel")})`;
}

export default {
  draw(board, mine, ctx) {
    const obs = ctx.obs;
    board.append(
      el("div.abu", null,
        el("div.round-line", null, el("strong", { text: `Round ${obs.round}` }), " ", el("span", { text: phaseWords(obs, ctx) })),
        obs.route_hidden && ctx.seat === obs.active && obs.phase === "way_out"
          ? el("p.memory-note", { text: "The chambers are face down for you now: walk out from memory." })
          : null,
        drawRoute(obs, ctx),
        drawReferee(obs, ctx),
        drawMoves(ctx),
        drawSupply(obs, ctx),
        drawFinal(obs, ctx)),
    );
    if (obs.my_treasures !== undefined) {
      mine.append(el("div.abu-mine", null,
        el("h3", { text: "Your treasures" }),
        el("p.treasures", null, ...(obs.my_treasures.length
          ? obs.my_treasures.map((t) => el("span.treasure", { dataset: { treasure: t }, text: treasureWords(t) }))
          : ["none yet"])),
        obs.drawn_treasure
          ? el("p", null, "In your hands: ", el("span.treasure", { dataset: { treasure: obs.drawn_treasure }, text: treasureWords(obs.drawn_treasure) }), " (yours if you get out)")
          : null));
    }
  },

  panel(obs, i) {
    const p = obs.players[i];
    if (!p) return [];
    const out = [`Charms: ${p.charms} (${plural(p.charm_jewels, "jewel")})`, `Treasures: ${p.treasures}`];
    if (p.mummy) out.push("Holds a mummy card");
    if (obs.active === i && obs.phase !== "game_over") out.push("In the temple");
    if (obs.referee === i) out.push("Referee");
    if (obs.scores && obs.scores[i]) out.push(`Final score: ${obs.scores[i].total}`);
    return out;
  },

  buttonLabel(entry) {
    const a = entry.action;
    if (a.kind === "turned_away") return "I have turned away from the screen";
    if (a.kind === "no_cover") return "Cover no chamber";
    return entry.text.charAt(0).toUpperCase() + entry.text.slice(1);
  },

  prompt(ctx) {
    const obs = ctx.obs;
    const kinds = new Set(ctx.legal.map((e) => e.action.kind));
    if (kinds.has("move")) return obs.phase === "way_out" ? "Which move gets you out of this chamber? From memory." : "Make the move this chamber asks for.";
    if (kinds.has("verdict")) return "Judge the move: pass or fail.";
    if (kinds.has("deck")) return "Choose a treasure deck.";
    if (kinds.has("cover")) return "Cover a chamber with your mummy card, or cover none.";
    if (kinds.has("turned_away")) return "Turn away from the screen, then confirm.";
    return ctx.legal.length ? "Your turn." : "";
  },

  notes(options) {
    const o = options || {};
    const out = [];
    out.push(o.judging_mode === "referee"
      ? "Referee mode: play on your feet; the judging players pass or fail each move."
      : "Self-entry: choose each chamber's move on the screen.");
    if (o.table_mode === "hotseat") out.push("One shared screen: pass the phone round the table.");
    if (o.cooperative) out.push("Cooperative: the team shares its charms and aims for a number of treasures.");
    if (o.ultimate) out.push("The Ultimate Adventure: mummy cards cover chambers.");
    out.push("The game ends when a player loses a third charm.");
    return out;
  },
};
