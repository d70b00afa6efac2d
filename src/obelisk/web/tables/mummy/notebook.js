// The mummy player's notebook: what the explorers announced, round by round, taken from
// the events her seat is sent (so it holds nothing her observation and events do not),
// and her pencil marks (her own guesses of where the explorers are). Both are kept in
// this browser's localStorage only; nothing of the notebook is ever sent.

import { el } from "../../util.js";
import { t, tn, tp } from "../../i18n.js";
import { SYMBOLS } from "./maze.js";

const PREFIX = "obelisk-mummy-notebook:";
const MAX_ROUNDS = 200;
// the events already written into a notebook (a redraw hands the same events again)
const done = new WeakSet();

function cap(s) {
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : s;
}

function field(rc) {
  return Array.isArray(rc) && rc.length === 2 ? String.fromCharCode(65 + rc[1]) + String(rc[0] + 1) : "";
}

function announced(face) {
  return face === "arrow" ? tp("announced face", "the arrow") : String(face);
}

function figureName(colour) {
  return { red: tp("figure", "Red"), green: tp("figure", "Green"), blue: tp("figure", "Blue"), yellow: tp("figure", "Yellow") }[colour] || cap(colour);
}

/** The room this page plays in (null in the replay viewer or the lobby). */
export function roomId() {
  const m = /^\/rooms\/([\w-]+)/.exec(location.pathname);
  return m ? m[1] : null;
}

function empty() {
  return { rounds: [], marks: {}, pencil: null, trail: [] };
}

/** The notebook of ``room`` for ``role`` ("mummy" or "spectator") from storage. */
export function load(room, role) {
  try {
    const raw = JSON.parse(localStorage.getItem(PREFIX + room + ":" + role));
    if (raw && Array.isArray(raw.rounds) && raw.marks && typeof raw.marks === "object") return raw;
  } catch {
    // a notebook that cannot be read starts again empty
  }
  return empty();
}

export function save(room, role, book) {
  try {
    localStorage.setItem(PREFIX + room + ":" + role, JSON.stringify(book));
  } catch {
    // storage full or refused: the notebook lives on this page only
  }
}

function roundOf(book, n) {
  let r = book.rounds[book.rounds.length - 1];
  if (!r || r.round !== n) {
    r = { round: n, lines: [] };
    book.rounds.push(r);
    if (book.rounds.length > MAX_ROUNDS) book.rounds.shift();
  }
  return r;
}

function lastRound(book) {
  return book.rounds.length ? book.rounds[book.rounds.length - 1] : roundOf(book, 1);
}

/** The line of the explorer turn now being told (made when the turn begins). */
function turnLine(book, colour) {
  const r = lastRound(book);
  let line = r.lines[r.lines.length - 1];
  if (!line || line.who !== colour || line.closed) {
    line = { who: colour, say: [] };
    r.lines.push(line);
  }
  return line;
}

/**
 * Write the events of one state message into the notebook (each event once). Returns
 * whether anything changed. The events are the ones this seat was sent: the mummy's
 * and a spectator's never hold an explorer's field unless a card or a capture shows it.
 */
