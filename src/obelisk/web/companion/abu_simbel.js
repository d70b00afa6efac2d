// The referee on a phone (Abu Simbel): the page of /companion/abu_simbel.
// The server keeps the game (the real engine); this page draws its view and sends the
// button pressed. A chamber is drawn only when the view carries it: while the active
// player holds the phone (the vault, the hand-over) the view carries none.
// The game belongs to this browser: its id and key are kept in localStorage, so a closed tab
// or a restarted server (which keeps live games in its database) loses nothing (never in the
// address) and the key goes with every request as the X-Session-Key header.

import { language, startPage, t, tn } from "/static/i18n.js";

const API = "/api/companion/abu_simbel/sessions";
const STORE = "obelisk-abu_simbel-session";
const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";
let sid = null;
let key = null;
let busy = false;
// Milliseconds from each tap to the redrawn view (performance timing, read by the tests).
window.abuTimings = [];

function el(tag, attrs = {}, ...kids) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") node.textContent = v;
    else if (k === "class") node.className = v;
    else node.setAttribute(k, v);
  }
  for (const kid of kids) if (kid) node.append(kid);
  return node;
}

function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

// Our own little pictures, one per kind of chamber (a 60 x 60 box).
const PICTURES = {
  mummy: [
    ["circle", { cx: 30, cy: 26, r: 14, class: "fill-cloth" }],
    ["path", { d: "M17 20h26M16 27h28M18 34h24", class: "stroke" }],
    ["circle", { cx: 25, cy: 25, r: 2, class: "fill-ink" }],
    ["circle", { cx: 35, cy: 25, r: 2, class: "fill-ink" }],
    ["path", { d: "M20 42l-4 12M40 42l4 12M22 42h16", class: "stroke" }],
  ],
  blades: [
    ["path", { d: "M30 8l5 9 10-3-3 10 9 6-9 5 3 10-10-3-5 9-5-9-10 3 3-10-9-5 9-6-3-10 10 3z", class: "fill-metal" }],
    ["circle", { cx: 30, cy: 30, r: 5, class: "fill-ink" }],
  ],
  lava: [
    ["path", { d: "M4 44c6-6 10 6 16 0s10 6 16 0 10 6 16 0 6 6 8 4v12H4z", class: "fill-lava" }],
    ["ellipse", { cx: 16, cy: 40, rx: 7, ry: 3, class: "fill-stone" }],
    ["ellipse", { cx: 38, cy: 36, rx: 7, ry: 3, class: "fill-stone" }],
    ["path", { d: "M22 24c0-6 6-6 6-12M34 22c0-5 5-5 5-10", class: "stroke-lava" }],
  ],
  crack: [
    ["rect", { x: 6, y: 6, width: 48, height: 48, rx: 4, class: "fill-stone" }],
    ["path", { d: "M28 6l6 12-8 10 7 10-6 16", class: "stroke-dark" }],
  ],
  empty: [
    ["path", { d: "M14 54V18a16 16 0 0 1 32 0v36", class: "stroke" }],
    ["path", { d: "M6 54h48", class: "stroke" }],
  ],
  pit: [
    ["path", { d: "M4 40h14v16H4zM42 40h14v16H42z", class: "fill-stone" }],
    ["path", { d: "M4 14h52", class: "stroke-rope" }],
    ["path", { d: "M24 14v10M36 14v10", class: "stroke" }],
  ],
  scorpions: [],
  dive: [
    ["path", { d: "M4 34c6-5 10 5 16 0s10 5 16 0 10 5 16 0 6 4 8 3", class: "stroke-water" }],
    ["path", { d: "M4 46c6-5 10 5 16 0s10 5 16 0 10 5 16 0 6 4 8 3", class: "stroke-water" }],
    ["path", { d: "M30 8c6 8 8 12 8 15a8 8 0 0 1-16 0c0-3 2-7 8-15z", class: "fill-water" }],
  ],
  gas: [
    ["circle", { cx: 20, cy: 34, r: 10, class: "fill-gas" }],
    ["circle", { cx: 34, cy: 28, r: 12, class: "fill-gas" }],
    ["circle", { cx: 42, cy: 40, r: 9, class: "fill-gas" }],
  ],
  crawl: [
    ["path", { d: "M6 54h48", class: "stroke" }],
    ["path", { d: "M14 54V44a16 12 0 0 1 32 0v10", class: "stroke" }],
    ["rect", { x: 6, y: 8, width: 48, height: 24, rx: 3, class: "fill-stone" }],
  ],
  hissing: [
    ["path", { d: "M6 30h48", class: "stroke-plank" }],
    ["path", { d: "M10 50c6-8 12 8 18 0s12 8 18 0", class: "stroke-snake" }],
    ["circle", { cx: 47, cy: 49, r: 3, class: "fill-snake" }],
  ],
};

