"""Predict first in the labs: a "Confira" note is never on screen before the student predicts.

What a student would notice if it broke:
- the lab notebook (Colab) shows a note before any cell runs, in a cell or a stored output;
- ``confira(...)`` prints the note without a prediction, or refuses it after one;
- a step has a Preveja with no place to write the prediction, or no note to check it against;
- a note says something about the data that the lab's own numbers contradict;
- on the site, a lab page shows a note on load, or does not show it when asked.

The lab notebooks are executed with predictions filled in by ``tests/test_notebooks.py``
(``test_lab_notebooks_run_top_to_bottom``), which also runs the claims of ``tests/lab_claims.py``.
"""
import re

import jupytext
import nbformat
import numpy as np
import pytest
import tomllib
from bs4 import BeautifulSoup
from sklearn.metrics import roc_auc_score

from conftest import ROOT, recording_page
from course import calibration, confira, evidence, explorables, metrics
from course.fmt import num
from course.values import value

LABS = sorted(p.stem for p in (ROOT / 'labs').glob('*.md'))
HEADING = re.compile(r'^#{1,6}\s+(.*)$', re.M)
PREVEJA = re.compile(r'^>\s*\*\*Preveja\.\*\*', re.M)


def straight(text):
    """The notes write “quotes” as the site typesets them; the lab's source writes "quotes"."""
    return text.replace('“', '"').replace('”', '"')


def sentences(text):
    """The note cut into pieces a reader would recognise (long enough to be unique), as a page
    shows them: code without its backticks; pieces with a formula are left out (KaTeX rewrites them)."""
    pieces = [s.strip().replace('`', '') for s in re.split(r'[.;:?!()]\s', text)]
    return [s for s in pieces if len(s) >= 30 and '$' not in s]


# ----------------------------------------------------------------------------- the module

@pytest.fixture
def shown(monkeypatch):
    """What ``confira`` displays, captured (``[markdown, ...]``)."""
    out = []
    monkeypatch.setattr(confira, '_display', out.append)
    return out


def test_confira_waits_for_a_prediction(shown, capsys):
    minha_previsao, check = confira.lab_checks('triagem')
    check('passo 1')
    said = capsys.readouterr().out
    assert not shown and 'Escreva sua previsão' in said and 'antes de conferir' in said
    minha_previsao('passo 1', '   ')
    check('passo 1')
    assert not shown, 'an empty prediction must not unlock the note'
    assert 'ainda vazia' in capsys.readouterr().out


def test_confira_shows_the_note_and_the_prediction(shown, capsys):
    minha_previsao, check = confira.lab_checks('triagem')
    minha_previsao('passo 1', 'Acho que\n  não: um terço')
    assert 'Previsão guardada' in capsys.readouterr().out
    check('passo 1')
    note = confira.notes('triagem')['passo 1']
    assert shown == [f'**Sua previsão:** Acho que não: um terço\n\n**Confira ({note["step"]}):** {note["text"]}']
    check('passo 2')
    assert len(shown) == 1, 'a prediction for one step must not unlock another'


def test_the_first_prediction_is_kept(shown, capsys):
    minha_previsao, check = confira.lab_checks('custo')
    minha_previsao('experimento 1', 'sobe')
    minha_previsao('experimento 1', 'sobe')
    assert 'já estava guardada' in capsys.readouterr().out
    minha_previsao('experimento 1', 'desce')
    assert 'A primeira continua guardada' in capsys.readouterr().out
    check('experimento 1')
    assert shown[0].startswith('**Sua primeira previsão:** sobe  \n**2ª previsão:** desce\n\n**Confira')


def test_two_labs_do_not_share_predictions(shown):
    record_a, _ = confira.lab_checks('roc')
    _, check_b = confira.lab_checks('roc')
    record_a('passo 1', 'perto de 50 %')
    check_b('passo 1')
    assert not shown


