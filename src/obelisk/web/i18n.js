// Words in the reader's language. The server sends the same gettext catalogs the terminal
// reads, as JSON (GET /api/languages/{lang}); the page looks words up here:
//   t("Your turn")                       a sentence
//   tn("{n} card", "{n} cards", n, {n})  the form for n things, by the language's plural rule
//   tp("card", "Queen")                  a word told apart by its context
// Fields in braces are filled from the last argument. A word missing from the catalog reads
// as written (English). No eval: plural forms are picked with Intl.PluralRules and the
// server's map from plural category to gettext form.

const STORE_KEY = "obelisk.lang";
const CONTEXT_SEP = "\u0004";

let current = { lang: "en", name: "English", plural_index: { one: 0, other: 1 }, messages: {} };
let rules = new Intl.PluralRules("en");

/** The language the page reads now ("en", "de", ...). */
export function language() {
  return current.lang;
}

function fill(text, fields) {
  if (!fields) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) =>
    Object.prototype.hasOwnProperty.call(fields, name) ? String(fields[name]) : whole);
}

let scoped = null;

/** Look words up in game `name`'s own catalog first from now on (a table, a replay of that
 * game); null: the merged words only. Two games may say one English word two ways. */
export function useGameWords(name) {
  scoped = (name && current.games && current.games[name]) || null;
}

function found(key) {
  if (scoped && scoped[key] !== undefined) return scoped[key];
  return current.messages[key];
}

/** `message` in the page's language, with `{field}`s filled. */
export function t(message, fields) {
  const said = found(message);
  return fill(typeof said === "string" && said ? said : message, fields);
}

/** The form of `singular`/`plural` for `n` things, with `{field}`s filled. */
export function tn(singular, plural, n, fields) {
  const forms = found(singular);
  let text = n === 1 ? singular : plural;
  if (Array.isArray(forms)) {
    const index = current.plural_index[rules.select(n)] ?? current.plural_index.other ?? 0;
    text = forms[index] || text;
  }
  return fill(text, fields);
}

/** `message` in its `context` (the same English word may have two translations). */
export function tp(context, message, fields) {
  const said = found(context + CONTEXT_SEP + message);
  return fill(typeof said === "string" && said ? said : message, fields);
}

/** Use `catalog` (the JSON of /api/languages/{lang}) from now on. */
export function useCatalog(catalog) {
  current = catalog;
  scoped = null;
  rules = new Intl.PluralRules(catalog.lang);
  if (typeof document !== "undefined") document.documentElement.lang = catalog.lang;
}

/** The language chosen on this device before, if any. */
export function rememberedLanguage(storage = globalThis.localStorage) {
  try {
    return storage?.getItem(STORE_KEY) || null;
  } catch {
    return null;
  }
}

/**
 * Load and use the page's language: `lang` when given (and remembered on this device),
 * else the one chosen here before, else the one the browser's Accept-Language prefers.
 */
export async function loadLanguage(lang, storage = globalThis.localStorage) {
  let chosen = lang || rememberedLanguage(storage);
  if (!chosen) {
    const reply = await fetch("/api/languages");
    chosen = reply.ok ? (await reply.json()).preferred : "en";
  }
  const reply = await fetch(`/api/languages/${encodeURIComponent(chosen)}`);
  if (!reply.ok) throw new Error(`no words for language ${chosen}`);
  useCatalog(await reply.json());
  if (lang) {
    try {
      storage?.setItem(STORE_KEY, lang);
    } catch {
      // a private window may refuse storage: the choice then lasts this page only
    }
  }
  return current.lang;
}

const same = (text) => text.replace(/\s+/g, " ").trim();

/**
 * Put a page's own words in the page's language: the text of every element marked
 * `data-t` and the attributes its `data-t-attrs` names (`placeholder title aria-label`).
 * The English is kept in the element, so the page can be translated again.
 */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-t]")) {
    if (el.dataset.tsrc === undefined) el.dataset.tsrc = same(el.textContent);
    el.textContent = t(el.dataset.tsrc);
  }
  for (const el of root.querySelectorAll("[data-t-attrs]")) {
    for (const name of el.dataset.tAttrs.split(/\s+/).filter(Boolean)) {
      const key = `tsrc${name.replace(/-/g, "")}`;
      if (el.dataset[key] === undefined) el.dataset[key] = same(el.getAttribute(name) || "");
      if (el.dataset[key]) el.setAttribute(name, t(el.dataset[key]));
    }
  }
}

/**
 * Fill `select` with the languages there are (each named in itself), the page's own
 * chosen; choosing one remembers it on this device and loads the page again in it.
 */
export async function offerLanguages(select, storage = globalThis.localStorage) {
  if (!select) return;
  const fill = (known) => select.replaceChildren(...known.map((l) => {
    const option = document.createElement("option");
    option.value = l.code;
    option.textContent = l.name;
    option.lang = l.code;
    option.selected = l.code === current.lang;
    return option;
  }));
  // the language the page reads now, at once (the menu is never empty while the list loads)
  let known = [{ code: current.lang, name: current.name }];
  fill(known);
  select.setAttribute("aria-label", t("Language"));
  try {
    const reply = await fetch("/api/languages");
    if (reply.ok) known = (await reply.json()).languages;
  } catch {
    // offline: only the language the page reads now
  }
  fill(known);
  select.addEventListener("change", async () => {
    await loadLanguage(select.value, storage);
    location.reload();
  });
}

/** `["a", "b", "c"]` as "a, b and c" in the page's language ("a, b und c"). */
export function joinWords(items) {
  const list = items.filter(Boolean);
  if (list.length < 2) return list.join("");
  return `${list.slice(0, -1).join(", ")} ${t("and")} ${list[list.length - 1]}`;
}

/**
 * Put a page in the reader's language: its words loaded (English when they cannot be),
 * its marked HTML translated (`translatePage`, then `afterwards()` for words it draws itself)
 * and its language menu `select` filled. Resolves once the menu is offered.
 */
export async function startPage(select, afterwards) {
  try {
    await loadLanguage();
  } catch {
    // the words could not be loaded: the page reads in English
  }
  translatePage(document);
  if (afterwards) afterwards();
  return offerLanguages(select);
}
