// Khufu beside the real board: the set-up, the countdown, Khufu's orders full screen
// with his voice, the Ultimate Challenge and the end. The server runs the session and
// its clock (/api/companion/khufu); this page polls it and draws what it says.
// The game belongs to this browser: its id and key are kept in localStorage, so a closed tab
// or a restarted server (which keeps live games in its database) loses nothing (never in the
// address) and the key goes with every request (the audio too) as the X-Session-Key header.
// Words come from the companions' catalog (obelisk/companion/locale) through web/i18n.js;
// every request says the page's language in its Accept-Language header, so what the server
// answers (Khufu's lines and voice, refusals) is in the page's language too.

import { language, startPage, t, tp } from "../i18n.js";

const API = "/api/companion/khufu";
const PIECES = ["Witch", "Zombie", "Vampire", "Werewolf", "Poltergeist", "Gorgon"];
const SYMBOL_IDS = ["CAT", "FALCON", "JACKAL", "ANKH", "EYE_OF_HORUS", "KING"];
// the names, in the page's language (the same catalog entries as the terminal's)
const pieceName = (p) => ({
  Witch: tp("playing piece", "Witch"), Zombie: tp("playing piece", "Zombie"),
  Vampire: tp("playing piece", "Vampire"), Werewolf: tp("playing piece", "Werewolf"),
  Poltergeist: tp("playing piece", "Poltergeist"), Gorgon: tp("playing piece", "Gorgon"),
})[p] || p;
const symbolName = (s) => ({
  CAT: tp("symbol", "Cat"), FALCON: tp("symbol", "Falcon"), JACKAL: tp("symbol", "Jackal"),
  ANKH: tp("symbol", "Ankh"), EYE_OF_HORUS: tp("symbol", "Eye of Horus"), KING: tp("symbol", "King"),
})[s] || s;
const SVG = "http://www.w3.org/2000/svg";
const params = new URLSearchParams(location.search);
const SCALE = Math.min(600, Math.max(1, Number(params.get("scale")) || 1));
const POLL_MS = SCALE > 1 ? 200 : 500;
const STORE = "obelisk-khufu-session";

const $ = (id) => document.getElementById(id);
const el = (tag, attrs = {}, text) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
};
const svg = (tag, attrs = {}) => {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
};
const mmss = (s) => {
  s = Math.max(0, Math.floor(s));
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
};
const reduced = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

const app = {
  sid: null, key: null, view: null, fetchedAt: 0, shown: 0, queue: [], current: null, closeTimer: 0,
  sound: true, told: false, polling: 0, audio: null,
  timings: [],  // click-to-redraw milliseconds, read by the tests
  seen: [],  // the kind and title of every screen shown, in order (read by the tests)
  showSeconds: (m) => showSeconds(m),  // how long a screen stays (read by the tests)
};
window.__khufu = app;

// -- pictures (our own drawings) -----------------------------------------------------
const GLYPHS = {
  CAT: [["path", { d: "M8 17 L11 4 L17 12 Q20 11 23 12 L29 4 L32 17 Q34 31 20 35 Q6 31 8 17Z" }],
    ["circle", { cx: 15, cy: 20, r: 2, class: "hole" }], ["circle", { cx: 25, cy: 20, r: 2, class: "hole" }]],
  FALCON: [["path", { d: "M5 30 Q9 13 23 8 Q32 6 35 12 L28 15 Q30 23 22 31 L13 35Z" }],
    ["circle", { cx: 27, cy: 11, r: 1.8, class: "hole" }]],
  JACKAL: [["path", { d: "M10 35 L12 18 L10 3 L16 12 L20 3 L22 14 L35 22 L33 26 L22 27 L20 35Z" }],
    ["circle", { cx: 20, cy: 18, r: 1.6, class: "hole" }]],
  ANKH: [["ellipse", { cx: 20, cy: 11, rx: 6, ry: 8, class: "stroke" }],
    ["path", { d: "M20 19 L20 37 M9 21 L31 21", class: "stroke" }]],
  EYE_OF_HORUS: [["path", { d: "M4 18 Q20 5 36 18 Q20 28 4 18Z" }], ["circle", { cx: 20, cy: 17, r: 4, class: "hole" }],
    ["path", { d: "M17 25 L14 36 M24 25 Q31 31 35 28", class: "stroke" }]],
  KING: [["path", { d: "M6 30 L8 11 L15 20 L20 7 L25 20 L32 11 L34 30Z" }], ["rect", { x: 6, y: 31, width: 28, height: 4 }]],
};

