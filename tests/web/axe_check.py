"""axe-core in a Playwright page: the serious and critical accessibility violations.

The engine is ``axe.min.js`` as bundled by the PyPI package ``axe-playwright-python``
(pinned in the dev extra; the package is MIT, the axe-core file inside it MPL-2.0 by Deque
Systems). Nothing is downloaded at run time: the file is read from the installed package and
evaluated in the page through the test driver (not a ``<script>`` tag, so the page's
Content-Security-Policy does not stop it).

Use::

    from axe_check import serious_violations, describe

    found = serious_violations(page)
    assert not found, describe(found)
"""

from __future__ import annotations

import functools
import importlib.resources
from typing import Any

#: The impacts a test fails on.
FAILING_IMPACTS = ("serious", "critical")


@functools.cache
def axe_source() -> str:
    """The text of ``axe.min.js`` bundled by ``axe-playwright-python`` (read once)."""
    return (
        importlib.resources.files("axe_playwright_python").joinpath("axe.min.js").read_text("utf-8")
    )


def axe_version() -> str:
    """The axe-core version of the bundled engine (from its banner, e.g. ``4.12.1``)."""
    first = axe_source().split("\n", 1)[0]
    return first.removeprefix("/*! axe v").strip()


def settle_animations(page: Any) -> None:
    """Wait until every finite animation running in ``page`` has ended (a card sliding in,
    a chamber turning over), so that sizes and colours are measured as they rest."""
    page.evaluate(
        "() => Promise.all(document.getAnimations().map("
        "(a) => a.playState === 'running' && a.effect && a.effect.getTiming().iterations"
        " !== Infinity ? a.finished.catch(() => null) : null))"
    )


def violations(page: Any, context: Any = None, disable: tuple[str, ...] = ()) -> list[dict]:
    """Every axe-core violation on ``page`` (a Playwright sync page), as axe reports them.

    ``context`` narrows the check (a CSS selector or axe context object; the whole document
    by default); ``disable`` names rule IDs to skip (say why at the call).
    """
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(axe_source())
    settle_animations(page)  # colours are judged at rest, not halfway through a slide
    options: dict[str, Any] = {"resultTypes": ["violations"]}
    if disable:
        options["rules"] = {rule: {"enabled": False} for rule in disable}
    result = page.evaluate(
        "([context, options]) => window.axe.run(context || document, options)",
        [context, options],
    )
    return list(result["violations"])


def serious_violations(page: Any, context: Any = None, disable: tuple[str, ...] = ()) -> list[dict]:
    """The violations on ``page`` whose impact is serious or critical."""
    return [v for v in violations(page, context, disable) if v.get("impact") in FAILING_IMPACTS]


def describe(found: list[dict]) -> str:
    """Violations in words for a failing assert: rule, impact, help and the first nodes."""
    lines = []
    for v in found:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']} [{len(v['nodes'])} nodes]")
        for node in v["nodes"][:4]:
            target = " ".join(str(t) for t in node.get("target", []))
            summary = " ".join(x.strip() for x in node.get("failureSummary", "").splitlines()[1:])
            lines.append(f"    {target}: {summary}")
    return "\n".join(lines) or "no violation"
