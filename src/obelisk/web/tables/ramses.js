// Ramses II's table: the box of pyramids seen from the seat's side (tables/ramses/box.js),
// the card being sought, the three stacks with their counts and the end card, the event
// card being played with what it does, the choices of the events as clicks on treasures
// (and on players' panels), the seat's own cards, and at the end every player's cards.
//
// Memory is the game (ramses:11.3): the drawing shows a token only while its place is empty,
// because the observation holds no other; nothing here keeps a token from one position to
// the next (the module remembers only what is needed to animate a slide or a turn, and a
// choice half made: the first treasure of a Risk, the treasure of a Poker, a card to give).

import { el } from "../util.js";
import { drawFrame } from "../frame.js";
import { t, tn } from "../i18n.js";
import { drawBox, finishAnimations, tokenId } from "./ramses/box.js";
import { TIDS, tname, theTreasure, treasureIcon } from "./ramses/treasures.js";

// The event cards' names and what they do come from the game (/api/games/ramses/words: the
// narrator's components and glossary), loaded by the frame before the first drawing.
let EVENTS = {};

/** An event card's words: [name, what it does] (the type itself when unknown). */
function eventWords(kind) {
  return EVENTS[kind] || [kind, ""];
}

/**
 * The words of the event cards from the game's words: name and glossary entry, as a
 * sentence, in the page's language (the game's words may come in English or already
 * translated: a translated word is looked up in vain and stays as it is).
 */
function eventsFrom(words) {
  const names = (words && words.components && words.components.events) || {};
  const glossary = (words && words.glossary) || {};
  const out = {};
  const prefix = t("an event card: ");
  for (const [kind, english] of Object.entries(names)) {
    const name = t(english);
    let what = t(String(glossary[english] || ""));
    if (what.startsWith(prefix)) what = what.slice(prefix.length);
    out[kind] = [name.charAt(0).toUpperCase() + name.slice(1), what ? what.charAt(0).toUpperCase() + what.slice(1) : ""];
  }
  return out;
}

/** What a search is for, after "searches for the Parrot" (empty for a card's own search). */
function contextWords(context) {
  return {
    card: "",
    gift: t("for the Gift"),
    risk_1: t("first, for the Risk"),
    risk_2: t("second, for the Risk"),
    mirage: t("for the Mirage"),
    poker: t("for the Poker in the Desert"),
  }[context] || "";
}

/** Why the game ended, in words. */
function endWords(reason) {
  return {
    end_card: t("the end card turned up"),
    all_eliminated: t("every player is out"),
    stacks_exhausted: t("no card was left to turn over"),
    step_limit: t("the engine's length limit was reached"),
  }[reason] || t("it has ended");
}

/** A card's points: "2 points". */
function points(n) {
  return tn("{n} point", "{n} points", n, { n });
}

/** A choice half made (cleared when the decision changes): a treasure, a card. */
const pick = { key: null, first: null, card: null };

function decisionKey(obs, ctx) {
  return [obs.phase, obs.active, ctx.toMove, (obs.discard || []).length, (obs.hand || []).length, Object.keys(obs.placed || {}).length].join("|");
}

function cardText(c, options) {
  if (!c) return "";
  if (c.type === "search") return t("the {name} (stack {stack}, {points})", { name: tname(c.treasure, options), stack: c.stack, points: points(c.value) });
  return eventWords(c.type)[0];
}

/** A card's stack and points, under its name: "stack 2 · 3 points". */
function cardMeta(c) {
  return t("stack {stack} · {points}", { stack: c.stack, points: points(c.value) });
}

/** A face-up search card: the treasure's drawing, its name, stack and points. */
function searchCard(c, options, extra) {
  return el("div.rm-card.search", { dataset: { card: c.treasure }, title: t("{name}: stack {stack}, {points}", { name: tname(c.treasure, options), stack: c.stack, points: points(c.value) }) },
    el("span.rm-card-art", null, treasureIcon(c.treasure, 44)),
    el("span.rm-card-name", { text: tname(c.treasure, options) }),
    el("span.rm-card-meta", { text: cardMeta(c) }),
    extra || null);
}

