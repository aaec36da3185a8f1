"""One term per idea: the glossary (glossario.md) is the authority, and the built site follows it.

- every lesson links the glossary, and the first use of each glossary term on a lesson page is a
  link to its entry (Sphinx's ``{term}`` role);
- the forms the glossary lists under **Evite** appear nowhere in the site's visible prose (code,
  printed outputs and the glossary itself excepted) nor in the quiz banks; a banned form is a whole
  word or phrase ("pesadas pelo", not every "pesada"), so unrelated uses of a word are not flagged;
- the forms listed under **Evite, ao falar de validação cruzada:** ("divisões" for folds) appear in
  no paragraph that speaks of a cross-validation (where they can be told apart from a split);
- numbers in prose follow one style: decimal comma, thousands with a dot, "80 %" (never "80%"),
  the minus sign "−".
"""
import functools
import re

import pytest
import yaml
from bs4 import BeautifulSoup

from conftest import ROOT, toc_pages

GLOSSARY = (ROOT / 'glossario.md').read_text(encoding='utf-8')
LESSONS = [p for p in toc_pages() if p.startswith('lessons/')]
PROSE_PAGES = [p for p in toc_pages() if p != 'glossario']


def glossary_entries():
    """The names of each entry, in order: the unindented lines inside the glossary directive, one
    group per entry ([['acurácia'], ['AUC', 'ROC AUC'], ...])."""
    body = GLOSSARY.split(':::{glossary}', 1)[1].split('\n:::', 1)[0]
    entries, names = [], []
    for line in body.splitlines():
        if line.strip() and not line[0].isspace():
            names.append(line.strip())
        elif names:
            entries.append(names)
            names = []
    return entries + ([names] if names else [])


def glossary_terms():
    """The names of every entry."""
    return [name for names in glossary_entries() for name in names]


def _singular(name):
    low = name.lower()
    return low[:-3] + 'ão' if low.endswith('ões') else low[:-1] if low.endswith('s') else low


def term_families():
    """The names that count as one term for the first-use rule: the singular and the plural of
    an entry ("dobra", "dobras"), so its first use in either form is the one that links. An
    entry's other names (synonyms: "revocação", "sensibilidade") are terms of their own."""
    families = []
    for names in glossary_entries():
        groups = {}
        for name in names:
            groups.setdefault(_singular(name), []).append(name)
        families += groups.values()
    return families


def _evite(marker):
    """Every “…” after ``**<marker>**`` in the glossary, to the end of its entry (a list of forms
    may wrap onto the next lines of the definition)."""
    forms = []
    for text in re.findall(rf'\*\*{re.escape(marker)}\*\*(.*?)(?=\n\s*\n|\n\S|\Z)', GLOSSARY, flags=re.S):
        forms += re.findall(r'“([^”]+)”', text)
    return list(dict.fromkeys(forms))        # a form banned by two entries is one form


def banned_forms():
    """Every “…” after an **Evite:** of the glossary."""
    return _evite('Evite:')


CV_MARKER = 'Evite, ao falar de validação cruzada:'
# a paragraph speaks of a cross-validation when its text (inline code included) names one
CV_CONTEXT = re.compile(r'valida[çc][ãa]o cruzada|\bdobras?\b|KFold|cross_val|\bcv\s*=', re.I)


def cv_banned_forms():
    """The forms the glossary bans in a paragraph about cross-validation ("divisões" for folds)."""
    return _evite(CV_MARKER)


def whole(form):
    """``form`` as a whole word or phrase: "pesada" is not found in "pesadamente" or "sobrepesada"."""
    return re.compile(rf'(?<![\w-]){re.escape(form)}(?![\w-])', re.I)


# Words that are also glossary terms in another sense: a use matching one of these is not a use of
# the term (the first-use rule skips it). "dobra cutânea" (skinfold, Pima data), the verb "falha".
HOMONYMS = {
    'dobra': re.compile(r'dobras? cutâneas?', re.I),
    'falha': re.compile(r'(?:modelo|ele|ela|que|não|se) falha\b', re.I),
}


@functools.lru_cache(maxsize=None)
def article(site, page):
    """The page's article, parsed once per test run (read only: visible_prose works on a copy)."""
    html = BeautifulSoup((site / f'{page}.html').read_text(encoding='utf-8'), 'html.parser')
    return html.select_one('article.bd-article') or html.body


