// The table frame every game shares: player panels, the game's table, the seat's own area,
// the action bar and the log. A game's table module draws only its table and its pieces
// (see tables/types.js for the interface); the frame knows no rules.

import { el, seatColour, ActionPool, levelWords } from "./util.js";
import { morph } from "./morph.js";
import generic from "./tables/generic.js";
import { t, language } from "./i18n.js";

const loaded = new Map();
let described = null;

/** The games the server has a web table for (``table`` in /api/games), asked once. */
function tableGames() {
  if (!described) {
    described = fetch("/api/games")
      .then((r) => (r.ok ? r.json() : []))
      .then((games) => new Set(games.filter((g) => g.table).map((g) => g.name)))
      .catch(() => new Set());
  }
  return described;
}

/** The table module of a game (the generic table for a game without one of its own). */
export async function tableFor(game) {
  if (!(await tableGames()).has(game)) return generic;
  // one loading per game, shared by every caller (so none draws before the stylesheet)
  if (!loaded.has(game)) loaded.set(game, loadTable(game));
  return loaded.get(game);
}

/** The game's words (/api/games/{game}/words: glossary, components, defaults), or null. */
export async function wordsFor(game) {
  try {
    const r = await fetch(`/api/games/${encodeURIComponent(game)}/words`);
    return r.ok ? await r.json() : null;
  } catch {
    return null;
  }
}

async function loadTable(game) {
  const mod = (await import(`./tables/${game}.js`)).default;
  // the words the table draws with come from the game, before the first drawing
  if (mod.wantsWords && mod.useWords) mod.useWords(await wordsFor(game));
  // a table's own stylesheet (tables/<game>.css), loaded before the table's first drawing
  // (never a moment unstyled, never a click on an unstyled piece)
  if (mod.css && !document.querySelector(`link[data-table="${game}"]`)) {
    const link = el("link", { rel: "stylesheet", href: `/static/tables/${mod.css}`, dataset: { table: game } });
    const ready = new Promise((done) => {
      link.addEventListener("load", done, { once: true });
      link.addEventListener("error", done, { once: true }); // drawn plain rather than never
    });
    document.head.append(link);
    await ready;
  }
  return mod;
}

/** Whether a table module needs the game's text view (the generic table shows it). */
export function needsText(mod) {
  return Boolean(mod && mod.needsText);
}

/** A seat's name (seats counted from 1 when unnamed): the name alone, a computer player's
 * level is said beside it ("Bot 2", never "Bot 2 (normal)" inside a sentence that adds a
 * role: "Bot 2 (normal) (Zombie)"). */
export function seatName(seats, i) {
  const s = seats && seats[i];
  const name = (s && s.name) || t("Seat {n}", { n: i + 1 });
  return s && s.kind === "bot" ? name.replace(/ \([^()]*\)$/, "") : name;
}

/** Who a seat is, in words: "a person, connected", "computer (heuristic)". */
function seatKind(s) {
  if (!s) return "";
  if (s.kind === "bot") return t("computer ({level})", { level: levelWords(s.level || "") });
  if (s.past) return t("a person");
  if (!s.taken) return t("seat open");
  return s.connected ? t("here") : t("away");
}

/**
 * Draw the whole table for one view, in place: the table module draws into detached copies
 * of the frame's parts and the live parts are brought up to date from them (morph.js), so
 * what did not change is not touched (a press held across a new state is not lost, the
 * keyboard focus stays where it was).
 * view: {obs, legal, turn, seat, seats, status, options, text, over, readonly, ...}: a
 * TableContext (tables/types.js) without pool, name, colour and toMove, which are added here.
 * play(entry, node): called with the legal entry a person chose.
 * Returns the table module's prompt (what the seat is deciding) for the action bar.
 */