def test_bad_calls_say_what_to_do():
    minha_previsao, check = confira.lab_checks('roc')
    with pytest.raises(KeyError, match="não tem o passo 'passo 9'.*'passo 1'"):
        check('passo 9')
    with pytest.raises(TypeError, match='entre aspas'):
        minha_previsao('passo 1', 0.16)
    with pytest.raises(confira.NotesError, match='sem notas Confira'):
        confira.lab_checks('nenhum')


def test_a_broken_notes_file_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(confira, 'texts_dir', lambda: tmp_path)
    (tmp_path / 'x.yml').write_text('lab: x\nnotes:\n  passo 1: {step: P, text: "custa {custo_nada_disso}"}\n',
                                    encoding='utf-8')
    with pytest.raises(confira.NotesError, match='custo_nada_disso'):
        confira.notes('x')
    (tmp_path / 'x.yml').write_text('lab: x\nnotes:\n  passo 1: {step: P}\n', encoding='utf-8')
    with pytest.raises(confira.NotesError, match="exatamente 'step' e 'text'"):
        confira.notes('x')


def test_the_notes_ship_with_the_package():
    """Colab installs the package from git: the notes must be package data (pyproject.toml)."""
    config = tomllib.loads((ROOT / 'pyproject.toml').read_text(encoding='utf-8'))
    patterns = config['tool']['setuptools']['package-data']['course']
    files = sorted((ROOT / 'course' / 'confira_texts').glob('*.yml'))
    assert files and all(any(f.relative_to(ROOT / 'course').match(p) for p in patterns) for f in files)
    assert confira.texts_dir() == ROOT / 'course' / 'confira_texts'


@pytest.mark.slow
def test_an_installed_course_checks_a_prediction_with_no_download(tmp_path):
    """As in Colab (`pip install git+...`): the wheel carries the notes."""
    import subprocess
    import sys

    import installed_course
    site_dir = installed_course.unpacked_wheel(tmp_path)
    code = ("import course.confira as c; print(c.texts_dir()); m, k = c.lab_checks('custo'); "
            "m('experimento 3', 'acima de 0,5'); k('experimento 3')")
    run = subprocess.run([sys.executable, '-c', code], cwd=tmp_path, capture_output=True, text=True,
                         env={'PYTHONPATH': str(site_dir), 'PATH': '/usr/bin:/bin'})
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith(str(site_dir / 'course' / 'confira_texts'))
    assert '**Confira (Experimento 3' in run.stdout and '{custo_' not in run.stdout


# ----------------------------------------------------------------------------- the labs

def cells(lab):
    return jupytext.read(ROOT / 'labs' / f'{lab}.md').cells


@pytest.mark.parametrize('lab', LABS)
def test_every_lab_has_its_notes(lab):
    assert lab in confira.lab_names(), f'labs/{lab}.md has no course/confira_texts/{lab}.yml'
    assert confira.notes(lab)


