"""Answer files and a small site's questions, made for the tests of "Meu progresso" and of the
classroom report (tests/test_progress.py, tests/test_turma.py): the formats of
course/static/answers.js (stored answers, answer file) and _ext/progress.py (the manifest)."""
import random

BUILD = 'abc123def456'


def _section(page, anchor, title):
    return {'href': f'{page}#{anchor}', 'title': title}


# A small site: two lessons, every kind of question (the manifest's format: _ext/progress.py).
MANIFEST = {'format': 'curso-progresso-manifesto', 'version': 1, 'build': BUILD, 'pages': [
    {'page': 'lessons/a.html', 'title': 'Aula A', 'items': [
        {'id': 'quiz:a:q1', 'kind': 'quiz-single', 'prompt': 'Qual célula conta o 3?',
         'section': _section('lessons/a.html', 'sec-a-matriz', '3. A matriz'),
         'options': ['FN', 'FP', 'TN'], 'correct': 0},
        {'id': 'quiz:a:q2', 'kind': 'quiz-truefalse', 'prompt': 'F1 serve para tudo?',
         'section': _section('lessons/a.html', 'sec-a-f1', '7. F1'), 'correct': False},
        {'id': 'quiz:a:q3', 'kind': 'quiz-multiple', 'prompt': 'Marque as da linha dos saudáveis.',
         'section': _section('lessons/a.html', 'sec-a-matriz', '3. A matriz'),
         'options': ['especificidade', 'precisão', 'FPR', 'revocação'], 'correct': [0, 2]},
        {'id': 'quiz:a:q4', 'kind': 'quiz-numeric', 'prompt': 'Quanto vale 7/9?',
         'section': _section('lessons/a.html', 'sec-a-f1', '7. F1'), 'answer': 0.7778,
         'tolerance': 0.001, 'shown': '0,778'},
        {'id': 'preveja:a_prev', 'kind': 'preveja-numero', 'prompt': 'Que porcentagem tem diabetes?',
         'section': _section('lessons/a.html', 'sec-a-lab', 'Lab'), 'answer': '34,9 %',
         'tolerance': 0.05, 'reference': None},
        {'id': 'preveja:a_cost', 'kind': 'preveja-numero', 'prompt': 'Quanto custa o limiar 0,5?',
         'section': _section('lessons/a.html', 'sec-a-custo', 'Custo'), 'answer': '254',
         'tolerance': None, 'reference': None},
        {'id': 'preveja:a_model', 'kind': 'preveja-escolha', 'prompt': 'Qual modelo erra menos?',
         'section': _section('lessons/a.html', 'sec-a-lab', 'Lab'), 'answer': 'lr',
         'options': {'lr': 'A regressão logística', 'knn': 'O k-NN', 'empate': 'Empatam'}},
        {'id': 'preveja:texto-0123456789', 'kind': 'preveja-texto', 'prompt': 'O que acontece?',
         'section': _section('lessons/a.html', 'sec-a-lab', 'Lab')}],
     'practice': [{'id': 'pratique:precisao', 'kind': 'precisao', 'title': 'Exercício de precisão',
                   'file': '_static/pratique/precisao.json?v=1', 'seeds': 100,
                   'section': _section('lessons/a.html', 'sec-a-matriz', '3. A matriz')}]},
    {'page': 'lessons/b.html', 'title': 'Aula B', 'items': [
        {'id': 'preveja:b_f2', 'kind': 'preveja-numero', 'prompt': 'O F2 fica acima ou abaixo do F1?',
         'section': _section('lessons/b.html', 'sec-b-f', 'F-beta'), 'answer': '0,714',
         'tolerance': 0.02, 'reference': {'text': '0,667', 'name': 'F1'}},
        {'id': 'quiz:b:q1', 'kind': 'quiz-single', 'prompt': 'O que o AUC mede?',
         'section': _section('lessons/b.html', 'sec-b-auc', 'AUC'), 'options': ['pares', 'área', 'limiar'],
         'correct': 1}],
     # precisão is offered on both lessons: its practice lives on the last (b), as "Meu progresso" says
     'practice': [{'id': 'pratique:precisao', 'kind': 'precisao', 'title': 'Exercício de precisão',
                   'file': '_static/pratique/precisao.json?v=1', 'seeds': 100,
                   'section': _section('lessons/b.html', 'sec-b-f', 'F-beta')},
                  {'id': 'pratique:bayes', 'kind': 'bayes', 'title': 'Exercício de precisão pela fórmula de Bayes',
                   'file': '_static/pratique/bayes.json?v=1', 'seeds': 100,
                   'section': _section('lessons/b.html', 'sec-b-auc', 'AUC')},
                  {'id': 'pratique:mcc', 'kind': 'mcc', 'title': 'Exercício de MCC',
                   'file': '_static/pratique/mcc.json?v=1', 'seeds': 100,
                   'section': _section('lessons/b.html', 'sec-b-f', 'F-beta')}]}]}