export function record(book, events) {
  let changed = false;
  for (const e of events || []) {
    if (!e || typeof e !== "object" || done.has(e)) continue;
    done.add(e);
    changed = true;
    const kind = e.kind;
    if (kind === "setup") {
      // the game from its start: the notebook's announcements are written again
      book.rounds = [];
    } else if (kind === "turn") {
      const r = roundOf(book, Number(e.round) || 1);
      r.lines.push({ who: String(e.explorer || ""), say: [] });
    } else if (kind === "action") {
      const a = e.action || {};
      if (a.kind === "choose" && !e.failed) {
        const face = announced(a.face);
        const n = Number(e.aside) || 0;
        turnLine(book, String(e.explorer || "")).say.push(n
          ? tn("announced {face} ({n} mummy die aside)", "announced {face} ({n} mummy dice aside)", n, { face, n })
          : t("announced {face}", { face }));
      } else if (a.kind === "step") {
        // her own steps: fields where, at that moment, no explorer stood (or was caught)
        if (!Array.isArray(book.trail)) book.trail = [];
        const at = field(e.cell);
        if (at) book.trail.push(at);
        if (book.trail.length > 40) book.trail.shift();
      } else if (a.kind === "lost") {
        turnLine(book, String(e.explorer || "")).say.push(t("rolled five mummies: turn lost"));
      }
    } else if (kind === "announce_failed") {
      const face = announced(e.face);
      turnLine(book, String(e.explorer || "")).say.push(t("announced {face} but could not walk it all, rolled again", { face }));
    } else if (kind === "cannot_move") {
      turnLine(book, String(e.explorer || "")).say.push(t("could not move"));
    } else if (kind === "forced") {
      turnLine(book, String(e.explorer || "")).say.push(t("five mummies resolved by force first"));
    } else if (kind === "resolve") {
      const n = Number(e.aside) || 0;
      turnLine(book, String(e.explorer || "")).say.push(tn("resolved {n} mummy die first", "resolved {n} mummy dice first", n, { n }));
    } else if (kind === "moved") {
      const line = turnLine(book, String(e.explorer || ""));
      if (e.card) {
        const name = (SYMBOLS[e.card] || ["", String(e.card)])[1];
        const colour = e.colour ? tp("colour", String(e.colour)) : "";
        line.say.push(t("played the {name} ({colour}) on {field}", { name: t(name), colour, field: field(e.cell) }));
        line.at = field(e.cell);
      } else {
        line.say.push(t("moved out of sight, no card"));
      }
      line.closed = true;
    } else if (kind === "mummy_move") {
      book.trail = [];  // her path of this move starts again
      const n = Number(e.steps) || 0;
      const r = lastRound(book);
      let text;
      if (e.move === "normal") {
        const die = Number(e.die) || 0;
        text = n > die
          ? tn("rolled {die} + {aside} aside: walks {n} step", "rolled {die} + {aside} aside: walks {n} steps", n, { die, aside: n - die, n })
          : tn("rolled {die}: walks {n} step", "rolled {die}: walks {n} steps", n, { die, n });
      } else if (e.move === "second") {
        text = tn("walks {n} step more for the five mummy dice", "walks {n} steps more for the five mummy dice", n, { n });
      } else {
        text = tn("walks {n} step at once (an intermediate move)", "walks {n} steps at once (an intermediate move)", n, { n });
      }
      r.lines.push({ who: "mummy", say: [text], closed: true });
    } else if (kind === "capture") {
      const r = lastRound(book);
      const left = Number(e.ankhs_left) || 0;
      r.lines.push({
        who: "mummy", closed: true,
        say: [caught(e, left)],
      });
    }
  }
  return changed;
}

/** The notebook's line of a capture: "caught Red on D9 (2 ankhs of 3; 1 ankh left)". */
function caught(e, left) {
  const fields = {
    name: e.explorer ? figureName(String(e.explorer)) : t("An explorer"),
    field: field(e.cell),
    a: Number(e.mummy_ankhs) || 0,
    b: e.threshold,
    n: left,
  };
  if (e.eliminated) {
    return tn("caught {name} on {field} ({a} ankh of {b}; out of the game)", "caught {name} on {field} ({a} ankhs of {b}; out of the game)", fields.a, fields);
  }
  const fate = tn("{n} ankh left", "{n} ankhs left", left, fields);
  return tn("caught {name} on {field} ({a} ankh of {b}; {fate})", "caught {name} on {field} ({a} ankhs of {b}; {fate})", fields.a, { ...fields, fate });
}

/** Toggle a pencil mark of ``colour`` on the field ``label``. */
export function toggleMark(book, label, colour) {
  const marks = book.marks[label] || [];
  const i = marks.indexOf(colour);
  if (i >= 0) marks.splice(i, 1);
  else marks.push(colour);
  if (marks.length) book.marks[label] = marks;
  else delete book.marks[label];
}

/** The notebook drawn: the rounds, newest first, each turn as one line. */
export function notebookRounds(book) {
  const rounds = book.rounds.slice().reverse();
  if (!rounds.length) return el("p.muted", { text: t("Nothing announced yet.") });
  return el("ol.nb-rounds", { reversed: true },
    ...rounds.map((r) =>
      el("li.nb-round", null,
        el("h4", { text: t("Round {round}", { round: r.round }) }),
        el("ul.nb-lines", null,
          ...r.lines.filter((l, i) => l.say.length || (r === rounds[0] && i === r.lines.length - 1)).map((l) =>
            el("li.nb-line" + (l.who === "mummy" ? ".nb-mummy" : ""), { dataset: { who: l.who } },
              el("span.nb-who", { text: l.who === "mummy" ? t("Mummy") : l.who ? figureName(l.who) : t("Explorer") }),
              " ",
              el("span.nb-say", { text: l.say.length ? l.say.join("; ") : t("is taking a turn…") })))))));
}
