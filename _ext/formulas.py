"""Formulas written by KaTeX while the book is built: no math script on any page.

``sphinxcontrib.katex`` with ``katex_prerender`` renders every formula to HTML + MathML through
a Node server (the npm package ``katex``, see ``package.json``). This extension:

- serves KaTeX's stylesheet and its woff2 fonts from the site (``_static/vendor/katex/``, copied
  from ``node_modules`` into a static folder of the build, with the licence);
- is the math renderer ``katex_pt`` (``html_math_renderer`` in ``_config.yml``): KaTeX's own,
  with the accented letters of the MathML made whole. KaTeX's fonts have no accented letters:
  ``\\text{revocação}`` is drawn as "c" with a cedilla over it, and the MathML (what a screen
  reader reads) says the same, "revocac¸a˜o"; here it gets "revocação" back, as MathJax wrote it;
- renders the quizzes' formulas: ``course/quiz.py`` writes ``<span class="cq-math"
  data-tex=...>`` (plain text until a math script typesets it, as in Colab); a post-transform
  renders them in the notebook output's HTML and in the quiz's JSON (the feedback is shown by
  script), in the doctree, before the page is written;
- sets up ``wide_blocks``: a display formula wider than the column (a phone narrower than the
  lessons' formulas are written for) scrolls sideways in its box with a shadow and a line that
  say so, and joins the tab order while it is too wide, as wide tables and outputs do;
- starts the KaTeX server without its race (see ``_start_server``);
- preloads, on a page with formulas, the two fonts nearly every formula uses (``PRELOADED``):
  loaded late, they widened the formulas of the first screen after it was drawn, and a paragraph
  took one line more (a layout shift of 0,18 on the phone, Lighthouse, multiclasse, 04/12/2026).

``katex_html(tex)`` is the same rendering for others (the slide decks, ``slides.py``).
"""
from __future__ import annotations

import html as html_lib
import json
import re
import shutil
import unicodedata
from pathlib import Path

from docutils import nodes
from sphinx.errors import ExtensionError
from sphinx.transforms.post_transforms import SphinxPostTransform

ROOT = Path(__file__).resolve().parents[1]
NODE_MODULES = ROOT / 'node_modules'
KATEX_DIST = NODE_MODULES / 'katex' / 'dist'
NPM_HINT = 'rode "npm ci" na pasta do curso (veja o README, "Os dois comandos")'
RENDERER = 'katex_pt'

# ----------------------------------------------------------------------------- accents

SPACING_ACCENTS = {'ˊ': '\u0301', 'ˋ': '\u0300', '˜': '\u0303', '¸': '\u0327', 'ˆ': '\u0302',
                   '¨': '\u0308', '´': '\u0301', '`': '\u0300', '~': '\u0303', '^': '\u0302'}
MATHML_ACCENT = re.compile(r'<mover accent=(\\?")true\1><mtext>(\w)</mtext><mo>(.)</mo></mover>')
MATHML_TEXT_RUN = re.compile(r'</mtext><mtext>')


def compose_mathml_accents(html: str) -> str:
    """KaTeX's MathML with ``c`` + ``¸`` written as ``ç`` (and the text runs joined again)."""
    def compose(match):
        quote, letter, accent = match.groups()
        if accent not in SPACING_ACCENTS:
            return match.group(0)
        return f'<mtext>{unicodedata.normalize("NFC", letter + SPACING_ACCENTS[accent])}</mtext>'
    html = MATHML_ACCENT.sub(compose, html)
    return MATHML_TEXT_RUN.sub('', html)


def _render(tex: str, display: bool = False) -> str:
    from sphinxcontrib.katex import render_latex
    return render_latex(tex, {'displayMode': display, 'throwOnError': True})


def katex_html(tex: str, display: bool = False) -> str:
    """A formula as KaTeX's HTML + MathML (accented letters whole in the MathML)."""
    return compose_mathml_accents(_render(tex, display))


def _with_accents(visit):
    """sphinxcontrib.katex's visitor, then the accents of what it wrote composed."""
    def visitor(self, node):
        start = len(self.body)
        try:
            visit(self, node)
        finally:
            self.body[start:] = [compose_mathml_accents(part) for part in self.body[start:]]
    return visitor


# ----------------------------------------------------------------------------- quiz formulas

QUIZ_MATH = re.compile(r'<span class="cq-math" data-tex="([^"]*)">(.*?)</span>', re.S)
QUIZ_DATA = re.compile(r'(<script type="application/json" class="cq-data">)(.*?)(</script>)', re.S)


def _quiz_span(match) -> str:
    tex = html_lib.unescape(match.group(1))
    inner = tex[2:-2] if tex.startswith('\\(') and tex.endswith('\\)') else tex
    return (f'<span class="cq-math" data-tex="{match.group(1)}" data-cq-typeset="katex">'
            f'{katex_html(inner)}</span>')


def _quiz_json(value):
    if isinstance(value, str):
        return QUIZ_MATH.sub(_quiz_span, value)
    if isinstance(value, list):
        return [_quiz_json(v) for v in value]
    if isinstance(value, dict):
        return {k: _quiz_json(v) for k, v in value.items()}
    return value


