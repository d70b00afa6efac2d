// Abu Simbel's table: the route of chamber cards from the entrance to the vault (face up on
// the way in; face down for the explorer on the way out: the memory rule), the moves as
// large buttons with a name and an icon, the treasure decks, the charms, and the referee's
// pass/fail buttons. What the table shows only for a moment comes as a flash from the
// server (shown by the frame, never logged); this drawing keeps nothing between positions.

import { el, svg } from "../util.js";
import { t, tn, tp } from "../i18n.js";

/** Marks a word for the catalog; `t` translates it where it is shown. */
const N_ = (text) => text;

// A chamber's name on its card (its own words: a narrow card may break a long word).
const CHAMBERS = {
  MUMMY: [() => tp("chamber card", "the wrapped mummy"), "PUNCH"],
  BLADES: [() => tp("chamber card", "the swinging blades"), "DUCK"],
  LAVA: [() => tp("chamber card", "the lava"), "JUMP"],
  CRACK: [() => tp("chamber card", "the narrow crack"), "CRAB_2"],
  EMPTY: [() => tp("chamber card", "the empty chamber"), "STEP_2"],
  PIT: [() => tp("chamber card", "the pit"), "ROPE_2"],
  SCORPIONS: [() => tp("chamber card", "the scorpions"), "STOMP"],
  DIVE: [() => tp("chamber card", "the deep water"), "SWIM"],
  GAS: [() => tp("chamber card", "the poison gas"), "COVER_NOSE"],
  CRAWL: [() => tp("chamber card", "the low tunnel"), "CRAWL"],
  HISSING: [() => tp("chamber card", "the hissing snakes"), "BALANCE"],
};

const MOVES = {
  PUNCH: [N_("Punch"), N_("punch the air")],
  DUCK: [N_("Duck"), N_("duck low")],
  JUMP: [N_("Jump"), N_("jump forward")],
  CRAB_2: [N_("Crab steps"), N_("two crab steps sideways")],
  STEP_2: [N_("Two steps"), N_("two steps forward")],
  ROPE_2: [N_("Rope"), N_("two steps hand over hand on a rope")],
  SWIM: [N_("Swim"), N_("one swimming stroke")],
  COVER_NOSE: [N_("Cover nose"), N_("cover your nose")],
  CRAWL: [N_("Crawl"), N_("crawl a little")],
  BALANCE: [N_("Balance"), N_("heel-to-toe with arms out")],
};

/** A move's name and what to do, in the page's language: ["Jump", "jump forward"]. */
function moveInfo(token) {
  const m = /^STOMP_x(\d+)$/.exec(token);
  if (m) {
    const k = Number(m[1]);
    return [t("Stomp ×{n}", { n: k }), k === 1 ? t("stomp once") : tn("stomp {n} time", "stomp {n} times", k, { n: k })];
  }
  const found = MOVES[token];
  return found ? [t(found[0]), t(found[1])] : [token.toLowerCase().replace(/_/g, " "), ""];
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
  if (c.type === "SCORPIONS") return c.scorpions === 1 ? t("one scorpion") : tn("{n} scorpion", "{n} scorpions", c.scorpions, { n: c.scorpions });
  const found = CHAMBERS[c.type];
  return found ? found[0]() : String(c.type).toLowerCase();
}

function chamberToken(c) {
  if (c.token) return c.token;
  if (c.type === "SCORPIONS") return `STOMP_x${c.scorpions}`;
  return (CHAMBERS[c.type] || [null, "PUNCH"])[1];
}

function phaseWords(obs, ctx) {
  const you = ctx.seat === obs.active;
  const n = obs.route_len;
  const f = { name: ctx.name(obs.active), i: Math.min(obs.progress + 1, n), n };
  switch (obs.phase) {
    case "pre_turn":
      return you ? t("You are about to enter the temple.") : t("{name} is about to enter the temple.", f);
    case "way_in":
      return you ? t("You are on the way in: chamber {i} of {n}.", f) : t("{name} is on the way in: chamber {i} of {n}.", f);
    case "treasure":
      return you ? t("You are in the vault, choosing a treasure.") : t("{name} is in the vault, choosing a treasure.", f);
    case "way_out":
      return you
        ? t("You are on the way out, from memory: chamber {i} of {n}.", f)
        : t("{name} is on the way out, from memory: chamber {i} of {n}.", f);
    case "game_over":
      return t("The game is over.");
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
    node.append(el("span.ch-num", { text: t("Chamber {n}", { n: c.slot + 1 }) }));
    if (c.face_down) {
      node.append(el("span.ch-back", { "aria-hidden": "true", text: "?" }), el("span.ch-name", { text: t("face down") }));
    } else {
      const t = chamberToken(c);
      node.dataset.chamber = c.type;
      node.append(el("span.ch-icon", null, icon(t)), el("span.ch-name", { text: chamberName(c) }), el("span.ch-move", { text: moveInfo(t)[1] }));
      if (c.covered_by !== null && c.covered_by !== undefined) node.append(el("span.ch-cover", { text: t("covered by {name}", { name: ctx.name(c.covered_by) }) }));
    }
    if (isHere) node.append(el("span.ch-here", { text: obs.phase === "way_in" ? t("next: in") : t("next: out") }));
    const entry = ctx.pool.take((a) => a.kind === "cover" && a.slot === c.slot);
    if (entry) ctx.pool.bind(node, entry, t("cover chamber {n} with your mummy card", { n: c.slot + 1 }));
    return node;
  });
  return el("div.route", { "aria-label": t("the route, from the entrance to the vault") },
    el("div.route-end", { text: t("Entrance") }),
    ...cards,
    el("div.route-end.vault", { text: t("Vault") }));
}

