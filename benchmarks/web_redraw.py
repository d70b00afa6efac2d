"""Click-to-redraw time of the browser tables (not part of the test run).

Starts ``obelisk serve`` with a fresh SQLite file and Debian's Chromium (headless, never a
downloaded browser), then for each table a person (this script) plays a room against
computer players by clicking random legal places, as the web tests do. The page times
every click itself (``window.obelisk.timings``, see docs/web.md): *painted* is the click
to the next painted frame after the redraw, *answer* the click to the server's answer,
*draw* the table's drawing alone, *page* = painted − answer, the page's own share, and
*shown* the click to the frame after that one (the new table laid out and painted; pages
since the redraw work of issue 25 only).
Reports p50 / p95 per table and the load average while it ran.

    python benchmarks/web_redraw.py                       # 80 clicks per table
    python benchmarks/web_redraw.py --clicks 200 --tables ramses,khufu
    python benchmarks/web_redraw.py --baseline HEAD~3     # old tables against the new

``--baseline REV`` serves the web app (``src/obelisk/web/``) of git revision REV in the
same run, alternating with the working tree's, and prints the ratios. Run it on
an idle machine: on a loaded one the figures measure the other programs.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
PLACES = "#table [data-action]:not([aria-disabled=true]):not([disabled])"

#: Each table's room: the person's seat, the seats, the options.
ROOMS: dict[str, tuple[int, list[dict[str, Any]], dict[str, Any]]] = {
    "ramses": (
        0,
        [
            {"kind": "human"},
            {"kind": "bot", "level": "heuristic"},
            {"kind": "bot", "level": "heuristic"},
        ],
        {"first_player": 0},
    ),
    "mummy": (
        1,
        [
            {"kind": "bot", "level": "heuristic"},
            {"kind": "human"},
            {"kind": "bot", "level": "random"},
        ],
        {},
    ),
    "sobek": (0, [{"kind": "human"}, {"kind": "bot", "level": "heuristic"}], {}),
    "abu_simbel": (
        0,
        [
            {"kind": "human"},
            {"kind": "bot", "level": "heuristic"},
            {"kind": "bot", "level": "heuristic"},
        ],
        {},
    ),
    "khufu": (
        0,
        [
            {"kind": "human"},
            {"kind": "bot", "level": "heuristic"},
            {"kind": "bot", "level": "heuristic"},
        ],
        {"first_gap_seconds": [3600, 3600]},
    ),
}


def free_port() -> int:
    """A free TCP port on loopback."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``obelisk serve`` in a subprocess on a free port with its own database."""

    def __init__(self, db: str) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        cmd = [sys.executable, "-m", "obelisk.cli.main", "serve", "--port", str(self.port)]
        cmd += ["--db", db, "--bot-delay", "0", "--log-level", "warning"]
        # the rooms are set up by seed (a server in service draws every seed itself)
        cmd += ["--rate", "300", "--room-rate", "0", "--allow-chosen-seeds"]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.base + "/api/health", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.2)
        raise RuntimeError("the server did not start")

    def room(self, game: str, seed: int) -> tuple[str, str]:
        """A new room of ``game`` and the person's seat token."""
        seat, seats, options = ROOMS[game]
        body = {
            "game": game,
            "players": len(seats),
            "seats": seats,
            "seed": seed,
            "options": options,
        }
        r = httpx.post(self.base + "/api/rooms", json=body, timeout=30)
        r.raise_for_status()
        room = r.json()["id"]
        j = httpx.post(
            f"{self.base}/api/rooms/{room}/join", json={"seat": seat, "name": "Ann"}, timeout=30
        )
        j.raise_for_status()
        return room, j.json()["token"]

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def baseline_route(rev: str, prefix: str = "/static/") -> Any:
    """A Playwright route handler serving ``/static/…`` (the web app) from git revision ``rev``."""

    def handle(route: Any) -> None:
        path = route.request.url.split(prefix, 1)[1].split("?", 1)[0]
        got = subprocess.run(
            ["git", "show", f"{rev}:src/obelisk/web/{path}"], cwd=ROOT, capture_output=True
        )
        if got.returncode != 0:
            route.fulfill(status=404, body="")
            return
        kind = "text/css" if path.endswith(".css") else "text/javascript"
        route.fulfill(status=200, body=got.stdout, headers={"content-type": kind})

    return handle