function scorpion(x, y) {
  return [
    ["ellipse", { cx: x, cy: y, rx: 6, ry: 4, class: "fill-ink" }],
    ["path", { d: `M${x + 5} ${y}c6 0 7-8 2-10`, class: "stroke-thin" }],
    ["path", { d: `M${x - 5} ${y - 2}l-4-3M${x - 5} ${y + 2}l-4 3`, class: "stroke-thin" }],
  ];
}

function picture(card) {
  const box = svg("svg", { viewBox: "0 0 60 60", class: "pic", "aria-hidden": "true", focusable: "false" });
  let parts = PICTURES[card.kind] || [];
  if (card.kind === "scorpions") {
    const spots = [[30, 30], [18, 18], [42, 42], [42, 18], [18, 42], [30, 50]];
    parts = spots.slice(0, card.scorpions).flatMap(([x, y]) => scorpion(x, y));
  }
  for (const [tag, attrs] of parts) box.append(svg(tag, attrs));
  return box;
}

function chamberCard(card) {
  const li = el("li", { class: `chamber ${card.status || ""}` });
  if (card.status === "now") li.setAttribute("aria-current", "step");
  li.append(
    el("span", { class: "no", text: `${card.slot}` }),
    picture(card),
    el("span", { class: "cname", text: card.name }),
    el("span", { class: "cmove", text: card.move }),
  );
  if (card.status === "done") li.append(el("span", { class: "mark", text: t("passed") }));
  if (card.status === "now") li.append(el("span", { class: "mark", text: t("now") }));
  return li;
}

function drawRoute(view) {
  const box = $("route");
  box.replaceChildren();
  if (!view.route) return;
  if (!view.route.length) return;
  box.append(el("h3", { text: view.route_title }));
  const ol = el("ol", { class: `chambers ${view.stage}` });
  for (const card of view.route) ol.append(chamberCard(card));
  box.append(ol);
}

function charms(n) {
  const span = el("span", { class: "charms", "aria-label": tn("{n} charm card", "{n} charm cards", n, { n }) });
  for (let i = 0; i < 3; i++) {
    const s = svg("svg", { viewBox: "0 0 20 20", class: `scarab ${i < n ? "kept" : "lost"}`, "aria-hidden": "true" });
    s.append(svg("ellipse", { cx: 10, cy: 11, rx: 6, ry: 7 }), svg("circle", { cx: 10, cy: 4, r: 3 }));
    span.append(s);
  }
  span.append(el("span", { class: "count", text: tn("{n} charm", "{n} charms", n, { n }) }));
  return span;
}

function drawPlayers(view) {
  const box = $("players");
  box.replaceChildren();
  for (const p of view.players) {
    const div = el("div", { class: `player${p.active ? " active" : ""}`, "data-seat": `${p.seat}` });
    div.append(el("span", { class: "pname", text: p.name }));
    if (p.active) div.append(el("span", { class: "turn", text: t("turn") }));
    if (!view.team) div.append(charms(p.charms));
    const bits = [tn("{n} treasure", "{n} treasures", p.treasures, { n: p.treasures })];
    if (p.mummy) bits.push(t("mummy card"));
    if (p.little) bits.push(t("young player"));
    div.append(el("span", { class: "pinfo", text: bits.join(" · ") }));
    box.append(div);
  }
  const team = $("team");
  team.hidden = !view.team;
  team.textContent = view.team
    ? tn(
      "The team: {n} charm card left, {treasures} of {target} treasures.",
      "The team: {n} charm cards left, {treasures} of {target} treasures.",
      view.team.charms,
      { n: view.team.charms, treasures: view.team.treasures, target: view.team.target },
    )
    : "";
  const d = view.decks.map((n, i) => t("deck {deck}: {n}", { deck: i + 1, n })).join(", ");
  $("decks").textContent = t("Treasure cards left: {decks}.", { decks: d });
}

