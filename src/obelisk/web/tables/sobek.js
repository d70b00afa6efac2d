// Sobek's table: the market along the Nile (front first), the deck, the event tokens face
// down, every player's sets with their value, the played characters; your hand grouped by
// goods and your corruption pile. Drawn from the seat's observation only; every legal
// action is placed on the thing it acts on.

import { shownText } from "../frame.js";
import { el, plural, andList } from "../util.js";

const GOODS = ["ivory", "ebony", "marble", "cattle", "fish", "wheat"];
// The characters' and tokens' words come from the game (/api/games/sobek/words: the
// narrator's components), loaded by the frame before the first drawing (useWords).
let WORDS = { characters: {}, tokens: {} };

/** A character's words: {name, family, purpose} (null for an unknown key). */
function character(name) {
  return WORDS.characters[name] || null;
}

/** A token's words: {name, purpose}. */
function token(t) {
  return WORDS.tokens[t] || { name: t.toLowerCase().replace(/_/g, " "), purpose: "" };
}

/** A card name from the observation as {goods, scarabs, label, kind}. */
function card(name) {
  const m = /^([a-z]+?)(\d+)$/.exec(name);
  if (m && GOODS.includes(m[1])) return { kind: "goods", goods: m[1], scarabs: +m[2], label: `${m[1]} ${m[2]}` };
  if (name === "amulet") return { kind: "amulet", goods: null, scarabs: 0, label: "amulet" };
  if (name === "character") return { kind: "back", goods: null, scarabs: 0, label: "face-down character" };
  const c = character(name);
  if (c) return { kind: "character", goods: c.family, scarabs: 0, label: c.name, power: c.purpose };
  return { kind: "other", goods: null, scarabs: 0, label: name.replace(/_/g, " ") };
}

function cap(s) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function tokenName(t) {
  return token(t).name;
}

/** A card drawn as HTML: its goods in words and colour, its scarabs as marks and a number. */
function cardNode(name, extra) {
  const c = card(name);
  const cls = c.kind === "goods" ? `goods-${c.goods}` : c.kind;
  // keyed by the card: a card that arrives in a row (a hand, a set) is a new node there and
  // slides in (style.css), the cards already there stay as they are
  const node = el(`div.scard.${cls}`, { dataset: { card: name, key: `card ${name}` } });
  if (c.kind === "goods") {
    node.append(
      el("span.c-goods", { text: cap(c.goods) }),
      el("span.c-scarabs", { "aria-hidden": "true", text: c.scarabs ? "✦".repeat(c.scarabs) : "–" }),
      el("span.c-num", { text: c.scarabs === 1 ? "1 scarab" : `${c.scarabs} scarabs` }),
    );
  } else if (c.kind === "character") {
    node.append(el("span.c-goods", { text: cap(c.goods) }), el("span.c-name", { text: c.label }), el("span.c-num", { text: "character" }));
  } else if (c.kind === "amulet") {
    node.append(el("span.c-name", { text: "Amulet" }), el("span.c-num", { text: "wild" }));
  } else if (c.kind === "back") {
    node.append(el("span.c-name", { text: "?" }), el("span.c-num", { text: "face-down character" }));
  } else {
    node.append(el("span.c-name", { text: c.label }));
  }
  if (extra) node.append(el("span.c-note", { text: extra }));
  // its tooltip says what it shows (the place of an action names it again, from the start)
  node.title = shownText(node);
  return node;
}

const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"];

function ordinal(n) {
  return ORDINALS[n - 1] || `number ${n}`;
}

/** Seat i's sets, goods by goods, as [{goods, number, cards, several}]: the first set of
 * each goods from ``obs.sets``, its second and later ones (sobek:6.3) from ``obs.more_sets``. */
function setsOf(obs, i) {
  const more = (obs.more_sets && obs.more_sets[i]) || [];
  const out = [];
  for (const [goods, cards] of Object.entries(obs.sets[i] || {})) {
    const extra = more.filter((m) => m.goods === goods);
    const several = extra.length > 0;
    out.push({ goods, number: 1, cards, several });
    for (const m of extra) out.push({ goods, number: m.number, cards: m.cards, several });
  }
  return out;
}

