// The computer as the mummy beside the real board (Fluch der Mumie): the page of
// /companion/mummy. Plain ES module; the server keeps the game (web_mummy.py).
// The game belongs to this browser: its id and key are kept in localStorage, so a closed tab
// or a restarted server (which keeps live games in its database) loses nothing (never in the
// address) and the key goes with every request as the X-Session-Key header.

import { startPage, language, t, tn, tp } from "../i18n.js";

const API = "/api/companion/mummy/sessions";
const SVG = "http://www.w3.org/2000/svg";
const CELL = 40;
const PAD = 26;
const COLOURS = { red: "#b3261e", green: "#1e6b34", blue: "#1f4fa8", yellow: "#8a6d00", white: "#5d5d5d" };

const STORE = "obelisk-mummy-session";
// the game's save, kept in this browser after every input (issue 36): if the server no longer
// knows the game (another server, a lost database), the page resumes from it
const COPY = "obelisk-mummy-copy";
let sid = "";
let key = "";
try {
  const kept = JSON.parse(localStorage.getItem(STORE) || "null");
  if (kept && typeof kept.id === "string" && typeof kept.key === "string") ({ id: sid, key } = kept);
} catch { sid = ""; }
let current = null;

const $ = (id) => document.getElementById(id);

// the page's words in the language chosen here (or the browser's); the server answers in it,
// so every request waits for them (the page's controls work at once)
const ready = startPage($("lang-select"));

/** A figure's colour as its name: "Red". */
function figureName(colour) {
  return { red: tp("figure", "Red"), green: tp("figure", "Green"), blue: tp("figure", "Blue"), yellow: tp("figure", "Yellow") }[colour] || cap(colour);
}

/** A card colour as an adjective: "yellow". */
function colourWord(colour) {
  return { yellow: tp("colour", "yellow"), green: tp("colour", "green"), white: tp("colour", "white"), red: tp("colour", "red"), blue: tp("colour", "blue") }[colour] || colour;
}

function el(tag, attrs = {}, text = "") {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text) node.textContent = text;
  return node;
}

function svg(tag, attrs = {}, text = "") {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text) node.textContent = text;
  return node;
}

async function call(path, body) {
  await ready;
  const headers = { "Accept-Language": language() };
  if (key) headers["X-Session-Key"] = key;
  const options = body === undefined ? { headers } : {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  };
  const res = await fetch(path, options);
  let data = null;
  try { data = await res.json(); } catch { data = { error: "no_answer", message: t("The server did not answer in JSON.") }; }
  return { ok: res.ok, status: res.status, data };
}

// -- the maze ------------------------------------------------------------------------------
function columnLetter(c) { return String.fromCharCode(65 + c); }