def visible_prose(node):
    """The text a student reads as prose: no code, no printed output, no scripts."""
    node = BeautifulSoup(str(node), 'html.parser')
    for tag in node(['script', 'style', 'code', 'pre', 'math', 'svg']):
        tag.decompose()
    for tag in node.select('.cell_output .output, .cell_input, .math, mjx-container, '
                           '.MathJax, span.math'):
        tag.decompose()
    return re.sub(r'\s+', ' ', node.get_text(' '))


def test_the_glossary_is_big_enough_and_lists_banned_forms():
    assert len(glossary_terms()) >= 30
    assert {'pontuação', 'Brier score', 'baseline', 'o log loss', 'log-loss', 'escape',
            'média pesada', 'médias pesadas', 'pesadas pelo'} <= set(banned_forms())
    assert 'divisões' in cv_banned_forms() and 'divisões' not in banned_forms()
    assert ['dobra', 'dobras'] in term_families() and ['revocação'] in term_families()
    # the course's vocabulary: one entry for each of these ideas (issue 20, item 4)
    assert {'dobra', 'divisão', 'repetição', 'falha', 'falso negativo', 'alarme falso',
            'linha de base', 'média ponderada'} <= set(glossary_terms())


def test_banned_forms_are_whole_words():
    """A banned form flags the misuse and nothing else that merely contains its letters."""
    assert whole('pesadas pelo').search('distâncias, pesadas pelo tamanho das faixas')
    assert whole('média pesada').search('a Média pesada pelo suporte')
    assert not whole('pesada pelo').search('pesadas pelo tamanho')          # its plural is its own form
    assert not any(whole(f).search('uma página pesada; a conta pesadamente feita')
                   for f in banned_forms())
    assert whole('escape').search('um escape (FN)') and not whole('escape').search('escapes, escapou')
    assert HOMONYMS['dobra'].search('espessura da dobra cutânea do tríceps')
    assert HOMONYMS['falha'].search('onde o modelo falha mais') and not HOMONYMS['falha'].search('uma falha a 10')


def test_the_fold_rule_tells_folds_from_splits():
    """ "divisões" is flagged in a paragraph about cross-validation, not in one about splits."""
    assert _cv_misuse('Uma validação cruzada em três divisões: treina em duas delas.')
    assert _cv_misuse('Cada uma das divisões mantém a proporção (StratifiedKFold).')
    assert not _cv_misuse('A aula repete 50 divisões aleatórias em treino e teste.')
    assert not _cv_misuse('Validação cruzada em 5 dobras, repetida 20 vezes.')


@pytest.mark.slow
@pytest.mark.parametrize('page', LESSONS)
def test_every_lesson_links_the_glossary(site, page):
    links = [a.get('href', '') for a in article(site, page).find_all('a')]
    assert any('glossario.html' in href for href in links), f'{page} never links the glossary'


def _first_use_is_linked(site, page, family):
    """Walk the prose in page order; the first whole-word use of a term (any name of ``family``)
    must sit in a link to the glossary. Headings, figure captions, code and outputs do not count
    as uses, nor a homonym ("dobra cutânea")."""
    pattern = re.compile('|'.join(whole(name).pattern for name in sorted(family, key=len, reverse=True)), re.I)
    homonym = next((HOMONYMS[name.lower()] for name in family if name.lower() in HOMONYMS), None)
    skip = ('h1', 'h2', 'h3', 'h4', 'code', 'pre', 'script', 'style', 'figcaption', 'caption',
            'math', 'svg', 'title', 'nav')     # nav: the link to the next part names its title
    root = article(site, page)
    for text in root.find_all(string=pattern):
        parents = list(text.parents)
        names = {p.name for p in parents}
        classes = {c for p in parents for c in (p.get('class') or [])}
        # a part's header ("Parte 2 de 3 da aula Curvas ROC e precisão–revocação", _ext/parts.py)
        # names its lesson, not a use of a term; a practice box's text is drawn by code
        # (course/practice.py), as the quizzes' and explorables' are, and links nothing
        if names & set(skip) or classes & {'cell_output', 'admonition-title', 'headerlink',
                                           'explorable', 'cq-quiz', 'math', 'sd-card', 'parte-cabecalho',
                                           'pratique'}:
            continue
        if homonym and all(_inside(m, homonym, _context(text)) for m in pattern.finditer(_context(text))):
            continue
        link = next((p for p in parents if p.name == 'a'), None)
        return link is not None and 'glossario.html#term-' in link.get('href', '')
    return True      # the term is not used on this page