def play(page: Any, clicks: int, rng: random.Random) -> int:
    """Click random legal places until ``clicks`` are timed or the game ends; returns the
    number of clicks made."""
    made = 0
    while made < clicks:
        try:
            page.wait_for_function(
                "window.obelisk && (window.obelisk.yourTurn || window.obelisk.over)", timeout=60000
            )
        except Exception:
            return made
        if page.evaluate("window.obelisk.over"):
            return made
        acts = page.eval_on_selector_all(PLACES, "ns => ns.map(n => n.dataset.action)")
        if not acts:
            # a choice of two clicks (Ramses: a treasure, then the rest)
            picks = page.locator(
                "[data-pick]:not(.chosen-pick), [data-pick-card]:not(.chosen-pick)"
            )
            if picks.count() == 0:
                return made
            picks.nth(rng.randrange(picks.count())).click()
            continue
        # a Khufu wager is placed once begun, so the game moves on
        liked = [a for a in acts if a.split(" ")[0] in ("place", "take", "enter", "roll")]
        choice = rng.choice(liked or acts)
        before = page.evaluate("[window.obelisk.answers || 0, window.obelisk.timings.length]")
        try:
            page.locator(f'{PLACES}[data-action="{choice}"]').first.click(timeout=10000)
        except Exception:
            continue  # the place went away (the clock moved the game on): choose again
        try:
            page.wait_for_function(
                f"window.obelisk.answers > {before[0]} && window.obelisk.timings.length > {before[1]}",
                timeout=30000,
            )
        except Exception:
            continue  # a click the page did not time (a preview that continues, a refusal)
        made += 1
    return made


def measure(
    browser: Any,
    server: Server,
    game: str,
    clicks: int,
    width: int,
    rev: str | None,
    seed: int,
    states: list[dict[str, Any]] | None = None,
    counts: dict[str, float] | None = None,
) -> list[dict[str, float]]:
    """The timings of ``clicks`` clicks on ``game``'s table (new rooms as games end); the
    messages the page received are added to ``states`` if given, and the redraw counts
    (:data:`COUNTS`) to ``counts``."""
    # the test driver evaluates its waits as strings: the page's CSP would refuse them
    ctx = browser.new_context(
        viewport={"width": width, "height": 800 if width > 600 else 844}, bypass_csp=True
    )
    if rev:
        ctx.route("**/static/**", baseline_route(rev))
    out: list[dict[str, float]] = []
    rng = random.Random(seed)
    try:
        while len(out) < clicks:
            room, token = server.room(game, seed)
            seed += 1
            page = ctx.new_page()
            if states is not None:
                page.on("websocket", lambda ws: ws.on("framereceived", lambda f: keep(states, f)))
            page.goto(f"{server.base}/rooms/{room}#token={token}")
            page.wait_for_function("window.obelisk && window.obelisk.states > 0", timeout=30000)
            if counts is not None:
                # the person thinks for three seconds on their turn: what is drawn meanwhile
                page.wait_for_function(
                    "window.obelisk.yourTurn || window.obelisk.over", timeout=60000
                )
                idle = page.evaluate(IDLE)
                counts["idle_drawings"] = counts.get("idle_drawings", 0) + idle["drawn"]
                counts["idle_clock_messages"] = (
                    counts.get("idle_clock_messages", 0) + idle["clocks"]
                )
            made = play(page, clicks - len(out), rng)
            out += page.evaluate("window.obelisk.timings")
            if counts is not None:
                got = page.evaluate(COUNTS)
                for k, v in got.items():
                    counts[k] = counts.get(k, 0) + v
            page.close()
            if made == 0:
                break
    finally:
        ctx.close()
    return out[:clicks]