function drawMoves(ctx) {
  const moves = ctx.legal.filter((e) => e.action.kind === "move");
  if (!moves.length) return null;
  const pad = el("div.moves", { role: "group", "aria-label": t("moves") });
  for (const entry of moves) {
    const [name, hint] = moveInfo(entry.action.token);
    const b = el("button.move", { type: "button" }, icon(entry.action.token), el("span.mv-name", { text: name }), el("span.mv-hint", { text: hint }));
    ctx.pool.take((a) => a === entry.action);
    ctx.pool.bind(b, entry, `${name}: ${hint}`);
    b.removeAttribute("role");
    pad.append(b);
  }
  return el("div.move-box", null, el("h3", { text: t("Your move for this chamber") }), pad);
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
    const no = typeof slot === "number" ? slot + 1 : index + 1;
    const row = el("div.verdict-row", null, el("span", { text: t("Chamber {n}", { n: no }) + (what ? " — " + what : "") }));
    for (const e of es.sort((a, b) => Number(b.action.passed) - Number(a.action.passed))) {
      const b = el("button.verdict" + (e.action.passed ? ".pass" : ".fail"), { type: "button", text: e.action.passed ? t("Pass: the move was right") : t("Fail: wrong move") });
      ctx.pool.take((a) => a === e.action);
      ctx.pool.bind(b, e, e.action.passed ? t("pass the move in chamber {n}", { n: no }) : t("fail the move in chamber {n}", { n: no }));
      b.removeAttribute("role");
      row.append(b);
    }
    rows.push(row);
  }
  return el("div.referee", null, el("h3", { text: t("You judge {name}'s move", { name: ctx.name(obs.active) }) }), ...rows);
}

function drawSupply(obs, ctx) {
  const decks = obs.treasure_decks.map((n, i) => {
    const d = el("div.tdeck", { dataset: { deck: String(i + 1) } }, el("span.td-name", { text: t("Treasure deck {n}", { n: i + 1 }) }), el("span", { text: tn("{n} card", "{n} cards", n, { n }) }));
    const entry = ctx.pool.take((a) => a.kind === "deck" && a.deck === i);
    if (entry) ctx.pool.bind(d, entry, t("take the top treasure of deck {n}", { n: i + 1 }));
    return d;
  });
  return el("div.as-supply", null,
    el("div.tdecks", null, ...decks),
    el("div.as-counts", null,
      el("span", { text: tn("Chamber deck: {n} card", "Chamber deck: {n} cards", obs.main_deck, { n: obs.main_deck }) }),
      el("span", { text: tn("Discard: {n} card", "Discard: {n} cards", obs.discard, { n: obs.discard }) }),
      el("span", { text: t("Mummy cards left: {n}", { n: obs.mummy_supply }) }),
      obs.team_charms !== undefined ? el("span", { text: t("Team charms: {charms}, treasures {treasures} of {target}", { charms: obs.team_charms, treasures: obs.team_treasures, target: obs.team_target }) }) : null));
}

/** At the end: every player's treasures face up and the score in its parts. */
function drawFinal(obs, ctx) {
  if (!obs.scores || !obs.treasures) return null;
  const head = [t("Player"), t("Treasures"), t("Treasure jewels"), t("Charm jewels"), t("Sets"), t("Mummy"), t("Total")];
  return el("div.final", null,
    el("h3", { text: t("The final count") }),
    el("div.table-wrap", null,
      el("table.scores", null,
        el("thead", null, el("tr", null, ...head.map((h) => el("th", { text: h })))),
        el("tbody", null, ...obs.scores.map((sc, i) =>
          el("tr", { dataset: { seat: String(i + 1) } },
            el("td", { text: ctx.name(i) }),
            el("td", { text: (obs.treasures[i] || []).map(treasureWords).join(", ") || t("none") }),
            el("td", { text: String(sc.treasure_jewels) }),
            el("td", { text: String(sc.charm_jewels) }),
            el("td", { text: String(sc.sets) }),
            el("td", { text: String(sc.mummy) }),
            el("td", { text: String(sc.total) })))))));
}

