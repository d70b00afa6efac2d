// Khufu's countdown: a large mm:ss from the server's clock, changing every second between
// ticks (interpolated at the rate the ticks show), an hourglass until the five-minute
// warning, then the ticking timer; it stands still, and says so, during the Ultimate
// Challenge. The server's ticks are the truth: each one resets the anchor.

import { el, svg } from "../../util.js";
import { t } from "../../i18n.js";

let anchor = null; // {remaining, at, paused, mode, numeric, countdown}
let rate = 1; // game seconds per wall second, from the last two ticks
let timer = null;

/** Seconds as mm:ss (hours as h:mm:ss). */
export function mmss(total) {
  const t = Math.max(0, Math.round(total));
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const s = String(t % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${String(m).padStart(2, "0")}:${s}`;
}

function fromClock(c, at) {
  return {
    remaining: Number(c.remaining) || 0,
    countdown: Number(c.countdown) || 2700,
    paused: !!c.paused,
    mode: c.mode,
    numeric: !!c.numeric_timer,
    at,
  };
}

/** A clock tick from the server (``clock.at`` = performance.now() on arrival). */
export function tick(clock) {
  if (!clock || typeof clock.remaining !== "number") return;
  const next = fromClock(clock, clock.at || performance.now());
  if (anchor && !anchor.paused && !next.paused && next.at > anchor.at) {
    const r = (anchor.remaining - next.remaining) / ((next.at - anchor.at) / 1000);
    // a tick after a pause or an event that took time away says little about the pace
    if (r > 0 && r < 100000) rate = rate * 0.5 + r * 0.5;
  }
  anchor = next;
  paint();
}

/** The clock a state shows (at draw time); the last tick (``ctx.clock``) seeds the pace. */
export function fromState(obsClock, lastTick, still) {
  if (!still && !anchor && lastTick) tick(lastTick);
  if (!obsClock) return;
  const s = fromClock(obsClock, performance.now());
  if (still) {
    // the game is over (or a replay's step): the countdown stands where it is
    anchor = { ...s, mode: still };
    return;
  }
  // a state agreeing with the running clock keeps its anchor (the tick's own moment)
  if (anchor && s.mode === "realtime" && anchor.paused === s.paused && anchor.numeric === s.numeric &&
      Math.abs(remainingNow() - s.remaining) <= 1.5) return;
  anchor = s;
}

/** The remaining seconds now, by the anchor and the pace. */
export function remainingNow() {
  if (!anchor) return null;
  if (anchor.paused || anchor.mode !== "realtime") return anchor.remaining;
  // never run more than two ticks ahead of the server (a stalled connection stops the clock)
  const dt = Math.min(2.5, (performance.now() - anchor.at) / 1000);
  return Math.max(0, anchor.remaining - rate * dt);
}

function hourglass(frac) {
  const f = Math.max(0, Math.min(1, frac));
  // sand above shrinks, sand below grows
  const topY = 8 + 26 * (1 - f);
  const botY = 66 - 26 * (1 - f);
  return svg("svg", { viewBox: "0 0 48 74", width: 40, height: 62, class: "kh-hourglass", "aria-hidden": "true", focusable: "false" },
    svg("path", { d: "M6 4h36M6 70h36", stroke: "#5b3d05", "stroke-width": 4, "stroke-linecap": "round" }),
    svg("path", { d: "M10 6 Q10 28 24 37 Q38 28 38 6 Z M10 68 Q10 46 24 37 Q38 46 38 68 Z", fill: "#fffdf7", stroke: "#5b3d05", "stroke-width": 2.5 }),
    svg("clipPath", { id: "kh-hg-clip" }, svg("path", { d: "M10 6 Q10 28 24 37 Q38 28 38 6 Z M10 68 Q10 46 24 37 Q38 46 38 68 Z" })),
    svg("g", { "clip-path": "url(#kh-hg-clip)" },
      svg("rect", { x: 6, y: topY, width: 36, height: 37 - topY, fill: "#d9a520" }),
      svg("rect", { x: 6, y: botY, width: 36, height: 70 - botY, fill: "#d9a520" }),
      f > 0 && f < 1 ? svg("rect", { x: 23, y: 36, width: 2, height: botY - 36, fill: "#b7860b" }) : null));
}

function pauseMark() {
  return svg("svg", { viewBox: "0 0 40 40", width: 40, height: 40, class: "kh-pause", "aria-hidden": "true", focusable: "false" },
    svg("circle", { cx: 20, cy: 20, r: 18, fill: "#1e3a8a" }),
    svg("rect", { x: 12, y: 11, width: 6, height: 18, rx: 1.5, fill: "#fff" }),
    svg("rect", { x: 22, y: 11, width: 6, height: 18, rx: 1.5, fill: "#fff" }));
}

/** The countdown box, drawn into the table at each state (painted again every second). */
export function countdownBox() {
  const box = el("div#kh-clock.kh-clock", { role: "timer", "aria-live": "off" });
  paint(box);
  if (!timer) timer = setInterval(() => paint(), 250);
  return box;
}

function paint(box0) {
  const box = box0 || document.getElementById("kh-clock");
  if (!box || !anchor) return;
  const rem = remainingNow();
  const text = mmss(rem);
  const warn = anchor.numeric;
  const state = anchor.mode === "over" || anchor.mode === "replay" ? anchor.mode : anchor.paused ? "paused" : warn ? "warning" : anchor.mode === "realtime" ? "running" : "simulated";
  const label = anchor.mode === "over"
    ? t("The game is over")
    : anchor.mode === "replay"
    ? anchor.paused ? t("Time left (stopped for the Ultimate Challenge)") : t("Time left at this step")
    : anchor.paused
    ? t("Clock stopped for the Ultimate Challenge")
    : warn
      ? t("Five minutes left! The timer is ticking")
      : anchor.mode === "realtime" ? t("Time left before Khufu wins") : t("Time left (game clock: each step costs seconds)");
  if (box.dataset.state !== state || box.dataset.label !== label) {
    box.dataset.state = state;
    box.dataset.label = label;
    box.className = "kh-clock " + state;
    box.replaceChildren(
      el("span.kh-clock-pic"),
      el("span.kh-clock-text", null, el("span#kh-countdown.kh-countdown", { text }), el("span.kh-clock-label", { text: label })),
    );
  }
  const pic = box.querySelector(".kh-clock-pic");
  const want = anchor.mode === "over" || anchor.mode === "replay" ? "none" : anchor.paused ? "pause" : warn ? "none" : `hg${Math.round((rem / anchor.countdown) * 20)}`;
  if (pic.dataset.pic !== want) {
    pic.dataset.pic = want;
    pic.replaceChildren(want === "none" ? "" : anchor.paused ? pauseMark() : hourglass(rem / anchor.countdown));
  }
  const num = box.querySelector("#kh-countdown");
  if (num.textContent !== text) num.textContent = text;
}