function eventCard(kind, lines) {
  const [name, what] = eventWords(kind);
  return el("div.rm-card.event", { dataset: { card: kind } },
    el("span.rm-card-name", { text: name }),
    el("span.rm-card-what", { text: what }),
    ...(lines || []).map((l) => el("span.rm-card-note", { text: l })));
}

/** The event being played now, if any (from the phase, the declaration or the search). */
function eventNow(obs, ctx) {
  const ph = obs.phase;
  if (ph === "over") return (obs.discard || []).some((c) => c.type === "end") ? "end" : null;
  if (ph === "gift_declare" || ph === "risk_declare" || ph === "poker_declare") return ph.split("_")[0];
  if (ph === "risk_penalty") return "risk";
  if (obs.declared && obs.declared.event) return obs.declared.event;
  const sc = obs.search && obs.search.context;
  if (sc && sc !== "card") return sc.split("_")[0];
  // an event card turned over and played at once (a Sandstorm, a Mirage that does nothing)
  const drawn = (ctx.events || []).filter((e) => e.kind === "card_drawn" && e.type !== "search");
  return drawn.length ? drawn[drawn.length - 1].type : null;
}

/** ``you`` when ``seat`` is the reader's, else ``other`` with {name} the seat's name ("A player" for none). */
function who(ctx, seat, you, other) {
  if (seat !== null && seat !== undefined && seat === ctx.seat) return you;
  const name = seat === null || seat === undefined ? t("A player") : ctx.name(seat);
  return other.replace(/\{name\}/g, () => name);
}

function headline(obs, ctx) {
  const o = ctx.options;
  const mover = ctx.toMove;
  if (obs.phase === "over") return t("The game is over: {why}.", { why: endWords(obs.end_reason) });
  if (obs.phase === "place") {
    const n = 12 - Object.keys(obs.placed || {}).length;
    return who(ctx, mover,
      tn("You hide a treasure: {n} treasure still to hide.", "You hide a treasure: {n} treasures still to hide.", n, { n }),
      tn("{name} hides a treasure: {n} treasure still to hide.", "{name} hides a treasure: {n} treasures still to hide.", n, { n }));
  }
  const s = obs.search;
  if (s && obs.phase === "search") {
    const ctxw = contextWords(s.context);
    const f = { ...theTreasure(s.target, o), context: ctxw ? " " + ctxw : "", n: s.slides };
    return who(ctx, s.searcher,
      tn("You search for {treasure}{context}: {n} slide so far.", "You search for {treasure}{context}: {n} slides so far.", s.slides, f),
      tn("{name} searches for {treasure}{context}: {n} slide so far.", "{name} searches for {treasure}{context}: {n} slides so far.", s.slides, f));
  }
  if (obs.phase === "draw") return who(ctx, mover, t("You turn over the next card."), t("{name} turns over the next card."));
  if (obs.phase === "gift_declare") return who(ctx, mover, t("You name a treasure for the Gift."), t("{name} names a treasure for the Gift."));
  if (obs.phase === "risk_declare") return who(ctx, mover, t("You name two treasures for the Risk."), t("{name} names two treasures for the Risk."));
  if (obs.phase === "poker_declare") {
    return who(ctx, mover, t("You name a treasure and an opponent for the Poker in the Desert."),
      t("{name} names a treasure and an opponent for the Poker in the Desert."));
  }
  if (obs.phase === "give") {
    if (obs.give_to === ctx.seat && mover !== ctx.seat) return who(ctx, mover, "", t("{name} gives a card to you."));
    const receiver = { receiver: ctx.name(obs.give_to) };
    return who(ctx, mover, t("You give a card to {receiver}.", receiver), t("{name} gives a card to {receiver}.", receiver));
  }
  if (obs.phase === "risk_penalty") return who(ctx, mover, t("You give away a card: the Risk failed."), t("{name} gives away a card: the Risk failed."));
  return "";
}

function showingWords(obs, ctx) {
  if (obs.phase === "place") return t("The box is open: each square of four places gets one treasure.");
  if (!obs.showing) return "";
  if (obs.showing === "blank") return t("The empty place shows a blank token.");
  return t("The empty place shows {treasure}.", theTreasure(obs.showing, ctx.options));
}

