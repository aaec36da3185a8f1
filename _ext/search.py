"""Search as people type: Pagefind's index of the built pages, its results under the theme's search
field and on the search page, in Portuguese, served by the site and downloaded only when a student
searches.

Sphinx's own search does not fold accents ("revocacao" finds nothing: its Portuguese stemmer keeps
"ç" and "ã") and answers only on the search page, after downloading the whole index. Pagefind
(npm ``pagefind``, ≥ 1.5) folds diacritics in the index and in the query, stems Portuguese, and
downloads only the chunks of the index a query needs (MANUTENCAO.md, "O que cada página carrega").

- **What is indexed.** At ``build-finished`` (after ``page_head`` wrote the pages), each page of the
  table of contents, read from the built HTML: its ``<article>`` without code, outputs, formulas
  and buttons; each section's id on its heading (Pagefind links a section by its heading's id).
  Each glossary entry (a ``dl.glossary`` on any page) is a record of its own, linked to its
  ``#term-...`` anchor: the search shows the entry, not the whole glossary page.
- **What ranks first.** The glossary says where the course teaches each idea (the entry's "Ver ..."
  link, or its first link): that page gets the entry's names as metadata (``ensina``), which
  ``_static/search.js`` weighs like a title. A query that is an entry's name (with or without
  accents, singular or plural) lists that entry first and the page that teaches it first. The
  labs (``AFTER_THE_LESSONS``, metadata ``depois``) come after the lessons that matched.
- **Where it shows.** ``_static/search.js`` (every page, a few kB) waits for the student to type
  in the theme's search field (Ctrl + K), then imports ``pagefind/pagefind.js`` and shows results
  as they type; the search page (``search.html?q=``, where Enter leads) shows the same results.
  Sphinx's index (``searchindex.js``) and its search scripts are not built.

The index is written by ``_ext/search_index.mjs`` (Node, with ``node_modules/pagefind``), from a
JSON file this module prepares.
"""
from __future__ import annotations

import copy
import hashlib
import json
import posixpath
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from sphinx.errors import ExtensionError

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
INDEXER = HERE / 'search_index.mjs'
PAGEFIND = ROOT / 'node_modules' / 'pagefind'
NPM_HINT = 'rode "npm ci" na pasta do curso (veja o README, "Os dois comandos")'
BUNDLE = 'pagefind'                 # the index's folder in the built site
LANGUAGE = 'pt'                     # Pagefind's stemmer (the pages are pt-BR)
ASSETS = ['search.js', 'search.css']
TEMPLATE = 'search-page.html'
# Not read by the index: code and its printed output (English, numbers), the "#" of heading links,
# buttons and forms, scripts, what the screen does not show (the printed page's address, a part's
# reading time, the lab's Colab button). A formula is read as text (``tex_text``): a snippet keeps it.
NOT_INDEXED = ['.cell_input', '.cell_output', '.katex', '.headerlink', 'script', 'style',
               'noscript', 'button', 'form', 'dl.glossary', '.handout-endereco', '[hidden]',
               '.parte-cabecalho', '.colab-cta']
# Pagefind also writes its own search interfaces; the course's is _static/search.js.
NOT_SERVED = ['pagefind-ui.*', 'pagefind-component-ui.*', 'pagefind-modular-ui.*',
              'pagefind-highlight.js', 'wasm.unknown.pagefind']
SEPARATOR = ' / '                   # between the names in the ``ensina`` and ``nomes`` metadata
# Pages listed after the lessons: a lab repeats its lesson's words, the lesson explains them.
AFTER_THE_LESSONS = ('labs/',)


# ----------------------------------------------------------------------------- the pages

