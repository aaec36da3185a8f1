"""The built site as GitHub Pages serves a project site: under ``/<repositório>/`` (a sub-path),
text compressed with gzip, ``Cache-Control: max-age=600``. The folder served can be switched
while the server runs (a new build deployed at the same address), and every path asked for is
recorded. Used by the tests of the search and of reading without internet
(tests/test_search.py, tests/test_offline.py)."""
from __future__ import annotations

import sys
from pathlib import Path

import yaml

from conftest import ROOT

sys.path.insert(0, str(ROOT / 'scripts'))
from pageweight import LocalSite, QuietServer, _LikeGitHubPages  # noqa: E402

# the repository's name, as GitHub Pages serves a project site (_config.yml, the one place that says it)
PREFIX = '/' + yaml.safe_load((ROOT / '_config.yml').read_text(encoding='utf-8'))['repository']['url'].rstrip('/').split('/')[-1]


class _SubPath(_LikeGitHubPages):
    def translate_path(self, path):
        self.directory = str(self.server.folder)
        if not (path == PREFIX or path.startswith(PREFIX + '/')):
            return str(self.server.folder / 'fora-do-site')
        return super().translate_path(path[len(PREFIX):] or '/')

    def send_head(self):
        self.server.asked.append(self.path.split('?')[0][len(PREFIX):])
        return super().send_head()


class SubPathSite(LocalSite):    # LocalSite's with-block: serve, then shut down
    """``with SubPathSite(folder) as site:`` ``site.url`` is ``http://127.0.0.1:<port>/<repo>``;
    ``site.serve(other)`` deploys another folder; ``site.asked`` lists the paths requested."""

    def __init__(self, folder: Path):
        self.server = QuietServer(('127.0.0.1', 0), _SubPath)
        self.server.folder = Path(folder)
        self.server.asked = []
        self.url = f'http://127.0.0.1:{self.server.server_address[1]}{PREFIX}'

    @property
    def asked(self) -> list[str]:
        return self.server.asked

    def serve(self, folder: Path):
        self.server.folder = Path(folder)