/** ``Fish`` or, among several fish sets, ``Fish, second set``. */
function setTitle(s) {
  return s.several ? `${cap(s.goods)}, ${ordinal(s.number)} set` : cap(s.goods);
}

function setValue(cards) {
  const scarabs = cards.reduce((n, c) => n + card(c).scarabs, 0);
  return cards.length * scarabs;
}

function pendingOf(obs, seat) {
  const p = obs.pending;
  return p && p.seat === seat ? p : null;
}

/** Place the first legal action matching ``pred`` on ``node``. */
function place(ctx, node, pred, label) {
  const entry = ctx.pool.take(pred);
  if (entry) ctx.pool.bind(node, entry, label);
  return node;
}

function drawMarket(obs, ctx) {
  const window_ = (ctx.options && ctx.options.take_window) || 4;
  const slots = obs.market.map((name, i) => {
    const pos = i + 1;
    let note = null;
    if (pos <= window_) note = pos === 1 ? "take: no corruption" : `take: ${plural(pos - 1, "card")} to corruption`;
    const slot = el("div.slot", null, el("span.pos", { text: pos === 1 ? "1 · front" : String(pos) }));
    const c = cardNode(name, note);
    const label = card(name).label;
    place(ctx, c, (a) => (a.kind === "take" || a.kind === "pick") && a.position === pos, `${a_word(ctx, pos)} ${label} from position ${pos}`);
    place(ctx, c, (a) => a.kind === "sink" && a.count === pos, `sink the first ${plural(pos, "card")} of the market`);
    slot.append(c);
    return slot;
  });
  return el("div.nile", { "aria-label": "the market along the Nile" },
    el("div.nile-head", null, el("strong", { text: "The market" }), el("span.muted", { text: " — front first; skipped cards go to your corruption" })),
    el("div.slots", null, ...(slots.length ? slots : [el("p.muted", { text: "The market is empty." })])));
}

function a_word(ctx, pos) {
  const e = ctx.legal.find((x) => x.action.position === pos);
  return e && e.action.kind === "pick" ? "pick" : "take";
}

function drawSupply(obs, ctx) {
  const p = pendingOf(obs, ctx.seat);
  const tokens = el("div.tokens");
  if (p && p.decision === "token" && p.tokens) {
    for (const t of p.tokens) {
      const disc = el("div.token.face-up", null, el("span", { text: tokenName(t) }));
      place(ctx, disc, (a) => a.kind === "token" && a.effect === t, `the ${tokenName(t)} token: ${token(t).purpose}`);
      tokens.append(disc);
    }
  } else {
    for (let i = 0; i < obs.tokens_left; i++) tokens.append(el("div.token", { "aria-hidden": "true" }, el("span", { text: "?" })));
  }
  const used = obs.tokens_used.length ? `Used this round: ${andList(obs.tokens_used.map(tokenName))}.` : "";
  return el("div.supply", null,
    el("div.deck", null, el("div.deck-pile", { "aria-hidden": "true" }), el("span", { text: `Deck: ${plural(obs.deck, "card")}` })),
    el("div.token-box", null,
      el("span", { text: `Event tokens: ${obs.tokens_left} face down` }), tokens,
      used ? el("span.muted", { text: used }) : null),
    el("div.discard", null,
      el("span", { text: "Played characters: " + (obs.discard.length ? "" : "none yet") }),
      obs.discard.length ? el("div.cards.small", null, ...obs.discard.map((c) => cardNode(c))) : null,
      obs.discard_face_down ? el("span.muted", { text: ` ${plural(obs.discard_face_down, "card")} thrown away face down` }) : null),
  );
}

