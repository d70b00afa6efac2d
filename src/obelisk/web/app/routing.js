// The page's address: /rooms/{id} opens a room (?watch=1 as a spectator), /replay the
// replays, anything else the lobby. The browser's back and forward follow it.

import { $, show } from "./state.js";
import { api } from "./api.js";
import { store, keptFrames } from "./storage.js";
import { closeSocket } from "./socket.js";
import { openLobby } from "./lobby.js";
import { openRoom } from "./room.js";
import { openReplay } from "../replay.js";
import { leftRoom } from "./attention.js";
import { useGameWords } from "../i18n.js";

/** Show what the page's address names. */
export async function route() {
  const path = location.pathname;
  const m = /^\/rooms\/([\w-]+)/.exec(path);
  if (m) {
    await openRoom(m[1], new URLSearchParams(location.search).has("watch"));
    return;
  }
  closeSocket();
  leftRoom();
  useGameWords(null);
  if (path.startsWith("/replay")) {
    show("replay");
    await openReplay($("replay"), { api, store, keptFrames, room: new URLSearchParams(location.search).get("room") });
    return;
  }
  show("lobby");
  await openLobby();
}
