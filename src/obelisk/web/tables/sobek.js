// Sobek's table: the market along the Nile (front first), the deck, the event tokens face
// down, every player's sets with their value, the played characters; your hand grouped by
// goods and your corruption pile. Drawn from the seat's observation only; every legal
// action is placed on the thing it acts on.

import { shownText } from "../frame.js";
import { el, andList } from "../util.js";
import { t, tn, tp, language } from "../i18n.js";

const GOODS = ["ivory", "ebony", "marble", "cattle", "fish", "wheat"];
// The characters' and tokens' words come from the game (/api/games/sobek/words: the
// narrator's components), loaded by the frame before the first drawing (useWords).
let WORDS = { characters: {}, tokens: {} };

/** A character's words: {name, family, purpose} (null for an unknown key), in the page's
 * language (the game's words come in English; its catalog holds their German). */
function character(name) {
  const c = WORDS.characters[name];
  return c ? { ...c, name: tp("character", c.name), purpose: t(c.purpose) } : null;
}

/** A token's words: {name, purpose}. */
function token(effect) {
  const w = WORDS.tokens[effect];
  if (!w) return { name: effect.toLowerCase().replace(/_/g, " "), purpose: "" };
  return { name: tp("token", w.name), purpose: t(w.purpose) };
}

/** A goods family's name in the page's language: "fish" ("Fisch"). */
function goodsName(goods) {
  const names = {
    ivory: tp("goods", "ivory"), ebony: tp("goods", "ebony"), marble: tp("goods", "marble"),
    cattle: tp("goods", "cattle"), fish: tp("goods", "fish"), wheat: tp("goods", "wheat"),
  };
  return names[goods] || goods;
}

/** "3 cards" ("3 Karten"). */
function cardCount(n) {
  return tn("{n} card", "{n} cards", n, { n });
}

/** A legal action as the page's reader reads it: its typed form in English, the server's
 * words for it in another language. */
function said(entry) {
  if (!entry) return undefined;
  return language() === "en" ? entry.text : entry.choice || entry.text;
}

/** A card name from the observation as {goods, scarabs, label, kind}. */
function card(name) {
  const m = /^([a-z]+?)(\d+)$/.exec(name);
  if (m && GOODS.includes(m[1])) return { kind: "goods", goods: m[1], scarabs: +m[2], label: `${goodsName(m[1])} ${m[2]}` };
  if (name === "amulet") return { kind: "amulet", goods: null, scarabs: 0, label: tp("card", "amulet") };
  if (name === "character") return { kind: "back", goods: null, scarabs: 0, label: t("face-down character") };
  const c = character(name);
  if (c) return { kind: "character", goods: c.family, scarabs: 0, label: c.name, power: c.purpose };
  return { kind: "other", goods: null, scarabs: 0, label: name.replace(/_/g, " ") };
}

/** A card face's words that fit its narrow card: in another language than English (long
 * German words: "Skarabäen", "Elfenbein") a long word is set smaller. */
function fit(text) {
  const longest = Math.max(0, ...String(text).split(/\s+/).map((w) => w.length));
  if (language() === "en" || longest <= 6) return { text };
  return { text, style: { fontSize: `${Math.max(0.6, 6 / longest).toFixed(2)}em` } };
}

function cap(s) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function tokenName(effect) {
  return token(effect).name;
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
      el("span.c-goods", fit(cap(goodsName(c.goods)))),
      el("span.c-scarabs", { "aria-hidden": "true", text: c.scarabs ? "✦".repeat(c.scarabs) : "–" }),
      el("span.c-num", fit(tn("{n} scarab", "{n} scarabs", c.scarabs, { n: c.scarabs }))),
    );
  } else if (c.kind === "character") {
    node.append(el("span.c-goods", fit(cap(goodsName(c.goods)))), el("span.c-name", fit(c.label)), el("span.c-num", fit(tp("card", "character"))));
  } else if (c.kind === "amulet") {
    node.append(el("span.c-name", { text: t("Amulet") }), el("span.c-num", { text: t("wild") }));
  } else if (c.kind === "back") {
    node.append(el("span.c-name", { text: "?" }), el("span.c-num", fit(t("face-down character"))));
  } else {
    node.append(el("span.c-name", { text: c.label }));
  }
  if (extra) node.append(el("span.c-note", fit(extra)));
  // its tooltip says what it shows (the place of an action names it again, from the start)
  node.title = shownText(node);
  return node;
}

function ordinal(n) {
  const ordinals = [t("first"), t("second"), t("third"), t("fourth"), t("fifth"), t("sixth"), t("seventh"), t("eighth")];
  return ordinals[n - 1] || t("number {n}", { n });
}

