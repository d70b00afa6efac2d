// The maze editor (issue 36): the page of /companion/maze. Plain ES module.
// A draft is a grid: what each field holds ("." a corridor, S, M, V, a-w) and the closed
// inner sides ("cell:n" the north side of a field, "cell:w" its west side). It is kept in
// localStorage at every edit, checked by the server (/api/companion/maze/check), downloaded
// as a map file (the ASCII format of the rules) and shared as a code (M1-...).

import { startPage, language, t } from "../i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const CELL = 44;
const PAD = 26;
const DRAFT = "obelisk-maze-draft";
const CHOSEN = "obelisk-maze";
const PUTS = [".", "S", "M", "V", ..."abcdefghijklmnopqrstuvw"];
/** What a field holds, in words: "stairs", "symbol a". */
function fieldName(what, bare = false) {
  const names = { ".": t("corridor"), S: t("stairs"), M: t("sarcophagus"), V: t("dungeon") };
  return names[what] || (bare ? what : t("symbol {letter}", { letter: what }));
}

let rows = 11;
let cols = 11;
let content = [];
let walls = new Set();
let selected = -1;

const $ = (id) => document.getElementById(id);
const letter = (c) => String.fromCharCode(65 + c);
const label = (cell) => `${letter(cell % cols)}${Math.floor(cell / cols) + 1}`;

function svg(tag, attrs, text) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

function empty(r = 11, c = 11) {
  rows = r;
  cols = c;
  content = new Array(rows * cols).fill(".");
  walls = new Set();
  selected = -1;
}

// -- the ASCII map (mummy:4.1) ------------------------------------------------------------
function toAscii() {
  const lines = [];
  for (let r = 0; r < rows; r++) {
    let top = "+";
    for (let c = 0; c < cols; c++) {
      const wall = r === 0 || walls.has(`${r * cols + c}:n`);
      top += (wall ? "---" : "   ") + "+";
    }
    lines.push(top);
    let row = "";
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      row += (c === 0 || walls.has(`${i}:w`) ? "|" : " ") + ` ${content[i]} `;
    }
    lines.push(row + "|");
  }
  lines.push("+" + "---+".repeat(cols));
  return lines.join("\n") + "\n";
}

function fromAscii(text) {
  const lines = text.replace(/\s+$/, "").split("\n");
  empty((lines.length - 1) / 2, (lines[0].length - 1) / 4);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      content[i] = lines[2 * r + 1][4 * c + 2];
      if (r > 0 && lines[2 * r].slice(4 * c + 1, 4 * c + 4) === "---") walls.add(`${i}:n`);
      if (c > 0 && lines[2 * r + 1][4 * c] === "|") walls.add(`${i}:w`);
    }
  }
}

// -- drawing ------------------------------------------------------------------------------
function draw() {
  const grid = $("grid");
  grid.setAttribute("viewBox", `0 0 ${2 * PAD + cols * CELL} ${2 * PAD + rows * CELL}`);
  grid.replaceChildren();
  for (let c = 0; c < cols; c++) {
    grid.appendChild(svg("text", { x: PAD + c * CELL + CELL / 2, y: PAD - 8, class: "axis" }, letter(c)));
  }
  for (let r = 0; r < rows; r++) {
    grid.appendChild(svg("text", { x: PAD / 2, y: PAD + r * CELL + CELL / 2 + 4, class: "axis" }, String(r + 1)));
  }
  for (let i = 0; i < rows * cols; i++) {
    const x = PAD + (i % cols) * CELL;
    const y = PAD + Math.floor(i / cols) * CELL;
    const f = svg("rect", {
      x, y, width: CELL, height: CELL, class: "field" + (i === selected ? " sel" : ""),
      "data-field": label(i), role: "button", "aria-label": t("Field {field}: {what}", { field: label(i), what: fieldName(content[i], true) }),
    });
    grid.appendChild(f);
    if (content[i] !== ".") {
      const special = "SMV".includes(content[i]);
      grid.appendChild(svg("text", { x: x + CELL / 2, y: y + CELL / 2 + 6, class: "mark" + (special ? " special" : "") }, content[i]));
    }
  }
  const line = (x1, y1, x2, y2, closed) => grid.appendChild(svg("line", { x1, y1, x2, y2, class: closed ? "wall" : "open" }));
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      const x = PAD + c * CELL;
      const y = PAD + r * CELL;
      if (r > 0) {
        line(x, y, x + CELL, y, walls.has(`${i}:n`));
        grid.appendChild(svg("rect", { x: x + 6, y: y - 6, width: CELL - 12, height: 12, class: "edge", "data-side": `${label(i)}:n`, role: "button", "aria-label": t("The side between {a} and {b}", { a: label(i - cols), b: label(i) }) }));
      }
      if (c > 0) {
        line(x, y, x, y + CELL, walls.has(`${i}:w`));
        grid.appendChild(svg("rect", { x: x - 6, y: y + 6, width: 12, height: CELL - 12, class: "edge", "data-side": `${label(i)}:w`, role: "button", "aria-label": t("The side between {a} and {b}", { a: label(i - 1), b: label(i) }) }));
      }
    }
  }
  grid.appendChild(svg("rect", { x: PAD, y: PAD, width: cols * CELL, height: rows * CELL, class: "wall", fill: "none" }));
  for (const b of $("palette").children) b.classList.toggle("used", b.dataset.put !== "." && content.includes(b.dataset.put));
  $("selected").textContent = selected < 0 ? t("Click a field.") : t("Field {field}: {what}. Put on it:", { field: label(selected), what: fieldName(content[selected]) });
  $("download").href = "data:text/plain;charset=utf-8," + encodeURIComponent(toAscii());
}