def _context(text):
    """The text around a string node: its block (paragraph, list item) for homonym phrases that
    cross an inline tag ("dobra <em>cutânea</em>")."""
    block = next((p for p in text.parents if p.name in ('p', 'li', 'td', 'dd', 'div')), None)
    return re.sub(r'\s+', ' ', block.get_text(' ') if block is not None else str(text))


def _inside(match, homonym, context):
    """True when ``match`` lies inside an occurrence of the homonym phrase in ``context``."""
    return any(h.start() <= match.start() and match.end() <= h.end() for h in homonym.finditer(context))


@pytest.mark.slow
@pytest.mark.parametrize('page', LESSONS)
def test_first_use_of_each_term_links_its_entry(site, page):
    unlinked = [family[0] for family in term_families() if not _first_use_is_linked(site, page, family)]
    assert not unlinked, f'{page}: first use not linked to the glossary: {unlinked}'


@pytest.mark.slow
@pytest.mark.parametrize('page', PROSE_PAGES)
def test_no_banned_form_in_the_prose(site, page):
    prose = visible_prose(article(site, page))
    found = [form for form in banned_forms() if whole(form).search(prose)]
    assert not found, f'{page} uses forms the glossary bans: {found}'


def _cv_misuse(paragraph_text, prose_text=None):
    """The fold-banned forms used in a paragraph that speaks of a cross-validation: the context is
    read with the inline code (``StratifiedKFold``), the forms only in the prose."""
    if not CV_CONTEXT.search(paragraph_text):
        return []
    prose_text = paragraph_text if prose_text is None else prose_text
    return [form for form in cv_banned_forms() if whole(form).search(prose_text)]


@pytest.mark.slow
@pytest.mark.parametrize('page', PROSE_PAGES)
def test_folds_are_dobras(site, page):
    """In a paragraph about cross-validation, its parts are "dobras", never "divisões"."""
    found = []
    for block in article(site, page).find_all(['p', 'li']):
        if block.find(['p', 'li']):          # the innermost paragraphs only
            continue
        misuse = _cv_misuse(block.get_text(' '), visible_prose(block))
        if misuse:
            found.append((misuse, re.sub(r'\s+', ' ', block.get_text(' '))[:160]))
    assert not found, f'{page}: folds called otherwise (say "dobras"): {found}'