function drawSets(obs, ctx) {
  const rows = obs.sets.map((_sets, i) => {
    const entries = setsOf(obs, i);
    return el("div.setrow", { dataset: { seat: String(i + 1) }, style: { "--seat": ctx.colour(i) } },
      el("strong.setowner", { text: ctx.seat === i ? "Your sets" : `${ctx.name(i)}'s sets` }),
      entries.length
        ? el("div.sets", null, ...entries.map((s) =>
            el("div.set", { dataset: { goods: s.goods, number: String(s.number) } },
              el("span.set-title", { text: `${setTitle(s)}: worth ${setValue(s.cards)}` }),
              el("div.cards.small", null, ...s.cards.map((c) => cardNode(c))))))
        : el("span.muted", { text: " none yet" }));
  });
  return el("div.allsets", null, ...rows);
}

function drawPending(obs, ctx) {
  const p = obs.pending;
  if (!p) return null;
  if (p.decision === "set" && p.cards) {
    const which = p.number ? `${ordinal(p.number)} ${p.goods}` : p.goods;
    return el("div.pending", null,
      el("strong", { text: `${p.seat === ctx.seat ? "Your" : ctx.name(p.seat) + "'s"} ${which} set being ${p.new ? "laid" : "added to"}: ` }),
      el("div.cards.small", null, ...(p.cards.length ? p.cards.map((c) => cardNode(c)) : [el("span.muted", { text: "no cards yet" })])));
  }
  if (p.decision === "grab" && p.their_hand) {
    return el("div.pending", null,
      el("strong", { text: `${ctx.name(p.opponent)}'s hand (only you see it now):` }),
      el("div.cards", null, ...p.their_hand.map((c) => place(ctx, cardNode(c), (a) => a.kind === "grab" && a.card === c, `take ${card(c).label}`))));
  }
  return null;
}

function lastRound(obs, ctx) {
  const r = obs.last_round;
  if (!r) return null;
  const rows = r.scores.map((total, i) =>
    el("tr", { dataset: { seat: String(i + 1) } },
      el("td", { text: ctx.name(i) }),
      el("td", { text: String(r.set_points[i]) }),
      el("td", { text: String(r.corruption[i]) + (r.most_corrupt.includes(i) ? " (most)" : "") }),
      el("td", { text: r.penalty[i] ? `−${r.penalty[i]}` : "0" }),
      el("td", { text: String(r.round_points[i] + (r.bonus ? r.bonus[i] : 0)) }),
      el("td", { text: String(total) })));
  return el("details.lastround", null,
    el("summary", { text: `Round ${r.round} scoring` }),
    el("table.scores", null,
      el("thead", null, el("tr", null, ...["Player", "Sets", "Corruption", "Penalty", "Round", "Total"].map((h) => el("th", { text: h })))),
      el("tbody", null, ...rows)));
}

function drawHand(obs, ctx) {
  if (!obs.hand) return null;
  const groups = new Map();
  for (const name of obs.hand) {
    const c = card(name);
    const key = c.kind === "goods" ? c.goods : c.kind === "amulet" ? "amulets" : "characters";
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(name);
  }
  const order = [...GOODS, "amulets", "characters"];
  const boxes = [];
  for (const key of order) {
    if (!groups.has(key)) continue;
    const names = groups.get(key).sort((a, b) => card(b).scarabs - card(a).scarabs);
    const head = el("div.group-head", null, el("span", { text: `${cap(key)} (${names.length})` }));
    if (GOODS.includes(key)) head.append(...setButtons(obs, ctx, key));
    boxes.push(el("div.group", null, head,
      el("div.cards", null, ...names.map((name) => {
        const c = cardNode(name);
        const label = card(name).label;
        place(ctx, c, (a) => ["add", "bury", "give", "giveback"].includes(a.kind) && a.card === name, `${ctx.legal.find((e) => e.action.card === name)?.text || label}`);
        place(ctx, c, (a) => a.kind === "play" && a.character === name, `play the ${label}: ${character(name) ? character(name).purpose : ""}`);
        return c;
      }))));
  }
  return el("div.hand", null,
    el("h3", { text: `Your hand: ${plural(obs.hand.length, "card")}` }),
    boxes.length ? el("div.groups", null, ...boxes) : el("p.muted", { text: "Your hand is empty." }));
}

