// Obelisk web page: create or join a room, then play by clicking legal actions.
// Plain JavaScript, no build step. Speaks protocol version 1 (docs/protocol.md).
"use strict";

const $ = (id) => document.getElementById(id);
let games = [];
let ws = null;
let current = null; // {room, seat, token}
let lastState = null;

async function api(path, body, token) {
  const opts = { headers: {} };
  if (body !== undefined) {
    opts.method = "POST";
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  if (token) opts.headers["Authorization"] = "Bearer " + token;
  const r = await fetch(path, opts);
  const data = await r.json();
  if (!r.ok) throw new Error(data.message || (data.detail && JSON.stringify(data.detail)) || r.statusText);
  return data;
}

function gameByName(name) { return games.find((g) => g.name === name); }

function renderSeatChoices() {
  const g = gameByName($("game").value);
  if (!g) return;
  const n = Math.max(g.min_players, Math.min(g.max_players, +$("players").value || g.min_players));
  $("players").value = n;
  $("players").min = g.min_players;
  $("players").max = g.max_players;
  const box = $("seats");
  box.innerHTML = "";
  for (let i = 0; i < n; i++) {
    const sel = document.createElement("select");
    sel.dataset.seat = i;
    sel.add(new Option("person", "human"));
    for (const lv of g.levels) sel.add(new Option("computer: " + lv, "bot:" + lv));
    if (i > 0) sel.value = "bot:" + g.levels[0];
    const label = document.createElement("label");
    label.textContent = "Seat " + (i + 1) + " ";
    label.appendChild(sel);
    box.appendChild(label);
  }
}

async function loadGames() {
  games = await api("/api/games");
  const sel = $("game");
  sel.innerHTML = "";
  for (const g of games) sel.add(new Option(`${g.title} (${g.min_players}-${g.max_players})`, g.name));
  renderSeatChoices();
}

async function loadRooms() {
  const rooms = await api("/api/rooms?limit=50");
  const body = $("rooms").querySelector("tbody");
  body.innerHTML = "";
  for (const r of rooms) {
    const tr = document.createElement("tr");
    const seats = r.seats.map((s) => (s.kind === "bot" ? s.level : s.taken ? s.name : "open")).join(", ");
    tr.innerHTML = `<td>${r.id}</td><td>${r.title}</td><td>${r.status}</td><td></td><td></td>`;
    tr.children[3].textContent = seats;
    const cell = tr.children[4];
    const saved = localStorage.getItem("obelisk:" + r.id);
    if (saved) {
      const b = document.createElement("button");
      b.textContent = "resume";
      b.onclick = () => { const s = JSON.parse(saved); enter(r.id, s.seat, s.token); };
      cell.appendChild(b);
    } else if (r.status === "waiting") {
      const b = document.createElement("button");
      b.textContent = "join";
      b.onclick = () => join(r.id);
      cell.appendChild(b);
    }
    const w = document.createElement("button");
    w.textContent = "watch";
    w.onclick = () => enter(r.id, null, null);
    cell.appendChild(w);
    body.appendChild(tr);
  }
}

async function join(room) {
  try {
    const name = localStorage.getItem("obelisk:name") || "";
    const j = await api(`/api/rooms/${room}/join`, { name: name || null });
    localStorage.setItem("obelisk:" + room, JSON.stringify({ seat: j.seat, token: j.token }));
    enter(room, j.seat, j.token);
  } catch (e) { $("create-error").textContent = e.message; }
}

$("create").onsubmit = async (ev) => {
  ev.preventDefault();
  $("create-error").textContent = "";
  try {
    const seats = [...$("seats").querySelectorAll("select")].map((s) =>
      s.value === "human" ? { kind: "human" } : { kind: "bot", level: s.value.slice(4) });
    const room = await api("/api/rooms", {
      game: $("game").value, players: seats.length, seats, options: JSON.parse($("options").value || "{}"),
    });
    await loadRooms();
    if (seats.some((s) => s.kind === "human")) await join(room.id);
    else enter(room.id, null, null);
  } catch (e) { $("create-error").textContent = e.message; }
};

function enter(room, seat, token) {
  current = { room, seat, token };
  $("lobby").hidden = true;
  $("table").hidden = false;
  $("log").innerHTML = "";
  $("error").textContent = "";
  $("clock").textContent = "";
  connect(0);
}

function connect(seen) {
  if (ws) ws.close();
  const proto = location.protocol === "https:" ? "wss://" : "ws://";
  ws = new WebSocket(proto + location.host + "/ws/rooms/" + current.room);
  ws.onopen = () => {
    $("conn").textContent = "connected";
    ws.send(JSON.stringify({ type: "hello", v: 1, token: current.token, seen, text: true }));
  };
  ws.onclose = () => {
    $("conn").textContent = "disconnected";
    if (current && !$("table").hidden) {
      // reconnect and resume after the events already shown
      setTimeout(() => current && connect(lastState ? lastState.seen : 0), 1500);
    }
  };
  ws.onmessage = (m) => handle(JSON.parse(m.data));
}

function handle(msg) {
  switch (msg.type) {
    case "welcome": {
      $("title").textContent = `${msg.title} — room ${msg.room}`;
      $("who").textContent = msg.seat === null ? "You are watching." : `You are seat ${msg.seat + 1}.`;
      const lv = $("bot-level");
      lv.innerHTML = "";
      for (const l of msg.levels) lv.add(new Option(l, l));
      showSummary(msg.summary);
      break;
    }
    case "room": showSummary(msg.summary); break;
    case "state": showState(msg); break;
    case "clock": showClock(msg); break;
    case "game_over": {
      const w = msg.winners.map((s) => "seat " + (s + 1)).join(", ") || "nobody";
      $("status").textContent = `Game over. Scores: ${msg.scores.join(" / ")}. Winner: ${w}.`;
      $("legal").innerHTML = "";
      break;
    }
    case "error": $("error").textContent = msg.message; break;
    default: break;
  }
}

function showSummary(s) {
  const seats = s.seats.map((x) =>
    `${x.seat + 1}: ${x.kind === "bot" ? x.level + " bot" : x.taken ? x.name : "(open)"}${x.connected ? " •" : ""}`);
  $("status").textContent = `${s.status}. Seats: ${seats.join("; ")}`;
}

function showClock(msg) {
  const c = msg.game.clock || msg.game;
  if (c && typeof c.remaining === "number") {
    const r = Math.max(0, Math.round(c.remaining));
    const mm = String(Math.floor(r / 60)).padStart(2, "0");
    const ss = String(r % 60).padStart(2, "0");
    $("clock").textContent = `⏳ ${mm}:${ss}${c.paused ? " (paused)" : ""}`;
  } else {
    $("clock").textContent = "⏳ " + JSON.stringify(msg.game);
  }
}

function showState(msg) {
  lastState = msg;
  $("error").textContent = "";
  $("view").textContent = msg.text || JSON.stringify(msg.observation, null, 1);
  const log = $("log");
  for (const e of msg.events) {
    const li = document.createElement("li");
    li.textContent = e.text || `${e.kind} ${JSON.stringify(Object.fromEntries(Object.entries(e).filter(([k]) => k !== "kind")))}`;
    log.appendChild(li);
  }
  log.scrollTop = log.scrollHeight;
  if (msg.observation && msg.observation.clock) showClock({ game: msg.observation });
  const box = $("legal");
  box.innerHTML = "";
  if (msg.legal.length) {
    const p = document.createElement("p");
    p.textContent = "Your move:";
    box.appendChild(p);
  }
  for (const a of msg.legal) {
    const b = document.createElement("button");
    b.textContent = a.text;
    b.onclick = () => {
      box.querySelectorAll("button").forEach((x) => (x.disabled = true));
      ws.send(JSON.stringify({ type: "action", action: a.action, decision: msg.decision }));
    };
    box.appendChild(b);
  }
}

$("leave").onclick = () => {
  current = null;
  if (ws) ws.close();
  $("table").hidden = true;
  $("lobby").hidden = false;
  loadRooms();
};

$("to-bot").onclick = async () => {
  if (!current || current.seat === null) return;
  try {
    await api(`/api/rooms/${current.room}/seats/${current.seat}/bot`, { level: $("bot-level").value }, current.token);
    localStorage.removeItem("obelisk:" + current.room);
  } catch (e) { $("error").textContent = e.message; }
};

$("game").onchange = renderSeatChoices;
$("players").onchange = renderSeatChoices;
$("refresh").onclick = loadRooms;
loadGames().then(loadRooms).catch((e) => { $("create-error").textContent = e.message; });
