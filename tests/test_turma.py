"""The class at a glance (scripts/turma.py) on a set of generated answer files, some damaged.

What an instructor would notice if it broke:
- a share right, a most chosen wrong answer or a count that is not what the students answered;
- a figure whose dots are not the students' first guesses, or whose line is not the real value;
- a damaged or foreign file that stops the report, or that is not listed with its reason;
- a student's name on the page with --sem-nomes; the same student counted twice;
- a page that needs the network (a script, a font, a style or an image from outside);
- the CSV saying something else than the page.
Also: the Python rules that judge a number (course/answers.py) give the verdicts of the browser's
(tests/data/verdict_cases.json), and an answer file is read as answers.js reads it
(tests/data/answer_file_cases.json).
"""
import csv
import importlib.util
import json
import re
import sys
from collections import Counter

import pytest
import yaml
from answer_samples import BUILD, MANIFEST, STUDENTS, answer_file, pages_of, record  # noqa: F401
from bs4 import BeautifulSoup

from conftest import ROOT
from course import answers as judging
from course.answer_files import AnswerFileError, read_text
from course.site import pages_url

spec = importlib.util.spec_from_file_location('turma', ROOT / 'scripts' / 'turma.py')
turma = importlib.util.module_from_spec(spec)
sys.modules['turma'] = turma          # its dataclasses look their module up
spec.loader.exec_module(turma)

