"""The Chromium the tests drive keeps every feature switch Playwright sets, plus ours
(tests/chromium_flags.py): Chromium obeys only the last ``--disable-features``, so a feature
Playwright disables and our list lost would be on again in every browser test."""
import pytest
from chromium_flags import ADDRESS_BAR_POPUP

pytestmark = pytest.mark.slow      # a browser


def test_the_last_disable_features_holds_playwrights_and_the_address_bar_popup(browser):
    page = browser.new_page()
    try:
        page.goto('chrome://version')
        command_line = page.locator('#command_line').inner_text()
    finally:
        page.close()
    lists = [arg.split('=', 1)[1].split(',') for arg in command_line.split()
             if arg.startswith('--disable-features=')]
    assert len(lists) >= 2, command_line       # Playwright's, then ours
    assert set(lists[0]) <= set(lists[-1]), f'lost: {set(lists[0]) - set(lists[-1])}'
    assert set(ADDRESS_BAR_POPUP) <= set(lists[-1])