#: What the page drew while the person thought for three seconds on their turn.
IDLE = """() => new Promise((done) => {
  const s = window.obelisk.states, c = window.obelisk.clocks || 0;
  setTimeout(() => done({drawn: window.obelisk.states - s, clocks: (window.obelisk.clocks || 0) - c}), 3000);
})"""

#: The page's redraw counts: tables drawn, clock messages, and what the in-place updates
#: changed (morph.js: nodes kept, attributes and texts patched, nodes added and removed).
COUNTS = """() => {
  const m = window.obelisk.morphed || {};
  return {drawings: window.obelisk.states || 0, clock_messages: window.obelisk.clocks || 0,
          kept: m.kept || 0, attrs: m.attrs || 0, texts: m.texts || 0, added: m.added || 0,
          removed: m.removed || 0};
}"""


def keep(states: list[dict[str, Any]], frame: Any) -> None:
    """Keep a ``state`` message (and the room's summary from ``welcome``) the page received."""
    try:
        m = json.loads(frame)
    except (TypeError, ValueError):
        return
    if isinstance(m, dict) and m.get("type") in ("state", "welcome"):
        states.append(m)


#: Draws each kept state with the app's drawFrame and the table module of ``base`` (the
#: working tree's /static/ or a revision's /old/), into a page of its own, ``rounds``
#: times; returns per drawing [the drawing, the drawing and its style and layout] in ms.
DRAW_ONLY = """async ([msgs, game, base, rounds]) => {
  const { drawFrame } = await import(base + 'frame.js');
  const mod = (await import(base + 'tables/' + game + '.js')).default;
  for (const href of [base + 'style.css', base + 'tables/' + game + '.css']) {
    const l = document.createElement('link');
    l.rel = 'stylesheet'; l.href = href;
    await new Promise((ok) => { l.onload = ok; l.onerror = ok; document.head.append(l); });
  }
  document.body.replaceChildren();
  const main = document.createElement('div'); main.id = 'main'; document.body.append(main);
  const mk = (id) => { const d = document.createElement('div'); d.id = id; main.append(d); return d; };
  const els = { panels: mk('panels'), prompt: mk('prompt'), legal: mk('legal'), board: mk('board'), mine: mk('mine-area') };
  let summary = null;
  const times = [];
  for (let r = 0; r < rounds; r++) {
    for (const m of msgs) {
      if (m.type === 'welcome') { summary = m.summary; continue; }
      const view = {
        obs: m.observation, legal: m.legal, yourTurn: m.your_turn, seat: m.seat,
        seats: summary ? summary.seats : [], status: m.status,
        options: (summary && summary.options) || {}, text: m.text, over: null,
        readonly: false, events: m.events || [], seen: m.seen, clock: null,
      };
      const t0 = performance.now();
      try {
        drawFrame(els, mod, view, () => {});
      } catch (e) {
        continue;  // a table that fails on this position (an old one's bug): not timed
      }
      const t1 = performance.now();
      void document.body.offsetHeight;
      times.push([t1 - t0, performance.now() - t0]);
    }
  }
  document.getAnimations().forEach((a) => a.cancel());
  return times;
}"""


