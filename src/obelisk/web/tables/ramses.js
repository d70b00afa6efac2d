// Ramses II's table: the box of pyramids seen from the seat's side (tables/ramses/box.js),
// the card being sought, the three stacks with their counts and the end card, the event
// card being played with what it does, the choices of the events as clicks on treasures
// (and on players' panels), the seat's own cards, and at the end every player's cards.
//
// Memory is the game (ramses:11.3): the drawing shows a token only while its place is empty,
// because the observation holds no other; nothing here keeps a token from one position to
// the next (the module remembers only what is needed to animate a slide or a turn, and a
// choice half made: the first treasure of a Risk, the treasure of a Poker, a card to give).

import { el, plural } from "../util.js";
import { drawFrame } from "../frame.js";
import { drawBox, finishAnimations, tokenId } from "./ramses/box.js";
import { TIDS, tname, treasureIcon } from "./ramses/treasures.js";

// The event cards' names and what they do come from the game (/api/games/ramses/words: the
// narrator's components and glossary), loaded by the frame before the first drawing.
let EVENTS = {};

/** An event card's words: [name, what it does] (the type itself when unknown). */
function eventWords(kind) {
  return EVENTS[kind] || [kind, ""];
}

/** The words of the event cards from the game's words: name and glossary entry, as a sentence. */
function eventsFrom(words) {
  const names = (words && words.components && words.components.events) || {};
  const glossary = (words && words.glossary) || {};
  const out = {};
  for (const [kind, name] of Object.entries(names)) {
    const what = String(glossary[name] || "").replace(/^an event card: /, "");
    out[kind] = [name.charAt(0).toUpperCase() + name.slice(1), what ? what.charAt(0).toUpperCase() + what.slice(1) : ""];
  }
  return out;
}

const CONTEXT = {
  card: "",
  gift: "for the Gift",
  risk_1: "first, for the Risk",
  risk_2: "second, for the Risk",
  mirage: "for the Mirage",
  poker: "for the Poker in the Desert",
};

const END_WORDS = {
  end_card: "the end card turned up",
  all_eliminated: "every player is out",
  stacks_exhausted: "no card was left to turn over",
  step_limit: "the engine's length limit was reached",
};

/** A choice half made (cleared when the decision changes): a treasure, a card. */
const pick = { key: null, first: null, card: null };

function decisionKey(obs, ctx) {
  return [obs.phase, obs.active, ctx.toMove, (obs.discard || []).length, (obs.hand || []).length, Object.keys(obs.placed || {}).length].join("|");
}

function cardText(c, options) {
  if (!c) return "";
  if (c.type === "search") return `the ${tname(c.treasure, options)} (stack ${c.stack}, ${plural(c.value, "point")})`;
  return eventWords(c.type)[0];
}

