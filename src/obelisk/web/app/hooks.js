// Test hooks: what the browser tests read off the page (window.obelisk), so that they wait
// for a drawn state instead of sleeping. Written by the room; read by nobody else.

/**
 * @typedef {object} TestHooks
 * @property {object[]} timings   interaction timings, ms: click to drawn, painted, shown
 * @property {number} states      how many states have been drawn
 * @property {number} sent        messages sent on the socket
 * @property {string[]} errors    the codes of the error messages received
 * @property {number} [answers]   answers received to what this page sent (states, previews, errors)
 * @property {boolean} [yourTurn] the page offers a choice now
 * @property {string[]|null} [building] the steps of a choice being built
 * @property {boolean} [over]     the game is over
 * @property {number} [seen]      events this seat has been sent
 * @property {string} [status]    the room's status
 * @property {number|null} [seat] this page's seat
 * @property {string|null} [room] the room's id
 * @property {(action: object) => void} [play] send an action as it is, bypassing the
 *   drawing (tests check that a refusal is explained)
 */

/** @type {TestHooks} */
export const hooks = { timings: [], states: 0, sent: 0, errors: [] };
window.obelisk = hooks;