export function drawFrame(els, mod, view, play) {
  const pool = new ActionPool(view.readonly ? [] : view.legal, play);
  /** @type {import("./tables/types.js").TableContext} */
  // a game may colour a seat by its piece (the Mummy's explorers), else the seat's colour
  const colour = (i) => (mod.seatColour && mod.seatColour(view.obs, i)) || seatColour(i);
  const ctx = { ...view, toMove: toMoveOf(view.turn), pool, name: (i) => seatName(view.seats, i), colour, live: els };
  const focus = focusedPlace(els);
  // the game draws its table and the seat's own area first: it places what it can
  const board = els.board.cloneNode(false);
  const mine = els.mine.cloneNode(false);
  mod.draw(board, mine, ctx);
  const panels = els.panels.cloneNode(false);
  drawPanels(panels, mod, ctx);
  // what is left has no natural place on the drawing: buttons in the action bar
  const rest = pool.rest();
  const legal = els.legal.cloneNode(false);
  legal.append(
    ...rest.map((entry) => {
      // a leftover choice reads as its typed form in English, as its words in another language
      const label = mod.buttonLabel ? mod.buttonLabel(entry, ctx) : language() === "en" ? entry.text : entry.choice || entry.text;
      const b = el("button.act", { type: "button", text: label, dataset: { key: "act " + entry.text } });
      pool.bind(b, entry, entry.says || entry.text);
      b.removeAttribute("role");
      return b;
    }),
  );
  for (const part of [board, mine, panels, legal]) for (const n of part.querySelectorAll(".legal-place")) nameShowsText(n);
  morph(els.board, board);
  morph(els.mine, mine);
  morph(els.panels, panels);
  morph(els.legal, legal);
  const prompt = view.readonly ? "" : mod.prompt ? mod.prompt(ctx) : "";
  if (els.prompt.textContent !== prompt) els.prompt.textContent = prompt;
  keepFocus(els, focus);
  return prompt;
}

/** The text a node shows (its text, not what is hidden from readers nor an SVG title),
 * in one line. */
export function shownText(node) {
  let out = "";
  for (const c of node.childNodes) {
    if (c.nodeType === 3) out += c.nodeValue;
    else if (c.nodeType === 1 && c.getAttribute("aria-hidden") !== "true" && c.localName !== "title" && !c.hidden) out += " " + shownText(c) + " ";
  }
  return out.replace(/\s+/g, " ").trim();
}

/** A place that shows words is named by them (WCAG 2.5.3, axe's
 * label-content-name-mismatch: a person who says what they see reaches the control); what
 * it does goes to its tooltip, which begins with the same words. An SVG place keeps its
 * label (an SVG title would name the drawing, not the action), begun with its words; a
 * space between its texts reads them apart (a space between SVG elements is not drawn). */
function nameShowsText(node) {
  const label = node.getAttribute("aria-label") || "";
  const shown = shownText(node);
  if (!shown) {
    if (label && !node.getAttribute("title")) node.setAttribute("title", label);
    return;
  }
  const tip = label && !label.toLowerCase().includes(shown.toLowerCase()) ? `${shown}: ${label}` : label || shown;
  if (node.namespaceURI === SVG_NS) {
    for (const t of node.querySelectorAll("text")) {
      const after = t.nextSibling;
      if (!(after && after.nodeType === 3 && /^\s/.test(after.nodeValue))) t.after(" ");
    }
    node.setAttribute("aria-label", tip);
  } else {
    node.removeAttribute("aria-label");
    node.setAttribute("title", tip);
  }
}

const SVG_NS = "http://www.w3.org/2000/svg";

const PARTS = ["board", "mine", "panels", "legal"];

/** The place (``data-action``) or control that had the keyboard focus inside the frame. */
function focusedPlace(els) {
  const a = document.activeElement;
  if (!a || a === document.body || !PARTS.some((p) => els[p] && els[p].contains(a))) return null;
  const all = [...document.querySelectorAll(PLACES)];
  return { node: a, action: a.dataset ? a.dataset.action || null : null, index: all.indexOf(a) };
}

const PLACES = "#table [data-action]:not([aria-disabled=true]):not([disabled])";

/** After a drawing: the focus stays on the control it was on (kept by the morph), else
 * goes to the place of the same action, else to the place now where it was in the order
 * of places (the next sensible one), never back to the page. */