@pytest.mark.parametrize('lab', LABS)
def test_each_preveja_is_followed_by_a_prediction_the_code_and_its_check(lab):
    """Preveja (markdown) -> minha_previsao(key, "") -> the step's code -> confira(key), in the
    order of the notes file, under the heading the note names; nothing printed in between that
    is not the step's own code."""
    notes = confira.notes(lab)
    order, problems = [], []
    heading, state = None, None       # state: (key, code cells since the prediction) or 'asked'
    setup_seen = False
    for cell in cells(lab):
        if cell.cell_type == 'markdown':
            found = HEADING.findall(cell.source)
            heading = found[-1].strip() if found else heading
            if PREVEJA.search(cell.source):
                if state not in (None, 'checked'):
                    problems.append(f'"{heading}": a Preveja before the previous step was checked')
                state = 'asked'
            continue
        setup_seen = setup_seen or f"lab_checks('{lab}')" in cell.source
        found = confira.calls(cell.source)
        if found and found[0][0] == 'minha_previsao':
            key = found[0][1]
            if state != 'asked':
                problems.append(f'minha_previsao({key!r}) with no Preveja right above it')
            if not re.fullmatch(rf"minha_previsao\('{re.escape(key)}', \"\"\)", cell.source.strip()):
                problems.append(f'minha_previsao({key!r}): the notebook must ship it empty and alone in its cell')
            if key in notes and straight(notes[key]['step']) != heading:
                problems.append(f'{key!r}: the note says "{notes[key]["step"]}", the lab\'s heading is "{heading}"')
            order.append(key)
            state = (key, 0)
        elif found and found[0][0] == 'confira':
            key = found[0][1]
            if not (isinstance(state, tuple) and state[0] == key):
                problems.append(f'confira({key!r}) without minha_previsao({key!r}) before it')
            elif state[1] == 0:
                problems.append(f'confira({key!r}) right after the prediction: the step\'s code is missing')
            if cell.source.strip() != f"confira('{key}')":
                problems.append(f'confira({key!r}) must be alone in its cell (the site finds it there)')
            state = 'checked'
        elif state == 'asked':
            problems.append(f'"{heading}": code before the prediction cell')
        elif isinstance(state, tuple):
            state = (state[0], state[1] + 1)
    assert setup_seen, f"labs/{lab}.md never calls lab_checks('{lab}')"
    assert state in (None, 'checked'), f'labs/{lab}.md: the last step is never checked'
    assert order == list(notes), f'labs/{lab}.md asks for {order}; course/confira_texts/{lab}.yml has {list(notes)}'
    assert not problems, f'labs/{lab}.md:\n' + '\n'.join(problems)


@pytest.mark.parametrize('lab', LABS)
def test_no_note_is_in_the_notebook(lab):
    """In Colab nothing of a note is visible before the student runs a cell: no sentence of it in
    any cell's source, no stored output, no leftover "**Confira:**" paragraph."""
    notebook = nbformat.read(ROOT / 'labs' / f'{lab}.ipynb', as_version=4)
    texts = [cell.source for cell in notebook.cells]
    texts += [str(output) for cell in notebook.cells for output in cell.get('outputs', [])]
    assert not any(cell.get('outputs') for cell in notebook.cells)
    page = '\n'.join(texts)
    assert '**Confira:**' not in page and 'Confira:**' not in page
    page = straight(' '.join(page.split())).replace('`', '')
    leaked = [s for note in confira.notes(lab).values() for s in sentences(note['text'])
              if straight(' '.join(s.split())) in page]
    assert not leaked, f'labs/{lab}.ipynb shows these sentences of its notes: {leaked}'


# ----------------------------------------------------------------------------- what the notes state

def _calibration_states(seed):
    exp = calibration.experiment(seed)
    y = exp['y_val']
    states = {}
    for name, m in exp['models'].items():   # the lab's panel: the ROC AUC of the scores z
        states[name] = {'T': m['T'],
                        'before': explorables.calibration_values(y, m['p_before'], m['p_before'], 1.0, z=m['z_val']),
                        'after': explorables.calibration_values(y, m['p_after'], m['p_before'], m['T'],
                                                                z=m['z_val'] / m['T']),
                        'p': m['p_before'], 'p_after': m['p_after']}
    return states


def _ece_floor(p, draws=400):
    """The mean ECE of a perfectly calibrated model with these scores (labels drawn from them)."""
    rng = np.random.default_rng(0)
    return float(np.mean([metrics.ece(rng.binomial(1, p), p) for _ in range(draws)]))