def parts(app) -> dict[str, str]:
    """Each page of the table of contents and the caption of its part ('' for the home page)."""
    site_map = getattr(app.env, 'external_site_map', None)
    if site_map is None:
        return {doc: '' for doc in sorted(app.env.found_docs)}
    found = {site_map.root.docname: ''}

    def walk(doc, caption):
        for tree in site_map[doc].subtrees:
            for name in tree.files():
                found.setdefault(name, tree.caption or caption)
                walk(name, tree.caption or caption)
    walk(site_map.root.docname, '')
    return found


# ----------------------------------------------------------------------------- formulas as text

GREEK = {'alpha': 'α', 'beta': 'β', 'gamma': 'γ', 'delta': 'δ', 'epsilon': 'ε', 'varepsilon': 'ε',
         'theta': 'θ', 'lambda': 'λ', 'mu': 'μ', 'nu': 'ν', 'pi': 'π', 'rho': 'ρ', 'sigma': 'σ',
         'tau': 'τ', 'phi': 'φ', 'varphi': 'φ', 'chi': 'χ', 'psi': 'ψ', 'omega': 'ω', 'Delta': 'Δ',
         'Phi': 'Φ', 'Sigma': 'Σ', 'Omega': 'Ω', 'Gamma': 'Γ', 'Lambda': 'Λ', 'Pi': 'Π'}
SYMBOLS = {'cdot': '·', 'times': '×', 'le': '≤', 'leq': '≤', 'ge': '≥', 'geq': '≥', 'ne': '≠',
           'neq': '≠', 'approx': '≈', 'pm': '±', 'to': '→', 'rightarrow': '→', 'Rightarrow': '⇒',
           'infty': '∞', 'sum': 'Σ', 'prod': 'Π', 'in': '∈', 'sim': '∼', 'mid': '|', 'ldots': '…',
           'dots': '…', 'cdots': '…', 'lvert': '|', 'rvert': '|', 'vert': '|', 'langle': '⟨',
           'rangle': '⟩', 'lbrace': '{', 'rbrace': '}', 'minus': '−', 'log': 'log', 'ln': 'ln',
           'exp': 'exp', 'max': 'max', 'min': 'min', 'arg': 'arg', 'operatorname': '', 'mathrm': '',
           'text': '', 'textrm': '', 'textit': '', 'mathit': '', 'mathbf': '', 'boldsymbol': '',
           'mathsf': '', 'displaystyle': '', 'left': '', 'right': '', 'big': '', 'Big': '',
           'bigl': '', 'bigr': '', 'Bigl': '', 'Bigr': '', 'quad': ' ', 'qquad': ' ', 'hat': '',
           'bar': '', 'tilde': '', 'overline': '', 'underbrace': '', 'limits': '', 'nolimits': ''}
SUBSCRIPT = str.maketrans('0123456789+-=()aeioruvx', '₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑᵢₒᵣᵤᵥₓ')
SUPERSCRIPT = str.maketrans('0123456789+-=()n', '⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿ')


def _group(tex: str, i: int) -> tuple[str, int]:
    """The argument that starts at ``tex[i]``: a {group} or one character (or a command)."""
    while i < len(tex) and tex[i] == ' ':
        i += 1
    if i >= len(tex):
        return '', i
    if tex[i] == '{':
        depth, j = 0, i
        while j < len(tex):
            depth += {'{': 1, '}': -1}.get(tex[j], 0)
            if depth == 0:
                return tex[i + 1:j], j + 1
            j += 1
        return tex[i + 1:], len(tex)
    if tex[i] == '\\':
        m = re.match(r'\\([A-Za-z]+|.)', tex[i:])
        return m.group(0), i + len(m.group(0))
    return tex[i], i + 1


def _script(text: str, table) -> str:
    mapped = text.translate(table)
    return mapped if all(c != o or c in ' ' for c, o in zip(mapped, text)) and mapped != text else text


