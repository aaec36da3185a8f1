"""The file a student downloads with "Baixar minhas respostas", read in Python (``scripts/turma.py``).

The format is written in the header of ``course/static/answers.js`` ("ANSWER FILE"): a format tag
and version, the site's build, the export time, what the student typed for the instructor and the
stored answers as the browser keeps them. ``read_file`` checks it with the rules of
``CourseAnswers.readFile`` (the same table of cases, ``tests/data/answer_file_cases.json``, runs
through both) and says what is wrong in the same Portuguese words. Stored answers of version 2 (no
practice), 3 (with the practice items ``pratique:<kind>``) and 4 (a practice item also counts the
exercises right at the second try, ``second``, and the document may hold the review of "Meu
progresso", ``review``) are read alike; a practice item merges as answers.js merges it
(``merge_item``), and so does the review (``merge_review``).
"""
from __future__ import annotations

import json
import re

FORMAT = 'curso-respostas-arquivo'
VERSION = 1
SCHEMA = 'curso-respostas'          # the stored document inside (answers.js, "STORED FORMAT")
STORED_VERSION = 4                  # 4: review, second tries; 3: practice items; 2 is read as well
PRACTICE = 'pratique'
MASTERED = 3                        # right at the first try in a row: a kind of exercise is mastered
REVIEW_DAYS = (1, 3, 7)             # "Meu progresso": an item comes back after 1, 3, 7 days
MAX_BYTES = 5 * 1024 * 1024
KINDS = ('quiz-single', 'quiz-truefalse', 'quiz-multiple', 'quiz-numeric',
         'preveja-numero', 'preveja-escolha', 'preveja-texto', PRACTICE)
ISO_TIME = re.compile(r'\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z')
ITEM_ID = re.compile(r'(quiz|preveja):.')
PRACTICE_ID = re.compile(r'pratique:[a-z0-9]+(-[a-z0-9]+)*')

MESSAGES = {
    'empty': 'O arquivo está vazio: não é um arquivo de respostas do curso.',
    'too_big': 'O arquivo é grande demais para um arquivo de respostas do curso.',
    'not_json': 'Este arquivo não é um arquivo de respostas do curso: o conteúdo não é JSON '
                '(talvez esteja cortado ou danificado).',
    'not_ours': f'Este arquivo não é um arquivo de respostas deste curso (falta a marca "{FORMAT}").',
    'newer': 'Este arquivo foi feito por uma versão mais nova do curso: carregue-o no site atualizado.',
    'damaged': 'O arquivo de respostas está danificado: ',
}


class AnswerFileError(ValueError):
    """A file that is not an answer file of the course, or a damaged one: ``code`` and a message."""

    def __init__(self, code: str, detail: str = ''):
        self.code = code
        super().__init__(MESSAGES[code] + detail)


def _index(x) -> bool:
    # a whole number of JSON (JavaScript reads 2.0 as 2: so does this)
    return (isinstance(x, (int, float)) and not isinstance(x, bool) and float(x).is_integer()
            and x >= 0)


def _time(x) -> bool:
    return isinstance(x, str) and ISO_TIME.fullmatch(x) is not None


def _attempt_problem(kind: str, attempt) -> str | None:
    if attempt is None:
        return None
    if not isinstance(attempt, dict):
        return 'uma tentativa que não é um registro'
    if not _time(attempt.get('at')):
        return 'uma tentativa sem hora válida'
    if attempt.get('verdict') not in (None, 'right', 'close', 'wrong'):
        return 'um veredito desconhecido'
    if 'side' in attempt and attempt['side'] not in ('above', 'below'):
        return 'um lado que não é "acima" nem "abaixo"'
    if kind == PRACTICE and (attempt.get('verdict') is None or not _index(attempt.get('seed'))
                             or attempt['seed'] < 1):
        return 'um exercício sem semente ou sem veredito'
    if kind == PRACTICE and (('try' in attempt and (isinstance(attempt['try'], bool) or attempt['try'] not in (1, 2)))
                             or ('before' in attempt and not _index(attempt['before']))):
        return 'uma tentativa de exercício que não é a primeira nem a segunda'
    a = attempt.get('answer')
    if kind == 'quiz-single':
        ok = _index(a)
    elif kind == 'quiz-truefalse':
        ok = isinstance(a, bool)
    elif kind == 'quiz-multiple':
        ok = isinstance(a, list) and all(_index(b) for b in a)
    else:
        ok = isinstance(a, str) and len(a) <= 10000
    return None if ok else f'uma resposta que não é do tipo {kind}'