function drawLog(view) {
  const ol = $("log");
  ol.replaceChildren();
  for (const entry of view.log) {
    const li = el("li", { text: entry.text });
    if (entry.seat !== null && entry.seat !== undefined) li.setAttribute("data-seat", `${entry.seat + 1}`);
    ol.append(li);
  }
}

function drawOver(view) {
  const box = $("over");
  box.hidden = !view.over;
  box.replaceChildren();
  if (!view.over) return;
  if (!view.scores.length) {
    box.append(newGameButton());
    return;
  }
  const table = el("table", { class: "scores" });
  const head = el("tr");
  for (const h of [t("Player"), t("Treasure"), t("Charms"), t("Sets"), t("Mummy"), t("Total")]) head.append(el("th", { text: h, scope: "col" }));
  table.append(el("thead", {}, head));
  const body = el("tbody");
  for (const s of view.scores) {
    const tr = el("tr", { class: s.winner ? "winner" : "" });
    const p = s.parts;
    tr.append(
      el("th", { scope: "row", text: s.winner ? t("{name} (wins)", { name: s.name }) : s.name }),
      el("td", { text: `${p.treasure_jewels ?? p.treasures ?? 0}` }),
      el("td", { text: `${p.charm_jewels ?? 0}` }),
      el("td", { text: `${p.sets ?? 0}` }),
      el("td", { text: `${p.mummy ?? 0}` }),
      el("td", { text: `${p.total}` }),
    );
    body.append(tr);
  }
  table.append(body);
  box.append(table);
  for (const s of view.scores) {
    const list = s.treasures.length ? s.treasures.join(", ") : t("no treasure");
    box.append(el("p", { class: "note", text: `${s.name}: ${list}.` }));
  }
  box.append(newGameButton());
}

function newGameButton() {
  const again = el("button", { class: "big main", type: "button", text: t("A new game") });
  again.addEventListener("click", () => { forget(); forgetCopy(); show(null); });
  return again;
}

function drawChoices(view) {
  const box = $("choices");
  box.replaceChildren();
  box.className = `choices stage-${view.stage}`;
  for (const c of view.choices) {
    const b = el("button", { type: "button", class: `choice ${c.kind}`, "data-action": c.action });
    if (c.card) b.append(picture(c.card));
    const words = el("span", { class: "words" }, el("span", { class: "label", text: c.label }));
    if (c.sub) words.append(el("span", { class: "sub", text: c.sub }));
    b.append(words);
    b.addEventListener("click", () => send(c.action));
    box.append(b);
  }
}

function show(view) {
  $("setup").hidden = !!view;
  $("game").hidden = !view;
  if (!view) { $("round").textContent = ""; return; }
  if (document.body.dataset.stage !== view.stage) window.scrollTo(0, 0);
  document.body.dataset.holder = view.holder;
  document.body.dataset.stage = view.stage;
  $("round").textContent = view.over ? t("Game over") : t("Round {round}", { round: view.round });
  $("headline").textContent = view.headline;
  $("line").textContent = view.line;
  $("error").textContent = view.error || "";
  const hand = $("handover");
  hand.hidden = view.holder !== "active";
  hand.textContent = view.holder === "active" ? t("The route is hidden on this screen now.") : "";
  $("news").replaceChildren(...view.news.map((t) => el("li", { text: t })));
  drawRoute(view);
  drawPlayers(view);
  drawLog(view);
  drawOver(view);
  drawChoices(view);
  $("save").hidden = !view.saved;
  $("undo").hidden = !view.can_undo;
  const first = $("choices").querySelector("button.pass, button.handover, button.deck, button.drew, button.lay");
  if (first && document.activeElement === document.body) first.focus({ preventScroll: true });
}