function glyph(sym) {
  const g = svg("g", { class: "glyph" });
  for (const [tag, attrs] of GLYPHS[sym] || []) g.append(svg(tag, attrs));
  return g;
}

function card(sym) {
  const box = el("figure", { class: "kcard" });
  const pic = svg("svg", { viewBox: "0 0 40 40", "aria-hidden": "true" });
  pic.append(glyph(sym));
  box.append(pic, el("figcaption", {}, symbolName(sym)));
  return box;
}

function drawFace(root) {
  root.replaceChildren(
    svg("path", { d: "M20 40 Q60 -4 100 40 L112 104 L8 104Z", class: "nemes" }),
    svg("path", { d: "M28 46 L20 100 M92 46 L100 100 M36 40 L30 100 M84 40 L90 100", class: "stripes" }),
    svg("ellipse", { cx: 60, cy: 60, rx: 26, ry: 32, class: "skin" }),
    svg("path", { d: "M42 54 Q48 49 55 54 Q48 57 42 54Z M65 54 Q72 49 78 54 Q72 57 65 54Z", class: "eyes" }),
    svg("path", { d: "M54 80 Q60 84 66 80", class: "mouth" }),
    svg("rect", { x: 55, y: 90, width: 10, height: 22, rx: 3, class: "beard" }),
  );
}

function drawHourglass(root) {
  root.replaceChildren();
  const defs = svg("defs");
  const top = svg("clipPath", { id: "sand-top" });
  top.append(svg("rect", { id: "sand-top-rect", x: 0, y: 8, width: 60, height: 40 }));
  const bottom = svg("clipPath", { id: "sand-bottom" });
  bottom.append(svg("rect", { id: "sand-bottom-rect", x: 0, y: 92, width: 60, height: 0 }));
  defs.append(top, bottom);
  root.append(
    defs,
    svg("path", { d: "M10 10 L50 10 L32 50 L50 90 L10 90 L28 50Z", class: "glass" }),
    svg("path", { d: "M12 12 L48 12 L31 49 L29 49Z", class: "sand", "clip-path": "url(#sand-top)" }),
    svg("path", { d: "M29 51 L31 51 L48 88 L12 88Z", class: "sand", "clip-path": "url(#sand-bottom)" }),
    svg("rect", { x: 6, y: 4, width: 48, height: 6, rx: 2, class: "frame" }),
    svg("rect", { x: 6, y: 90, width: 48, height: 6, rx: 2, class: "frame" }),
  );
}

function setHourglass(remaining, total) {
  const f = Math.max(0, Math.min(1, remaining / total));
  const t = document.getElementById("sand-top-rect");
  const b = document.getElementById("sand-bottom-rect");
  if (!t || !b) return;
  t.setAttribute("y", String(12 + (1 - f) * 37));
  t.setAttribute("height", String(f * 37 + 1));
  b.setAttribute("y", String(88 - (1 - f) * 37));
  b.setAttribute("height", String((1 - f) * 37 + 1));
}

