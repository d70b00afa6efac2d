"""The axe-core harness itself: it finds what it must on a page made to fail, and nothing
serious on a page made to pass (no server needed)."""

from __future__ import annotations

from typing import Any

from axe_check import axe_version, describe, serious_violations

BAD = "<html><body><img src='x.png'><button></button></body></html>"
GOOD = (
    "<html lang='en'><head><title>Fine</title></head><body><main><h1>Fine</h1>"
    "<button>Play</button></main></body></html>"
)


def test_the_bundled_engine_is_axe_core_4() -> None:
    assert axe_version().startswith("4.")


def test_a_page_made_to_fail_reports_its_serious_violations(browser: Any) -> None:
    page = browser.new_page()
    try:
        page.set_content(BAD)
        found = {v["id"] for v in serious_violations(page)}
        assert {"image-alt", "button-name", "html-has-lang", "document-title"} <= found
    finally:
        page.close()


def test_a_clean_page_has_none_and_rules_can_be_skipped(browser: Any) -> None:
    page = browser.new_page()
    try:
        page.set_content(GOOD)
        found = serious_violations(page)
        assert not found, describe(found)
        page.set_content(BAD)
        skipped = {v["id"] for v in serious_violations(page, disable=("image-alt",))}
        assert "image-alt" not in skipped and "button-name" in skipped
    finally:
        page.close()
