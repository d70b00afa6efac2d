// Your turn, noticed: the tab's title and icon say it, an optional chime (made here with
// WebAudio, off unless the person turns it on; remembered), and a browser notification when
// the tab is hidden (permission asked once, from a button, never on load). The live region
// says the newest sentence of the story to a screen reader.

import { $ } from "./state.js";
import { hooks } from "./hooks.js";
import { store } from "./storage.js";
import { t } from "../i18n.js";

const ICON = "/static/img/icon.svg";
const ICON_TURN = "/static/img/icon-turn.svg";
const BASE_TITLE = "Obelisk";

/** Whether the page now asks this person for a move (the edge is what gets noticed). */
let wasTurn = false;
let audio = null;

/** Set the tab's title and icon: ``game`` is the room's title (null: the lobby). */
function tabShows(game, turn) {
  const name = game ? `${game} · ${BASE_TITLE}` : BASE_TITLE;
  document.title = turn ? `▶ ${t("Your turn")} · ${name}` : name;
  const link = $("favicon");
  const href = turn ? ICON_TURN : ICON;
  if (link && link.getAttribute("href") !== href) link.setAttribute("href", href);
  hooks.tab = { title: document.title, icon: href };
}

/** The page left a room (the lobby, the replays): the plain title and icon. */
export function leftRoom() {
  wasTurn = false;
  tabShows(null, false);
}

/** After each drawn state: the tab shows whether it is this person's ``turn`` in ``game``;
 * when a turn begins, the chime (if on) and, in a hidden tab, a notification saying
 * ``said`` (the newest sentence). */
export function noticeTurn(game, turn, said) {
  tabShows(game, turn);
  if (turn && !wasTurn) {
    hooks.noticed = (hooks.noticed || 0) + 1;
    if (soundOn()) chime();
    if (document.hidden) notify(game, said);
  }
  wasTurn = turn;
}

/** The live region: the newest sentence of what just happened (read out politely). */
export function sayNewest(text) {
  if (!text) return;
  const box = $("said");
  // the same words twice would not be read again: a soft space makes them new
  box.textContent = box.textContent === text ? text + "\u00a0" : text;
}

function soundOn() {
  return store.get("sound") === true;
}

function showSound() {
  const b = $("sound");
  const on = soundOn();
  b.setAttribute("aria-pressed", String(on));
  b.textContent = on ? t("Sound on") : t("Sound off");
}

/** Two soft notes, rising (a sine chime of 0.35 s): drawn by the project, no sound file. */
export function chime() {
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return;
  audio = audio || new Ctx();
  if (audio.state === "suspended") audio.resume();
  const t0 = audio.currentTime + 0.01;
  for (const [freq, at] of [[660, 0], [880, 0.14]]) {
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = "sine";
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, t0 + at);
    gain.gain.exponentialRampToValueAtTime(0.18, t0 + at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + at + 0.2);
    osc.connect(gain).connect(audio.destination);
    osc.start(t0 + at);
    osc.stop(t0 + at + 0.22);
  }
  hooks.chimes = (hooks.chimes || 0) + 1;
}

function notify(game, said) {
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  try {
    const n = new Notification(t("Your turn in {game}", { game: game || BASE_TITLE }), { body: said || "", tag: "obelisk-turn", icon: ICON_TURN });
    n.onclick = () => {
      window.focus();
      n.close();
    };
    hooks.notified = (hooks.notified || 0) + 1;
  } catch {
    // a browser that only notifies from a service worker: the title and icon still tell
  }
}

/** The notification button: shown while the browser may still ask (asked at most once). */
function showNotify() {
  const b = $("notify");
  b.hidden = !("Notification" in window) || Notification.permission !== "default" || store.get("notify-asked") === true;
}

/** Wire the sound switch and the notification button. */
export function initAttention() {
  showSound();
  showNotify();
  $("sound").onclick = () => {
    store.set("sound", !soundOn());
    showSound();
    if (soundOn()) chime(); // a sample, and the click lets the page play sound
  };
  $("notify").onclick = async () => {
    store.set("notify-asked", true);
    try {
      await Notification.requestPermission();
    } catch {
      // refused or unsupported: nothing more is asked
    }
    showNotify();
  };
}