// -- the set-up form -------------------------------------------------------------------
function playerRow(i) {
  const row = el("fieldset", { class: "player-row" });
  const who = t("Player {n}", { n: i + 1 });
  row.append(el("legend", {}, who));
  const name = el("input", { class: "p-name", maxlength: "24", autocomplete: "off", placeholder: who });
  const piece = el("select", { class: "p-piece" });
  piece.append(el("option", { value: "" }, t("not said")));
  for (const p of PIECES) piece.append(el("option", { value: p }, pieceName(p)));
  const lucky = el("select", { class: "p-lucky" });
  lucky.append(el("option", { value: "" }, t("not said")));
  for (const id of SYMBOL_IDS) lucky.append(el("option", { value: id }, symbolName(id)));
  const field = (text, input) => {
    const l = el("label", { class: "mini" });
    l.append(el("span", {}, text), input);
    return l;
  };
  row.append(field(t("Name"), name), field(t("Piece"), piece), field(t("Lucky symbol"), lucky));
  return row;
}

function setPlayers(n) {
  const box = $("players");
  while (box.children.length < n) box.append(playerRow(box.children.length));
  while (box.children.length > n) box.lastElementChild.remove();
  $("add-player").disabled = n >= 6;
  $("remove-player").disabled = n <= 3;
}

async function call(method, path, body) {
  const opts = { method, headers: { "Accept-Language": language() } };
  if (app.key) opts.headers["X-Session-Key"] = app.key;
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const res = await fetch(API + path, opts);
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) throw new Error((data && data.message) || t("the server answered {status}", { status: res.status }));
  return data;
}

async function create(ev) {
  ev.preventDefault();
  $("setup-error").textContent = "";
  const body = { time_scale: SCALE };
  const file = $("resume").files[0];
  try {
    if (file) {
      let record;
      try { record = JSON.parse(await file.text()); } catch { throw new Error(t("that file is not a saved Khufu game (not JSON)")); }
      body.record = record;
    } else {
      body.players = [...document.querySelectorAll(".player-row")].map((row) => ({
        name: row.querySelector(".p-name").value.trim(),
        piece: row.querySelector(".p-piece").value || null,
        lucky: row.querySelector(".p-lucky").value || null,
      }));
      const seed = $("seed").value.trim();
      if (seed) {
        if (!/^\d{1,12}$/.test(seed)) throw new Error(t("the seed must be a whole number"));
        body.seed = Number(seed);
      }
    }
    const made = await call("POST", "/sessions", body);
    app.sid = made.id;
    app.key = made.key;
    localStorage.setItem(STORE, JSON.stringify({ id: made.id, key: made.key }));
    app.shown = 0;
    enterGame(made.view, !body.record);  // a resumed game does not say its past again
    keepCopy();
  } catch (e) {
    $("setup-error").textContent = e.message;
  }
}

// -- the game --------------------------------------------------------------------------
function enterGame(view, fresh) {
  $("setup").hidden = true;
  $("game").hidden = false;
  drawHourglass($("hourglass"));
  drawFace(document.querySelector(".khufu-face"));
  if (!fresh) {
    // a reload: what was said before is not said again; a lasting moment is shown again
    app.shown = view.moments.length;
    const last = view.moments[view.moments.length - 1];
    if (last && (last.kind === "end" || (last.kind === "challenge" && view.paused) || (last.kind === "intro" && !view.started))) {
      app.queue.push(last);
    }
  }
  update(view);
  if (!app.polling) poll();
}

function update(view) {
  app.view = view;
  app.fetchedAt = performance.now();
  drawTable(view);
  drawLog(view);
  $("start").hidden = view.started || view.over;
  $("summon").hidden = !view.running;
  keepAwake(view.started && !view.over);
  playMusic();
  for (const m of view.moments.slice(app.shown)) app.queue.push(m);
  app.shown = view.moments.length;
  const end = app.queue.find((m) => m.kind === "end");
  if (end) {  // the end comes before anything still waiting to be shown
    app.queue = [end];
    if (app.current && app.current.kind !== "end") { clearTimeout(app.closeTimer); app.current = null; }
  }
  if (app.current && app.current.kind === "challenge" && !view.paused) closeMoment();
  if (!app.current) nextMoment();
  else if (app.current.kind === "challenge" || app.current.kind === "end") drawMomentActions(app.current);
  tickDisplay();
}