function edited() {
  localStorage.setItem(DRAFT, toAscii());
  $("verdict").textContent = "";
  $("verdict").className = "";
  draw();
}

function put(what) {
  if (selected < 0) return;
  if (what !== ".") content = content.map((x) => (x === what ? "." : x));
  content[selected] = what;
  edited();
}

// -- the server's check -----------------------------------------------------------------
async function check(text) {
  await ready;
  const r = await fetch("/api/companion/maze/check", {
    method: "POST", headers: { "Content-Type": "application/json", "Accept-Language": language() }, body: JSON.stringify({ text }),
  });
  return r.json();
}

async function verdict() {
  const v = await check(toAscii());
  const out = $("verdict");
  if (v.ok) {
    out.textContent = t("Playable: the mummy companion can use this maze.");
    out.className = "ok";
    $("code").value = v.code;
  } else {
    out.textContent = t("Not yet: {problems}.", { problems: (v.problems || [v.message]).join("; ") });
    out.className = "bad";
  }
  return v;
}

async function load(text) {
  const v = await check(text);
  if (!v.ascii) {
    $("verdict").textContent = (v.problems || [v.message]).join("; ");
    $("verdict").className = "bad";
    return;
  }
  fromAscii(v.ascii);
  edited();
  await verdict();
}

// -- events ----------------------------------------------------------------------------------
$("grid").addEventListener("click", (ev) => {
  const t = ev.target;
  if (t.dataset.side) {
    const [name, side] = t.dataset.side.split(":");
    const c = name.charCodeAt(0) - 65;
    const r = Number(name.slice(1)) - 1;
    const key = `${r * cols + c}:${side}`;
    if (walls.has(key)) walls.delete(key); else walls.add(key);
    edited();
  } else if (t.dataset.field) {
    const name = t.dataset.field;
    selected = (Number(name.slice(1)) - 1) * cols + (name.charCodeAt(0) - 65);
    draw();
  }
});
document.addEventListener("keydown", (ev) => {
  if (selected < 0 || ev.target.tagName === "INPUT" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const k = ev.key.length === 1 ? ev.key : "";
  const what = "smv".includes(k) && k ? k.toUpperCase() : k;
  if (what && PUTS.includes(what)) { put(what); ev.preventDefault(); }
});
for (const p of PUTS) {
  const b = document.createElement("button");
  b.type = "button";
  b.dataset.put = p;
  b.textContent = p;
  b.title = fieldName(p);
  b.addEventListener("click", () => put(p));
  $("palette").appendChild(b);
}
$("check").addEventListener("click", verdict);
$("use").addEventListener("click", async () => {
  const v = await verdict();
  if (v.ok) {
    localStorage.setItem(CHOSEN, v.code);
    $("verdict").textContent = t("Saved for the mummy companion: its page starts on this maze.");
  }
});
$("load-code").addEventListener("click", () => load($("code").value));
$("load-file").addEventListener("change", async (ev) => {
  const file = ev.target.files[0];
  if (file) await load(await file.text());
});
$("clear").addEventListener("click", () => { empty(rows, cols); edited(); });

const kept = localStorage.getItem(DRAFT);
if (kept) fromAscii(kept); else empty();
draw();

// the page's words in the language chosen here (or the browser's): drawn again once loaded
const ready = startPage($("lang-select"), () => {
  for (const b of $("palette").children) b.title = fieldName(b.dataset.put);
  draw();
});