/** The buttons that start a set play of ``goods`` (sobek:6.3): lay a first set, add to the
 * one laid, add to one of several (by its place), or lay the cards as a new set beside. */
function setButtons(obs, ctx, goods) {
  const an = /^[aeiou]/.test(goods) ? "an" : "a";
  const have = obs.sets[ctx.seat] && obs.sets[ctx.seat][goods];
  const out = [];
  const bind = (pred, text, label) => {
    const entry = ctx.pool.take(pred);
    if (!entry) return;
    const b = el("button.small.set-start", { type: "button", text });
    ctx.pool.bind(b, entry, label);
    b.removeAttribute("role");
    out.push(b);
  };
  bind((a) => a.kind === "set" && a.goods === goods,
    have ? `Add to your ${goods} set` : `Lay ${an} ${goods} set`,
    have ? `add 3 or more cards to your ${goods} set` : `lay a new ${goods} set`);
  for (const s of setsOf(obs, ctx.seat).filter((x) => x.goods === goods)) {
    bind((a) => a.kind === "onto" && a.goods === goods && a.number === s.number,
      `Add to your ${ordinal(s.number)} ${goods} set`,
      `add 3 or more cards to your ${ordinal(s.number)} ${goods} set (worth ${setValue(s.cards)})`);
  }
  bind((a) => a.kind === "new" && a.goods === goods,
    `Lay as a new ${goods} set`, `lay these ${goods} cards as a new ${goods} set, scored on its own`);
  return out;
}

function drawCorruption(obs, ctx) {
  if (obs.corruption === undefined) return null;
  const shown = obs.corruption;
  const hidden = (obs.corruption_count || 0) - shown.length;
  return el("div.corruption", null,
    el("h3", { text: `Your corruption: ${plural(obs.corruption_count || 0, "card")}` }),
    el("div.cards.small", null,
      ...shown.map((name) => place(ctx, cardNode(name), (a) => ["purge", "launder", "shift"].includes(a.kind) && a.card === name, ctx.legal.find((e) => e.action.card === name)?.text)),
      hidden > 0 ? el("span.muted", { text: `and ${plural(hidden, "card")} you have not seen` }) : null,
      !shown.length && hidden <= 0 ? el("span.muted", { text: "none" }) : null));
}

/** The early end of the options in force, as a short clause for the round line. */
function earlyEnd(options, rounds) {
  const over = options && "early_end_over" in options ? options.early_end_over : null;
  if (over === null || rounds < 3) return "";
  return ` · the game ends after round 2 if a total is above ${over}`;
}

const PROMPTS = {
  set: (p) => `Lay cards into your ${p.number ? ordinal(p.number) + " " : ""}${p.goods} set${p.new && p.number ? " (a new one, scored on its own)" : ""}: click cards in your hand.`,
  token: () => "Your set takes an event token: choose one.",
  sink: () => "Sink cards at the front of the market: click the last card to sink.",
  purge: (p) => `Throw away corruption cards (up to ${p.left} more): click them, or Done.`,
  bury: () => "Bury a card from your hand in your corruption: click it.",
  starter: () => "Choose who starts the next round: click a player.",
  pick: () => "Take any market card with no corruption: click it.",
  give: (p, ctx) => `Give a card from your hand to ${ctx.name(p.to)} as tribute: click it.`,
  giveback: (p, ctx) => `Give a card back to ${ctx.name(p.opponent)}: click it in your hand.`,
  target: () => "Choose an opponent: click their panel.",
  grab: (p, ctx) => `Take a card from ${ctx.name(p.opponent)}'s hand: click it.`,
  launder: (p) => `Move corruption cards into your ${p.goods} set (up to ${p.left} more), or Done.`,
  shift: (p, ctx) => `Pass corruption cards to ${ctx.name(p.to)} (up to ${p.left} more), or Done.`,
};