/** The three stacks with their counts; the next one to draw from takes the draw action. */
function drawStacks(obs, ctx) {
  const o = ctx.options || {};
  const endGone = (obs.discard || []).some((c) => c.type === "end");
  const stacks = Object.entries(obs.stacks || {}).sort((a, b) => +a[0] - +b[0]);
  const next = stacks.find(([, n]) => n > 0);
  const row = el("div.rm-stacks", { role: "group", "aria-label": t("the stacks") });
  for (const [s, n] of stacks) {
    const tile = el("div.rm-stack" + (n ? "" : ".gone"), { dataset: { stack: s } },
      el("span.rm-back", { "aria-hidden": "true", text: s }),
      el("span.rm-stack-name", { text: t("Stack {stack}", { stack: s }) }),
      el("span.rm-stack-count", { text: tn("{n} card", "{n} cards", n, { n }) }),
      s === "3" && o.end_card !== false && !endGone && n > 0 ? el("span.rm-stack-note", { text: t("with the end card") }) : null);
    if (next && next[0] === s) {
      const entry = ctx.pool.take((a) => a.kind === "draw");
      if (entry) ctx.pool.bind(tile, entry, t("turn over the top card of stack {stack}", { stack: s }));
    }
    row.append(tile);
  }
  return row;
}

/** The card being sought, who seeks it and how often it was missed. */
function drawCurrent(obs, ctx) {
  const c = obs.current_card;
  if (!c) return null;
  const s = obs.search;
  const lines = [];
  if (s && s.context === "card") lines.push(s.searcher === ctx.seat ? t("You search for it.") : t("{name} searches for it.", { name: ctx.name(s.searcher) }));
  if (obs.misses === 1) lines.push(t("Missed once so far."));
  else if (obs.misses === 2) lines.push(t("Missed twice so far."));
  else if (obs.misses) lines.push(tn("Missed {n} time so far.", "Missed {n} times so far.", obs.misses, { n: obs.misses }));
  if (c.stack === 3) lines.push(t("A wrong treasure puts the searcher out."));
  return el("div.rm-seek", null, el("h3", { text: t("The card sought") }),
    searchCard(c, ctx.options, lines.length ? el("span.rm-card-note", { text: lines.join(" ") }) : null));
}

function declaredLines(obs, ctx) {
  const d = obs.declared;
  const o = ctx.options;
  if (!d) return [];
  if (d.event === "mirage" && d.card) {
    const card = cardText(d.card, o);
    return [d.right === ctx.seat ? t("Taken from you: {card}.", { card }) : t("Taken from {name}: {card}.", { name: ctx.name(d.right), card })];
  }
  if (d.event === "poker") {
    const f = theTreasure((d.treasures || [])[0], o);
    return [d.opponent === ctx.seat ? t("You must find {treasure}.", f) : t("{name} must find {treasure}.", { ...f, name: ctx.name(d.opponent) })];
  }
  const ts = (d.treasures || []).map((x) => theTreasure(x, o).treasure);
  if (d.event === "risk" && ts.length === 2) return [t("Named: {first}, then {second}.", { first: ts[0], second: ts[1] })];
  if (d.event === "risk" || d.event === "gift") return [t("Named: {treasures}.", { treasures: ts.join(", ") || t("a treasure") })];
  return [];
}

/** A grid of the twelve treasures; ``bindOne(tid, tile)`` makes a tile a choice or not. */
function treasureGrid(label, bindOne, ctx) {
  const grid = el("div.rm-treasures", { role: "group", "aria-label": label });
  for (const tid of TIDS) {
    const tile = el("div.rm-tile", { dataset: { treasure: tid } },
      treasureIcon(tid, 34), el("span", { text: tname(tid, ctx.options) }));
    grid.append(bindOne(tid, tile) || tile);
  }
  return grid;
}