function drawMaze(v) {
  const b = v.board;
  const maze = $("maze");
  const w = b.cols * CELL + PAD + 6;
  const h = b.rows * CELL + PAD + 6;
  maze.setAttribute("viewBox", `0 0 ${w} ${h}`);
  while (maze.childNodes.length > 1) maze.removeChild(maze.lastChild);
  const g = svg("g", { transform: `translate(${PAD},${PAD})` });
  g.appendChild(svg("rect", { x: 0, y: 0, width: b.cols * CELL, height: b.rows * CELL, class: "floor" }));
  // the mummy's side of the box is the explorers' maze mirrored (issue 36): column c is
  // drawn at b.cols - 1 - c, and her columns are lettered from her left
  const mir = (c) => (b.mirrored ? b.cols - 1 - c : c);
  for (let c = 0; c < b.cols; c++) {
    maze.appendChild(svg("text", { x: PAD + c * CELL + CELL / 2, y: PAD - 8, class: "axis" }, columnLetter(c)));
  }
  for (let r = 0; r < b.rows; r++) {
    maze.appendChild(svg("text", { x: PAD - 6, y: PAD + r * CELL + CELL / 2 + 5, class: "axis end" }, String(r + 1)));
  }
  const at = (rc) => [mir(rc[1]) * CELL, rc[0] * CELL];
  const special = (rc, text, cls) => {
    const [x, y] = at(rc);
    g.appendChild(svg("rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 5, class: cls }));
    g.appendChild(svg("text", { x: x + CELL / 2, y: y + CELL / 2 + 5, class: "mark" }, text));
  };
  special(b.start, "S", "stairs");
  special(b.dungeon, "V", "dungeon");
  for (const s of b.symbols) {
    const [x, y] = at(s.rc);
    const done = v.played.some((p) => p.name === s.name);
    const dot = svg("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: 8, fill: COLOURS[s.colour] || "#555", class: done ? "symbol done" : "symbol" });
    const fields = { name: t(s.name), colour: colourWord(s.colour) };
    dot.appendChild(svg("title", {}, done ? t("{name} ({colour}), played", fields) : t("{name} ({colour})", fields)));
    g.appendChild(dot);
    // the colour's initial too: colour is never the only sign
    g.appendChild(svg("text", { x: x + CELL / 2, y: y + CELL / 2 + 3, class: done ? "symbol-letter done" : "symbol-letter" }, s.colour[0].toUpperCase()));
  }
  // walls: the sides of each field that do not open
  let d = "";
  for (let i = 0; i < b.open.length; i++) {
    const r = Math.floor(i / b.cols), c = i % b.cols;
    const x = mir(c) * CELL, y = r * CELL, o = b.open[i];
    const left = b.mirrored ? "E" : "W", right = b.mirrored ? "W" : "E";
    if (!o.includes("N")) d += `M${x} ${y}h${CELL}`;
    if (!o.includes(left)) d += `M${x} ${y}v${CELL}`;
    if (!o.includes("S") && r === b.rows - 1) d += `M${x} ${y + CELL}h${CELL}`;
    if (!o.includes(right) && mir(c) === b.cols - 1) d += `M${x + CELL} ${y}v${CELL}`;
  }
  g.appendChild(svg("path", { d, class: "walls" }));
  // her planned path, numbered
  if (v.path.length) {
    let p = `M${at(v.mummy.rc)[0] + CELL / 2} ${at(v.mummy.rc)[1] + CELL / 2}`;
    for (const step of v.path) {
      const [x, y] = at(step.rc);
      p += `L${x + CELL / 2} ${y + CELL / 2}`;
    }
    g.appendChild(svg("path", { d: p, class: "route" }));
    v.path.forEach((step, i) => {
      const [x, y] = at(step.rc);
      const off = (i % 2) * 6 - 3;
      g.appendChild(svg("circle", { cx: x + CELL / 2 + off, cy: y + CELL / 2 + off, r: 9, class: "stepdot" }));
      g.appendChild(svg("text", { x: x + CELL / 2 + off, y: y + CELL / 2 + off + 4, class: "stepno" }, String(i + 1)));
    });
  }
  const [mx, my] = at(v.mummy.rc);
  const fig = svg("g", { class: "mummy", transform: `translate(${mx + CELL / 2},${my + CELL / 2})` });
  fig.appendChild(svg("circle", { r: 15, class: "mummy-body" }));
  fig.appendChild(svg("path", { d: "M-11 -8l22 5M-12 7l24-4", class: "mummy-wraps" }));
  fig.appendChild(svg("text", { y: 1, class: "mummy-m" }, "M"));
  g.appendChild(fig);
  maze.appendChild(g);
  maze.setAttribute("aria-label", t("The mummy stands on {field}", { field: v.mummy.field }));
}

// -- the panel -----------------------------------------------------------------------------
function drawPanel(v) {
  const status = { round: v.round, field: v.mummy.field, a: v.mummy_ankhs, b: v.threshold, n: v.aside };
  $("status").textContent = v.over
    ? t("The game is over after round {round}.", status)
    : tn("Round {round} · the mummy on {field} · {a} of {b} ankhs · {n} die aside", "Round {round} · the mummy on {field} · {a} of {b} ankhs · {n} dice aside", v.aside, status);
  const players = $("players");
  players.replaceChildren();
  v.figures.forEach((f) => {
    const seat = v.names.indexOf(f.name) + 2;
    const li = el("li", { "data-seat": String(seat), class: f.turn ? "turn" : "" });
    const chip = el("span", { class: `chip chip-${f.colour}`, "aria-hidden": "true" }, f.colour[0].toUpperCase());
    li.appendChild(chip);
    const cards = Object.entries(f.cards).filter(([, n]) => n > 0).map(([c, n]) => (n > 1 ? `${n} ${colourWord(c)}` : colourWord(c)));
    const fields = { colour: figureName(f.colour), name: f.name, n: f.ankhs, cards: cards.join(", ") || tp("cards", "none") };
    const text = f.out
      ? t("{colour} ({name}): out of the game", fields)
      : tn("{colour} ({name}): {n} ankh; cards {cards}", "{colour} ({name}): {n} ankhs; cards {cards}", f.ankhs, fields);
    li.appendChild(el("span", {}, (f.turn ? t("Now: ") : "") + text));
    players.appendChild(li);
  });
  $("prompt").textContent = v.prompt;
  $("error").textContent = v.error || "";
  $("hint").textContent = v.hint;
  $("undo").disabled = !v.can_undo;
  drawChoices(v);
  const log = $("log");
  log.replaceChildren();
  for (const entry of v.log) {
    log.appendChild(el("li", { "data-seat": String(entry.seat) }, entry.text));
  }
  log.scrollTop = log.scrollHeight;
}

function cap(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; }

function button(choice, cls = "") {
  const b = el("button", { type: "button", "data-action": choice.action, class: cls }, choice.label);
  b.addEventListener("click", () => say(choice.action));
  return b;
}

/** The groups of buttons, in order, with their titles in the page's language. */
function groups() {
  return [
    ["face", t("Announced and walked")],
    ["fail", t("Announced, but it could not be walked to the end")],
    ["aside", t("Dice showing the mummy set aside")],
    ["turn", ""],
    ["card", t("The card laid")],
    ["nocard", ""],
    ["die", ""],
    ["dievalue", t("Or you rolled it for her")],
    ["free", ""],
  ];
}

function drawChoices(v) {
  const box = $("choices");
  box.replaceChildren();
  const path = $("path");
  path.replaceChildren();
  for (const [group, title] of groups()) {
    const items = v.choices.filter((c) => c.group === group);
    if (!items.length) continue;
    const div = el("div", { class: `group group-${group}` });
    if (title) div.appendChild(el("p", { class: "group-title" }, title));
    for (const c of items) div.appendChild(button(c, group === "face" || group === "die" || group === "free" ? "main" : ""));
    box.appendChild(div);
  }
  v.path.forEach((step, i) => {
    const li = el("li", {}, t("{way} to {field}", { way: cap(step.word), field: step.field }));
    // the explorers' words for the same step, on request (issue 36)
    li.appendChild(el("span", { class: "explorers" }, t(" (explorers: {way} to {field})", { way: step.explorers_word, field: step.explorers_field })));
    const caught = v.choices.filter((c) => c.group === "caught" && c.action.endsWith(` ${i + 1}`));
    for (const c of caught) {
      const colour = c.action.split(" ")[1];
      li.appendChild(button({ ...c, label: t("{colour} caught here", { colour: figureName(colour) }) }, `catch chip-${colour}-line`));
    }
    path.appendChild(li);
  });
}

function show(v) {
  current = v;
  $("setup").hidden = true;
  $("game").hidden = false;
  drawMaze(v);
  drawPanel(v);
  document.body.dataset.inputs = String(v.inputs);  // how many inputs the game holds
}

// -- talking to the server -------------------------------------------------------------------
async function say(text) {
  if (!sid) return;
  const r = await call(`${API}/${sid}/say`, { text });
  if (r.ok) { show(r.data); keepCopy(); }
  else if (r.data && r.data.view) show(r.data.view);
  else $("error").textContent = (r.data && r.data.message) || t("Something went wrong.");
}

async function start(body) {
  const r = await call(API, body);
  if (!r.ok) {
    $("setup-error").textContent = r.data.message || t("The game could not start.");
    return;
  }
  sid = r.data.id;
  key = r.data.key;
  localStorage.setItem(STORE, JSON.stringify({ id: sid, key }));
  show(r.data.view);
  keepCopy();
}

async function keepCopy() {
  if (!sid) return;
  const r = await call(`${API}/${sid}/record`);
  if (r.ok) {
    try { localStorage.setItem(COPY, JSON.stringify(r.data)); } catch { /* storage full: the server keeps it */ }
  }
}

$("create").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const form = new FormData(ev.target);
  const names = ["p1", "p2", "p3", "p4"].map((k) => String(form.get(k) || "").trim()).filter(Boolean);
  const body = { names, level: form.get("level") || "normal" };
  const maze = String(form.get("maze") || "").trim();
  if (maze) body.maze = maze;  // the box's maze (issue 36), from the maze editor
  // ?seed=N: the same die rolls and choices again (for a rehearsal, or a test)
  const seed = new URLSearchParams(location.search).get("seed");
  if (seed !== null && /^\d+$/.test(seed)) body.seed = Number(seed);
  start(body);
});

$("resume").addEventListener("change", async (ev) => {
  const file = ev.target.files[0];
  if (!file) return;
  let record;
  try { record = JSON.parse(await file.text()); } catch {
    $("setup-error").textContent = t("That file is not a saved game (not JSON).");
    return;
  }
  start({ record });
});

$("typed").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const text = $("say").value.trim();
  if (!text) return;
  $("say").value = "";
  say(text);
});