def test_what_the_calibration_notes_state():
    """course/confira_texts/calibracao.yml, on the lesson's split (seed 0) and experiment 4's (1)."""
    for seed in (0, 1):
        nb = _calibration_states(seed)['naive Bayes']
        assert nb['T'] > 2, 'experimentos 2 e 4: "o T do naive Bayes sai bem maior que 1"'
        assert nb['after']['changed'] == 0, '"nenhuma decisão no limiar 0,5 muda"'
        assert nb['before']['ece'] > 3 * _ece_floor(nb['p']), 'experimento 4: "continua confiante demais"'
    s = _calibration_states(0)
    nb, lr = s['naive Bayes'], s['regressão logística']
    b, a = nb['before'], nb['after']
    assert b['confident'] > 100 and b['confident_errors'] >= 3, 'experimento 1: "mais de cem", "há vários"'
    assert b['auc'] > 0.95, 'experimento 1: "o ROC AUC dele é alto"'
    bins = b['bins']
    assert bins[-1]['frac'] < bins[-1]['mean_p'] and bins[0]['frac'] > bins[0]['mean_p'], \
        'experimento 1: "o círculo grande da ponta de cima fica abaixo da diagonal", na de baixo "acima"'
    assert all(m['count'] <= 2 for m in bins[1:-1]) and min(bins[0]['count'], bins[-1]['count']) > 50, \
        'experimento 1: "Os pequenos do meio, com uma ou duas biópsias cada"'
    assert a['brier'] < b['brier'] and a['ece'] < b['ece'], 'experimento 2: "o Brier e o ECE caem"'
    assert a['auc'] == b['auc'], 'experimento 2: "o ROC AUC, que o painel calcula no escore z, não se mexe"'
    exp = calibration.experiment(0)
    y_val, z = exp['y_val'], exp['models']['naive Bayes']['z_val']
    proba_auc = roc_auc_score(y_val, nb['p'])            # the AUC of predict_proba's rounded numbers
    assert num(proba_auc) == value('calibracao', 'calib_nb_auc_proba') != num(roc_auc_score(y_val, nb['p_after'])), \
        'experimento 2: "o AUC delas muda no terceiro decimal: {calib_nb_auc_proba} sem temperatura"'
    changed = (nb['p'] >= 1 / 11) != (nb['p_after'] >= 1 / 11)
    assert changed.sum() > 0, 'experimento 2: "no 1/11 da aula de custo, a temperatura muda decisões"'
    assert (z[changed] < 0).all()            # those biopsies sit between the 1/11 and the 0,5 threshold
    # the ECE against a perfect model's, read one-sided (course.evidence): the lesson's verdicts
    floor = calibration.ece_band(y_val, nb['p_after'])
    assert not floor.unusual, 'experimento 2: "está dentro do que o acaso dá"'
    assert 0.8 < lr['T'] < 1.25, 'experimento 3: "o T dela sai perto de 1"'
    assert abs(lr['after']['brier'] - lr['before']['brier']) < 0.002, 'experimento 3: "quase não muda o Brier"'
    lr_floor = calibration.ece_band(y_val, lr['p'])
    assert lr_floor.unusual and lr_floor.p > 0.01, 'experimento 3: "O ECE dela sem temperatura é incomum"'
    gap = evidence.paired_bootstrap(y_val, lr['p'], nb['p_after'], lambda y_, p_: -calibration.binned_ece(y_, p_))
    assert not gap.distinct, 'experimento 3: "entre o ECE dela e o do naive Bayes com temperatura, a amostra não distingue os dois"'


# ----------------------------------------------------------------------------- the site

def lab_pages():
    return [f'labs/{lab}' for lab in LABS]


def confira_cells(site, page):
    html = BeautifulSoup((site / f'{page}.html').read_text(encoding='utf-8'), 'html.parser')
    return html, [c for c in html.select('div.cell') if re.fullmatch(r"confira\('[^']+'\)", c.get_text().strip())]


@pytest.mark.slow
@pytest.mark.parametrize('page', lab_pages())
def test_each_confira_cell_is_followed_by_its_hidden_note(site, page):
    html, found = confira_cells(site, page)
    notes = confira.notes(page.split('/')[1])
    assert len(found) == len(notes)
    for cell, note in zip(found, notes.values()):
        box = cell.find_next_sibling()
        assert box is not None and {'admonition', 'preveja'} <= set(box['class']), page
        assert box.select_one('.preveja-ui')['data-tipo'] == 'texto'
        region = box.find_next_sibling()
        assert 'preveja-resposta' in region['class']
        text = ' '.join(region.get_text().split())
        assert text.startswith(f'Confira ({note["step"].replace("`", "")}):'), text[:80]
        assert not re.search(r'\{[a-z]+_[a-z_0-9]+\}', text), 'a placeholder left in a note'
    assert '$' not in ' '.join(r.get_text() for r in html.select('.confira-nota')), 'math left as TeX'


