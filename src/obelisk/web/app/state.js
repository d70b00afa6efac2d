// The app's state, every field declared here, in one place: the page's one room, its
// socket, the last state drawn. Other modules read and write these fields; none keeps
// state of its own beyond a timer or a cache.

/**
 * @typedef {object} AppState
 * @property {object[]} games     the games as /api/games describes them (loaded once)
 * @property {object|null} room   the room's public summary (/api/rooms/{id}, or a room message)
 * @property {string|null} id     the room's id
 * @property {number|null} seat   this page's seat (null: watching)
 * @property {string|null} token  the seat token (kept in this browser's storage, never in an address)
 * @property {WebSocket|null} ws  the room's socket
 * @property {object|null} last   the last state message (its ``ctx`` says whose turn it is)
 * @property {import("../tables/types.js").TableModule|null} mod the room's table module
 * @property {object[]} frames    the seat's own frames, for a reload and the replay
 * @property {object[]|null} pendingEntries the log entries of the state being kept
 * @property {object|null} over   the game_over message, once the game is over
 * @property {number|null} clickAt performance.now() of the click being answered
 * @property {boolean} closing    the socket is being closed on purpose (no reconnection)
 * @property {number} retry       reconnection attempts since the last open socket
 * @property {boolean} inFlight   an action is on its way: nothing is played twice
 * @property {{steps: object[], obs: object, legal: object[]}|null} build a choice being
 *   built in several clicks, from the server's preview of the steps so far; nothing is
 *   played until the choice is complete
 * @property {object[]|null} previewing the steps whose preview is awaited
 * @property {number} previewId   the id of the last preview asked for
 * @property {(import("../tables/types.js").GameClock & {at: number})|null} clock the last clock
 */

/** @type {AppState} */
export const R = {
  games: [],
  room: null,
  id: null,
  seat: null,
  token: null,
  ws: null,
  last: null,
  mod: null,
  frames: [],
  pendingEntries: null,
  over: null,
  clickAt: null,
  closing: false,
  retry: 0,
  inFlight: false,
  build: null,
  previewing: null,
  previewId: 0,
  clock: null,
};

/** The page's element of id ``id``. */
export const $ = (id) => document.getElementById(id);

/** Show one of the page's sections: the lobby, a table or the replays. */
export function show(section) {
  for (const id of ["lobby", "table", "replay"]) $(id).hidden = id !== section;
  // the connection matters only at a table: the lobby and the replays say nothing of it
  if (section !== "table") $("conn").textContent = "";
}
