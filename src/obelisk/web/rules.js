// A game's rules (its rules.md, served at /rules/{game}) as plain page text: headings,
// paragraphs and lists; markup characters are dropped, nothing is interpreted as HTML.

import { el } from "./util.js";

function clean(line) {
  return line
    .replace(/`([^`]*)`/g, "$1")
    .replace(/\*\*([^*]*)\*\*/g, "$1")
    .replace(/\*([^*]*)\*/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]*>/g, "");
}

export function renderRules(text) {
  const out = [];
  let list = null;
  let para = [];
  const flush = () => {
    if (para.length) out.push(el("p", { text: clean(para.join(" ")) }));
    para = [];
  };
  for (const raw of text.split("\n")) {
    const line = raw.trimEnd();
    const h = /^(#{1,4})\s+(.*)$/.exec(line);
    const li = /^\s*(?:[-*]|\d+\.)\s+(.*)$/.exec(line);
    if (h) {
      flush();
      list = null;
      out.push(el(h[1].length <= 2 ? "h4" : "h5", { text: clean(h[2]) }));
    } else if (li) {
      flush();
      if (!list) {
        list = el("ul");
        out.push(list);
      }
      list.append(el("li", { text: clean(li[1]) }));
    } else if (!line.trim()) {
      flush();
      list = null;
    } else if (/^\s*\|/.test(line)) {
      flush();
      list = null;
      const cells = line.split("|").map((c) => clean(c.trim())).filter(Boolean);
      if (cells.length && !cells.every((c) => /^:?-+:?$/.test(c))) out.push(el("p.rule-row", { text: cells.join(" — ") }));
    } else if (list && /^\s+/.test(raw)) {
      list.lastChild.append(" " + clean(line.trim()));
    } else {
      para.push(line.trim());
    }
  }
  flush();
  return out;
}