def draw_only(
    browser: Any,
    server: Server,
    game: str,
    msgs: list[dict[str, Any]],
    rev: str | None,
    rounds: int,
) -> list[list[float]]:
    """The drawing times of the states ``msgs`` on ``game``'s table, drawn ``rounds`` times
    (the working tree's modules, or revision ``rev``'s)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        if rev:
            ctx.route("**/old/**", baseline_route(rev, "/old/"))
        page = ctx.new_page()
        page.goto(server.base + "/api/health")
        base = "/old/" if rev else "/static/"
        return list(page.evaluate(DRAW_ONLY, [msgs, game, base, rounds]))
    finally:
        ctx.close()


def p10(values: list[float]) -> float:
    """The bound of the lowest tenth (nearest rank)."""
    v = sorted(values)
    return v[round(0.1 * (len(v) - 1))] if v else 0.0


def quantiles(values: list[float]) -> tuple[float, float]:
    """p50 and p95 (nearest rank)."""
    v = sorted(values)
    if not v:
        return 0.0, 0.0
    return statistics.median(v), v[min(len(v) - 1, round(0.95 * (len(v) - 1)))]


def summary(t: list[dict[str, float]]) -> dict[str, float]:
    """p50/p95 of each part of the click timings."""
    parts = {
        "painted": [x["painted"] for x in t],
        "answer": [x["answer"] for x in t],
        "draw": [x["draw"] for x in t],
        "page": [x["painted"] - x["answer"] for x in t],
        "to_drawn": [x["drawn"] - x["answer"] for x in t],
        "to_frame": [x["painted"] - x["drawn"] for x in t],
        "shown": [x["shown"] for x in t if "shown" in x],
    }
    out: dict[str, float] = {"clicks": float(len(t))}
    for k, v in parts.items():
        out[k + "_p50"], out[k + "_p95"] = quantiles(v)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--tables", default="sobek,abu_simbel,ramses,mummy,khufu")
    ap.add_argument("--clicks", type=int, default=80, help="clicks timed per table and variant")
    ap.add_argument("--width", type=int, default=1280, help="window width (390 for a phone)")
    ap.add_argument("--baseline", metavar="REV", help="also time the tables of git revision REV")
    ap.add_argument("--rounds", type=int, default=2, help="alternations of baseline and new")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", metavar="FILE", help="write the figures as JSON")
    ap.add_argument(
        "--draws",
        type=int,
        default=5,
        help="with --baseline: times the same states are drawn by each variant, alternating",
    )
    args = ap.parse_args()

    from playwright.sync_api import sync_playwright

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        sys.exit("Debian's chromium is needed (apt-get install chromium)")
    variants: list[str | None] = [args.baseline, None] if args.baseline else [None]
    rounds = args.rounds if args.baseline else 1
    per = max(1, args.clicks // rounds)
    results: dict[str, dict[str, list[dict[str, float]]]] = {}
    drawn: dict[str, dict[str, list[list[float]]]] = {}
    counts: dict[str, dict[str, dict[str, float]]] = {}
    loads = [os.getloadavg()[0]]
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(str(Path(tmp) / "rooms.sqlite3"))
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(
                    executable_path=chromium,
                    headless=True,
                    args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
                )
                for game in args.tables.split(","):
                    results[game] = {}
                    for r in range(rounds):
                        for v in variants:
                            name = v or "new"
                            msgs: list[dict[str, Any]] = []
                            c = counts.setdefault(game, {}).setdefault(name, {})
                            got = measure(
                                browser,
                                server,
                                game,
                                per,
                                args.width,
                                v,
                                args.seed + 100 * r,
                                msgs,
                                c,
                            )
                            results[game].setdefault(name, []).extend(got)
                            loads.append(os.getloadavg()[0])
                    if args.baseline:
                        # the same positions drawn by the old and the new table, alternating
                        # (no server, no clicks: the drawing and its layout alone)
                        drawn[game] = {}
                        for _ in range(args.draws):
                            for v in variants:
                                dts = draw_only(browser, server, game, msgs, v, 1)
                                drawn[game].setdefault(v or "new", []).extend(dts)
                        loads.append(os.getloadavg()[0])
                browser.close()
        finally:
            server.stop()
    figures: dict[str, Any] = {"load": [min(loads), max(loads)], "width": args.width, "tables": {}}
    print(
        f"load average {min(loads):.1f} to {max(loads):.1f} on {os.cpu_count()} cores, {args.width} px wide"
    )
    print(
        f"{'table':8} {'tables of':10} {'clicks':>6} {'painted p50':>11} {'p95':>7} {'answer p95':>10} {'draw p95':>8} {'page p50':>8} {'p95':>7} {'to drawn p95':>12} {'to frame p95':>12} {'shown p95':>9}"
    )
    for game, by in results.items():
        figures["tables"][game] = {}
        for name, t in by.items():
            s = summary(t)
            figures["tables"][game][name] = s
            print(
                f"{game:8} {name[:10]:10} {int(s['clicks']):6} {s['painted_p50']:11.1f} {s['painted_p95']:7.1f} "
                f"{s['answer_p95']:10.1f} {s['draw_p95']:8.1f} {s['page_p50']:8.1f} {s['page_p95']:7.1f} "
                f"{s['to_drawn_p95']:12.1f} {s['to_frame_p95']:12.1f} {s['shown_p95']:9.1f}"
            )
        if args.baseline and "new" in by and args.baseline in by:
            a, b = summary(by[args.baseline]), summary(by["new"])
            ratio = {k: b[k] / a[k] for k in ("painted_p95", "draw_p95", "page_p95") if a[k]}
            figures["tables"][game]["ratio"] = ratio
            print(
                f"{game:8} new/old    painted p95 ×{ratio.get('painted_p95', 0):.2f}, "
                f"draw p95 ×{ratio.get('draw_p95', 0):.2f}, page p95 ×{ratio.get('page_p95', 0):.2f}"
            )
    print(
        "redraws: tables drawn, clock messages; while a person thinks 3 s: drawings / clock messages;"
    )
    print(
        "  per drawing, the nodes the in-place update kept, and the attributes, texts and nodes it changed"
    )
    for game, by in counts.items():
        for name, c in by.items():
            n = max(1.0, c.get("drawings", 0))
            changed = (
                c.get("attrs", 0) + c.get("texts", 0) + c.get("added", 0) + c.get("removed", 0)
            ) / n
            figures["tables"].setdefault(game, {}).setdefault(name, {})["redraws"] = c
            print(
                f"{game:8} {name[:10]:10} drawn {int(c.get('drawings', 0))}, clock messages "
                f"{int(c.get('clock_messages', 0))}; thinking: {int(c.get('idle_drawings', 0))} drawings / "
                f"{int(c.get('idle_clock_messages', 0))} clock messages; per drawing kept "
                f"{c.get('kept', 0) / n:.0f}, changed {changed:.0f}"
            )
    if drawn:
        print("the same positions drawn again, the drawing alone / with its style and layout (ms):")
        for game, dby in drawn.items():
            line = []
            q: dict[str, dict[str, float]] = {}
            for name, dt in dby.items():
                d50, d95 = quantiles([x[0] for x in dt])
                l50, l95 = quantiles([x[1] for x in dt])
                # the lowest tenth: what a drawing costs when the machine lets it run
                d10, l10 = p10([x[0] for x in dt]), p10([x[1] for x in dt])
                q[name] = {"draws": len(dt), "draw_p10": d10, "draw_p50": d50, "draw_p95": d95}
                q[name].update({"layout_p10": l10, "layout_p50": l50, "layout_p95": l95})
                figures["tables"][game]["draw_only_" + name] = q[name]
                line.append(
                    f"{name[:10]} {len(dt)} drawings p10 {d10:.1f}/{l10:.1f} "
                    f"p50 {d50:.1f}/{l50:.1f} p95 {d95:.1f}/{l95:.1f}"
                )
            qa, qb = q.get(args.baseline or ""), q.get("new")
            if qa and qb:
                keys = ("draw_p10", "draw_p50", "layout_p10", "layout_p50", "layout_p95")
                dratio = {k: qb[k] / max(1e-9, qa[k]) for k in keys}
                figures["tables"][game]["draw_only_ratio"] = dratio
                line.append(
                    "new/old: drawing p10 ×{draw_p10:.2f} p50 ×{draw_p50:.2f}; with layout "
                    "p10 ×{layout_p10:.2f} p50 ×{layout_p50:.2f} p95 ×{layout_p95:.2f}".format(
                        **dratio
                    )
                )
            print(f"{game:8} " + ";\n         ".join(line))
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