/** A tile that makes the first half of a two-step choice (no action on its own). */
function pickTile(tile, tid, chosen, label, ctx, redraw) {
  const b = el("button.rm-tile.rm-pick" + (chosen ? ".chosen-pick" : ""), {
    type: "button", dataset: { pick: tid, treasure: tid }, "aria-pressed": chosen ? "true" : "false", "aria-label": label,
    onclick: () => {
      pick.first = chosen ? null : tid;
      redraw(`[data-pick="${tid}"]`);
    },
  }, ...tile.childNodes);
  return b;
}

function localRedraw(mod, ctx) {
  // a half-made choice changes only this page: draw the frame again from the same view
  // (into the live parts of the frame: the drawing being made is a detached copy)
  return (focusSel) => {
    const els = ctx.live;
    if (!els || !els.board.isConnected) return;
    drawFrame(els, mod, { ...ctx, pool: undefined, live: undefined }, ctx.pool.play);
    const again = focusSel && document.querySelector(focusSel);
    const target = again || board.querySelector(".rm-choice [data-action]");
    if (target) target.focus();
  };
}

/** The choices of an event (and of the hidden-treasure set-up) as clicks on treasures. */
function drawChoices(obs, ctx, redraw) {
  const kinds = new Set(ctx.legal.map((e) => e.action.kind));
  const o = ctx.options;
  const box = el("div.rm-choice");
  if (kinds.has("gift")) {
    box.append(el("h3", { text: t("Name the treasure for your Gift") }),
      treasureGrid(t("treasures to name"), (tid, tile) => {
        const entry = ctx.pool.take((a) => a.kind === "gift" && tokenId(a.treasure) === tid);
        if (entry) ctx.pool.bind(tile, entry, t("Gift: name {treasure} and search for it", theTreasure(tid, o)));
        return tile;
      }, ctx));
    return box;
  }
  if (kinds.has("risk")) {
    const first = pick.first;
    box.append(el("h3", { text: first ? t("Risk: {treasure} first; now the second treasure", theTreasure(first, o)) : t("Risk: name the first of two treasures") }));
    box.append(treasureGrid(t("treasures to name"), (tid, tile) => {
      if (first && tid !== first) {
        const entry = ctx.pool.take((a) => a.kind === "risk" && tokenId(a.first) === first && tokenId(a.second) === tid);
        if (entry) ctx.pool.bind(tile, entry, t("Risk: find {treasure}, then {second}", { ...theTreasure(first, o), ...theTreasure(tid, o, "second") }));
        else tile.classList.add("off");
        return tile;
      }
      const can = ctx.legal.some((e) => e.action.kind === "risk" && tokenId(e.action.first) === tid);
      if (!can) {
        tile.classList.add("off");
        tile.append(el("span.rm-tile-note", { text: t("showing: not allowed") }));
        return tile;
      }
      const f = theTreasure(tid, o);
      return pickTile(tile, tid, tid === first, tid === first ? t("{treasure} is your first treasure; choose it again to change", f) : t("name {treasure} first", f), ctx, redraw);
    }, ctx));
    while (ctx.pool.take((a) => a.kind === "risk")); // the other pairs wait for their first treasure
    return box;
  }
  if (kinds.has("poker")) {
    const opps = [...new Set(ctx.legal.filter((e) => e.action.kind === "poker").map((e) => e.action.opponent))];
    const first = opps.length === 1 ? null : pick.first;
    box.append(el("h3", { text: opps.length === 1 ? t("Poker: name the treasure {name} must find", { name: ctx.name(opps[0]) }) : first ? t("Poker: who must find {treasure}? Click their panel or a name", theTreasure(first, o)) : t("Poker: name a treasure, then the opponent") }));
    box.append(treasureGrid(t("treasures to name"), (tid, tile) => {
      if (opps.length === 1) {
        const entry = ctx.pool.take((a) => a.kind === "poker" && tokenId(a.treasure) === tid);
        if (entry) ctx.pool.bind(tile, entry, t("Poker: {name} must find {treasure}", { ...theTreasure(tid, o), name: ctx.name(opps[0]) }));
        return tile;
      }
      return pickTile(tile, tid, tid === first, t("name {treasure}", theTreasure(tid, o)), ctx, redraw);
    }, ctx));
    if (first) {
      const row = el("div.rm-players", { role: "group", "aria-label": t("opponents") });
      for (const e of ctx.legal.filter((x) => x.action.kind === "poker" && tokenId(x.action.treasure) === first)) {
        const b = el("button.rm-player", { type: "button", text: ctx.name(e.action.opponent), style: { "--seat": ctx.colour(e.action.opponent) } });
        ctx.pool.bind(b, e, t("Poker: {name} must find {treasure}", { ...theTreasure(first, o), name: ctx.name(e.action.opponent) }));
        b.removeAttribute("role");
        row.append(b);
      }
      box.append(row);
    }
    // the entries left for the players' panels: those of the chosen treasure
    while (ctx.pool.take((a) => a.kind === "poker" && (first === null || tokenId(a.treasure) !== first)));
    return box;
  }
  if (kinds.has("place")) {
    const first = pick.first;
    box.append(el("h3", { text: first ? t("Hide {treasure}: click a place in a square without a treasure", theTreasure(first, o)) : t("Choose a treasure to hide") }));
    const placed = new Set(Object.keys(obs.placed || {}));
    box.append(treasureGrid(t("treasures to hide"), (tid, tile) => {
      if (placed.has(tid)) {
        tile.classList.add("off");
        tile.append(el("span.rm-tile-note", { text: t("hidden") }));
        return tile;
      }
      return pickTile(tile, tid, tid === first, t("hide {treasure}", theTreasure(tid, o)), ctx, redraw);
    }, ctx));
    return box;
  }
  if (kinds.has("give")) {
    const penalty = ctx.legal.some((e) => e.action.kind === "give" && e.action.to !== null && e.action.to !== undefined);
    if (penalty) {
      const card = pick.card;
      const c = (obs.hand || []).find((h) => h.card === card);
      box.append(el("h3", { text: c ? t("Who gets {card}? Click their panel or a name", { card: cardText(c, o) }) : t("The Risk failed: choose one of your cards below, then who gets it") }));
      if (c) {
        const row = el("div.rm-players", { role: "group", "aria-label": t("players") });
        for (const e of ctx.legal.filter((x) => x.action.kind === "give" && x.action.card === card)) {
          const b = el("button.rm-player", { type: "button", text: ctx.name(e.action.to), style: { "--seat": ctx.colour(e.action.to) } });
          ctx.pool.bind(b, e, t("give {card} to {name}", { card: cardText(c, o), name: ctx.name(e.action.to) }));
          b.removeAttribute("role");
          row.append(b);
        }
        box.append(row);
      }
    } else {
      box.append(el("h3", { text: obs.give_to === ctx.seat ? t("Choose the card you give to yourself: click it below") : t("Choose the card you give to {name}: click it below", { name: ctx.name(obs.give_to) }) }));
    }
    return box;
  }
  return null;
}