function drawTable(view) {
  const box = $("table");
  box.replaceChildren();
  view.players.forEach((p, i) => {
    const panel = el("div", { class: "panel" + (i === view.lucky ? " lucky" : ""), "data-seat": String(i + 1) });
    panel.append(el("span", { class: "pname" }, p.name));
    const bits = [];
    if (p.piece) bits.push(pieceName(p.piece));
    if (p.lucky) bits.push(t("lucky symbol {symbol}", { symbol: symbolName(p.lucky) }));
    if (bits.length) panel.append(el("span", { class: "pmeta" }, bits.join(", ")));
    if (i === view.lucky) panel.append(el("span", { class: "badge" }, tp("the player Khufu chose", "Lucky")));
    box.append(panel);
  });
  box.append(el("div", { class: "sarc" }, t("The Sarcophagus is in {chamber}.", { chamber: view.sarcophagus_words })));
}

function drawLog(view) {
  const log = $("log");
  const items = view.moments.filter((m) => m.kind === "order" || m.kind === "challenge_result" || m.kind === "warning");
  if (log.children.length === items.length && log.dataset.lang === language()) return;
  log.dataset.lang = language();
  log.replaceChildren();
  for (const m of items.slice().reverse()) {
    const li = el("li", {});
    if (m.detail && Number.isInteger(m.detail.seat)) li.setAttribute("data-seat", String(m.detail.seat + 1));
    const more = el("details", {});
    const head = el("summary", {});
    head.append(el("span", { class: "at" }, t("{time} left", { time: mmss(view.countdown - m.at) })), el("strong", {}, m.title));
    more.append(head, el("p", {}, m.speech));
    li.append(more);
    log.append(li);
  }
}

function remainingNow() {
  const v = app.view;
  if (!v) return 0;
  let r = v.remaining;
  if (v.running) r -= ((performance.now() - app.fetchedAt) / 1000) * v.time_scale;
  return Math.max(0, r);
}

function tickDisplay() {
  const v = app.view;
  if (!v) return;
  const r = remainingNow();
  const text = mmss(Math.ceil(r));
  const cd = $("countdown");
  if (cd.textContent !== text) cd.textContent = text;
  const mc = $("moment-clock");
  if (mc.textContent !== text) mc.textContent = text;
  cd.classList.toggle("hurry", v.warned || r <= 300);
  let status = t("Time left");
  if (!v.started) status = t("The countdown starts when you are ready");
  else if (v.over) status = v.winner === null ? t("Time is up: Khufu wins") : t("{name} beat Khufu", { name: v.players[v.winner].name });
  else if (v.paused) status = t("Paused for the Ultimate Challenge");
  else if (v.warned) status = t("Five minutes left or less: hurry!");
  if ($("status").textContent !== status) $("status").textContent = status;
  $("moment-clock-note").textContent = v.paused ? tp("the countdown", "paused") : v.running ? tp("time on the countdown", "left") : "";
  setHourglass(r, v.countdown);
}

function frame() {
  tickDisplay();
  requestAnimationFrame(frame);
}

async function poll() {
  app.polling = 1;
  try {
    const view = await call("GET", `/sessions/${app.sid}`);
    update(view);
    $("game-error").textContent = "";
  } catch (e) {
    $("game-error").textContent = t("Khufu cannot be reached: {problem}", { problem: e.message });
  }
  if (app.view && app.view.over) { app.polling = 0; return; }  // nothing changes after the end
  setTimeout(poll, POLL_MS);
}

async function act(what, body, started) {
  $("game-error").textContent = "";
  try {
    const view = await call("POST", `/sessions/${app.sid}/${what}`, body);
    update(view);
    requestAnimationFrame(() => app.timings.push(performance.now() - started));
    keepCopy();
  } catch (e) {
    $("game-error").textContent = e.message;
    if (app.current) $("moment-words").after(Object.assign(el("p", { class: "error", role: "alert" }), { textContent: e.message }));
  }
}