VERDICTS = json.loads((ROOT / 'tests' / 'data' / 'verdict_cases.json').read_text(encoding='utf-8'))
FILE_CASES = json.loads((ROOT / 'tests' / 'data' / 'answer_file_cases.json').read_text(encoding='utf-8'))['cases']
@pytest.fixture(scope='module')
def classroom(tmp_path_factory):
    """The site's manifest, the class's files (twelve good, five to be skipped) and the report."""
    base = tmp_path_factory.mktemp('turma')
    site = base / 'site'
    (site / '_static' / 'progresso').mkdir(parents=True)
    (site / '_static' / 'progresso' / 'manifesto.json').write_text(json.dumps(MANIFEST), encoding='utf-8')
    files = base / 'respostas'
    files.mkdir()
    for k, s in enumerate(STUDENTS):
        (files / f'{k:02d}-respostas.json').write_text(json.dumps(answer_file(s['name'], pages_of(s))),
                                                      encoding='utf-8')
    good = json.dumps(answer_file('Aluno 01', pages_of(STUDENTS[0])))
    (files / '20-cortado.json').write_text(good[:len(good) // 2], encoding='utf-8')
    (files / '21-planilha.json').write_text('nome;nota\nAna;10\n', encoding='utf-8')
    (files / '22-outro.json').write_text(json.dumps({'format': 'outra-coisa', 'alunos': []}), encoding='utf-8')
    damaged = answer_file('Aluno 99', pages_of(STUDENTS[1]))
    damaged['answers']['pages']['lessons/a.html']['quiz:a:q1']['first']['answer'] = 'FN'
    (files / '23-estragado.json').write_text(json.dumps(damaged), encoding='utf-8')
    # an older export of "Aluno 03" (its answers would change the counts): the later one counts
    older = answer_file('aluno 03 ', pages_of(dict(STUDENTS[0], name='Aluno 03')),
                        exported='2026-12-01T10:00:00.000Z')
    (files / '24-antigo.json').write_text(json.dumps(older), encoding='utf-8')
    # a file of an older build: a question that no longer exists, another that changed kind
    old_build = answer_file('Aluno 11', {'lessons/a.html': {
        'quiz:a:saiu': record('quiz-single', 1),
        'quiz:a:q2': record('quiz-single', 0)}, 'lessons/antiga.html': {'quiz:x:y': record('quiz-single', 0)}},
        build='000000000000')
    (files / '25-versao-antiga.json').write_text(json.dumps(old_build), encoding='utf-8')
    out = base / 'saida'
    paths = sorted(files.glob('*.json'))
    log = __import__('io').StringIO()
    result = turma.run(paths, site, out, names=True, stream=log)
    result['log'] = log.getvalue()
    result['site'], result['files'], result['base'] = site, paths, base
    result['soup'] = BeautifulSoup(result['html'].read_text(encoding='utf-8'), 'html.parser')
    with open(result['csv'], encoding='utf-8-sig', newline='') as f:
        result['rows'] = list(csv.DictReader(f, delimiter=';'))
    return result


def report(classroom, item_id):
    return next(r for p in classroom['pages'] for r in p.items if r.item['id'] == item_id)


def row(classroom, item_id):
    return next(r for r in classroom['rows'] if r['item'] == item_id)


# ----------------------------------------------------------------------------- the files read

def test_damaged_and_foreign_files_are_skipped_with_their_reason(classroom):
    skipped = {s.path.name: s.reason for s in classroom['skipped']}
    assert set(skipped) == {'20-cortado.json', '21-planilha.json', '22-outro.json', '23-estragado.json',
                            '24-antigo.json'}
    assert 'não é JSON' in skipped['20-cortado.json'] and 'não é JSON' in skipped['21-planilha.json']
    assert 'não é um arquivo de respostas deste curso' in skipped['22-outro.json']
    assert 'danificado' in skipped['23-estragado.json'] and 'quiz:a:q1' in skipped['23-estragado.json']
    assert 'mesmo aluno, mais antiga' in skipped['24-antigo.json']
    listed = classroom['soup'].select('ul.ignorados li')
    assert [li.code.get_text() for li in listed] == sorted(skipped)
    for name, reason in skipped.items():
        assert f'ignorado: {classroom["base"]}' in classroom['log'] and name in classroom['log'] and reason in classroom['log']


def test_every_good_file_is_one_student(classroom):
    """Twelve students plus the file of an older build; the older export of one name is not counted."""
    names = sorted(s.name for s in classroom['students'])
    assert len(classroom['students']) == 13
    assert names.count('') == 2 and names.count('Aluno 11') == 1 and 'aluno 03 ' not in names
    text = classroom['soup'].get_text(' ')
    assert '13 alunos' in text
    for s in STUDENTS:
        if s['name']:
            assert s['name'] in text


def test_answers_the_build_does_not_know_are_counted_not_used(classroom):
    """The older build's file: a question that left, one that changed kind, a page that left."""
    assert classroom['unknown'] == 3
    assert '3 respostas guardadas não correspondem' in classroom['soup'].get_text(' ')
    assert '1 arquivo veio de outra versão' in classroom['soup'].get_text(' ')


def test_the_same_answers_twice_count_once(tmp_path, classroom):
    copy = tmp_path / 'copia.json'
    copy.write_text(classroom['files'][10].read_text(encoding='utf-8'), encoding='utf-8')   # unnamed
    students, skipped = turma.read_files([classroom['files'][10], copy])
    assert len(students) == 1 and 'uma cópia' in skipped[0].reason


# ----------------------------------------------------------------------------- the numbers

def expected_first(kind_key, right):
    """(answered, right) over the twelve generated students."""
    return len(STUDENTS), sum(1 for s in STUDENTS if right(s[kind_key]))


@pytest.mark.parametrize('item_id, key, right', [
    ('quiz:a:q1', 'q1', lambda a: a == 0),
    ('quiz:a:q2', 'q2', lambda a: a is False),
    ('quiz:a:q3', 'q3', lambda a: sorted(a) == [0, 2]),
    ('quiz:a:q4', 'q4', lambda a: abs(judging.read_guess(a, judging.Answer(0.7778)).value - 0.7778) <= 0.001),
    ('quiz:b:q1', 'b_q1', lambda a: a == 1),
    ('preveja:a_model', 'model', lambda a: a == 'lr'),
])
def test_each_question_counts_the_first_answers(classroom, item_id, key, right):
    n, k = expected_first(key, right)
    r = report(classroom, item_id)
    assert (r.answered, r.right) == (n, k)
    assert row(classroom, item_id)['respostas'] == str(n)
    assert row(classroom, item_id)['certas_primeira'] == str(k)
    assert row(classroom, item_id)['fracao_certas'] == turma.num(k / n, 3)


def test_the_most_chosen_wrong_answer(classroom):
    """q1: FP (index 1) is chosen by half the class, TN by a quarter; the page and the CSV say FP."""
    assert report(classroom, 'quiz:a:q1').most_common_wrong() == ('FP', 6)
    assert row(classroom, 'quiz:a:q1')['erro_mais_comum'] == 'FP'
    assert row(classroom, 'quiz:a:q1')['vezes_erro_mais_comum'] == '6'
    assert report(classroom, 'quiz:a:q2').most_common_wrong() == ('Verdadeiro', 4)
    assert report(classroom, 'quiz:a:q3').most_common_wrong() == ('especificidade', 6)
    assert report(classroom, 'preveja:a_model').most_common_wrong() == ('O k-NN', 6)
    wrong_numbers = Counter(judging.read_guess(s['q4'], judging.Answer(0.7778)).value for s in STUDENTS
                            if s['q4'] in ('0,7', '0,77'))
    assert report(classroom, 'quiz:a:q4').wrong_answers == Counter(
        {turma.num(v, 4, trim=True): n for v, n in wrong_numbers.items()})
    cells = [td.get_text(' ', strip=True) for td in classroom['soup'].select('table td')]
    assert 'FP (6)' in cells


def first_guesses(key, answer, skip_after=False):
    out = []
    for s in STUDENTS:
        if skip_after and s.get('skip_prev'):
            continue
        out.append(judging.read_guess(s[key], judging.Answer.from_text(answer)).value)
    return out


@pytest.mark.parametrize('item_id, key, answer', [('preveja:a_prev', 'prev', '34,9 %'),
                                                  ('preveja:a_cost', 'cost', '254')])
def test_a_preveja_figure_plots_the_first_guesses_against_the_real_value(classroom, item_id, key, answer):
    expected = first_guesses(key, answer, skip_after=(key == 'prev'))
    r = report(classroom, item_id)
    assert sorted(g for g, _ in r.guesses) == pytest.approx(sorted(expected))
    # the figure as drawn: one dot per guess at the guess, the dashed line at the real value
    fig = turma.draw_preveja(r)
    ax = fig.axes[0]
    xs = sorted(x for c in ax.collections for x, _ in c.get_offsets())
    assert xs == pytest.approx(sorted(expected))
    line = next(x for x in ax.lines if x.get_gid() == 'valor-real')
    assert line.get_xdata()[0] == pytest.approx(judging.Answer.from_text(answer).value)
    counts = {c.get_gid(): len(c.get_offsets()) for c in ax.collections}
    assert counts.get('previsoes-right', 0) == r.right and counts.get('previsoes-wrong', 0) == r.wrong
    assert sum(counts.values()) == len(expected)
    # the page carries the same numbers, and its figure is the SVG of that drawing
    figure = classroom['soup'].find('figure', attrs={'data-item': item_id})
    assert sorted(json.loads(figure['data-previsoes'])) == pytest.approx(sorted(expected))
    assert float(figure['data-real']) == pytest.approx(judging.Answer.from_text(answer).value)
    svg = figure.find('svg')
    assert svg is not None and len(svg.find_all(id=re.compile('^previsoes-'))) == len(counts)
    above = sum(g > r.real for g in expected)
    below = sum(g < r.real for g in expected)
    caption = figure.figcaption.get_text(' ')
    assert f'{above} acima e {below} abaixo' in caption
    assert row(classroom, item_id)['acima'] == str(above) and row(classroom, item_id)['abaixo'] == str(below)
    assert row(classroom, item_id)['mediana_previsoes'] == turma.median_text(r)


def test_a_prediction_after_seeing_the_answer_is_left_out(classroom):
    r = report(classroom, 'preveja:a_prev')
    assert r.after == 1 and len(r.guesses) == len(STUDENTS) - 1
    assert row(classroom, 'preveja:a_prev')['depois_de_ver'] == '1'


def test_above_or_below_counts_the_side(classroom):
    """F2 = 0,714 is above F1 = 0,667: a guess on the wrong side is far off, whatever its number."""
    r = report(classroom, 'preveja:b_f2')
    expected = Counter()
    for s in STUDENTS:
        side, guess = s['b_f2']
        verdict = judging.judge(judging.read_guess(guess, judging.Answer.from_text('0,714')).value, 0.714, 0.02)
        expected['wrong' if side != 'above' else verdict] += 1
    assert (r.right, r.close, r.wrong) == (expected['right'], expected['close'], expected['wrong'])


def test_students_per_lesson(classroom):
    lessons = {r['pagina']: r['alunos'] for r in classroom['rows'] if r['tipo'] == 'aula'}
    # lesson A: the twelve and the older build's file (its q2 changed kind: not an answer here)
    assert lessons == {'lessons/a.html': '12', 'lessons/b.html': '12'}


def test_the_csv_and_the_page_give_the_same_numbers(classroom):
    page_cells = ' '.join(td.get_text(' ', strip=True) for td in classroom['soup'].select('td')).replace('\xa0', ' ')
    for r in classroom['rows']:
        if r['tipo'].startswith('quiz-'):
            n, k = int(r['respostas']), int(r['certas_primeira'])
            assert f'{k} ({turma.share(k, n)})' in page_cells


# ----------------------------------------------------------------------------- the page itself

def test_the_page_opens_offline(classroom):
    soup = classroom['soup']
    assert soup.html['lang'] == 'pt-BR'
    assert not soup.find('script') and not soup.find('img') and not soup.find('link')
    # the only address outside the page is the course's own site, as _config.yml says it (a fork's too)
    site = re.escape(pages_url(yaml.safe_load((ROOT / '_config.yml').read_text(encoding='utf-8'))['repository']['url']))
    assert not re.search(rf'(src|href)="(?!{site})(https?:)?//', str(soup))
    assert re.search(rf'href="{site}', str(soup)), 'the class page links no question to the course site'
    assert not re.search(r'@import|url\((?!#)', ' '.join(s.get_text() for s in soup.find_all('style')))
    for figure in soup.find_all('figure'):
        assert figure.find('svg') is not None
        assert figure.find(attrs={'role': 'img'})['aria-label']


def test_where_the_class_intuition_fails_most(classroom):
    """The list at the top ranks the numeric Prevejas by the share of first guesses far off."""
    items = classroom['soup'].find('h2', string='Onde a intuição da turma mais falha').find_next('ol')('li')
    shares = []
    for li in items:
        wrong, n = map(int, re.search(r'(\d+) de (\d+) longe', li.get_text()).groups())
        shares.append(wrong / n)
    assert shares == sorted(shares, reverse=True) and len(shares) == 3


def test_without_names_no_student_is_named(tmp_path, classroom):
    log = __import__('io').StringIO()
    result = turma.run(classroom['files'], classroom['site'], tmp_path, names=False, stream=log)
    text = result['html'].read_text(encoding='utf-8')
    for s in STUDENTS:
        if s['name']:
            assert s['name'] not in text
    assert 'Aluno 99' not in text
    for path in classroom['files']:
        assert path.name not in text           # a file's name may carry a student's
    assert '20-cortado.json' in log.getvalue()  # the instructor still learns which, in the terminal
    assert result['csv'].read_text(encoding='utf-8-sig') == classroom['csv'].read_text(encoding='utf-8-sig')


def test_the_command_line(tmp_path, classroom):
    assert turma.main([str(p) for p in classroom['files']] + ['--site', str(classroom['site']),
                      '--saida', str(tmp_path / 'relatorio'), '--sem-nomes']) == 0
    assert (tmp_path / 'relatorio' / 'turma.html').is_file() and (tmp_path / 'relatorio' / 'turma.csv').is_file()
    assert turma.main(['x.json', '--site', str(tmp_path / 'nada')]) == 2


# ----------------------------------------------------------------------------- the shared rules

@pytest.mark.parametrize('i', range(len(VERDICTS['judge'])))
def test_python_judges_a_prediction_as_the_browser(i):
    c = VERDICTS['judge'][i]
    assert judging.judge(c['guess'], c['answer'], c.get('tolerance'), bool(c.get('percent')), c.get('digits', 0)) == c['verdict'], c


@pytest.mark.parametrize('i', range(len(VERDICTS['key'])))
def test_python_judges_a_quiz_key_as_the_browser(i):
    c = VERDICTS['key'][i]
    assert judging.judge_key(c['guess'], c['answer'], c['tolerance'], c.get('scale')) == c['verdict'], c


@pytest.mark.parametrize('i', range(len(VERDICTS['read'])))
def test_python_reads_what_was_typed_as_the_browser(i):
    c = VERDICTS['read'][i]
    got = judging.read_guess(c['typed'], judging.Answer(c['answer'], bool(c['percent']), scale=c.get('scale')))
    if 'error' in c:
        assert got.error == c['error']
    else:
        assert got.value == pytest.approx(c['value']) and got.told == c['told'], c


@pytest.mark.parametrize('case', FILE_CASES, ids=[c['name'] for c in FILE_CASES])
def test_an_answer_file_is_read_as_the_browser_reads_it(case):
    if case['error'] is None:
        assert read_text(case['text'])['format'] == 'curso-respostas-arquivo'
    else:
        with pytest.raises(AnswerFileError) as caught:
            read_text(case['text'])
        assert caught.value.code == case['error']



# ----------------------------------------------------------------------------- practice

def test_practice_per_kind_counts_the_class_and_puts_the_kind_missed_most_first(classroom):
    """Every student practised precisão (half of them on lesson A, where it was offered first: the
    report brings it to lesson B, as "Meu progresso" does), two thirds Bayes, missing 3 of 4;
    nobody MCC. The page lists Bayes first, with its counts, and the CSV says the same."""
    expected, second = {}, {}
    for key in ('precisao', 'bayes'):
        done = [s[key] for s in STUDENTS if s.get(key)]
        attempts, right = sum(a for a, _, _ in done), sum(r for _, r, _ in done)
        expected[f'pratique:{key}'] = (len(done), attempts, attempts - right, sum(st >= 3 for _, _, st in done))
        second[f'pratique:{key}'] = sum(s.get(f'{key}_second') or 0 for s in STUDENTS if s.get(key))
    got = {r.item['id']: (r.students, r.attempts, r.wrong, r.mastered) for r in classroom['practice']}
    assert got == {**expected, 'pratique:mcc': (0, 0, 0, 0)}
    assert {r.item['id']: r.second for r in classroom['practice']} == {**second, 'pratique:mcc': 0}
    assert second['pratique:precisao'] > 0            # the right second tries are counted, as right
    shares = {k: w / a for k, (_, a, w, _) in expected.items()}
    most = max(shares, key=shares.get)
    assert most == 'pratique:bayes' and [r.item['id'] for r in classroom['practice']] == \
        sorted(expected, key=lambda k: -shares[k]) + ['pratique:mcc']
    soup = classroom['soup']
    heading = soup.find('h2', id='pratica')
    assert heading.get_text() == 'Prática: os exercícios que a turma mais erra'
    first_row = heading.find_next('table').tbody.tr
    cells = [td.get_text(' ', strip=True).replace('\xa0', ' ') for td in first_row('td')]
    students, attempts, wrong, mastered = expected[most]
    assert cells[0].startswith('Exercício de precisão pela fórmula de Bayes')
    assert cells[1:] == [str(students), str(attempts), f'{wrong} ({turma.share(wrong, attempts)})',
                         str(second[most]), str(mastered)]
    assert 'Ninguém praticou ainda: Exercício de MCC.' in soup.get_text(' ')
    for item_id, (students, attempts, wrong, mastered) in expected.items():
        r = row(classroom, item_id)
        assert r['tipo'] == 'pratique'
        assert r['pagina'] == {'pratique:precisao': 'lessons/a.html', 'pratique:bayes': 'lessons/b.html'}[item_id]
        assert (r['alunos'], r['tentativas'], r['erradas'], r['dominaram'], r['certas_segunda']) == \
            (str(students), str(attempts), str(wrong), str(mastered), str(second[item_id]))
        assert r['fracao_erradas'] == turma.num(wrong / attempts, 3)
    assert classroom['unknown'] == 3          # practice of the build's kinds is known, not "left out"


def test_practice_of_a_kind_the_site_no_longer_offers_is_left_out(tmp_path, classroom):
    pages = pages_of(STUDENTS[0])
    pages['lessons/b.html']['pratique:saiu'] = dict(pages['lessons/b.html']['pratique:precisao'])
    path = tmp_path / 'a.json'
    path.write_text(json.dumps(answer_file('Ana', pages)), encoding='utf-8')
    students, _ = turma.read_files([path])
    assert turma.aggregate(MANIFEST, students)[1] == 1
    assert 'pratique:saiu' not in {r.item['id'] for r in turma.aggregate_practice(MANIFEST, students)}