$("undo").addEventListener("click", async () => {
  const r = await call(`${API}/${sid}/undo`, {});
  if (r.ok) { show(r.data); keepCopy(); }
  else if (r.data && r.data.view) show(r.data.view);
});

$("save").addEventListener("click", async () => {
  const r = await call(`${API}/${sid}/record`);
  if (!r.ok) { $("error").textContent = r.data.message || t("The game could not be saved."); return; }
  const blob = new Blob([JSON.stringify(r.data, null, 1)], { type: "application/json" });
  const a = el("a", { href: URL.createObjectURL(blob), download: `mummy-companion-round-${current ? current.round : 0}.json` });
  document.body.appendChild(a);
  a.click();
  a.remove();
});

$("new").addEventListener("click", () => {
  sid = "";
  key = "";
  localStorage.removeItem(STORE);
  localStorage.removeItem(COPY);
  $("game").hidden = true;
  $("setup").hidden = false;
});

// a page reloaded goes on with its game
if (sid) {
  call(`${API}/${sid}`).then((r) => {
    if (r.ok) { show(r.data); return; }
    sid = "";
    key = "";
    localStorage.removeItem(STORE);
    const copy = localStorage.getItem(COPY);
    if (copy) {  // the server lost the game: the browser's copy brings it back
      try { start({ record: JSON.parse(copy) }); return; } catch { localStorage.removeItem(COPY); }
    }
    $("setup-error").textContent = r.data.message || "";
  });
}

// While the page is open and seen, it says so now and then: a game ends after two hours
// without a request, and a family that pauses with the page open keeps its game.
setInterval(() => {
  if (sid && document.visibilityState === "visible") call(`${API}/${sid}`);
}, 10 * 60 * 1000);

// The maze chosen in the maze editor (issue 36) fills the set-up's maze code.
const chosenMaze = localStorage.getItem("obelisk-maze");
if (chosenMaze && $("maze-code") && !$("maze-code").value) $("maze-code").value = chosenMaze;
$("explorers-names").addEventListener("change", (ev) => {
  document.body.classList.toggle("explorers-names", ev.target.checked);
});