// -- Khufu appears ---------------------------------------------------------------------
const LASTING = new Set(["intro", "challenge", "end"]);

// How long a screen stays: long enough to read it, and ?scale=N makes it N times shorter
// like the countdown (issue 36: a rehearsal at scale 60 does not queue up 8-30 s screens).
function showSeconds(m) {
  const words = m.speech.split(/\s+/).length;
  return Math.max(8, Math.min(30, words * 0.45 + 4)) / SCALE;
}

function nextMoment() {
  let m = app.queue.shift();
  // an old Challenge (already answered) or intro (already started) is not shown again
  while (m && ((m.kind === "challenge" && !app.view.paused) || (m.kind === "intro" && app.view.started))) m = app.queue.shift();
  if (!m) {
    if (app.view && app.view.paused && app.current === null) {
      const ch = [...app.view.moments].reverse().find((x) => x.kind === "challenge");
      if (ch) m = ch;
    }
    if (!m) return;
  }
  showMoment(m);
}

function showMoment(m) {
  app.current = m;
  app.seen.push(`${m.kind}: ${m.title}`);
  const sting = { order: "arrival", challenge: "challenge", end: "end" }[m.kind];
  if (sting) playSting(sting);
  const box = $("moment");
  box.className = `moment kind-${m.kind}` + (reduced() ? "" : " animate");
  $("moment-kicker").textContent = m.kind === "order" ? t("Khufu appears: stop and listen") : t("Khufu speaks");
  $("moment-title").textContent = m.title;
  $("moment-words").textContent = m.speech;
  for (const e of box.querySelectorAll(".moment-inner > .error")) e.remove();
  const cards = $("cards");
  const shown = m.kind === "challenge" ? m.detail.hand || [] : m.detail && m.detail.symbol ? [m.detail.symbol] : [];
  cards.hidden = shown.length === 0;
  cards.replaceChildren();
  if (shown.length) {
    cards.append(el("p", { class: "cards-head" }, m.kind === "challenge" ? t("Khufu's hand") : t("The symbol die shows")));
    const row = el("div", { class: "cards-row" });
    for (const s of shown) row.append(card(s));
    cards.append(row);
  }
  const bar = $("mummy-bar");
  bar.hidden = m.event !== "MUMMY_CALL";
  if (!bar.hidden) {
    const fill = bar.firstElementChild;
    fill.style.animation = "none";
    void fill.offsetWidth;
    fill.style.animation = reduced() ? "none" : "";
  }
  drawMomentActions(m);
  box.hidden = false;
  const first = box.querySelector(".moment-actions button");
  if (first) first.focus();
  clearTimeout(app.closeTimer);
  if (!LASTING.has(m.kind)) app.closeTimer = setTimeout(closeMoment, showSeconds(m) * 1000);
  say(m);
}

function button(text, action, onClick, primary = false) {
  const b = el("button", { type: "button", "data-action": action, class: primary ? "primary big" : "big" }, text);
  b.addEventListener("click", onClick);
  return b;
}

function drawMomentActions(m) {
  const box = $("moment-actions");
  const v = app.view;
  const wanted = `${m.index}:${m.kind}:${v.paused}:${v.over}:${v.started}`;
  if (box.dataset.for === wanted) return;
  box.dataset.for = wanted;
  box.replaceChildren();
  if (m.kind === "intro" && !v.started) {
    box.append(button(t("Start the countdown"), "start", (e) => { closeMoment(); act("start", {}, e.timeStamp); }, true));
  } else if (m.kind === "challenge" && v.paused) {
    box.append(el("p", { class: "ask" }, t("Who won the Ultimate Challenge?")));
    const row = el("div", { class: "result-row" });
    v.players.forEach((p, i) => row.append(button(t("{name} won", { name: p.name }), `result WIN ${i + 1}`, (e) => act("result", { result: "WIN", seat: i }, e.timeStamp), true)));
    row.append(button(t("Khufu won"), "result LOSE", (e) => act("result", { result: "LOSE" }, e.timeStamp)));
    row.append(button(t("A draw"), "result DRAW", (e) => act("result", { result: "DRAW" }, e.timeStamp)));
    box.append(row);
    box.append(judgeBox());
  } else if (m.kind === "end") {
    box.append(button(t("Download the game record"), "download record", () => download()));
    box.append(button(t("New game"), "new game", () => newGame(), true));
  } else {
    box.append(button(t("Carry on"), "carry on", () => closeMoment(), true));
  }
}