T0 = '2026-12-03T14:00:00.000Z'


def _at(minute):
    return f'2026-12-03T14:{minute:02d}:00.000Z'


def record(kind, first, last=None, skipped=None, side=None):
    """An answer as answers.js stores it (first answer at 14:01, the last at 14:09)."""
    a = {'answer': first, 'verdict': 'wrong', 'at': _at(1)}
    if side:
        a['side'] = side
    b = dict(a, answer=first if last is None else last, at=_at(9))
    return {'kind': kind, 'first': a, 'last': b, 'attempts': 1 if last is None else 2, 'skipped': skipped}


def practice(attempts, right, streak, last_seed=None, second=None):
    """A practice item as answers.js keeps it (the first exercise at 14:01, the last at 14:09);
    ``second``: of the right ones, right at the second try (answers.js version 4)."""
    last_seed = last_seed or attempts
    out = {'kind': 'pratique',
           'first': {'answer': '0,5', 'verdict': 'wrong' if right < attempts else 'right', 'seed': 1, 'at': _at(1)},
           'last': {'answer': '0,8', 'verdict': 'right' if streak else 'wrong', 'seed': last_seed, 'at': _at(9)},
           'attempts': attempts, 'skipped': None, 'right': right, 'streak': streak}
    if second is not None:
        out['second'] = second
    return out


def answer_file(name, pages, build=BUILD, exported='2026-12-05T10:00:00.000Z'):
    return {'format': 'curso-respostas-arquivo', 'version': 1, 'build': build, 'exported': exported,
            'student': name, 'answers': {'schema': 'curso-respostas', 'version': 3, 'pages': pages}}


# What each generated student answers first (and what the test expects from it). Twelve
# students; guesses of the percentage drawn around 50 % (the class overestimates 34,9 %).
RNG = random.Random(23)
STUDENTS = []
for k in range(12):
    STUDENTS.append({
        'name': f'Aluno {k + 1:02d}' if k < 10 else '',          # two typed no name
        'q1': [0, 1, 1, 2][k % 4],                                 # right: k % 4 == 0
        'q2': k % 3 == 0,                                          # True is wrong
        'q3': [[0, 2], [0], [1, 2], [0]][k % 4],                   # right: k % 4 == 0
        'q4': ['7/9', '0,7', '0,778', '0,77'][k % 4],
        'prev': f'{RNG.randint(25, 75)} %',
        'cost': str(RNG.choice([100, 150, 250, 254, 300, 400, 1000])),
        'model': ['lr', 'knn', 'knn', 'empate'][k % 4],
        'b_f2': (['above', 'below'][k % 2], ['0,71', '0,6', '0,75'][k % 3]),
        'b_q1': k % 2,
        # practice: precisão by every student (kept on lesson A by half of them, where it was offered
        # first), Bayes by two thirds, missed more; MCC by nobody
        'precisao': (4 + k % 4, 4 + k % 4 - 1 - k % 2, min(4 + k % 4 - 1 - k % 2, [3, 0, 1, 2][k % 4])),
        'precisao_second': [None, 1, 0, 2][k % 4],               # right after a hint (version 4)
        'bayes': (4, 1, k % 2) if k % 3 != 2 else None,
    })
STUDENTS[5]['skip_prev'] = True          # saw the answer, then predicted: out of the distribution


def pages_of(s):
    a = {'quiz:a:q1': record('quiz-single', s['q1'], 0),
         'quiz:a:q2': record('quiz-truefalse', s['q2']),
         'quiz:a:q3': record('quiz-multiple', s['q3']),
         'quiz:a:q4': record('quiz-numeric', s['q4']),
         'preveja:a_prev': record('preveja-numero', s['prev'], skipped=T0 if s.get('skip_prev') else None),
         'preveja:a_cost': record('preveja-numero', s['cost']),
         'preveja:a_model': record('preveja-escolha', s['model']),
         'preveja:texto-0123456789': dict(record('preveja-texto', 'Acho que sobe.'))}
    b = {'preveja:b_f2': record('preveja-numero', s['b_f2'][1], side=s['b_f2'][0]),
         'quiz:b:q1': record('quiz-single', s['b_q1'])}
    k = STUDENTS.index(s) if s in STUDENTS else 0
    (a if k % 2 else b)['pratique:precisao'] = practice(*s['precisao'], second=s.get('precisao_second'))
    if s.get('bayes'):
        b['pratique:bayes'] = practice(*s['bayes'])
    return {'lessons/a.html': a, 'lessons/b.html': b}
