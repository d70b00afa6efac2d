// The table interface, written down: what the frame gives a game's table module and what
// the module gives back. Types only (JSDoc, read by editors and people); nothing runs here.
// A game's table is src/obelisk/web/tables/<game>.js exporting a TableModule as default.

/**
 * One legal action as the server sends it in a ``state`` message.
 * @typedef {object} LegalEntry
 * @property {{kind: string} & Object<string, *>} action  the action's JSON form (sent back unchanged)
 * @property {string} text    the short typed form ("take 3")
 * @property {string} [choice] what it does, in words, from the chooser's side
 * @property {string|null} [says] the accessible name a place was given (set by ActionPool.bind)
 */

/**
 * The game's clock as everybody reads it (``ctx.clock`` of a state, ``clock`` of a clock message).
 * @typedef {object} GameClock
 * @property {string} name          what a person calls it ("Khufu's countdown")
 * @property {number} remaining     seconds left
 * @property {number|null} total    seconds at the start
 * @property {boolean} running      false while it stands still
 * @property {string|null} paused_by why it stands still, in words
 */

/**
 * The turn context the server sends with every state (docs/protocol.md, "The turn
 * context"): public, the same for every reader but ``your_turn``. No face works out whose
 * turn it is from the observation.
 * @typedef {object} TurnContext
 * @property {number|null} to_move  the seat whose decision it is (from 0), null when nobody's
 * @property {boolean} chance       the position waits for a chance outcome
 * @property {number} turn          how many times the decision passed to another seat
 * @property {boolean} your_turn    whether the reader is to decide
 * @property {GameClock|null} clock the game's clock, if it has one
 * @property {{scores: number[], returns: number[], winners: number[]}|null} outcome at the end
 */

/**
 * What the frame gives a table module to draw one view (frame.js drawFrame).
 * @typedef {object} TableContext
 * @property {object} obs            the seat's observation (the game's own JSON)
 * @property {LegalEntry[]} legal    the seat's legal actions (empty unless it decides)
 * @property {TurnContext|null} turn the turn context of the position (null in an old replay)
 * @property {number|null} toMove    ``turn.to_move``: whose decision it is (null: nobody's)
 * @property {boolean} yourTurn      whether this seat decides now
 * @property {number|null} seat      the reader's seat (null: a spectator)
 * @property {Array<{name?: string, kind?: string}>} seats the room's seats
 * @property {string} status         waiting, playing or finished
 * @property {Object<string, *>} options the room's options
 * @property {string|null} text      the game's text view (when the module asks for it)
 * @property {object|null} over      the game_over message, once the game is over
 * @property {boolean} readonly      a replay: nothing is played
 * @property {object[]} events       the events this state brought (sentences, flashes)
 * @property {number} seen           events the seat has been sent
 * @property {(GameClock & {at: number})|null} clock the last clock message's clock
 * @property {import("../util.js").ActionPool} pool places legal actions on the drawing
 * @property {(seat: number) => string} name   a seat's name
 * @property {(seat: number) => string} colour a seat's colour (the module's ``seatColour``
 *   when it gives one, else the seat's own)
 * @property {{board: HTMLElement, mine: HTMLElement, panels: HTMLElement, legal: HTMLElement,
 *   prompt: HTMLElement}} live the frame's parts on the page: ``draw`` draws into detached
 *   copies that the frame then brings the live parts up to (morph.js); a listener that looks
 *   for drawn nodes later looks under these
 */

/**
 * A game's table module (the default export of tables/<game>.js).
 * @typedef {object} TableModule
 * @property {(board: HTMLElement, mine: HTMLElement, ctx: TableContext) => void} draw
 *   draw the table into ``board`` and the seat's own area into ``mine``; place legal
 *   actions with ``ctx.pool.take(pred)`` + ``ctx.pool.bind(node, entry)``
 * @property {(obs: object, seat: number, ctx: TableContext) => string[]} panel
 *   lines of public information for a player's panel
 * @property {(ctx: TableContext) => string} prompt what the seat is deciding, in words
 * @property {(action: object, seat: number) => boolean} [panelAction]
 *   whether an action is played on that player's panel
 * @property {(entry: LegalEntry, ctx: TableContext) => string} [buttonLabel]
 *   the label of an action left for the action bar
 * @property {(options: Object<string, *>) => string[]} [notes] help lines about the options
 * @property {(clock: GameClock & {at: number}, ctx: object) => void} [onClock]
 *   called on every clock message
 * @property {(obs: object) => number} [players] how many seats (when the room does not say)
 * @property {string[]} [builds]   action kinds that start a choice of several clicks
 * @property {boolean} [wantsWords] the frame loads the game's words (/api/games/{game}/words:
 *   glossary, components, defaults) before the first drawing and hands them to ``useWords``
 * @property {(words: object|null) => void} [useWords] receives the game's words once
 * @property {(obs: object, seat: number) => (string|null)} [seatColour] the colour a seat is
 *   shown in (its piece's, as the Mummy's explorers), null for the seat's own
 * @property {string} [css]        a stylesheet of its own under tables/, linked once
 * @property {boolean} [needsText] the table shows the game's text view (the server sends it)
 */

export {};