def open_lab(browser, site_url, page, width=1280, javascript=True):
    if javascript:
        pg = recording_page(browser, [site_url, 'data:'])
        pg.set_viewport_size({'width': width, 'height': 900})
    else:
        context = browser.new_context(java_script_enabled=False, viewport={'width': width, 'height': 900})
        pg = context.new_page()
        pg.outside_requests = []
    pg.goto(f'{site_url}/{page}.html', wait_until='load')
    return pg


@pytest.mark.slow
@pytest.mark.parametrize('width', [1280, 390])
@pytest.mark.parametrize('page', lab_pages())
def test_no_note_is_visible_until_asked(browser, site_url, page, width):
    notes = list(confira.notes(page.split('/')[1]).values())
    pg = open_lab(browser, site_url, page, width)
    regions = pg.locator('div.confira-nota')
    boxes = pg.locator('div.admonition.confira-caixa')
    assert regions.count() == boxes.count() == len(notes)
    visible = straight(' '.join(pg.locator('article').inner_text().split()))
    for i, note in enumerate(notes):
        assert not regions.nth(i).is_visible(), f'{page}: note {i + 1} on screen on load'
        for s in sentences(note['text']):
            assert straight(' '.join(s.split())) not in visible, f'{page}: "{s}" is on screen on load'
    # the first note after a prediction; another one (the last, or the same one in a fresh visit when
    # the lab has a single note, as a new lab from scripts/new_lesson.py does) without
    boxes.nth(0).get_by_label('Minha previsão').fill('Acho que não estão equilibradas.')
    boxes.nth(0).get_by_role('button', name='Guardar e ver a resposta').click()
    assert regions.nth(0).is_visible()
    shown = regions.nth(0).inner_text()
    assert 'Sua previsão: Acho que não estão equilibradas.' in shown and f'Confira ({notes[0]["step"].replace("`", "")})' in shown
    others = range(1, len(notes))
    assert not any(regions.nth(i).is_visible() for i in others), 'one prediction opened two notes'
    last = len(notes) - 1
    if last:
        boxes.nth(last).get_by_role('button', name='Mostrar sem prever').click()
        assert regions.nth(last).is_visible()
        pg.reload(wait_until='load')
        assert regions.nth(0).is_visible() and regions.nth(last).is_visible()
        assert not any(regions.nth(i).is_visible() for i in others[:-1])
    else:
        pg.reload(wait_until='load')
        assert regions.nth(0).is_visible()
        assert pg.outside_requests == [] and pg.console_errors == []
        pg.context.close()
        pg = open_lab(browser, site_url, page, width)
        regions = pg.locator('div.confira-nota')
        assert not regions.nth(0).is_visible()
        pg.locator('div.admonition.confira-caixa').nth(0).get_by_role('button', name='Mostrar sem prever').click()
        assert regions.nth(0).is_visible()
        pg.reload(wait_until='load')
        assert regions.nth(0).is_visible()
    assert pg.outside_requests == [] and pg.console_errors == []
    pg.context.close()


@pytest.mark.slow
@pytest.mark.parametrize('page', lab_pages())
def test_without_javascript_every_note_is_on_the_page(browser, site_url, page):
    pg = open_lab(browser, site_url, page, javascript=False)
    regions = pg.locator('div.confira-nota')
    assert regions.count() == len(confira.notes(page.split('/')[1]))
    for i in range(regions.count()):
        assert regions.nth(i).is_visible()
    pg.context.close()
