// Obelisk in the browser: the lobby, a room's table, the game-over panel; /replay steps
// through a game. Plain ES modules, no build step. Speaks protocol version 1
// (docs/protocol.md); seat tokens stay in this browser's storage, never in an address the
// server sees (a shared /rooms/{id}#token=… link is read and dropped from the address bar).
//
// The app's modules, one idea each (app/): state.js (every field of the app's state),
// hooks.js (what tests read), storage.js, api.js, lobby.js, room.js (a room and its
// table), socket.js, gameover.js, help.js, routing.js. This file wires them and starts.

import { $ } from "./app/state.js";
import { openRoom, initRoom } from "./app/room.js";
import { initLobby } from "./app/lobby.js";
import { route } from "./app/routing.js";
import { startPage } from "./i18n.js";

await startPage($("lang-select"));
initLobby(openRoom);
initRoom(route);
window.addEventListener("popstate", route);
window.matchMedia("(max-width: 760px)").matches && ($("log-box").open = false);
route();