/** "fish set", "second fish set" ("Fisch-Set", "Fisch-Set Nr. 2"). */
function setName(goods, number) {
  const g = goodsName(goods);
  return number ? t("{ordinal} {goods} set", { ordinal: ordinal(number), goods: g, number }) : t("{goods} set", { goods: g });
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
  const goods = cap(goodsName(s.goods));
  return s.several ? t("{goods}, {ordinal} set", { goods, ordinal: ordinal(s.number), number: s.number }) : goods;
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
    if (pos <= window_) note = pos === 1 ? t("take: no corruption") : tn("take: {n} card to corruption", "take: {n} cards to corruption", pos - 1, { n: pos - 1 });
    const slot = el("div.slot", null, el("span.pos", { text: pos === 1 ? t("1 · front") : String(pos) }));
    const c = cardNode(name, note);
    const label = card(name).label;
    const picked = a_word(ctx, pos) === "pick";
    place(ctx, c, (a) => (a.kind === "take" || a.kind === "pick") && a.position === pos,
      picked ? t("pick {card} from position {position}", { card: label, position: pos }) : t("take {card} from position {position}", { card: label, position: pos }));
    place(ctx, c, (a) => a.kind === "sink" && a.count === pos,
      tn("sink the first {n} card of the market", "sink the first {n} cards of the market", pos, { n: pos }));
    slot.append(c);
    return slot;
  });
  return el("div.nile", { "aria-label": t("the market along the Nile") },
    el("div.nile-head", null, el("strong", { text: t("The market") }), el("span.muted", { text: t(" — front first; skipped cards go to your corruption") })),
    el("div.slots", null, ...(slots.length ? slots : [el("p.muted", { text: t("The market is empty.") })])));
}

function a_word(ctx, pos) {
  const e = ctx.legal.find((x) => x.action.position === pos);
  return e && e.action.kind === "pick" ? "pick" : "take";
}

function drawSupply(obs, ctx) {
  const p = pendingOf(obs, ctx.seat);
  const tokens = el("div.tokens");
  if (p && p.decision === "token" && p.tokens) {
    for (const effect of p.tokens) {
      const name = tokenName(effect);
      const disc = el("div.token.face-up", null, el("span", { text: name }));
      place(ctx, disc, (a) => a.kind === "token" && a.effect === effect,
        t("the {token} token: {purpose}", { token: name, name, purpose: token(effect).purpose }));
      tokens.append(disc);
    }
  } else {
    for (let i = 0; i < obs.tokens_left; i++) tokens.append(el("div.token", { "aria-hidden": "true" }, el("span", { text: "?" })));
  }
  const used = obs.tokens_used.length ? t("Used this round: {tokens}.", { tokens: andList(obs.tokens_used.map(tokenName)) }) : "";
  return el("div.supply", null,
    el("div.deck", null, el("div.deck-pile", { "aria-hidden": "true" }), el("span", { text: t("Deck: {cards}", { cards: cardCount(obs.deck) }) })),
    el("div.token-box", null,
      el("span", { text: t("Event tokens: {n} face down", { n: obs.tokens_left }) }), tokens,
      used ? el("span.muted", { text: used }) : null),
    el("div.discard", null,
      el("span", { text: obs.discard.length ? t("Played characters: ") : t("Played characters: none yet") }),
      obs.discard.length ? el("div.cards.small", null, ...obs.discard.map((c) => cardNode(c))) : null,
      obs.discard_face_down ? el("span.muted", { text: tn(" {n} card thrown away face down", " {n} cards thrown away face down", obs.discard_face_down, { n: obs.discard_face_down }) }) : null),
  );
}

function drawSets(obs, ctx) {
  const rows = obs.sets.map((_sets, i) => {
    const entries = setsOf(obs, i);
    return el("div.setrow", { dataset: { seat: String(i + 1) }, style: { "--seat": ctx.colour(i) } },
      el("strong.setowner", { text: ctx.seat === i ? t("Your sets") : t("{name}'s sets", { name: ctx.name(i) }) }),
      entries.length
        ? el("div.sets", null, ...entries.map((s) =>
            el("div.set", { dataset: { goods: s.goods, number: String(s.number) } },
              el("span.set-title", { text: t("{set}: worth {value}", { set: setTitle(s), value: setValue(s.cards) }) }),
              el("div.cards.small", null, ...s.cards.map((c) => cardNode(c))))))
        : el("span.muted", { text: t(" none yet") }));
  });
  return el("div.allsets", null, ...rows);
}