def tex_text(tex: str) -> str:
    """A formula's TeX as a line of text a snippet can show: "F_\\beta = \\frac{(1+\\beta^2)PR}
    {\\beta^2 P + R}" -> "Fβ = (1+β²)PR/(β² P + R)". Good enough to read, not to typeset."""
    out, i = [], 0
    while i < len(tex):
        c = tex[i]
        if c == '\\':
            m = re.match(r'\\([A-Za-z]+|.)', tex[i:])
            name, i = m.group(1), i + len(m.group(0))
            if name == 'frac' or name == 'dfrac' or name == 'tfrac':
                top, i = _group(tex, i)
                bottom, i = _group(tex, i)
                top, bottom = tex_text(top), tex_text(bottom)
                wrap = lambda s: s if re.fullmatch(r'[\wα-ωΑ-Ω.,²³⁻¹₀-₉]+', s) else f'({s})'  # noqa: E731
                out.append(f'{wrap(top)}/{wrap(bottom)}')
            elif name == 'sqrt':
                arg, i = _group(tex, i)
                out.append(f'√({tex_text(arg)})')
            elif name in GREEK:
                out.append(GREEK[name])
            elif name in SYMBOLS:
                out.append(SYMBOLS[name] if not SYMBOLS[name] or len(SYMBOLS[name]) == 1
                           or name in ('quad', 'qquad') else f' {SYMBOLS[name]} ')
            elif name in ',;:! ':
                out.append(' ' if name != '!' else '')
            elif len(name) == 1:               # \% \{ \_ ...
                out.append(name)
        elif c in '_^':
            arg, i = _group(tex, i + 1)
            arg = tex_text(arg)
            out.append(_script(arg, SUBSCRIPT if c == '_' else SUPERSCRIPT))
        elif c in '{}':
            i += 1
        elif c == '~':
            out.append(' ')
            i += 1
        else:
            out.append(c)
            i += 1
    text = ''.join(out).replace('{,}', ',')
    return re.sub(r'\s+', ' ', text).strip()


def _formulas_as_text(element) -> None:
    """Every KaTeX formula inside ``element`` replaced by its TeX read as text (``tex_text``)."""
    for formula in element.select('.katex'):
        tex = formula.select_one('annotation')
        formula.replace_with(tex_text(tex.get_text()) if tex else '')


def _soup(path: Path):
    from bs4 import BeautifulSoup
    return BeautifulSoup(path.read_text(encoding='utf-8'), 'html.parser')


def _heading(section):
    return section.find(re.compile(r'^h[1-6]$'), recursive=False)


def _clean_text(element) -> str:
    return re.sub(r'\s+', ' ', element.get_text(' ')).strip()


def glossary_entries(doc: str, article) -> list[dict]:
    """The entries of the glossaries of a page: names, definition, anchor and the page (with its
    section) where the course teaches the idea."""
    entries = []
    for glossary in article.select('dl.glossary'):
        terms = []
        for item in glossary.find_all(['dt', 'dd'], recursive=False):
            if item.name == 'dt':
                terms.append(item)
                continue
            names = []
            for term in terms:
                term = copy.copy(term)
                for link in term.select('.headerlink'):
                    link.decompose()
                names.append(_clean_text(term))
            teaching = _teaching_link(item)
            target = section = None
            if teaching is not None:
                href = teaching['href']
                target = posixpath.normpath(posixpath.join(posixpath.dirname(doc), href))
                section = _clean_text(teaching)
            entries.append({'names': names, 'anchor': terms[0].get('id', ''),
                            'text': _definition_text(item, teaching), 'teaches': target,
                            'section': section})
            terms = []
    return entries


def _definition_text(definition, teaching) -> str:
    """An entry's definition as it reads, without its "Ver <section>" (shown apart, and the
    section's title would make every entry taught there match its words)."""
    definition = copy.copy(definition)
    _formulas_as_text(definition)             # "(TP + TN)/n", "com β > 1 a revocação pesa mais"
    if teaching is not None:
        for link in definition.select('a.reference.internal[href]'):
            before = link.previous_sibling
            if (link['href'] == teaching['href'] and isinstance(before, str)
                    and re.search(r'\bVer\s*$', before)):
                before.replace_with(re.sub(r'\bVer\s*$', '', before))
                link.decompose()
                break
    text = re.sub(r'\s+', ' ', definition.get_text('')).strip()
    text = re.sub(r'\s+([.,;)])(?=\s|$)', r'\1', text)
    return re.sub(r'\.(\s*\.)+', '.', text).strip()