/** The seat's own cards (face down on the table: only this seat sees them). */
function drawHand(obs, ctx, redraw) {
  if (!Array.isArray(obs.hand)) return null;
  const o = ctx.options;
  const penalty = ctx.legal.some((e) => e.action.kind === "give" && e.action.to !== null && e.action.to !== undefined);
  const cards = obs.hand.map((c) => {
    if (penalty) {
      const chosen = pick.card === c.card;
      const b = el("button.rm-card.search.rm-pick" + (chosen ? ".chosen-pick" : ""), {
        type: "button", dataset: { card: c.treasure, pickCard: String(c.card) }, "aria-pressed": chosen ? "true" : "false",
        "aria-label": t("give {card} away", { card: cardText(c, o) }),
        onclick: () => {
          pick.card = chosen ? null : c.card;
          redraw(`[data-pick-card="${c.card}"]`);
        },
      }, treasureIcon(c.treasure, 36), el("span.rm-card-name", { text: tname(c.treasure, o) }),
      el("span.rm-card-meta", { text: cardMeta(c) }));
      return b;
    }
    const node = searchCard(c, o);
    const entry = ctx.pool.take((a) => a.kind === "give" && a.card === c.card && (a.to === null || a.to === undefined));
    if (entry) ctx.pool.bind(node, entry, t("give {card}", { card: cardText(c, o) }));
    return node;
  });
  if (penalty) while (ctx.pool.take((a) => a.kind === "give" && a.card !== pick.card));
  return el("div.rm-hand", null,
    el("h3", { text: t("Your cards") }),
    el("p.muted", { text: cards.length ? t("Face down in front of you: only you see them.") : t("None yet.") }),
    cards.length ? el("div.rm-cards", null, ...cards) : null);
}

