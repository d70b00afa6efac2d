// The room's socket: open it with hello, reconnect after a drop, send a message.

import { R, $ } from "./state.js";
import { hooks } from "./hooks.js";
import { needsText } from "../frame.js";
import { language, t } from "../i18n.js";

/** Close the room's socket on purpose (no reconnection). */
export function closeSocket() {
  if (R.ws) {
    R.closing = true;
    R.ws.close();
    R.ws = null;
  }
}

/** Open the room's socket, saying hello with the events already ``seen``; every message
 * goes to ``handle``. A dropped socket is opened again, later each time. */
export function connect(seen, handle) {
  const proto = location.protocol === "https:" ? "wss://" : "ws://";
  const ws = new WebSocket(proto + location.host + "/ws/rooms/" + R.id);
  R.ws = ws;
  R.closing = false;
  ws.onopen = () => {
    R.retry = 0;
    $("conn").textContent = t("connected");
    ws.send(JSON.stringify({ type: "hello", v: 1, token: R.token, seen, text: needsText(R.mod), lang: language() }));
  };
  ws.onclose = () => {
    if (R.ws !== ws) return;
    $("conn").textContent = t("disconnected");
    if (!R.closing && !$("table").hidden) {
      const wait = Math.min(8000, 500 * 2 ** R.retry++);
      setTimeout(() => R.ws === ws && connect(R.last ? R.last.seen : seen, handle), wait);
    }
  };
  ws.onmessage = (m) => handle(JSON.parse(m.data));
}

/** Send ``msg`` on the room's socket, if it is open. */
export function send(msg) {
  if (R.ws && R.ws.readyState === WebSocket.OPEN) {
    R.ws.send(JSON.stringify(msg));
    hooks.sent++;
  }
}