def _teaching_link(definition):
    """The entry's "Ver ..." link, else its first link to a page of the book."""
    links = [a for a in definition.select('a.reference.internal[href]')
             if not a['href'].startswith('#')]
    for link in links:
        before = link.previous_sibling
        if isinstance(before, str) and re.search(r'\bVer\s*$', before):
            return link
    return links[0] if links else None


def _page_parts(doc: str, path: Path) -> dict | None:
    """What the index takes from one built page: its title, its glossary entries and the text of
    its article as Pagefind reads it (code, outputs and formulas out; each section linked)."""
    article = _soup(path).select_one('article')
    if article is None:
        return None
    heading = article.find('h1')
    if heading is not None:
        heading = copy.copy(heading)
        for link in heading.select('.headerlink'):
            link.decompose()
    title = _clean_text(heading) if heading is not None else doc
    entries = [dict(entry, page=doc) for entry in glossary_entries(doc, article)]
    _formulas_as_text(article)
    for selector in NOT_INDEXED:
        for element in article.select(selector):
            element.decompose()
    for section in article.select('section[id]'):
        heading = _heading(section)
        if heading is not None and not heading.get('id'):
            heading['id'] = section['id']        # the section's link, where Pagefind looks
    return {'title': title, 'entries': entries, 'body': ''.join(str(child) for child in article.children)}


def prepared(outdir: Path, book_parts: dict[str, str], memo: dict | None = None):
    """The pages and the glossary records for the index: ``(pages, records)``. ``memo``
    (``{doc: [hash of the page, its parts]}``) keeps each page's parts from one build to the next:
    only a page that changed is parsed again."""
    articles, titles, entries = {}, {}, []
    for doc in book_parts:
        path = outdir / f'{doc}.html'
        if not path.is_file():
            continue
        key = hashlib.sha1(path.read_bytes()).hexdigest()
        if memo is not None and memo.get(doc, [None])[0] == key:
            found = memo[doc][1]
        else:
            found = _page_parts(doc, path)
            if memo is not None:
                memo[doc] = [key, found]
        if found is None:
            continue
        titles[doc] = found['title']
        entries += found['entries']
        articles[doc] = found['body']

    teaches: dict[str, list[str]] = {}
    records = []
    for entry in entries:
        target = entry['teaches']
        page = target.split('#')[0].removesuffix('.html') if target else None
        if page in articles:
            teaches.setdefault(page, []).extend(entry['names'])
        title = entry['names'][0]
        if entry['names'][1:]:
            title += f' ({", ".join(entry["names"][1:])})'
        meta = {'title': title, 'parte': titles[entry['page']], 'nomes': SEPARATOR.join(entry['names'])}
        if page in articles:
            meta.update(aula=f'/{target}', aula_titulo=titles[page], secao=entry['section'] or '')
        records.append({'url': f'/{entry["page"]}.html#{entry["anchor"]}', 'content': entry['text'],
                        'meta': meta, 'filters': {'tipo': ['verbete']}})

    pages = []
    for doc, article in articles.items():
        metadata = [f'parte:{_attr(book_parts[doc])}' if book_parts[doc] else '']
        if teaches.get(doc):
            metadata.append(f'ensina:{_attr(SEPARATOR.join(teaches[doc]))}')
        if doc.startswith(AFTER_THE_LESSONS):
            metadata.append('depois:1')
        marks = ''.join(f'<span data-pagefind-meta="{m}"></span>' for m in metadata if m)
        body = article
        html = (f'<html lang="pt-BR"><head><title>{_text(titles[doc])}</title></head><body>'
                f'<main data-pagefind-body data-pagefind-filter="tipo:pagina">{marks}{body}</main>'
                '</body></html>')
        pages.append({'url': f'/{doc}.html', 'html': html})
    return pages, records