function drawPending(obs, ctx) {
  const p = obs.pending;
  if (!p) return null;
  if (p.decision === "set" && p.cards) {
    const fields = { set: setName(p.goods, p.number), name: ctx.name(p.seat) };
    let head;
    if (p.seat === ctx.seat) head = p.new ? t("Your {set} being laid: ", fields) : t("Your {set} being added to: ", fields);
    else head = p.new ? t("{name}'s {set} being laid: ", fields) : t("{name}'s {set} being added to: ", fields);
    return el("div.pending", null,
      el("strong", { text: head }),
      el("div.cards.small", null, ...(p.cards.length ? p.cards.map((c) => cardNode(c)) : [el("span.muted", { text: t("no cards yet") })])));
  }
  if (p.decision === "grab" && p.their_hand) {
    return el("div.pending", null,
      el("strong", { text: t("{name}'s hand (only you see it now):", { name: ctx.name(p.opponent) }) }),
      el("div.cards", null, ...p.their_hand.map((c) => place(ctx, cardNode(c), (a) => a.kind === "grab" && a.card === c, t("take {card}", { card: card(c).label })))));
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
      el("td", { text: String(r.corruption[i]) + (r.most_corrupt.includes(i) ? t(" (most)") : "") }),
      el("td", { text: r.penalty[i] ? `−${r.penalty[i]}` : "0" }),
      el("td", { text: String(r.round_points[i] + (r.bonus ? r.bonus[i] : 0)) }),
      el("td", { text: String(total) })));
  return el("details.lastround", null,
    el("summary", { text: t("Round {round} scoring", { round: r.round }) }),
    el("table.scores", null,
      el("thead", null, el("tr", null, ...[t("Player"), t("Sets"), t("Corruption"), t("Penalty"), tp("score column", "Round"), t("Total")].map((h) => el("th", { text: h })))),
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
    const groupName = { amulets: t("Amulets"), characters: t("Characters") }[key] || cap(goodsName(key));
    const head = el("div.group-head", null, el("span", { text: `${groupName} (${names.length})` }));
    if (GOODS.includes(key)) head.append(...setButtons(obs, ctx, key));
    boxes.push(el("div.group", null, head,
      el("div.cards", null, ...names.map((name) => {
        const c = cardNode(name);
        const label = card(name).label;
        place(ctx, c, (a) => ["add", "bury", "give", "giveback"].includes(a.kind) && a.card === name, `${said(ctx.legal.find((e) => e.action.card === name)) || label}`);
        place(ctx, c, (a) => a.kind === "play" && a.character === name,
          t("play the {character}: {purpose}", { character: label, purpose: character(name) ? character(name).purpose : "" }));
        return c;
      }))));
  }
  return el("div.hand", null,
    el("h3", { text: t("Your hand: {cards}", { cards: cardCount(obs.hand.length) }) }),
    boxes.length ? el("div.groups", null, ...boxes) : el("p.muted", { text: t("Your hand is empty.") }));
}

/** The buttons that start a set play of ``goods`` (sobek:6.3): lay a first set, add to the
 * one laid, add to one of several (by its place), or lay the cards as a new set beside. */
function setButtons(obs, ctx, goods) {
  const an = /^[aeiou]/.test(goods);
  const set = setName(goods);
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
    have ? t("Add to your {set}", { set }) : an ? t("Lay an {set}", { set }) : t("Lay a {set}", { set }),
    have ? t("add 3 or more cards to your {set}", { set }) : t("lay a new {set}", { set }));
  for (const s of setsOf(obs, ctx.seat).filter((x) => x.goods === goods)) {
    const numbered = setName(goods, s.number);
    bind((a) => a.kind === "onto" && a.goods === goods && a.number === s.number,
      t("Add to your {set}", { set: numbered }),
      t("add 3 or more cards to your {set} (worth {value})", { set: numbered, value: setValue(s.cards) }));
  }
  bind((a) => a.kind === "new" && a.goods === goods,
    t("Lay as a new {set}", { set }), t("lay these {goods} cards as a new {set}, scored on its own", { goods: goodsName(goods), set }));
  return out;
}

function drawCorruption(obs, ctx) {
  if (obs.corruption === undefined) return null;
  const shown = obs.corruption;
  const hidden = (obs.corruption_count || 0) - shown.length;
  return el("div.corruption", null,
    el("h3", { text: t("Your corruption: {cards}", { cards: cardCount(obs.corruption_count || 0) }) }),
    el("div.cards.small", null,
      ...shown.map((name) => place(ctx, cardNode(name), (a) => ["purge", "launder", "shift"].includes(a.kind) && a.card === name, said(ctx.legal.find((e) => e.action.card === name)))),
      hidden > 0 ? el("span.muted", { text: tn("and {n} card you have not seen", "and {n} cards you have not seen", hidden, { n: hidden }) }) : null,
      !shown.length && hidden <= 0 ? el("span.muted", { text: t("none") }) : null));
}

/** The early end of the options in force, as a short clause for the round line. */
function earlyEnd(options, rounds) {
  const over = options && "early_end_over" in options ? options.early_end_over : null;
  if (over === null || rounds < 3) return "";
  return t(" · the game ends after round 2 if a total is above {over}", { over });
}

