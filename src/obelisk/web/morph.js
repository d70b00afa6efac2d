// Updating a drawing in place (issue 40): a table draws its whole view into a detached
// copy of its container, then ``morph`` makes the live container look like it by keeping
// every live node that still has a place (matched by ``data-key``, else its id, else by
// kind and order among its unkeyed siblings) and patching only the attributes and texts
// that changed, as lichess's chessground does with its pieces. A node under a press, the
// node with the keyboard focus, a piece in mid-transition: none is replaced unless it went.
//
// A node marked ``data-glide`` (a piece on a board) whose SVG transform changed glides from
// its old place to the new one (320 ms; never under prefers-reduced-motion; a press goes
// through it on the way). A node that
// appears is new on the page: a CSS animation of its own plays once (a card into a hand).
//
// Listeners follow the drawing: those added with ``listen`` (and so by ``el``'s ``on…``
// attributes and ``ActionPool.bind``) move from the fresh node to the live one it matched.

const listeners = new WeakMap(); // node -> [[type, fn, options], ...]
const asDrawn = new WeakSet(); // fresh nodes that go in as they are (an animation runs on them)

/** Add a listener that a later drawing may move to the live node (see ``morph``). */
export function listen(node, type, fn, options) {
  let list = listeners.get(node);
  if (!list) listeners.set(node, (list = []));
  list.push([type, fn, options]);
  node.addEventListener(type, fn, options);
}

/** Keep ``node`` as drawn: it replaces the live node it matches instead of patching it
 * (an animation was started on the fresh node itself). */
export function keepAsDrawn(node) {
  asDrawn.add(node);
  return node;
}

/** Counts of what the last morphs changed (read by the tests and benchmarks/web_redraw.py). */
export const morphed = { calls: 0, nodes: 0, kept: 0, attrs: 0, texts: 0, added: 0, removed: 0, glides: 0 };

function keyOf(n) {
  if (n.nodeType !== 1) return null;
  return n.getAttribute("data-key") || n.id || null;
}

function sameKind(a, b) {
  return a.nodeType === b.nodeType && a.nodeName === b.nodeName && a.namespaceURI === b.namespaceURI;
}

/** Make the children of ``live`` those of ``fresh`` (``fresh`` is emptied on the way). */
export function morph(live, fresh) {
  morphed.calls++;
  children(live, fresh);
  // the pieces that moved glide from where they were, once every node is in its place
  for (const [node, from, to] of moved.splice(0)) glide(node, from, to);
}

// -- pieces that glide: a node marked ``data-glide`` whose SVG transform changed ---------------
const moved = [];
let motionQuery = null;

function reducedMotion() {
  if (!motionQuery && typeof matchMedia === "function") motionQuery = matchMedia("(prefers-reduced-motion: reduce)");
  return !!(motionQuery && motionQuery.matches);
}

/** An SVG transform attribute as a CSS transform (user units are CSS pixels in SVG). */
function cssTransform(t) {
  return t
    .replace(/translate\(\s*([-\d.e]+)[\s,]+([-\d.e]+)\s*\)/g, "translate($1px, $2px)")
    .replace(/rotate\(\s*([-\d.e]+)\s*\)/g, "rotate($1deg)");
}

// the glide each node is in (a piece that moves again before it arrived: its glide is
// replaced, never piled on the last one)
const gliding = new WeakMap();

function glide(node, from, to) {
  if (reducedMotion() || !node.animate || !node.isConnected) return;
  const before = gliding.get(node);
  if (before) before.cancel();
  // a piece on its way takes no press: the press is meant for what is under it
  const frames = [{ transform: cssTransform(from), pointerEvents: "none" }, { transform: cssTransform(to), pointerEvents: "none" }];
  gliding.set(node, node.animate(frames, { duration: 320, easing: "ease-in-out" }));
  morphed.glides++;
}

function children(live, fresh) {
  const keyed = new Map(); // key -> live nodes of that key, in order (two equal cards)
  const free = [];
  for (let n = live.firstChild; n; n = n.nextSibling) {
    const k = keyOf(n);
    if (k === null) free.push(n);
    else if (keyed.has(k)) keyed.get(k).push(n);
    else keyed.set(k, [n]);
  }
  let fi = 0;
  let cursor = live.firstChild;
  for (let f = fresh.firstChild; f; ) {
    const next = f.nextSibling;
    const k = keyOf(f);
    let m = null;
    if (k !== null) {
      const same = keyed.get(k);
      if (same && same.length && sameKind(same[0], f)) m = same.shift();
    } else {
      for (let j = fi; j < free.length; j++) {
        if (sameKind(free[j], f)) {
          m = free[j];
          fi = j + 1;
          break;
        }
      }
    }
    if (m && asDrawn.has(f)) m = null;
    let place = f;
    if (m) {
      patch(m, f);
      place = m;
      morphed.kept++;
    } else {
      morphed.added++;
    }
    if (place === cursor) cursor = cursor.nextSibling;
    else live.insertBefore(place, cursor);
    f = next;
  }
  // what is left after the last placed node had no place in the new drawing
  while (cursor) {
    const n = cursor.nextSibling;
    live.removeChild(cursor);
    morphed.removed++;
    cursor = n;
  }
}

function patch(m, f) {
  morphed.nodes++;
  if (m.nodeType !== 1) {
    if (m.nodeValue !== f.nodeValue) {
      m.nodeValue = f.nodeValue;
      morphed.texts++;
    }
    return;
  }
  const before = m.getAttribute("data-glide") !== null ? m.getAttribute("transform") : null;
  // a folded part (a legend, last round) stays as the person left it
  if (m.localName === "details" && m.open !== f.open) f.open = m.open;
  const fa = f.attributes;
  const ma = m.attributes;
  let sameNames = fa.length === ma.length;
  for (let i = 0; sameNames && i < fa.length; i++) sameNames = fa[i].name === ma[i].name;
  if (sameNames) {
    for (let i = 0; i < fa.length; i++) {
      if (ma[i].value !== fa[i].value) {
        ma[i].value = fa[i].value;
        morphed.attrs++;
      }
    }
  } else {
    // the attributes in the drawing's order (the page reads the same as a fresh drawing)
    for (let i = ma.length - 1; i >= 0; i--) m.removeAttributeNode(ma[i]);
    for (let i = 0; i < fa.length; i++) {
      const a = fa[i];
      if (a.namespaceURI) m.setAttributeNS(a.namespaceURI, a.name, a.value);
      else m.setAttribute(a.name, a.value);
    }
    morphed.attrs += fa.length;
  }
  if (before !== null) {
    const after = m.getAttribute("transform");
    if (after && after !== before) moved.push([m, before, after]);
  }
  // a form field keeps what the person typed; a checkbox follows the drawing
  if (m.tagName === "INPUT" && m.type === "checkbox") m.checked = f.checked;
  moveListeners(m, f);
  children(m, f);
}

function moveListeners(m, f) {
  const old = listeners.get(m);
  const now = listeners.get(f);
  if (old === now) return;
  if (old) for (const [type, fn, opt] of old) m.removeEventListener(type, fn, opt);
  if (now) {
    for (const [type, fn, opt] of now) m.addEventListener(type, fn, opt);
    listeners.set(m, now);
  } else {
    listeners.delete(m);
  }
}