def _item_problem(item) -> str | None:
    if not isinstance(item, dict):
        return 'um item que não é um registro'
    if item.get('kind') not in KINDS:
        return 'um tipo de pergunta desconhecido'
    if not _index(item.get('attempts')):
        return 'um número de tentativas inválido'
    if item.get('skipped') is not None and not _time(item['skipped']):
        return 'uma hora de "Mostrar sem prever" inválida'
    if item['kind'] == PRACTICE and not (_index(item.get('right')) and _index(item.get('streak'))
                                         and item['streak'] <= item['right'] <= item['attempts']
                                         and ('second' not in item or (_index(item['second'])
                                                                       and item['second'] <= item['right']))):
        return 'contagens de prática impossíveis (certas, seguidas, tentativas)'
    first, last = item.get('first'), item.get('last')
    return (_attempt_problem(item['kind'], first) or _attempt_problem(item['kind'], last)
            or ('uma primeira resposta sem a última (ou o contrário)' if (not first) != (not last) else None))


def _document_problem(doc) -> str | None:
    if not isinstance(doc, dict) or doc.get('schema') != SCHEMA or not isinstance(doc.get('pages'), dict):
        return f'as respostas não estão no formato "{SCHEMA}"'
    if not _index(doc.get('version')) or doc['version'] < 1:
        return 'a versão das respostas é inválida'
    if 'review' in doc:                       # the review came with version 4
        if doc['version'] < 4 or not isinstance(doc['review'], dict):
            return 'a revisão não é um registro desta versão'
        for rid, st in doc['review'].items():
            if not ITEM_ID.match(rid) and PRACTICE_ID.fullmatch(rid) is None:
                return f'a revisão tem um item de nome desconhecido ("{rid}")'
            if (not isinstance(st, dict) or not _index(st.get('step')) or st['step'] > len(REVIEW_DAYS)
                    or not _time(st.get('at'))):
                return f'a revisão do item "{rid}" não tem um passo e uma hora válidos'
    for page, items in doc['pages'].items():
        if not isinstance(items, dict):
            return f'a página "{page}" não é um registro'
        for item_id, item in items.items():
            practice = doc['version'] >= 3 and PRACTICE_ID.fullmatch(item_id) is not None
            if not ITEM_ID.match(item_id) and not practice:
                return f'o item "{item_id}" (página {page}) tem um nome desconhecido'
            if practice != (isinstance(item, dict) and item.get('kind') == PRACTICE):
                return f'o item "{item_id}" (página {page}) não é do tipo do seu nome'
            problem = _item_problem(item)
            if problem:
                return f'{problem} (item "{item_id}", página {page})'
    return None