const PROMPTS = {
  set: (p) => p.new && p.number
    ? t("Lay cards into your {set} (a new one, scored on its own): click cards in your hand.", { set: setName(p.goods, p.number) })
    : t("Lay cards into your {set}: click cards in your hand.", { set: setName(p.goods, p.number) }),
  token: () => t("Your set takes an event token: choose one."),
  sink: () => t("Sink cards at the front of the market: click the last card to sink."),
  purge: (p) => t("Throw away corruption cards (up to {n} more): click them, or Done.", { n: p.left }),
  bury: () => t("Bury a card from your hand in your corruption: click it."),
  starter: () => t("Choose who starts the next round: click a player."),
  pick: () => t("Take any market card with no corruption: click it."),
  give: (p, ctx) => t("Give a card from your hand to {name} as tribute: click it.", { name: ctx.name(p.to) }),
  giveback: (p, ctx) => t("Give a card back to {name}: click it in your hand.", { name: ctx.name(p.opponent) }),
  target: () => t("Choose an opponent: click their panel."),
  grab: (p, ctx) => t("Take a card from {name}'s hand: click it.", { name: ctx.name(p.opponent) }),
  launder: (p) => t("Move corruption cards into your {set} (up to {n} more), or Done.", { set: setName(p.goods), n: p.left }),
  shift: (p, ctx) => t("Pass corruption cards to {name} (up to {n} more), or Done.", { name: ctx.name(p.to), n: p.left }),
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
          el("strong", { text: t("Round {round} of {rounds}", { round: obs.round, rounds }) }),
          el("span.muted", { text: tn(" · {n} set laid this round", " · {n} sets laid this round", obs.sets_played, { n: obs.sets_played }) + (obs.in_extra_action ? t(" · an extra action") : "") + earlyEnd(ctx.options, rounds) })),
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
    const out = [t("Score: {n}", { n: obs.scores[i] }), t("Hand: {cards}", { cards: cardCount(obs.hand_sizes[i]) })];
    if (obs.corruption_counts) out.push(t("Corruption: {cards}", { cards: cardCount(obs.corruption_counts[i]) }));
    else if (ctx.seat === i && obs.corruption_count !== undefined) out.push(t("Corruption: {cards}", { cards: cardCount(obs.corruption_count) }));
    else out.push(t("Corruption: face down"));
    const sets = setsOf(obs, i);
    out.push(sets.length ? t("Sets: {sets}", { sets: sets.map((s) => `${goodsName(s.goods)} ${setValue(s.cards)}`).join(", ") }) : t("Sets: none"));
    if (obs.start_player === i) out.push(t("Started this round"));
    return out;
  },

  panelAction(a, i) {
    return (a.kind === "target" || a.kind === "starter") && a.seat === i;
  },

  buttonLabel(entry) {
    const a = entry.action;
    if (a.kind === "done") return t("Done");
    if (a.kind === "sink" && a.count === 0) return t("Sink nothing");
    return cap(said(entry));
  },

  prompt(ctx) {
    if (!ctx.legal.length) return "";
    const p = pendingOf(ctx.obs, ctx.seat);
    if (p && PROMPTS[p.decision]) return PROMPTS[p.decision](p, ctx);
    const window_ = (ctx.options && ctx.options.take_window) || 4;
    return t("Your turn: take a market card (positions 1 to {n}), play a character or lay a set.", { n: window_ });
  },

  notes(options) {
    const o = options || {};
    const rounds = o.rounds || 3;
    const over = o.early_end_over === undefined ? null : o.early_end_over;
    const out = [t("The game lasts {n} rounds; highest total wins.", { n: rounds })];
    out.push(over === null ? t("No early end.") : t("Early end: after round 2, the game ends if a total is above {over}.", { over }));
    out.push(o.round_end_mode === "immediate"
      ? t("A round ends at the end of the turn that empties the market and the deck.")
      : t("A round ends when the player about to start a turn cannot act (market and deck empty)."));
    const pen = {
      half_round: t("the most corrupt players lose half their round's set points"),
      matching_types: t("the most corrupt players' sets of a type in their corruption score nothing"),
    }[o.penalty_mode] || t("the most corrupt players lose the value of their best set");
    out.push(t("Corruption penalty: {penalty}.", { penalty: pen }));
    out.push(o.second_set === "add"
      ? t("Cards of a goods you already have a set of always join that set.")
      : t("Cards of a goods you already have a set of may join that set or be laid as a new set of their own (each set scores on its own)."));
    out.push(o.tiebreak === "shared" ? t("A tie is shared.") : t("A tie goes to the player with fewer corruption cards in the last round, then it is shared."));
    return out;
  },
};