def _quiz_data(match) -> str:
    data = json.loads(match.group(2).replace('<\\/', '</'))
    payload = json.dumps(_quiz_json(data), ensure_ascii=False).replace('</', '<\\/')
    return match.group(1) + payload + match.group(3)


def render_quiz_math(text: str) -> str:
    """A quiz's HTML with its formulas written by KaTeX, in the page and in its JSON."""
    text = QUIZ_DATA.sub(_quiz_data, text)
    return QUIZ_MATH.sub(_quiz_span, text)


class QuizFormulas(SphinxPostTransform):
    """The quizzes' ``cq-math`` spans in notebook outputs, rendered by KaTeX."""
    default_priority = 700
    formats = ('html',)

    def run(self, **kwargs):
        for node in list(self.document.findall(nodes.raw)):
            if 'html' in node.get('format', '').split() and 'cq-math' in node.astext():   # page or JSON
                text = render_quiz_math(node.astext())
                node.replace_self(nodes.raw(text, text, format='html'))


# ----------------------------------------------------------------------------- KaTeX's files

def _katex_files(app, config):
    """KaTeX's stylesheet and fonts, into a folder that Sphinx copies to _static."""
    if not (KATEX_DIST / 'katex.min.js').is_file():
        raise ExtensionError(f'o pacote katex não está em node_modules: {NPM_HINT}')
    import page_assets
    folder = page_assets.static_folder(app, 'course-katex')
    app.course_katex_folder = folder
    katex_dir = folder / 'vendor' / 'katex'
    (katex_dir / 'fonts').mkdir(parents=True)
    css = (KATEX_DIST / 'katex.min.css').read_text(encoding='utf-8')
    # every browser the course targets reads woff2: the woff/ttf copies are not shipped
    css = re.sub(r',url\(fonts/[^)]+\.(?:woff|ttf)\) format\("(?:woff|truetype)"\)', '', css)
    (katex_dir / 'katex.min.css').write_text(css, encoding='utf-8')
    for font in (KATEX_DIST / 'fonts').glob('*.woff2'):
        shutil.copy(font, katex_dir / 'fonts' / font.name)
    shutil.copy(NODE_MODULES / 'katex' / 'LICENSE', katex_dir / 'LICENSE')
    config.html_static_path = list(config.html_static_path) + [str(folder)]
    config.katex_js_path = str(KATEX_DIST / 'katex.min.js')
    config.katex_css_path = 'vendor/katex/katex.min.css'



# ----------------------------------------------------------------------------- KaTeX server

def _start_server(cls, rundir, timeout):
    """sphinxcontrib.katex's start of its Node render server, without its race: it connects as
    soon as the socket file exists, before the server listens, and the build fails with
    ConnectionRefusedError now and then on a busy machine. Here the connection is retried."""
    import socket
    import subprocess
    import time
    socket_path = rundir / 'katex.sock'
    process = subprocess.Popen(cls.build_command(socket=socket_path), stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, cwd=rundir)
    deadline = time.monotonic() + max(timeout, 30.0)
    while True:
        if socket_path.is_socket():
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                sock.connect(str(socket_path))
                return process, sock
            except (ConnectionRefusedError, FileNotFoundError):
                sock.close()
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise ExtensionError('o servidor do KaTeX (Node) não respondeu; confira "node '
                                 f'--version" e {NPM_HINT}')
        time.sleep(0.01)


def _patch_katex_server():
    """Replace the start method; fail loudly if sphinxcontrib.katex no longer has it (an upgrade:
    see tests/test_ext_formulas.py, which checks that the race is still there to work around)."""
    from sphinxcontrib import katex
    server = getattr(katex, 'KaTeXServer', None)
    if server is None or not hasattr(server, 'start_server_process') or not hasattr(server, 'build_command'):
        raise ExtensionError('sphinxcontrib.katex mudou: KaTeXServer.start_server_process não existe '
                             '(revise _ext/formulas.py)')
    server.start_server_process = classmethod(_start_server)


# ----------------------------------------------------------------------------- fonts

PRELOADED = ['KaTeX_Main-Regular', 'KaTeX_Math-Italic']


def _preload_fonts(app, pagename, templatename, context, doctree):
    if app.builder.format != 'html' or 'class="katex"' not in context.get('body', ''):
        return
    links = ''.join(f'<link rel="preload" as="font" type="font/woff2" crossorigin="anonymous" '
                    f'href="{context["pathto"](f"_static/vendor/katex/fonts/{name}.woff2", 1)}" />\n'
                    for name in PRELOADED)
    context['metatags'] = context.get('metatags', '') + links


# ----------------------------------------------------------------------------- setup

def setup(app):
    app.setup_extension('sphinxcontrib.katex')
    app.setup_extension('wide_blocks')
    from sphinxcontrib import katex
    _patch_katex_server()
    app.add_html_math_renderer(RENDERER,
                               inline_renderers=(_with_accents(katex.html_visit_math), None),
                               block_renderers=(_with_accents(katex.html_visit_displaymath), None))
    app.connect('config-inited', _katex_files)
    app.add_post_transform(QuizFormulas)
    app.connect('html-page-context', _preload_fonts)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
