"""Screenshots of `obelisk report --html` pages for docs/balance (Playwright + Chromium).

    python benchmarks/sim_report_screenshots.py PAGE.html OUT_PREFIX

Writes OUT_PREFIX-top.png (the run, roles and seats) and OUT_PREFIX-plots.png (the first
plots) at 1000 px wide. Chromium is /usr/bin/chromium unless CHROMIUM says otherwise.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def shoot(page_path: Path, prefix: str) -> list[Path]:
    """Two screenshots of one report page."""
    from playwright.sync_api import sync_playwright

    out = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
        page = browser.new_page(viewport={"width": 1000, "height": 1300})
        page.goto(page_path.resolve().as_uri())
        top = Path(f"{prefix}-top.png")
        page.screenshot(path=str(top))
        out.append(top)
        plots = page.locator("h2", has_text="Plots")
        if plots.count():
            plots.first.scroll_into_view_if_needed()
            shot = Path(f"{prefix}-plots.png")
            page.evaluate("window.scrollBy(0, -10)")
            page.screenshot(path=str(shot))
            out.append(shot)
        browser.close()
    return out


if __name__ == "__main__":
    for path in shoot(Path(sys.argv[1]), sys.argv[2]):
        print(path)