function judgeBox() {
  // a help: the server compares the hands; the players still press who won
  const box = el("details", { class: "judge" });
  box.append(el("summary", {}, t("Work out who won")));
  const pick = (text) => {
    const l = el("label", { class: "mini" });
    const s = el("select", {});
    for (const id of SYMBOL_IDS) s.append(el("option", { value: id }, symbolName(id)));
    l.append(el("span", {}, text), s);
    return l;
  };
  const cards = el("div", { class: "judge-row" });
  for (const n of [1, 2, 3]) cards.append(pick(t("Chosen card {n}", { n })));
  const dice = el("div", { class: "judge-row" });
  for (const n of [1, 2]) dice.append(pick(t("Symbol die {n}", { n })));
  const verdict = el("p", { class: "verdict", role: "status" });
  const go = button(t("Compare the hands"), "compare hands", async () => {
    const val = (row) => [...row.querySelectorAll("select")].map((x) => x.value);
    try {
      const j = await call("POST", `/sessions/${app.sid}/judge`, { selected: val(cards), dice: val(dice) });
      verdict.textContent = j.words;
    } catch (e) {
      verdict.textContent = e.message;
    }
  });
  box.append(cards, dice, go, verdict);
  return box;
}

function closeMoment() {
  clearTimeout(app.closeTimer);
  const m = app.current;
  if (!m) return;
  if (m.kind === "end") return;  // the end stays
  app.current = null;
  $("moment").hidden = true;
  nextMoment();
  if (!app.current) {
    const focus = $("summon").hidden ? $("start") : $("summon");
    if (!focus.hidden) focus.focus();
  }
}

// Save the game: the record is fetched with the key, then handed to the browser as a file.
async function download() {
  let data;
  try { data = await call("GET", `/sessions/${app.sid}/record`); } catch (e) {
    $("game-error").textContent = t("The game could not be saved: {problem}", { problem: e.message });
    return;
  }
  const name = data.format === "obelisk-companion-save"
    ? `khufu-companion-${data.summary.minutes_left}-minutes-left.json` : "khufu-companion-over.json";
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 1)], { type: "application/json" }));
  const a = el("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function newGame() {
  localStorage.removeItem(STORE);
  localStorage.removeItem(COPY);
  location.href = location.pathname + location.search;
}

// -- Khufu's voice ---------------------------------------------------------------------
function notice(text) {
  if (app.told) return;
  app.told = true;
  const n = $("notice");
  n.textContent = text;
  n.hidden = false;
}

// The browser's voice for a line in `lang`: one of that language (a German voice for a
// German page), a male-sounding one if the browser names one, else the browser's choice.
export function pickVoice(voices, lang) {
  const mine = voices.filter((v) => (v.lang || "").toLowerCase().replace("_", "-").split("-")[0] === lang);
  return mine.find((v) => /male|mann|männ|markus|stefan|hans|daniel|george/i.test(v.name) && !/female|frau/i.test(v.name))
    || mine.find((v) => v.localService) || mine[0] || null;
}

function browserVoice(text, lang = language()) {
  if (!("speechSynthesis" in window)) {
    notice(t("This browser cannot speak and the server has no espeak-ng: Khufu's words are shown only."));
    return;
  }
  window.speechSynthesis.cancel();
  const u = new SpeechSynthesisUtterance(text);
  u.lang = lang === "de" ? "de-DE" : "en-GB";
  const voice = pickVoice(window.speechSynthesis.getVoices(), lang);
  if (voice) u.voice = voice;
  app.voice = voice ? voice.name : null;  // read by the tests
  u.rate = 0.95;
  u.pitch = 0.7;
  window.speechSynthesis.speak(u);
}