/** A face-up search card: the treasure's drawing, its name, stack and points. */
function searchCard(c, options, extra) {
  return el("div.rm-card.search", { dataset: { card: c.treasure }, title: `${tname(c.treasure, options)}: stack ${c.stack}, ${plural(c.value, "point")}` },
    el("span.rm-card-art", null, treasureIcon(c.treasure, 44)),
    el("span.rm-card-name", { text: tname(c.treasure, options) }),
    el("span.rm-card-meta", { text: `stack ${c.stack} · ${plural(c.value, "point")}` }),
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

function who(ctx, seat, you, other) {
  if (seat === null || seat === undefined) return `A player ${other}`;
  return seat === ctx.seat ? you : `${ctx.name(seat)} ${other}`;
}

function headline(obs, ctx) {
  const o = ctx.options;
  if (obs.phase === "over") return `The game is over: ${END_WORDS[obs.end_reason] || "it has ended"}.`;
  if (obs.phase === "place") return `${who(ctx, ctx.toMove, "You hide", "hides")} a treasure: ${plural(12 - Object.keys(obs.placed || {}).length, "treasure")} still to hide.`;
  const s = obs.search;
  if (s && (obs.phase === "search" || obs.phase === "give" || obs.phase === "risk_penalty")) {
    if (obs.phase === "search") {
      const ctxw = CONTEXT[s.context] || "";
      return `${who(ctx, s.searcher, "You search", "searches")} for the ${tname(s.target, o)}${ctxw ? " " + ctxw : ""}: ${plural(s.slides, "slide")} so far.`;
    }
  }
  if (obs.phase === "draw") return `${who(ctx, ctx.toMove, "You turn", "turns")} over the next card.`;
  if (obs.phase === "gift_declare") return `${who(ctx, ctx.toMove, "You name", "names")} a treasure for the Gift.`;
  if (obs.phase === "risk_declare") return `${who(ctx, ctx.toMove, "You name", "names")} two treasures for the Risk.`;
  if (obs.phase === "poker_declare") return `${who(ctx, ctx.toMove, "You name", "names")} a treasure and an opponent for the Poker in the Desert.`;
  if (obs.phase === "give") return `${who(ctx, ctx.toMove, "You give", "gives")} a card to ${obs.give_to === ctx.seat ? "you" : ctx.name(obs.give_to)}.`;
  if (obs.phase === "risk_penalty") return `${who(ctx, ctx.toMove, "You give", "gives")} away a card: the Risk failed.`;
  return "";
}

function showingWords(obs, ctx) {
  if (obs.phase === "place") return "The box is open: each square of four places gets one treasure.";
  if (!obs.showing) return "";
  if (obs.showing === "blank") return "The empty place shows a blank token.";
  return `The empty place shows the ${tname(obs.showing, ctx.options)}.`;
}

/** The three stacks with their counts; the next one to draw from takes the draw action. */
function drawStacks(obs, ctx) {
  const o = ctx.options || {};
  const endGone = (obs.discard || []).some((c) => c.type === "end");
  const stacks = Object.entries(obs.stacks || {}).sort((a, b) => +a[0] - +b[0]);
  const next = stacks.find(([, n]) => n > 0);
  const row = el("div.rm-stacks", { role: "group", "aria-label": "the stacks" });
  for (const [s, n] of stacks) {
    const tile = el("div.rm-stack" + (n ? "" : ".gone"), { dataset: { stack: s } },
      el("span.rm-back", { "aria-hidden": "true", text: s }),
      el("span.rm-stack-name", { text: `Stack ${s}` }),
      el("span.rm-stack-count", { text: plural(n, "card") }),
      s === "3" && o.end_card !== false && !endGone && n > 0 ? el("span.rm-stack-note", { text: "with the end card" }) : null);
    if (next && next[0] === s) {
      const entry = ctx.pool.take((a) => a.kind === "draw");
      if (entry) ctx.pool.bind(tile, entry, `turn over the top card of stack ${s}`);
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
  if (s && s.context === "card") lines.push(`${s.searcher === ctx.seat ? "You search" : ctx.name(s.searcher) + " searches"} for it.`);
  if (obs.misses) lines.push(`Missed ${obs.misses === 1 ? "once" : obs.misses === 2 ? "twice" : obs.misses + " times"} so far.`);
  if (c.stack === 3) lines.push("A wrong treasure puts the searcher out.");
  return el("div.rm-seek", null, el("h3", { text: "The card sought" }),
    searchCard(c, ctx.options, lines.length ? el("span.rm-card-note", { text: lines.join(" ") }) : null));
}

function declaredLines(obs, ctx) {
  const d = obs.declared;
  const o = ctx.options;
  if (!d) return [];
  if (d.event === "mirage" && d.card) {
    return [`Taken from ${d.right === ctx.seat ? "you" : ctx.name(d.right)}: ${cardText(d.card, o)}.`];
  }
  if (d.event === "poker") {
    const t = (d.treasures || [])[0];
    return [`${d.opponent === ctx.seat ? "You must" : ctx.name(d.opponent) + " must"} find the ${tname(t, o)}.`];
  }
  const ts = (d.treasures || []).map((t) => "the " + tname(t, o));
  if (d.event === "risk") return [`Named: ${ts.join(", then ")}.`];
  if (d.event === "gift") return [`Named: ${ts[0] || "a treasure"}.`];
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
    box.append(el("h3", { text: "Name the treasure for your Gift" }),
      treasureGrid("treasures to name", (tid, tile) => {
        const entry = ctx.pool.take((a) => a.kind === "gift" && tokenId(a.treasure) === tid);
        if (entry) ctx.pool.bind(tile, entry, `Gift: name the ${tname(tid, o)} and search for it`);
        return tile;
      }, ctx));
    return box;
  }
  if (kinds.has("risk")) {
    const first = pick.first;
    box.append(el("h3", { text: first ? `Risk: the ${tname(first, o)} first; now the second treasure` : "Risk: name the first of two treasures" }));
    box.append(treasureGrid("treasures to name", (tid, tile) => {
      if (first && tid !== first) {
        const entry = ctx.pool.take((a) => a.kind === "risk" && tokenId(a.first) === first && tokenId(a.second) === tid);
        if (entry) ctx.pool.bind(tile, entry, `Risk: find the ${tname(first, o)}, then the ${tname(tid, o)}`);
        else tile.classList.add("off");
        return tile;
      }
      const can = ctx.legal.some((e) => e.action.kind === "risk" && tokenId(e.action.first) === tid);
      if (!can) {
        tile.classList.add("off");
        tile.append(el("span.rm-tile-note", { text: "showing: not allowed" }));
        return tile;
      }
      return pickTile(tile, tid, tid === first, tid === first ? `the ${tname(tid, o)} is your first treasure; choose it again to change` : `name the ${tname(tid, o)} first`, ctx, redraw);
    }, ctx));
    while (ctx.pool.take((a) => a.kind === "risk")); // the other pairs wait for their first treasure
    return box;
  }
  if (kinds.has("poker")) {
    const opps = [...new Set(ctx.legal.filter((e) => e.action.kind === "poker").map((e) => e.action.opponent))];
    const first = opps.length === 1 ? null : pick.first;
    box.append(el("h3", { text: opps.length === 1 ? `Poker: name the treasure ${ctx.name(opps[0])} must find` : first ? `Poker: who must find the ${tname(first, o)}? Click their panel or a name` : "Poker: name a treasure, then the opponent" }));
    box.append(treasureGrid("treasures to name", (tid, tile) => {
      if (opps.length === 1) {
        const entry = ctx.pool.take((a) => a.kind === "poker" && tokenId(a.treasure) === tid);
        if (entry) ctx.pool.bind(tile, entry, `Poker: ${ctx.name(opps[0])} must find the ${tname(tid, o)}`);
        return tile;
      }
      return pickTile(tile, tid, tid === first, `name the ${tname(tid, o)}`, ctx, redraw);
    }, ctx));
    if (first) {
      const row = el("div.rm-players", { role: "group", "aria-label": "opponents" });
      for (const e of ctx.legal.filter((x) => x.action.kind === "poker" && tokenId(x.action.treasure) === first)) {
        const b = el("button.rm-player", { type: "button", text: ctx.name(e.action.opponent), style: { "--seat": ctx.colour(e.action.opponent) } });
        ctx.pool.bind(b, e, `Poker: ${ctx.name(e.action.opponent)} must find the ${tname(first, o)}`);
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
    box.append(el("h3", { text: first ? `Hide the ${tname(first, o)}: click a place in a square without a treasure` : "Choose a treasure to hide" }));
    const placed = new Set(Object.keys(obs.placed || {}));
    box.append(treasureGrid("treasures to hide", (tid, tile) => {
      if (placed.has(tid)) {
        tile.classList.add("off");
        tile.append(el("span.rm-tile-note", { text: "hidden" }));
        return tile;
      }
      return pickTile(tile, tid, tid === first, `hide the ${tname(tid, o)}`, ctx, redraw);
    }, ctx));
    return box;
  }
  if (kinds.has("give")) {
    const penalty = ctx.legal.some((e) => e.action.kind === "give" && e.action.to !== null && e.action.to !== undefined);
    if (penalty) {
      const card = pick.card;
      const c = (obs.hand || []).find((h) => h.card === card);
      box.append(el("h3", { text: c ? `Who gets ${cardText(c, o)}? Click their panel or a name` : "The Risk failed: choose one of your cards below, then who gets it" }));
      if (c) {
        const row = el("div.rm-players", { role: "group", "aria-label": "players" });
        for (const e of ctx.legal.filter((x) => x.action.kind === "give" && x.action.card === card)) {
          const b = el("button.rm-player", { type: "button", text: ctx.name(e.action.to), style: { "--seat": ctx.colour(e.action.to) } });
          ctx.pool.bind(b, e, `give ${cardText(c, o)} to ${ctx.name(e.action.to)}`);
          b.removeAttribute("role");
          row.append(b);
        }
        box.append(row);
      }
    } else {
      box.append(el("h3", { text: `Choose the card you give to ${obs.give_to === ctx.seat ? "yourself" : ctx.name(obs.give_to)}: click it below` }));
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
        "aria-label": `give ${cardText(c, o)} away`,
        onclick: () => {
          pick.card = chosen ? null : c.card;
          redraw(`[data-pick-card="${c.card}"]`);
        },
      }, treasureIcon(c.treasure, 36), el("span.rm-card-name", { text: tname(c.treasure, o) }),
      el("span.rm-card-meta", { text: `stack ${c.stack} · ${plural(c.value, "point")}` }));
      return b;
    }
    const node = searchCard(c, o);
    const entry = ctx.pool.take((a) => a.kind === "give" && a.card === c.card && (a.to === null || a.to === undefined));
    if (entry) ctx.pool.bind(node, entry, `give ${cardText(c, o)}`);
    return node;
  });
  if (penalty) while (ctx.pool.take((a) => a.kind === "give" && a.card !== pick.card));
  return el("div.rm-hand", null,
    el("h3", { text: "Your cards" }),
    el("p.muted", { text: cards.length ? "Face down in front of you: only you see them." : "None yet." }),
    cards.length ? el("div.rm-cards", null, ...cards) : null);
}

function drawDiscard(obs, ctx) {
  const d = obs.discard || [];
  if (!d.length) return null;
  const counts = new Map();
  for (const c of d) {
    const k = c.type === "search" ? `the ${tname(c.treasure, ctx.options)} (set aside)` : eventWords(c.type)[0];
    counts.set(k, (counts.get(k) || 0) + 1);
  }
  return el("p.rm-discard", { text: "Played: " + [...counts.entries()].map(([k, n]) => (n > 1 ? `${k} ×${n}` : k)).join(", ") + "." });
}

function drawFinal(obs, ctx) {
  if (!obs.hands) return null;
  const o = ctx.options;
  return el("div.rm-final", null,
    el("h3", { text: "Everybody's cards (points in brackets)" }),
    el("div.table-wrap", null,
      el("table.scores", null,
        el("thead", null, el("tr", null, el("th", { text: "Player" }), el("th", { text: "Cards" }), el("th", { text: "Points" }))),
        el("tbody", null, ...obs.hands.map((h, i) =>
          el("tr", { dataset: { seat: String(i + 1) } },
            el("td", { text: ctx.name(i) + (obs.eliminated && obs.eliminated[i] ? " (out)" : "") }),
            el("td", { text: h.length ? h.map((c) => `${tname(c.treasure, o)} (${c.value})`).join(", ") : "none" }),
            el("td", { text: String(obs.scores ? obs.scores[i] : "") })))))));
}

// the arrow keys slide the pyramid that moves that way (like a sliding puzzle)
const KEYS = { ArrowUp: "slide up", ArrowDown: "slide down", ArrowLeft: "slide left", ArrowRight: "slide right" };
document.addEventListener("keydown", (ev) => {
  const a = KEYS[ev.key];
  const t = ev.target;
  if (!a || ev.altKey || ev.ctrlKey || ev.metaKey || (t && /^(INPUT|SELECT|TEXTAREA)$/.test(t.tagName))) return;
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
      ev ? el("div.rm-event", null, el("h3", { text: "Event card" }), eventCard(ev, declaredLines(obs, ctx))) : null,
      el("div.rm-stackbox", null, el("h3", { text: "The stacks" }), drawStacks(obs, ctx), drawDiscard(obs, ctx)));
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
    out.push(`Cards: ${n}`);
    if (obs.eliminated && obs.eliminated[i]) out.push("Out of the game (keeps the cards)");
    if (obs.search && obs.search.searcher === i && obs.phase === "search") out.push("Searching");
    if (obs.scores) out.push(`Points: ${obs.scores[i]}`);
    return out;
  },

  panelAction(a, seat) {
    if (a.kind === "poker") return pick.first !== null && tokenId(a.treasure) === pick.first && a.opponent === seat;
    if (a.kind === "give" && a.to !== null && a.to !== undefined) return pick.card !== null && a.card === pick.card && a.to === seat;
    return false;
  },

  buttonLabel(entry) {
    const t = entry.says || entry.text;
    return t.charAt(0).toUpperCase() + t.slice(1);
  },

  prompt(ctx) {
    const kinds = new Set(ctx.legal.map((e) => e.action.kind));
    const obs = ctx.obs;
    if (kinds.has("slide")) {
      const t = obs.search ? `the ${tname(obs.search.target, ctx.options)}` : "the treasure";
      return `Find ${t}: click a marked pyramid next to the empty place (or press an arrow key) to slide it.`;
    }
    if (kinds.has("draw")) return "Turn over a card: click the stack.";
    if (kinds.has("gift")) return "Name a treasure for your Gift.";
    if (kinds.has("risk")) return pick.first ? "Now the second treasure of your Risk." : "Name the first of the two treasures for your Risk.";
    if (kinds.has("poker")) return pick.first ? "Now the opponent who must find it." : "Name a treasure for your Poker in the Desert.";
    if (kinds.has("place")) return pick.first ? "Click a place to hide it." : "Choose a treasure to hide.";
    if (kinds.has("give")) return "Choose a card to give.";
    return ctx.legal.length ? "Your turn." : "";
  },

  notes(options) {
    const o = options || {};
    const out = [
      "Slide a pyramid next to the empty place into it: the token under it shows until the next slide covers it again. Remember what you saw: nothing on this page keeps it.",
      "A blank lets you slide again; the treasure on your card wins it; another treasure ends your search.",
    ];
    if (o.small_children) out.push("Small children: stack 1 only, no events, the box never turns, nobody is out.");
    else out.push("From stack 2 on, every find turns the box a quarter; a Sandstorm turns it half round. In stack 3 a wrong treasure puts the searcher out.");
    if (o.professional) out.push("Professional treasure hunters: the box has no marks to tell its sides apart.");
    if (o.setup_mode === "players_place") out.push("The players hide the treasures: one per square of four places, taking turns.");
    if (o.end_card === false) out.push("No end card: the game ends when stack 3 is used up.");
    if (o.allow_diagonal_slides) out.push("Pyramids may also slide diagonally.");
    return out;
  },
};

export default ramses;