function treasureWords(card) {
  const [type, jewels] = String(card).split(":");
  const n = +jewels || 0;
  switch (type) {
    case "URN": return tn("urn ({n} jewel)", "urn ({n} jewels)", n, { n });
    case "ARK": return tn("ark ({n} jewel)", "ark ({n} jewels)", n, { n });
    case "CHEST": return tn("chest ({n} jewel)", "chest ({n} jewels)", n, { n });
    default: return `${type.toLowerCase()} (${n})`;
  }
}

export default {
  draw(board, mine, ctx) {
    const obs = ctx.obs;
    board.append(
      el("div.abu", null,
        el("div.round-line", null, el("strong", { text: t("Round {round}", { round: obs.round }) }), " ", el("span", { text: phaseWords(obs, ctx) })),
        obs.route_hidden && ctx.seat === obs.active && obs.phase === "way_out"
          ? el("p.memory-note", { text: t("The chambers are face down for you now: walk out from memory.") })
          : null,
        drawRoute(obs, ctx),
        drawReferee(obs, ctx),
        drawMoves(ctx),
        drawSupply(obs, ctx),
        drawFinal(obs, ctx)),
    );
    if (obs.my_treasures !== undefined) {
      mine.append(el("div.abu-mine", null,
        el("h3", { text: t("Your treasures") }),
        el("p.treasures", null, ...(obs.my_treasures.length
          ? obs.my_treasures.map((t) => el("span.treasure", { dataset: { treasure: t }, text: treasureWords(t) }))
          : [t("none yet")])),
        obs.drawn_treasure
          ? el("p", null, t("In your hands:") + " ", el("span.treasure", { dataset: { treasure: obs.drawn_treasure }, text: treasureWords(obs.drawn_treasure) }), " " + t("(yours if you get out)"))
          : null));
    }
  },

  panel(obs, i) {
    const p = obs.players[i];
    if (!p) return [];
    const out = [
      tn("Charms: {charms} ({n} jewel)", "Charms: {charms} ({n} jewels)", p.charm_jewels, { charms: p.charms, n: p.charm_jewels }),
      t("Treasures: {n}", { n: p.treasures }),
    ];
    if (p.mummy) out.push(t("Holds a mummy card"));
    if (obs.active === i && obs.phase !== "game_over") out.push(t("In the temple"));
    if (obs.referee === i) out.push(t("Referee"));
    if (obs.scores && obs.scores[i]) out.push(t("Final score: {n}", { n: obs.scores[i].total }));
    return out;
  },

  buttonLabel(entry) {
    const a = entry.action;
    if (a.kind === "turned_away") return t("I have turned away from the screen");
    if (a.kind === "no_cover") return t("Cover no chamber");
    return entry.text.charAt(0).toUpperCase() + entry.text.slice(1);
  },

  prompt(ctx) {
    const obs = ctx.obs;
    const kinds = new Set(ctx.legal.map((e) => e.action.kind));
    if (kinds.has("move")) return obs.phase === "way_out" ? t("Which move gets you out of this chamber? From memory.") : t("Make the move this chamber asks for.");
    if (kinds.has("verdict")) return t("Judge the move: pass or fail.");
    if (kinds.has("deck")) return t("Choose a treasure deck.");
    if (kinds.has("cover")) return t("Cover a chamber with your mummy card, or cover none.");
    if (kinds.has("turned_away")) return t("Turn away from the screen, then confirm.");
    return ctx.legal.length ? t("Your turn.") : "";
  },

  notes(options) {
    const o = options || {};
    const out = [];
    out.push(o.judging_mode === "referee"
      ? t("Referee mode: play on your feet; the judging players pass or fail each move.")
      : t("Self-entry: choose each chamber's move on the screen."));
    if (o.table_mode === "hotseat") out.push(t("One shared screen: pass the phone round the table."));
    if (o.cooperative) out.push(t("Cooperative: the team shares its charms and aims for a number of treasures."));
    if (o.ultimate) out.push(t("The Ultimate Adventure: mummy cards cover chambers."));
    out.push(t("The game ends when a player loses a third charm."));
    return out;
  },
};