def _attr(text: str) -> str:
    """A metadata value inside ``data-pagefind-meta="key:value"`` (Pagefind splits keys at commas)."""
    return text.replace('&', '&amp;').replace('"', '&quot;').replace(',', ' ')


def _text(text: str) -> str:
    return text.replace('&', '&amp;').replace('<', '&lt;')


# ----------------------------------------------------------------------------- the index

def write_index(outdir: Path, book_parts: dict[str, str], memo: dict | None = None) -> Path:
    """Pagefind's index of the pages in ``outdir/pagefind`` (replaced whole)."""
    if not (PAGEFIND / 'package.json').is_file():
        raise ExtensionError(f'o pacote pagefind não está em node_modules: {NPM_HINT}')
    pages, records = prepared(outdir, book_parts, memo)
    bundle = outdir / BUNDLE
    shutil.rmtree(bundle, ignore_errors=True)          # no chunk of an older index stays behind
    with tempfile.TemporaryDirectory(prefix='course-search-') as folder:
        spec = Path(folder) / 'index.json'
        spec.write_text(json.dumps({'language': LANGUAGE, 'output': str(bundle), 'pages': pages,
                                    'records': records}, ensure_ascii=False), encoding='utf-8')
        result = subprocess.run(['node', str(INDEXER), str(spec)], cwd=ROOT, capture_output=True,
                                text=True, timeout=600)
    if result.returncode != 0 or not (bundle / 'pagefind.js').is_file():
        raise ExtensionError('o índice da busca (Pagefind) não foi escrito: '
                             f'{(result.stderr or result.stdout).strip()[-2000:]}')
    for pattern in NOT_SERVED:
        for path in bundle.glob(pattern):
            path.unlink()
    return bundle


def _index(app, exception):
    if exception is not None or app.builder.format != 'html':
        return
    outdir = Path(app.outdir)
    import page_assets
    if page_assets.deferred_in_preview(app, outdir / BUNDLE / 'pagefind.js'):
        return                                # the preview's search finds the last full build's text
    (outdir / 'searchindex.js').unlink(missing_ok=True)   # Sphinx's, left by an older build
    memo_file = Path(app.doctreedir) / 'course-cache' / 'search-pages.json'
    memo = json.loads(memo_file.read_text(encoding='utf-8')) if memo_file.is_file() else {}
    write_index(outdir, parts(app), memo)
    memo_file.parent.mkdir(parents=True, exist_ok=True)
    memo_file.write_text(json.dumps(memo, ensure_ascii=False), encoding='utf-8')


# ----------------------------------------------------------------------------- Sphinx's search off

def _no_sphinx_search(app):
    """No ``searchindex.js`` and no search page of Sphinx's: the search page is this module's."""
    if app.builder.format == 'html':
        app.builder.search = False


def _search_page(app):
    if app.builder.format != 'html':
        return []
    return [('search', {'title': 'Buscar'}, TEMPLATE)]


def _only_where_needed(app, config):
    import page_assets
    page_assets.only_where_needed(config, app.srcdir, ASSETS)


def setup(app):
    app.setup_extension('page_assets')
    app.setup_extension('page_head')            # the templates folder (_ext/templates/)
    app.connect('config-inited', _only_where_needed)
    app.connect('builder-inited', _no_sphinx_search)
    app.connect('html-collect-pages', _search_page)
    app.add_js_file('search.js')                # every page: the field is on every page
    app.add_css_file('search.css')
    app.connect('build-finished', _index, priority=950)   # after page_head's rewrite of the pages
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