def _bank_texts(node):
    """Every string a quiz bank shows (prompts, options, feedback), without its math and code."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key not in ('id', 'type', 'section', 'sections', 'answer_from', 'quiz', 'lesson'):
                yield from _bank_texts(value)
    elif isinstance(node, list):
        for value in node:
            yield from _bank_texts(value)
    elif isinstance(node, str):
        yield re.sub(r'`[^`]*`', ' ', re.sub(r'\$[^$]*\$', ' ', node))


@pytest.mark.parametrize('bank', sorted(p.stem for p in (ROOT / 'quiz').glob('*.yml')))
def test_no_banned_form_in_the_quizzes(bank):
    """The quizzes are site text too (shown on the page and in the labs)."""
    data = yaml.safe_load((ROOT / 'quiz' / f'{bank}.yml').read_text(encoding='utf-8'))
    text = ' '.join(_bank_texts(data))
    found = [form for form in banned_forms() if whole(form).search(text)]
    assert not found, f'quiz/{bank}.yml uses forms the glossary bans: {found}'


@pytest.mark.slow
@pytest.mark.parametrize('page', PROSE_PAGES)
def test_numbers_in_prose_follow_one_style(site, page):
    node = BeautifulSoup(str(article(site, page)), 'html.parser')
    for table in node.select('.pratique-tabela'):        # adjacent cells ("36 165") are not a number
        table.decompose()
    prose = visible_prose(node)
    assert not re.findall(r'\d%', prose), f'{page}: write "80 %", not "80%"'
    assert not re.findall(r'(?<![\w.,])\d{1,3} \d{3}(?!\d)', prose), \
        f'{page}: thousands with a dot ("1.000"), not a space'
    assert not re.findall(r'(?<![\w−])-\d+,\d', prose), f'{page}: minus sign "−", not "-"'


# ----------------------------------------------------------------------------- asked only once taught

def _teaching_pages(site):
    """{name of a glossary entry: the page that first teaches it}: the earliest page among the
    entry's explicit "Ver <section> e <section>" links (the first is where the search leads; a later
    one may name an earlier part that already explains the idea). An entry without a "Ver" names
    no teaching place and is not checked."""
    import posixpath
    glossary = article(site, 'glossario')
    order = list(toc_pages())
    pages = set(order)
    out = {}
    for dl in glossary.select('dl.glossary'):
        names = []
        for item in dl.find_all(['dt', 'dd'], recursive=False):
            if item.name == 'dt':
                names.append(re.sub(r'[¶#]', '', item.get_text(' ')).strip())
                continue
            for link in item.select('a.reference.internal[href]'):
                before = link.previous_sibling
                if isinstance(before, str) and re.search(r'\bVer\s*$', before):
                    named = [link]
                    for sibling in link.next_siblings:          # "... e {ref}`outra`", up to the period
                        if isinstance(sibling, str):
                            if '.' in sibling:
                                break
                        elif sibling.name == 'a' and 'internal' in sibling.get('class', []):
                            named.append(sibling)
                    found = [p for p in (posixpath.normpath(a['href']).split('#')[0].removesuffix('.html')
                                         for a in named) if p in pages]
                    if found:
                        out.update(dict.fromkeys(names, min(found, key=order.index)))
                    break
            names = []
    return out


def _asked_texts(site, page):
    """What the page's checks and practice boxes make a student read: every question of its quizzes
    (prompt, options, feedback, from the bank) and every draw of its practice kinds."""
    from course import practice, quiz
    texts = []
    for fieldset in article(site, page).select('fieldset.cq-q[data-qid]'):
        # the quiz's id is cq-<bank>-<n> (course/quiz.py): a bank's name may hold hyphens (exemplo-novo)
        bank = re.fullmatch(r'cq-(.+)-\d+', fieldset.find_parent('div', class_='cq-quiz')['id']).group(1)
        q = next(q for q in quiz.load_bank(bank)['questions'] if q['id'] == fieldset['data-qid'])
        texts.append((f'quiz {bank}:{q["id"]}', ' '.join(quiz.question_texts(q))))
    for box in article(site, page).select('.pratique-ui[data-tipo]'):
        kind = box['data-tipo']
        for ex in practice.draws(kind):
            texts.append((f'pratique {kind}', ' '.join([*ex.statement, ex.question, *ex.solution])))
    clean = lambda t: re.sub(r'\{[a-z_0-9]+\}|`[^`]*`|\$[^$]*\$', ' ', t)   # noqa: E731
    return [(where, clean(text)) for where, text in texts]


@pytest.mark.slow
@pytest.mark.parametrize('page', LESSONS)
def test_a_check_asks_only_what_the_course_has_taught(site, page):
    """A part's check and practice boxes read like its prose: a glossary term they use is taught on
    this page or an earlier one (the page of the entry's "Ver" link), so part 1's check never asks
    about F1 before F1 is taught."""
    order = {p: i for i, p in enumerate(toc_pages())}
    later = {name: where for name, where in _teaching_pages(site).items() if order[where] > order[page]}
    found = sorted({(source, name, where) for source, text in _asked_texts(site, page)
                    for name, where in later.items() if whole(name).search(text)})
    assert not found, f'{page}: asks about what a later page teaches: ' + '; '.join(
        f'{source} uses "{name}" (taught on {where})' for source, name, where in found)


@pytest.mark.slow
def test_the_taught_check_reads_the_checks(site):
    """A broken reader would pass everything: the check finds the teaching pages of the glossary and
    the questions and practice of a part."""
    teaching = _teaching_pages(site)
    assert len(teaching) >= 25 and teaching.get('precisão', '').startswith('lessons/metricas-fundamental')
    sources = [s for s, _ in _asked_texts(site, 'lessons/custo-teoria')]      # part 2: a quiz and a practice box
    assert any(s.startswith('quiz custo:') for s in sources) and any(s.startswith('pratique ') for s in sources)