def read_text(text: str) -> dict:
    """The text of an answer file -> the file (a dict), or ``AnswerFileError``."""
    if not isinstance(text, str) or not text.strip():
        raise AnswerFileError('empty')
    if len(text) > MAX_BYTES:
        raise AnswerFileError('too_big')
    try:
        data = json.loads(text.removeprefix('\ufeff'))
    except ValueError:
        raise AnswerFileError('not_json') from None
    if not isinstance(data, dict) or data.get('format') != FORMAT:
        raise AnswerFileError('not_ours')
    version = data.get('version')
    if not _index(version) or version < 1:
        raise AnswerFileError('damaged', 'a versão do arquivo é inválida.')
    if version > VERSION:
        raise AnswerFileError('newer')
    answers = data.get('answers')
    if (isinstance(answers, dict) and answers.get('schema') == SCHEMA and _index(answers.get('version'))
            and answers['version'] > STORED_VERSION):
        raise AnswerFileError('newer')
    if not _time(data.get('exported')):
        raise AnswerFileError('damaged', 'falta a data da exportação.')
    if data.get('student') is not None and not isinstance(data['student'], str):
        raise AnswerFileError('damaged', 'o nome ou número do aluno não é um texto.')
    if data.get('build') is not None and not isinstance(data['build'], str):
        raise AnswerFileError('damaged', 'a versão do site não é um texto.')
    problem = _document_problem(answers)
    if problem:
        raise AnswerFileError('damaged', problem + '.')
    return data


def read_bytes(raw: bytes) -> dict:
    """An answer file as read from disk (UTF-8; anything else is not ours)."""
    if len(raw) > MAX_BYTES:
        raise AnswerFileError('too_big')
    try:
        text = raw.decode('utf-8')
    except UnicodeDecodeError:
        raise AnswerFileError('not_json') from None
    return read_text(text)


# ----------------------------------------------------------------------------- moved questions

def _earlier(a, b):
    return b if a is None or (b is not None and b['at'] < a['at']) else a


def _later(a, b):
    return b if a is None or (b is not None and b['at'] > a['at']) else a


def merge_item(here: dict, there: dict) -> dict:
    """Two records of one question as one, by answers.js's rule (mergeItem): the earlier first
    answer, the later last one, the larger count of attempts, the earlier "Mostrar sem prever"."""
    skipped = sorted(x for x in (here.get('skipped'), there.get('skipped')) if x)
    last = _later(here.get('last'), there.get('last'))
    out = {'kind': here['kind'], 'first': _earlier(here.get('first'), there.get('first')), 'last': last,
           'attempts': max(here.get('attempts') or 0, there.get('attempts') or 0),
           'skipped': skipped[0] if skipped else None}
    if here['kind'] == PRACTICE:      # the larger counts; the streak of the later last exercise
        out['right'] = max(here.get('right') or 0, there.get('right') or 0)
        newer = there if last is not None and last is there.get('last') and last is not here.get('last') else here
        out['streak'] = newer.get('streak') or 0
        if 'second' in here or 'second' in there:
            out['second'] = max(here.get('second') or 0, there.get('second') or 0)
    return out


def merge_review(here: dict | None, there: dict | None) -> dict:
    """Two reviews of "Meu progresso" as one, by answers.js's rule (mergeReview): item by item, the
    state set by the later answer (the larger step when both are as late)."""
    out = dict(here or {})
    for rid, b in (there or {}).items():
        a = out.get(rid)
        if a is None or b['at'] > a['at'] or (b['at'] == a['at'] and b['step'] > a['step']):
            out[rid] = b
    return out


def rehome(pages: dict, manifest: dict) -> dict:
    """The stored pages with every question of ``manifest`` under the page the manifest gives it:
    an answer given where the question stood before (the lessons became parts on 2026-12-02) is
    read where it stands now, as answers.js's ``adoptAll`` does. A new dict; ``pages`` unchanged."""
    out = {page: dict(items) for page, items in pages.items()}
    for p in manifest['pages']:
        for item in p['items'] + p.get('practice', []):       # practice: "pratique:<kind>"
            qid, page = item['id'], p['page']
            for other in [o for o in out if o != page and qid in out[o]]:
                there, here = out[other][qid], out.get(page, {}).get(qid)
                if here is not None and here.get('kind') != there.get('kind'):
                    continue
                out.setdefault(page, {})[qid] = merge_item(here, there) if here else there
                del out[other][qid]
                if not out[other]:
                    del out[other]
    return out
