// Khufu's appearances as a full-screen moment: his face, his words (the narrated sentences
// the server sent for this seat), a sound made with the Web Audio API (no files), and, after
// an interruption, whose turn it is now. It closes by itself after a few seconds, on its
// button, on Escape or on a click; a Mummy call's answer buttons are placed inside it.

import { el } from "../../util.js";
import { t } from "../../i18n.js";
import { khufuFace } from "./pictures.js";

const SHOWN = new WeakSet(); // events already shown (a redraw of the same state shows nothing)
let box = null;
let closeTimer = null;
let audio = null;
let primedFor = null; // the page (room) whose catch-up has been seen

function setting(key, fallback) {
  try {
    return localStorage.getItem(key) || fallback;
  } catch {
    return fallback;
  }
}

function store(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch { /* storage refused: the setting stays as it is */ }
}

function soundOn() {
  return setting("khufu:sound", "on") !== "off";
}

/** Whether Khufu's words stay until closed (timing adjustable), else they close by themselves. */
function lingers() {
  return setting("khufu:linger", "off") === "on";
}

/** Khufu's voice: a low falling groan over a soft gong, about a second long. */
function playSound(kind) {
  if (!soundOn()) return "muted";
  try {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return "unavailable";
    audio = audio || new AC();
    if (audio.state === "suspended") audio.resume();
    const t = audio.currentTime + 0.02;
    const out = audio.createGain();
    out.gain.setValueAtTime(0.0001, t);
    out.gain.exponentialRampToValueAtTime(0.25, t + 0.08);
    out.gain.exponentialRampToValueAtTime(0.0001, t + 1.2);
    const lp = audio.createBiquadFilter();
    lp.type = "lowpass";
    lp.frequency.value = 900;
    lp.connect(out);
    out.connect(audio.destination);
    const high = kind === "warning" ? 440 : 196;
    for (const detune of [-8, 8]) {
      const o = audio.createOscillator();
      o.type = "sawtooth";
      o.detune.value = detune;
      o.frequency.setValueAtTime(high, t);
      o.frequency.exponentialRampToValueAtTime(high / 2, t + 1.0);
      o.connect(lp);
      o.start(t);
      o.stop(t + 1.25);
    }
    const gong = audio.createOscillator();
    gong.type = "sine";
    gong.frequency.value = 98;
    const gg = audio.createGain();
    gg.gain.setValueAtTime(0.3, t);
    gg.gain.exponentialRampToValueAtTime(0.0001, t + 1.4);
    gong.connect(gg);
    gg.connect(audio.destination);
    gong.start(t);
    gong.stop(t + 1.45);
    return "played";
  } catch {
    return "unavailable";
  }
}

/** Close the moment (its focus returns to the page). */
export function closeMoment() {
  clearTimeout(closeTimer);
  if (box) box.remove();
  box = null;
  document.removeEventListener("keydown", onKey, true);
}

function onKey(ev) {
  if (ev.key === "Escape") {
    ev.preventDefault();
    closeMoment();
  }
}

/** Whether a moment is on screen. */
export function momentOpen() {
  return !!box;
}

/** The slot of the moment where a Mummy call's answers are placed (or null). */
export function answerSlot() {
  return box ? box.querySelector(".kh-moment-answers") : null;
}

/**
 * Look at a state's events: a Khufu order (with its interruption), or the five-minute
 * warning, opens the moment. ``next`` says whose turn it is after it (words), or null.
 */
export function maybeShow(events, ctx, next) {
  // the first state of a page (or of another room) brings the past as a catch-up: Khufu
  // appears only for what happens while the page is open
  const fromStart = events.some((e) => e.kind === "khufu" && e.event === "INTRO") && ctx.obs && ctx.obs.turns_done > 0;
  if (primedFor !== location.pathname || fromStart) {
    primedFor = location.pathname;
    for (const e of events) SHOWN.add(e);
    return false;
  }
  let order = null;
  let interrupt = null;
  const after = [];
  for (const e of events) {
    if (SHOWN.has(e)) continue;
    if (e.kind === "interrupt") interrupt = e;
    else if (e.kind === "khufu" && e.event !== "INTRO" && e.event !== "TIME_UP") {
      order = e;
      after.length = 0;
    } else if (order && e.sentence && e.kind !== "action") after.push(e.sentence);
  }
  for (const e of events) SHOWN.add(e);
  if (!order || !order.sentence) return false;
  const warning = order.event === "FIVE_MINUTES_LEFT";
  closeMoment();
  const words = [];
  if (interrupt && interrupt.sentence) words.push(el("p.kh-moment-interrupt", { text: interrupt.sentence }));
  words.push(el("p.kh-moment-words", { text: order.sentence }));
  for (const s of after.slice(0, 4)) words.push(el("p.kh-moment-after", { text: s }));
  const sound = playSound(warning ? "warning" : "order");
  const close = el("button.primary.kh-moment-close", { type: "button", text: t("Carry on"), onclick: closeMoment });
  const mute = el("button.small.kh-moment-mute", {
    type: "button",
    text: soundOn() ? t("Sound off") : t("Sound on"),
    onclick: (ev) => {
      ev.stopPropagation();
      store("khufu:sound", soundOn() ? "off" : "on");
      mute.textContent = soundOn() ? t("Sound off") : t("Sound on");
    },
  });
  const keepWords = () => (lingers() ? t("Close by itself next time") : t("Keep on screen until I close it"));
  const keep = el("button.small.kh-moment-keep", {
    type: "button",
    text: keepWords(),
    onclick: (ev) => {
      ev.stopPropagation();
      store("khufu:linger", lingers() ? "off" : "on");
      keep.textContent = keepWords();
      clearTimeout(closeTimer);
    },
  });
  box = el("div#kh-moment.kh-moment" + (warning ? ".warning" : ""), {
    role: "alertdialog",
    "aria-modal": "true",
    "aria-labelledby": "kh-moment-title",
    dataset: { khufu: order.event, sound, interrupted: interrupt ? String((interrupt.seat ?? -1) + 1) : "" },
    onclick: (ev) => { if (ev.target === box) closeMoment(); },
  },
  el("div.kh-moment-card", null,
    khufuFace(140),
    el("div.kh-moment-text", null,
      el("h2#kh-moment-title", { text: warning ? t("Khufu: five minutes left!") : interrupt ? t("Khufu interrupts!") : t("Khufu appears!") }),
      ...words,
      el("p.kh-moment-next", { text: next || "" }),
      el("div.kh-moment-answers"),
      el("div.kh-moment-buttons", null, close, mute, keep))));
  document.body.append(box);
  document.addEventListener("keydown", onKey, true);
  close.focus({ preventScroll: true });
  if (!lingers()) closeTimer = setTimeout(closeMoment, warning ? 5000 : 8000);
  return true;
}

/** After an interruption, say whose turn it is once a turn's decision is known. */
export function updateNext(text) {
  const p = box && box.querySelector(".kh-moment-next");
  if (p && text && p.textContent !== text) p.textContent = text;
}
