"""nbval's kernel started again when it died before replying to its first message.

jupyter_client gives a new kernel ports it found free and closed again; another process of the run
(the book's build, another worker's kernel, Chromium) can take one before the kernel binds it, and
the kernel exits at once (its stderr, where the ZMQError is, goes to /dev/null in nbval). No cell
has run then, so the notebook is started once more in a fresh kernel; a kernel that cannot start
for another reason fails the second time too. The retry is said at the end of the run
(tests/retry_report.py), as the book's build says its own (tests/site_build.py).
"""
import nbval.kernel
import pytest
import retry_report
from site_build import KERNEL_DIED

_start = nbval.kernel.start_new_kernel
_retried = []


def _start_again_if_it_died(*args, **kwargs):
    try:
        return _start(*args, **kwargs)
    except RuntimeError as error:
        if KERNEL_DIED not in str(error):
            raise
        _retried.append('its kernel died before replying (a port taken by another process meanwhile?), '
                        'started again before any cell ran')
        return _start(*args, **kwargs)


nbval.kernel.start_new_kernel = _start_again_if_it_died    # RunningKernel looks it up here


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_call(item):
    """The retry travels with the report of the cell whose set-up started the kernel."""
    while _retried:
        item.user_properties.append((retry_report.KEY, f'{item.nodeid}: {_retried.pop(0)}'))