async function call(url, body) {
  // the server answers in the language this page shows
  const headers = { "Content-Type": "application/json", "Accept-Language": language() };
  if (key) headers["X-Session-Key"] = key;
  const res = await fetch(url, {
    method: body === undefined ? "GET" : "POST",
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({ error: "no_answer", message: t("The server sent no answer.") }));
  return { ok: res.ok, data };
}

function keep(id, k) {
  sid = id;
  key = k;
  localStorage.setItem(STORE, JSON.stringify({ id, key: k }));
}

function forget() {
  sid = null;
  key = null;
  localStorage.removeItem(STORE);
}

function forgetCopy() {
  localStorage.removeItem("obelisk-abu_simbel-copy");
}

// Save the game: the record is fetched with the key, then handed to the browser as a file.
async function save(ev) {
  ev.preventDefault();
  if (!sid) return;
  const { ok, data } = await call(`${API}/${sid}/record`);
  if (!ok) { $("error").textContent = data.message || t("The game could not be saved."); return; }
  const name = data.format === "obelisk-companion-save" ? `abu_simbel-referee-round-${data.summary.round}.json` : "abu_simbel-referee-over.json";
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 1)], { type: "application/json" }));
  const a = el("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

async function send(text) {
  if (busy || !sid) return;
  busy = true;
  const t0 = performance.now();
  try {
    const { ok, data } = await call(`${API}/${sid}/say`, { text });
    if (ok) { show(data); keepCopy(); }
    else if (data.view) show(data.view);
    else $("error").textContent = data.message || t("Something went wrong.");
    window.abuTimings.push(performance.now() - t0);
  } finally {
    busy = false;
  }
}

async function start(body) {
  const { ok, data } = await call(API, body);
  if (!ok) { $("setup-error").textContent = data.message || t("The game could not start."); return; }
  keep(data.id, data.key);
  show(data.view);
  keepCopy();
}

// The game's save, kept in this browser after every tap (issue 36): if the server no longer
// knows the game (another server, a lost database), the page resumes from it.
const COPY = "obelisk-abu_simbel-copy";
async function keepCopy() {
  if (!sid) return;
  const { ok, data } = await call(`${API}/${sid}/record`);
  if (ok) {
    try { localStorage.setItem(COPY, JSON.stringify(data)); } catch { /* full: the server keeps it */ }
  }
}

$("undo").addEventListener("click", () => send("undo"));
$("save").addEventListener("click", save);

$("create").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const form = ev.target;
  const names = [];
  const little = [];
  for (let i = 1; i <= 6; i++) {
    const v = form[`p${i}`].value.trim();
    if (v) {
      names.push(v);
      if (form[`l${i}`].checked) little.push(names.length);
    }
  }
  const mode = form.mode.value;
  start({
    names, little, first: 1, together: mode === "together", ultimate: mode === "ultimate",
    failer_starts: form.failer.checked,
  });
});

$("resume").addEventListener("change", async (ev) => {
  const file = ev.target.files[0];
  if (!file) return;
  let record;
  try { record = JSON.parse(await file.text()); } catch { $("setup-error").textContent = t("That file is not a saved game."); return; }
  start({ record });
});

document.addEventListener("keydown", (ev) => {
  if (ev.target.closest && ev.target.closest("input, textarea, select")) return;
  if (!sid || busy) return;
  const pick = (cls) => $("choices").querySelector(`button.${cls}`);
  if (ev.key === "p" && pick("pass")) pick("pass").click();
  else if (ev.key === "f" && pick("fail")) pick("fail").click();
});

// The players' numbered labels in the page's language (its other words are marked data-t).
function numberPlayers() {
  for (const node of document.querySelectorAll("[data-t-n]")) {
    node.textContent = t("Player {n}", { n: Number(node.dataset.tN) });
  }
}

// A reloaded tab goes on with its game.
async function boot() {
  // a choice in the menu is remembered and the page loads again in it
  await startPage($("lang-select"), numberPlayers);
  let kept = null;
  try { kept = JSON.parse(localStorage.getItem(STORE) || "null"); } catch { kept = null; }
  if (kept && typeof kept.id === "string" && typeof kept.key === "string") {
    sid = kept.id;
    key = kept.key;
    const { ok, data } = await call(`${API}/${sid}`);
    if (ok) { show(data); return; }
    forget();
    const copy = localStorage.getItem(COPY);
    if (copy) {  // the server lost the game: the browser's copy brings it back
      try { await start({ record: JSON.parse(copy) }); if (sid) return; } catch { localStorage.removeItem(COPY); }
    }
    $("setup-error").textContent = data.message || "";
  }
  show(null);
}
boot();

// While the page is open and seen, it says so now and then: a game ends after two hours
// without a request, and a family that pauses with the page open keeps its game.
setInterval(() => {
  if (sid && !busy && document.visibilityState === "visible") call(`${API}/${sid}`);
}, 10 * 60 * 1000);