function say(m) {
  if (!app.sound) return;
  if (app.audio) { app.audio.pause(); app.audio = null; }
  if (!app.view.audio) {
    notice(t("The server has no espeak-ng: your browser's own voice reads Khufu's lines."));
    browserVoice(m.speech, m.lang);
    return;
  }
  const audio = new Audio();
  app.audio = audio;
  audio.addEventListener("play", () => duck(true));
  for (const done of ["ended", "pause", "error"]) audio.addEventListener(done, () => duck(false));
  fetchAudio(m.index).then((url) => {
    if (app.audio !== audio) return;  // another line came first
    audio.src = url;
    return audio.play();
  }).catch(() => { if (app.audio === audio) browserVoice(m.speech, m.lang); });
}

// A spoken line, fetched with the key (an <audio src> could not send it), as a blob URL.
const spoken = new Map();
async function fetchAudio(index) {
  if (spoken.has(index)) return spoken.get(index);
  const res = await fetch(`${API}/sessions/${app.sid}/audio/${index}`, { headers: { "X-Session-Key": app.key, "Accept-Language": language() } });
  if (!res.ok) throw new Error(`no audio (${res.status})`);
  const url = URL.createObjectURL(await res.blob());
  spoken.set(index, url);
  if (spoken.size > 16) {  // a long game: the oldest lines are not said again
    const [old, oldUrl] = spoken.entries().next().value;
    spoken.delete(old);
    URL.revokeObjectURL(oldUrl);
  }
  return url;
}

function toggleSound() {
  app.sound = !app.sound;
  const b = $("sound");
  b.textContent = app.sound ? t("Sound: on") : t("Sound: off");
  b.setAttribute("aria-pressed", String(app.sound));
  b.setAttribute("data-action", app.sound ? "sound off" : "sound on");
  if (!app.sound) {
    if (app.audio) app.audio.pause();
    if ("speechSynthesis" in window) window.speechSynthesis.cancel();
  }
  playMusic();  // stops or starts the music with the sound
}

// -- wiring ----------------------------------------------------------------------------
async function init() {
  await startPage($("lang"));
  $("lang").hidden = $("lang").options.length < 2;
  setPlayers(3);
  $("add-player").addEventListener("click", () => setPlayers($("players").children.length + 1));
  $("remove-player").addEventListener("click", () => setPlayers($("players").children.length - 1));
  $("create").addEventListener("submit", create);
  $("start").addEventListener("click", (e) => act("start", {}, e.timeStamp));
  $("summon").addEventListener("click", (e) => act("summon", {}, e.timeStamp));
  $("sound").addEventListener("click", toggleSound);
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && app.current && !LASTING.has(app.current.kind)) closeMoment();
  });
  requestAnimationFrame(frame);
  let kept = null;
  try { kept = JSON.parse(localStorage.getItem(STORE) || "null"); } catch { kept = null; }
  if (kept && typeof kept.id === "string" && typeof kept.key === "string") {
    app.key = kept.key;
    call("GET", `/sessions/${kept.id}`).then((view) => { app.sid = kept.id; enterGame(view, false); })
      .catch((e) => {
        app.key = null;
        localStorage.removeItem(STORE);
        const copy = localStorage.getItem(COPY);
        if (copy) {  // the server lost the game: the browser's copy brings it back
          try {
            return call("POST", "/sessions", { record: JSON.parse(copy), time_scale: SCALE }).then((made) => {
              app.sid = made.id;
              app.key = made.key;
              localStorage.setItem(STORE, JSON.stringify({ id: made.id, key: made.key }));
              enterGame(made.view, false);
            });
          } catch { localStorage.removeItem(COPY); }
        }
        $("setup-error").textContent = e.message;
      });
  }
}

init();