function drawDiscard(obs, ctx) {
  const d = obs.discard || [];
  if (!d.length) return null;
  const counts = new Map();
  for (const c of d) {
    const k = c.type === "search" ? t("{treasure} (set aside)", theTreasure(c.treasure, ctx.options)) : eventWords(c.type)[0];
    counts.set(k, (counts.get(k) || 0) + 1);
  }
  const cards = [...counts.entries()].map(([k, n]) => (n > 1 ? `${k} ×${n}` : k)).join(", ");
  return el("p.rm-discard", { text: t("Played: {cards}.", { cards }) });
}

function drawFinal(obs, ctx) {
  if (!obs.hands) return null;
  const o = ctx.options;
  return el("div.rm-final", null,
    el("h3", { text: t("Everybody's cards (points in brackets)") }),
    el("div.table-wrap", null,
      el("table.scores", null,
        el("thead", null, el("tr", null, el("th", { text: t("Player") }), el("th", { text: t("Cards") }), el("th", { text: t("Points") }))),
        el("tbody", null, ...obs.hands.map((h, i) =>
          el("tr", { dataset: { seat: String(i + 1) } },
            el("td", { text: ctx.name(i) + (obs.eliminated && obs.eliminated[i] ? " " + t("(out)") : "") }),
            el("td", { text: h.length ? h.map((c) => `${tname(c.treasure, o)} (${c.value})`).join(", ") : t("none") }),
            el("td", { text: String(obs.scores ? obs.scores[i] : "") })))))));
}

// the arrow keys slide the pyramid that moves that way (like a sliding puzzle)
const KEYS = { ArrowUp: "slide up", ArrowDown: "slide down", ArrowLeft: "slide left", ArrowRight: "slide right" };
document.addEventListener("keydown", (ev) => {
  const a = KEYS[ev.key];
  const target = ev.target;
  if (!a || ev.altKey || ev.ctrlKey || ev.metaKey || (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName))) return;
  const table = document.getElementById("table");
  if (!table || table.hidden) return;
  const node = document.querySelector(`#board .rm-box [data-action="${a}"]:not([aria-disabled="true"])`);
  if (!node) return;
  ev.preventDefault();
  node.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
});

// A press on the box finishes its animations at once (a slide, a turn). When the box was
// turning, what was under the finger moves with that, and the release lands elsewhere: the
// click then goes to no place at all. The press is what the person aimed at, so a click
// that reaches the box itself plays the place that was pressed.
let pressed = null;

function pressDuringAnimation(ev) {
  const place = ev.target && ev.target.closest ? ev.target.closest("[data-action]") : null;
  pressed = finishAnimations() ? place : null;
}

function clickAfterAnimation(ev) {
  // a click on a place was played by the place (and went no further)
  const node = pressed;
  pressed = null;
  if (node && node.isConnected && !(ev.target.closest && ev.target.closest("[data-action]"))) {
    node.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
  }
}

