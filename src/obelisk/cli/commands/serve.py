"""``obelisk serve``: run the game server (HTTP, WebSockets and the web page)."""

from __future__ import annotations

import os
from typing import Annotated

import typer

#: The databases the server keeps rooms in, as a person names them.
SUPPORTED_DATABASES = "SQLite (a file path or sqlite:///FILE) and PostgreSQL (postgresql://…)"


def database_problem(db: str) -> str | None:
    """Why ``--db`` cannot work, in one sentence (None when it may): an unsupported
    database, or an SQLite file in a folder that does not exist."""
    from pathlib import Path

    scheme = db.split("://", 1)[0].split("+", 1)[0].lower() if "://" in db else ""
    if scheme and scheme not in ("sqlite", "postgresql", "postgres"):
        return f"--db: {scheme} is not supported; the server keeps rooms in {SUPPORTED_DATABASES}"
    if scheme in ("", "sqlite"):
        path = db.split(":///", 1)[1] if scheme else db
        if path and path != ":memory:" and not Path(path).parent.is_dir():
            return f"--db {db}: the folder {Path(path).parent} does not exist"
    return None


def register(app: typer.Typer) -> None:
    """Add the ``serve`` command."""

    @app.command()
    def serve(
        host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
        port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
        db: Annotated[
            str,
            typer.Option(
                help="Where rooms are kept: an SQLite file path, or a database URL such as "
                "postgresql://user:pass@host/db.",
            ),
        ] = "obelisk-server.sqlite3",
        plugin: Annotated[
            list[str] | None,
            typer.Option(
                help="A module to import that registers extra games (repeatable). "
                "Also read from OBELISK_PLUGINS (comma-separated).",
            ),
        ] = None,
        bot_delay: Annotated[
            float,
            typer.Option(
                help="Seconds a computer player's move takes at least, its thinking included "
                "(the next moves of its turn: 0.4 of it; none while nobody watches)."
            ),
        ] = 0.5,
        bot_budget: Annotated[
            float,
            typer.Option(help="Seconds a computer player may think before a random move is made."),
        ] = 5.0,
        bot_workers: Annotated[int, typer.Option(help="Threads for computer players.")] = 2,
        tick: Annotated[
            float, typer.Option(help="Seconds between clock ticks of real-time games.")
        ] = 1.0,
        clock_speed: Annotated[
            float,
            typer.Option(help="Game seconds per wall second in real-time games (1 = real time)."),
        ] = 1.0,
        max_message: Annotated[
            int, typer.Option(help="Largest WebSocket message accepted, in bytes.")
        ] = 16_384,
        rate: Annotated[
            float, typer.Option(help="Messages per second one connection may send.")
        ] = 20.0,
        max_rooms: Annotated[int, typer.Option(help="Most unfinished rooms at once.")] = 2_000,
        grace: Annotated[
            float,
            typer.Option(
                help="Seconds a seat must be disconnected before another player may hand it "
                "to a computer player (its own player can take it back by reconnecting)."
            ),
        ] = 60.0,
        max_body: Annotated[
            int, typer.Option(help="Largest HTTP request body accepted, in bytes (else 413).")
        ] = 65_536,
        room_rate: Annotated[
            float,
            typer.Option(
                help="Rooms one client address may create per minute (else 429); 0: no limit."
            ),
        ] = 30.0,
        expire_waiting: Annotated[
            float,
            typer.Option(
                help="Seconds a room may wait for its players before it is closed; 0: never."
            ),
        ] = 3_600.0,
        expire_finished: Annotated[
            float,
            typer.Option(
                help="Seconds a finished room nobody watches stays in memory "
                "(its record stays in the database)."
            ),
        ] = 600.0,
        abandon_after: Annotated[
            float,
            typer.Option(
                help="Seconds a playing room may go on with no person connected before it is "
                "ended as abandoned (its record is kept); 0: never."
            ),
        ] = 3_600.0,
        rematch_hold: Annotated[
            float,
            typer.Option(help="Seconds a rematch keeps each seat for its player of the last game."),
        ] = 300.0,
        allow_chosen_seeds: Annotated[
            bool,
            typer.Option(
                help="Accept a seed chosen by a room's creator (for tests and tournaments); "
                "such rooms say so to everybody. Default: the server draws every seed."
            ),
        ] = False,
        search_rooms: Annotated[
            int,
            typer.Option(
                help="Unfinished rooms with searching computer players one client may have "
                "at once; 0: no limit."
            ),
        ] = 2,
        rooms_per_client: Annotated[
            int,
            typer.Option(
                help="Unfinished rooms one client address may have made at once; 0: no limit."
            ),
        ] = 20,
        allowed_origin: Annotated[
            list[str] | None,
            typer.Option(
                help="A browser origin (https://games.example.org) allowed to open WebSockets "
                "besides the server's own address; for a deployment behind a proxy "
                "(repeatable)."
            ),
        ] = None,
        cluster_url: Annotated[
            str | None,
            typer.Option(
                help="This process's own address for the other processes of one site "
                "(http://10.0.0.5:8001): several servers then share one database (PostgreSQL), "
                "each room held by one of them, requests passed on to it (docs/deploy.md).",
            ),
        ] = None,
        lease_seconds: Annotated[
            float,
            typer.Option(
                help="With --cluster-url: how soon another process takes over the rooms of "
                "one that stopped (seconds).",
            ),
        ] = 10.0,
        admin_token: Annotated[
            str | None,
            typer.Option(
                envvar="OBELISK_ADMIN_TOKEN",
                help="A secret that unlocks full game records over HTTP (default: off).",
            ),
        ] = None,
        log_level: Annotated[str, typer.Option(help="Uvicorn log level.")] = "info",
    ) -> None:
        """Run the game server: create rooms, join seats, play in the browser at http://HOST:PORT/.

        Every accepted action is saved before anyone sees it; after a crash,
        start it again with the same --db and every unfinished game resumes.
        """
        from obelisk.cli.main import fail

        if not 1 <= port <= 65_535:
            fail(f"--port must be between 1 and 65535, not {port}")
        for name, value in (
            ("--grace", grace),
            ("--room-rate", room_rate),
            ("--expire-waiting", expire_waiting),
            ("--expire-finished", expire_finished),
            ("--abandon-after", abandon_after),
            ("--rematch-hold", rematch_hold),
            ("--search-rooms", search_rooms),
            ("--rooms-per-client", rooms_per_client),
        ):
            if value < 0:
                fail(f"{name} cannot be negative ({value:g})")
        if cluster_url is not None and not cluster_url.startswith(("http://", "https://")):
            fail(f"--cluster-url must be an http:// or https:// address, not {cluster_url!r}")
        if lease_seconds < 1:
            fail(f"--lease-seconds must be at least 1, not {lease_seconds:g}")
        for name, value in (("--bot-delay", bot_delay), ("--bot-budget", bot_budget)):
            if value < 0:
                fail(f"{name} cannot be negative ({value:g})")
        for name, value in (
            ("--bot-workers", bot_workers),
            ("--tick", tick),
            ("--clock-speed", clock_speed),
            ("--max-message", max_message),
            ("--rate", rate),
            ("--max-rooms", max_rooms),
        ):
            if value <= 0:
                fail(f"{name} must be more than 0, not {value:g}")
        problem = database_problem(db)
        if problem:
            fail(problem)
        if max_body < 1024:
            fail(f"--max-body must be at least 1024 bytes, not {max_body}")

        import uvicorn

        from obelisk.core import ObeliskError
        from obelisk.server import ServerConfig, create_app
        from obelisk.server.store import Store

        plugins = list(plugin or [])
        plugins += [p for p in os.environ.get("OBELISK_PLUGINS", "").split(",") if p.strip()]
        cfg = ServerConfig(
            db=db,
            plugins=[p.strip() for p in plugins],
            bot_delay=bot_delay,
            bot_budget=bot_budget,
            bot_workers=bot_workers,
            tick_interval=tick,
            clock_speed=clock_speed,
            max_message=max_message,
            rate=rate,
            burst=max(1, int(rate * 2)),
            max_rooms=max_rooms,
            admin_token=admin_token,
            grace=grace,
            max_body=max_body,
            room_rate=room_rate,
            expire_waiting=expire_waiting,
            expire_finished=expire_finished,
            abandon_after=abandon_after,
            rematch_hold=rematch_hold,
            allow_chosen_seeds=allow_chosen_seeds,
            search_rooms=search_rooms,
            rooms_per_client=rooms_per_client,
            allowed_origins=list(allowed_origin or []),
            cluster_url=cluster_url,
            lease_seconds=lease_seconds,
        )
        try:
            Store(db).close()  # fail now, with one line, if the database cannot be opened
            application = create_app(cfg)
        except ObeliskError as e:
            fail(str(e))
        from obelisk.server.heap import settle
        from obelisk.server.security import redact_access_log

        redact_access_log()
        settle()  # what the server loaded lives as long as it: out of the collector's way
        uvicorn.run(
            application,
            host=host,
            port=port,
            log_level=log_level,
            ws_max_size=max(1 << 20, 4 * max_message),
            # frames are small and mostly local: compressing them costs more CPU than it saves
            ws_per_message_deflate=False,
        )