// A TV laptop or a tablet must not sleep during the 45 minutes (issue 36): a screen Wake
// Lock while the countdown runs (taken again when the page is shown again; browsers drop
// it when a page is hidden), and a button for full screen.
let wakeLock = null;
let wantAwake = false;
async function keepAwake(on) {
  wantAwake = on;
  if (!("wakeLock" in navigator)) return;
  try {
    if (on && !wakeLock) {
      wakeLock = await navigator.wakeLock.request("screen");
      wakeLock.addEventListener("release", () => { wakeLock = null; });
    } else if (!on && wakeLock) {
      await wakeLock.release();
      wakeLock = null;
    }
  } catch {
    wakeLock = null;  // refused (a low battery, a hidden page): the game goes on anyway
  }
}
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && wantAwake) keepAwake(true);
});
$("fullscreen").addEventListener("click", () => {
  if (document.fullscreenElement) document.exitFullscreen();
  else if (document.documentElement.requestFullscreen) document.documentElement.requestFullscreen().catch(() => {});
});
document.addEventListener("fullscreenchange", () => {
  $("fullscreen").textContent = document.fullscreenElement ? t("Leave full screen") : t("Full screen");
});

// Khufu's music (issue 36): the project's own drone, drums and, in the last five minutes, a
// ticking that speeds up, made by the server (companion/khufu_sound.py) in 20-second parts
// that follow the countdown; a sound for his arrival, the Challenge and the end. The music
// is ducked by 12 dB (a quarter of its amplitude) while Khufu speaks.
const MUSIC_PART = 20;
const DUCKED = 0.25;
const music = { el: null, loading: false, ducked: false, parts: [], stings: [] };
app.music = music;

async function fetchWav(path) {
  const res = await fetch(`${API}/sessions/${app.sid}/${path}`, { headers: { "X-Session-Key": app.key, "Accept-Language": language() } });
  if (!res.ok) throw new Error(`no ${path} (${res.status})`);
  return URL.createObjectURL(await res.blob());
}

async function playMusic() {
  const v = app.view;
  const wanted = app.sound && v && v.music && v.running;
  if (!wanted) {
    if (music.el) music.el.pause();
    return;
  }
  if (music.el && !music.el.paused) return;
  if (music.el && music.el.paused && !music.el.ended) { music.el.play().catch(() => {}); return; }
  if (music.loading) return;
  music.loading = true;
  const second = Math.max(0, v.countdown - v.remaining);
  const n = Math.floor(second / MUSIC_PART);
  try {
    const url = await fetchWav(`music/${n}`);
    music.parts.push(n);
    const el = new Audio(url);
    el.volume = music.ducked ? DUCKED : 1;
    el.addEventListener("ended", () => {
      URL.revokeObjectURL(url);
      if (music.el === el) music.el = null;
      playMusic();
    });
    music.el = el;
    el.play().catch(() => {});  // a browser that plays nothing before a tap: silence
  } catch {
    // no music on this server (no numpy): the voice alone
  } finally {
    music.loading = false;
  }
}

async function playSting(kind) {
  if (!app.sound || !app.view || !app.view.music) return;
  try {
    const url = await fetchWav(`sting/${kind}`);
    music.stings.push(kind);
    const el = new Audio(url);
    el.addEventListener("ended", () => URL.revokeObjectURL(url));
    el.play().catch(() => {});
  } catch {
    // no sound for it
  }
}

function duck(on) {
  music.ducked = on;
  if (music.el) music.el.volume = on ? DUCKED : 1;
}

// The game's save, kept in this browser after every input (issue 36): if the server no
// longer knows the game (another server, a lost database), the page resumes from it.
const COPY = "obelisk-khufu-copy";
async function keepCopy() {
  if (!app.sid) return;
  try {
    const saved = await call("GET", `/sessions/${app.sid}/record`);
    localStorage.setItem(COPY, JSON.stringify(saved));
  } catch {
    // no copy this time: the server keeps the game
  }
}