const ramses = {
  css: "ramses.css",
  wantsWords: true,
  useWords(words) {
    EVENTS = eventsFrom(words);
  },

  draw(board, mine, ctx) {
    const obs = ctx.obs;
    const o = ctx.options || {};
    const key = decisionKey(obs, ctx);
    if (pick.key !== key) Object.assign(pick, { key, first: null, card: null });
    const redraw = localRedraw(ramses, ctx);
    const boxWrap = el("div.rm-boxwrap", { onpointerdown: pressDuringAnimation, onclick: clickAfterAnimation },
      el("p.rm-showing", { text: showingWords(obs, ctx) }));
    const choices = ctx.readonly ? null : drawChoices(obs, ctx, redraw);
    drawBox(boxWrap, { obs, options: o, pool: ctx.pool, selected: obs.phase === "place" ? pick.first : null, events: ctx.events, readonly: ctx.readonly, key: (ctx.live && ctx.live.board) || board });
    // placements wait for their treasure to be chosen: none goes to the action bar
    if (obs.phase === "place") while (ctx.pool.take((a) => a.kind === "place"));
    const ev = eventNow(obs, ctx);
    const side = el("div.rm-side", null,
      drawCurrent(obs, ctx),
      ev ? el("div.rm-event", null, el("h3", { text: t("Event card") }), eventCard(ev, declaredLines(obs, ctx))) : null,
      el("div.rm-stackbox", null, el("h3", { text: t("The stacks") }), drawStacks(obs, ctx), drawDiscard(obs, ctx)));
    board.append(el("div.rm", null,
      el("p.rm-line", { text: headline(obs, ctx) }),
      choices,
      el("div.rm-main", null, boxWrap, side),
      drawFinal(obs, ctx)));
    const hand = drawHand(obs, ctx, redraw);
    if (hand) mine.append(hand);
  },

  panel(obs, i) {
    const out = [];
    const n = (obs.hand_counts || [])[i] || 0;
    out.push(t("Cards: {n}", { n }));
    if (obs.eliminated && obs.eliminated[i]) out.push(t("Out of the game (keeps the cards)"));
    if (obs.search && obs.search.searcher === i && obs.phase === "search") out.push(t("Searching"));
    if (obs.scores) out.push(t("Points: {points}", { points: obs.scores[i] }));
    return out;
  },

  panelAction(a, seat) {
    if (a.kind === "poker") return pick.first !== null && tokenId(a.treasure) === pick.first && a.opponent === seat;
    if (a.kind === "give" && a.to !== null && a.to !== undefined) return pick.card !== null && a.card === pick.card && a.to === seat;
    return false;
  },

  buttonLabel(entry) {
    const text = entry.says || entry.text;
    return text.charAt(0).toUpperCase() + text.slice(1);
  },

  prompt(ctx) {
    const kinds = new Set(ctx.legal.map((e) => e.action.kind));
    const obs = ctx.obs;
    if (kinds.has("slide")) {
      const f = theTreasure(obs.search ? obs.search.target : null, ctx.options);
      return t("Find {treasure}: click a marked pyramid next to the empty place (or press an arrow key) to slide it.", f);
    }
    if (kinds.has("draw")) return t("Turn over a card: click the stack.");
    if (kinds.has("gift")) return t("Name a treasure for your Gift.");
    if (kinds.has("risk")) return pick.first ? t("Now the second treasure of your Risk.") : t("Name the first of the two treasures for your Risk.");
    if (kinds.has("poker")) return pick.first ? t("Now the opponent who must find it.") : t("Name a treasure for your Poker in the Desert.");
    if (kinds.has("place")) return pick.first ? t("Click a place to hide it.") : t("Choose a treasure to hide.");
    if (kinds.has("give")) return t("Choose a card to give.");
    return ctx.legal.length ? t("Your turn.") : "";
  },

  notes(options) {
    const o = options || {};
    const out = [
      t("Slide a pyramid next to the empty place into it: the token under it shows until the next slide covers it again. Remember what you saw: nothing on this page keeps it."),
      t("A blank lets you slide again; the treasure on your card wins it; another treasure ends your search."),
    ];
    if (o.small_children) out.push(t("Small children: stack 1 only, no events, the box never turns, nobody is out."));
    else out.push(t("From stack 2 on, every find turns the box a quarter; a Sandstorm turns it half round. In stack 3 a wrong treasure puts the searcher out."));
    if (o.professional) out.push(t("Professional treasure hunters: the box has no marks to tell its sides apart."));
    if (o.setup_mode === "players_place") out.push(t("The players hide the treasures: one per square of four places, taking turns."));
    if (o.end_card === false) out.push(t("No end card: the game ends when stack 3 is used up."));
    if (o.allow_diagonal_slides) out.push(t("Pyramids may also slide diagonally."));
    return out;
  },
};

export default ramses;