function keepFocus(els, was) {
  if (!was) return;
  const a = document.activeElement;
  if (a === was.node && a.isConnected && (a.tabIndex >= 0 || a.matches("button,input,select,a[href]")) && !a.disabled) return;
  const all = [...document.querySelectorAll(PLACES)];
  const same = was.action ? all.find((n) => n.dataset.action === was.action) : null;
  const next = same || all[Math.min(Math.max(was.index, 0), all.length - 1)] || (a && a !== document.body && a.isConnected ? null : els.board.querySelector("h2,h3"));
  if (next) {
    if (next.tabIndex < 0 && !next.matches("button,input,select,a[href],[tabindex]")) next.setAttribute("tabindex", "-1");
    next.focus({ preventScroll: true });
  }
}

/** Whose decision it is, from the server's turn context (never guessed from an observation). */
export function toMoveOf(turn) {
  return turn && typeof turn.to_move === "number" && turn.to_move >= 0 ? turn.to_move : null;
}

function drawPanels(root, mod, ctx) {
  const n = (ctx.seats && ctx.seats.length) || (mod.players ? mod.players(ctx.obs) : 0);
  const turn = ctx.toMove;
  const panels = [];
  for (let i = 0; i < n; i++) {
    const s = ctx.seats ? ctx.seats[i] : null;
    const mine = ctx.seat === i;
    const active = turn === i && !ctx.over;
    const info = mod.panel ? mod.panel(ctx.obs, i, ctx) : [];
    const p = el(
      "div.panel" + (active ? ".active" : "") + (mine ? ".me" : ""),
      { dataset: { seat: String(i + 1), key: "seat " + (i + 1) }, style: { "--seat": ctx.colour(i) }, "aria-current": active ? "true" : null },
      el("div.panel-head", null,
        el("span.dot", { "aria-hidden": "true" }),
        el("strong.pname", { text: seatName(ctx.seats, i) + (mine ? ` (${t("you")})` : "") }),
        active ? el("span.turn", { text: t("to play") }) : null),
      el("div.pkind", { text: seatKind(s) }),
      ...info.map((line) => el("div.pinfo", { text: line })),
    );
    // an action about a player (target, starter) is played on that player's panel
    if (mod.panelAction) {
      const entry = ctx.pool.take((a) => mod.panelAction(a, i));
      if (entry) ctx.pool.bind(p, entry, entry.says || entry.text);
    }
    panels.push(p);
  }
  root.replaceChildren(...panels);
}

/** One log entry: the narrated sentence, its actor's colour (``colourOf(seat)``, the seat's
 * colour by default) and data-seat (1-based). */
export function logEntry(entry, seats, colourOf) {
  const colour = colourOf || seatColour;
  const li = el("li.entry");
  if (typeof entry.seat === "number" && entry.seat >= 0) {
    li.dataset.seat = String(entry.seat + 1);
    li.style.setProperty("--seat", colour(entry.seat));
    li.classList.add("by-seat");
  }
  if (entry.round) li.classList.add("round-line");
  // the actor's name in its colour (the sentence already names them)
  const text = entry.text;
  const name = typeof entry.seat === "number" ? seatName(seats, entry.seat) : null;
  const at = name ? text.indexOf(name) : -1;
  if (at >= 0) {
    li.append(text.slice(0, at), el("b.actor", { text: name, style: { color: colour(entry.seat) } }), text.slice(at + name.length));
  } else {
    li.textContent = text;
  }
  return li;
}

/** The entries of a state message's events: the sentences only (flashes never stay). */
export function entriesOf(events) {
  const out = [];
  for (const e of events || []) {
    if (!e.sentence) continue;
    const seat = typeof e.seat === "number" ? e.seat : null;
    out.push({ seat, text: e.sentence, round: /round/.test(e.kind || "") });
  }
  return out;
}

/** Final scores in words, one line per seat, the winners first marked. */
export function resultLines(seats, scores, winners) {
  return (scores || []).map((s, i) => ({
    seat: i,
    name: seatName(seats, i),
    score: s,
    winner: (winners || []).includes(i),
  }));
}