/** @type {import("./types.js").TableModule} */
export default {
  wantsWords: true,
  useWords(words) {
    const c = (words && words.components) || {};
    WORDS = { characters: c.characters || {}, tokens: c.tokens || {} };
  },
  // the actions that may start a choice of several clicks (a set laid card by card, cards
  // chosen then Done, a character whose power asks for more): the frame builds it from the
  // server's previews, with Cancel, and plays it once complete
  builds: ["set", "new", "onto", "play", "token", "purge", "launder", "shift"],

  draw(board, mine, ctx) {
    const obs = ctx.obs;
    const rounds = obs.rounds;
    board.append(
      el("div.sobek", null,
        el("div.round-line", null,
          el("strong", { text: `Round ${obs.round} of ${rounds}` }),
          el("span.muted", { text: ` · ${plural(obs.sets_played, "set")} laid this round` + (obs.in_extra_action ? " · an extra action" : "") + earlyEnd(ctx.options, rounds) })),
        drawMarket(obs, ctx),
        drawSupply(obs, ctx),
        drawPending(obs, ctx),
        drawSets(obs, ctx),
        lastRound(obs, ctx)),
    );
    const own = [drawHand(obs, ctx), drawCorruption(obs, ctx)].filter(Boolean);
    if (own.length) mine.append(el("div.sobek-mine", null, ...own));
  },

  panel(obs, i, ctx) {
    const out = [`Score: ${obs.scores[i]}`, `Hand: ${plural(obs.hand_sizes[i], "card")}`];
    if (obs.corruption_counts) out.push(`Corruption: ${plural(obs.corruption_counts[i], "card")}`);
    else if (ctx.seat === i && obs.corruption_count !== undefined) out.push(`Corruption: ${plural(obs.corruption_count, "card")}`);
    else out.push("Corruption: face down");
    const sets = setsOf(obs, i);
    out.push(sets.length ? `Sets: ${sets.map((s) => `${s.goods} ${setValue(s.cards)}`).join(", ")}` : "Sets: none");
    if (obs.start_player === i) out.push("Started this round");
    return out;
  },

  panelAction(a, i) {
    return (a.kind === "target" || a.kind === "starter") && a.seat === i;
  },

  buttonLabel(entry) {
    const a = entry.action;
    if (a.kind === "done") return "Done";
    if (a.kind === "sink" && a.count === 0) return "Sink nothing";
    return entry.text.charAt(0).toUpperCase() + entry.text.slice(1);
  },

  prompt(ctx) {
    if (!ctx.legal.length) return "";
    const p = pendingOf(ctx.obs, ctx.seat);
    if (p && PROMPTS[p.decision]) return PROMPTS[p.decision](p, ctx);
    const window_ = (ctx.options && ctx.options.take_window) || 4;
    return `Your turn: take a market card (positions 1 to ${window_}), play a character or lay a set.`;
  },

  notes(options) {
    const o = options || {};
    const rounds = o.rounds || 3;
    const over = o.early_end_over === undefined ? null : o.early_end_over;
    const out = [`The game lasts ${rounds} rounds; highest total wins.`];
    out.push(over === null ? "No early end." : `Early end: after round 2, the game ends if a total is above ${over}.`);
    out.push(o.round_end_mode === "immediate"
      ? "A round ends at the end of the turn that empties the market and the deck."
      : "A round ends when the player about to start a turn cannot act (market and deck empty).");
    const pen = { half_round: "the most corrupt players lose half their round's set points", matching_types: "the most corrupt players' sets of a type in their corruption score nothing" }[o.penalty_mode] || "the most corrupt players lose the value of their best set";
    out.push(`Corruption penalty: ${pen}.`);
    out.push(o.second_set === "add"
      ? "Cards of a goods you already have a set of always join that set."
      : "Cards of a goods you already have a set of may join that set or be laid as a new set of their own (each set scores on its own).");
    out.push(o.tiebreak === "shared" ? "A tie is shared." : "A tie goes to the player with fewer corruption cards in the last round, then it is shared.");
    return out;
  },
};
