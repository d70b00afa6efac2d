// The end of a game: the scores, the rematch with the same seats, the record to download.

import { el, seatColour } from "../util.js";
import { seatName, resultLines } from "../frame.js";
import { R, $ } from "./state.js";
import { api } from "./api.js";
import { store, framesKey, keptFrames } from "./storage.js";
import { t, joinWords } from "../i18n.js";

/** The game-over panel; ``open(roomId)`` opens the rematch's room. */
export function showGameOver(open) {
  const o = R.over;
  const s = R.room;
  const lines = resultLines(s.seats, o.scores, o.winners);
  const box = $("gameover");
  box.hidden = false;
  $("seat-tools").hidden = true;
  document.querySelector("#table .turn-tools").hidden = true;
  const names = o.winners.map((i) => seatName(s.seats, i));
  // a game scored only as won or lost (Khufu: 1 for the winner, 0 for everybody else)
  const winLoss = o.scores.length > 0 && o.scores.every((x, i) => x === (o.winners.includes(i) ? 1 : 0));
  box.replaceChildren(
    el("h3", { text: t("Game over") }),
    el("p.big", { text: names.length ? (names.length === 1 ? t("{name} wins.", { name: names[0] }) : t("{names} share the win.", { names: joinWords(names) })) : t("Nobody wins.") }),
    el("table.scores", null,
      el("thead", null, el("tr", null, el("th", { text: t("Player") }), el("th", { text: winLoss ? t("Result") : t("Score") }))),
      el("tbody", null, ...lines.map((l) =>
        el("tr", { dataset: { seat: String(l.seat + 1) } },
          el("td", null, el("span.dot", { style: { "--seat": seatColour(l.seat) } }), ` ${l.name}`,
            l.winner ? el("span.badge", { text: t("winner") }) : null),
          el("td", { text: winLoss ? (l.winner ? t("won") : t("lost")) : String(l.score) }))))),
    el("div.over-buttons", null,
      R.seat !== null || (store.get("held:" + R.id) || []).length
        ? el("button.primary#again", { type: "button", text: t("Play again with the same seats"), onclick: () => playAgain(open) })
        : null,
      el("a.button", { href: `/replay?room=${R.id}`, text: t("Watch the replay") }),
      el("button", { type: "button", text: t("Download your record"), onclick: downloadRecord }),
      el("button", { type: "button", text: t("See the table"), onclick: () => { box.hidden = true; } })),
    el("p#again-note.muted"),
  );
  offerRematch();
}

async function downloadRecord() {
  try {
    const rec = await api(`/api/rooms/${R.id}/record`, undefined, R.token);
    const kept = keptFrames(framesKey());
    // the server's redacted record as it is (with its sentences), and the positions this
    // browser saw as an added field: every reader of redacted records reads it
    // positions this browser saw (a memory game kept none while it was played)
    const file = { ...rec, frames: (R.frames.length ? R.frames : kept ? kept.frames : []).filter((f) => f.obs) };
    const blob = new Blob([JSON.stringify(file)], { type: "application/json" });
    const a = el("a", { href: URL.createObjectURL(blob), download: `obelisk-${R.room.game}-${R.id}.json` });
    document.body.append(a);
    a.click();
    a.remove();
  } catch (e) {
    $("error").textContent = e.message;
  }
}

/** Play again with the same seats: the room's rematch (POST /api/rooms/{id}/rematch), made
 * by the first player who asks and joined by the others, each in their old seat. A device
 * holding several seats takes each of them again. */
async function playAgain(open) {
  const note = $("again-note");
  try {
    const held = store.get("held:" + R.id);
    const mine = held && held.length ? held : [{ seat: R.seat, token: R.token }];
    let room = null;
    const seated = [];
    for (const h of mine) {
      if (!h.token) continue;
      const j = await api(`/api/rooms/${R.id}/rematch`, {}, h.token);
      room = j.room;
      seated.push({ seat: j.seat, token: j.token });
    }
    if (!room) throw new Error(t("Only a player of this game can start its rematch."));
    const first = seated.find((x) => x.seat === R.seat) || seated[0];
    store.set("seat:" + room, first);
    if (held && held.length) store.set("held:" + room, seated);
    history.pushState(null, "", `/rooms/${room}`);
    await open(room);
  } catch (e) {
    if (note) note.textContent = e.message;
  }
}

/** On the game-over panel: once somebody started the rematch, say so and offer it. */
export function offerRematch() {
  const note = $("again-note");
  const s = R.room;
  if (!note || !s || !s.rematch || !R.over) return;
  const button = $("again");
  if (R.seat === null) {
    note.replaceChildren(t("A rematch has been started:") + " ", el("a", { href: `/rooms/${s.rematch}?watch=1`, text: t("watch it") }), ".");
    if (button) button.hidden = true;
    return;
  }
  note.textContent = t("A rematch has been started: join it to take your seat again.");
  if (button) button.textContent = t("Join the rematch");
}
