"""The Chromium the tests and the scripts drive, and its switches.

Chromium 156 in headless mode still builds, for each new window (each Playwright context), the
address bar's popup as a WebUI page (chrome://omnibox-popup.top-chrome) in a renderer of its own.
No page of the course shows it, and it cost as much CPU as the lesson under test: measured on
this machine, 10 loads of a lesson in fresh contexts took 12,8 core-seconds, 7,0 without it.

Chromium keeps only the last ``--disable-features`` switch, so ours repeats Playwright's own list
(read from the installed Playwright, the one source of that list) before adding the popup's
features.
"""
import os
import re
from pathlib import Path

CHROMIUM = os.environ.get('CHROMIUM', '/usr/bin/chromium')

ADDRESS_BAR_POPUP = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup']


def playwright_disabled_features():
    """The features Playwright disables when it launches Chromium (its ``chromiumSwitches``)."""
    import playwright
    bundle = Path(playwright.__file__).parent / 'driver' / 'package' / 'lib' / 'coreBundle.js'
    found = re.search(r'disabledFeatures\s*=\s*\[(.*?)\]', bundle.read_text(encoding='utf-8'), re.S)
    names = re.findall(r'"([^"]+)"', re.sub(r'//[^\n]*', '', found.group(1))) if found else []
    if not names:
        raise RuntimeError(f'Playwright\'s list of disabled Chromium features is not in {bundle}: '
                           'its launch code changed; update tests/chromium_flags.py')
    return names


CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
                 '--disable-features=' + ','.join(playwright_disabled_features() + ADDRESS_BAR_POPUP)]

# The tests' Chromium reaches nothing outside the machine: every host name but the local server's
# fails to resolve (as on a school network without internet). A page that asks outside the site shows
# it as a console error and an address in the audit's record (tests/audits.py), as a route that aborts
# it did; a route is not needed for it, and a route turns Chromium's HTTP cache off, which the page
# weight counts on (scripts/pageweight.py: after the home page).
OFFLINE = '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost'
TEST_ARGS = CHROMIUM_ARGS + [OFFLINE]
