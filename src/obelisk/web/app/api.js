// The server's HTTP API: one call, its error as the server's sentence.

/** GET ``path`` (or POST ``body`` as JSON), with the seat ``token``; the answer's JSON. */
export async function api(path, body, token) {
  const opts = { headers: {} };
  if (body !== undefined) {
    opts.method = "POST";
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  if (token) opts.headers["Authorization"] = "Bearer " + token;
  const r = await fetch(path, opts);
  let data = null;
  try {
    data = await r.json();
  } catch {
    data = null;
  }
  if (!r.ok) throw new Error((data && data.message) || r.statusText || "the server refused");
  return data;
}
