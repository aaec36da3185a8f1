"""The fundamental metrics lesson (lessons/metricas-fundamental and its parts, course/toc.py): what
it takes from seeds 003/004, and the lab's numbers it computes for the lab's notes.

Reads the executed parts (``lessons/metricas-fundamental*.ipynb``, stored by ``scripts/refresh.py``;
``tests/stored.py`` reads them as one notebook) and the seeds:

- seed 004's Listing 1 (20.000 imbalanced samples, "sempre 'não'" against a logistic regression,
  the by-hand check and its largest gap) prints every number of the seed's output, in order;
- seed 004's worked exercise (40 / 10 / 20 / 930) prints the seed's numbers, and the page's
  glued answers (the Preveja boxes) are those numbers;
- seed 003's ten labels give the seed's counts and metrics (0,6; 0,667; 0,8; 0,571; F1 0,667
  both ways), and the table on the page is the array the code uses;
- the sentences whose truth depends on a number (the fraud hook, "13 pontos acima da linha de
  base") say what the code computed.
Builds nothing itself.
"""
import re

import jupytext
import numpy as np
import stored
import yaml

from conftest import ROOT
from course import evidence

PARTS_MD = stored.parts_md('metricas-fundamental')
LESSON_TEXT = '\n'.join(md.read_text(encoding='utf-8') for md in PARTS_MD)   # every part's source
NUMBER = stored.NUMBER


notebook, printed, glued = stored.lesson_fixtures('metricas-fundamental')

# seed 004's printed outputs ("# Output:" blocks), as the seed prints them (Italian labels)
SEED_LISTING_1 = """\
positivi nel test: 256 su 10000

sempre 'no': TN=9744 FP=0 FN=256 TP=0
  accuratezza 0.9744  accuratezza bilanciata 0.5000
  precision 0.0000  recall 0.0000  F1 0.0000

regressione logistica: TN=9742 FP=2 FN=179 TP=77
  accuratezza 0.9819  accuratezza bilanciata 0.6503
  precision 0.9747  recall 0.3008  F1 0.4597

a mano: accuratezza 0.9819  precision 0.9747  recall 0.3008  F1 0.4597
scarto massimo dai valori di sklearn: 5.551115123125783e-17"""
SEED_EXERCISE = """\
campioni: 1000  positivi veri: 60
accuratezza: 0.97
precision: 0.8  recall: 0.6667  specificita': 0.9894
F1: 0.7273  F2: 0.6897
accuratezza di chi risponde sempre 'no': 0.94"""


def numbers(text):
    return NUMBER.findall(text)


def seed_output(marker):
    """The "# Output:" block of seed 004 whose text contains ``marker``, without the "# "."""
    blocks = stored.seed('004').split('# Output:')[1:]
    hits = [b for b in blocks if marker in b]
    assert len(hits) == 1, marker
    lines = []
    for line in hits[0].splitlines()[1:]:
        if not line.startswith('#'):
            break
        lines.append(line[2:] if line.startswith('# ') else line[1:])
    return '\n'.join(lines).strip()


def test_the_copied_outputs_are_the_seeds():
    assert seed_output('positivi nel test') == SEED_LISTING_1
    assert seed_output('campioni: 1000') == SEED_EXERCISE


def test_notebook_runs_clean(notebook):
    for cell in notebook.cells:
        if cell.cell_type == 'code':
            assert cell.execution_count
            for o in cell.outputs:
                assert o.output_type != 'error', cell.source[:80]
                assert not (o.output_type == 'stream' and o.name == 'stderr'), cell.source[:80]


def test_listing_1_prints_the_seeds_numbers(printed):
    ours = (stored.stdout_of(printed, 'make_classification(n_samples=20000')
            + stored.stdout_of(printed, 'maior diferença para os valores do sklearn'))
    seed = SEED_LISTING_1
    assert numbers(ours) == numbers(seed)
    assert '5.551115123125783e-17' in ours
    # labels translated, format kept: the same lines, the same widths
    assert len(ours.strip().splitlines()) == len(seed.strip().splitlines())


def test_listing_1_glue(glued):
    assert glued['fund_fraud_dummy_acc'] == '97,44 %'         # the hook, rounded as 0,9744 is printed
    assert glued['fund_fraud_prev'] == '2,6 %'
    assert glued['fund_fraud_pos'] == '256' and glued['fund_fraud_n_test'] == '10.000'
    assert (glued['fund_fraud_dummy_acc4'], glued['fund_fraud_lr_acc4']) == ('0,9744', '0,9819')
    assert (glued['fund_fraud_dummy_bal4'], glued['fund_fraud_lr_bal']) == ('0,5000', '0,6503')
    assert (glued['fund_fraud_lr_prec'], glued['fund_fraud_lr_recall']) == ('0,9747', '0,3008')
    assert (glued['fund_fraud_lr_tp'], glued['fund_fraud_lr_fn'],
            glued['fund_fraud_lr_alarms']) == ('77', '179', '79')
    assert glued['fund_fraud_acc_gain'] == '0,75 ponto percentual'
    assert glued['fund_fraud_gap'] == '6 × 10⁻¹⁷'


def test_worked_exercise_prints_the_seeds_numbers(printed, glued):
    ours = stored.stdout_of(printed, 'tp, fp, fn, tn = 40, 10, 20, 930')
    assert numbers(ours) == numbers(SEED_EXERCISE)
    answers = {'acc': '0,970', 'prec': '0,800', 'rec': '0,667', 'spec': '0,989',
               'f1': '0,727', 'f2': '0,690', 'always': '0,940'}
    for key, value in answers.items():
        assert glued[f'fund_ex_{key}'] == value, key
    assert glued['fund_ex_gain'] == '3 pontos'
    assert (glued['fund_ex_found'], glued['fund_ex_wrong']) == ('2 em cada 3', '1 em cada 5')
    confirmation = stored.stdout_of(printed, 'fbeta_score(y_true_ex, y_pred_ex, beta=2)')
    # the course's own cell prints the pt-BR way (decimal comma), as the prose writes them
    values = re.findall(r'^.+?\s(\d+,\d{3})$', confirmation, re.M)
    assert values == ['0,970', '0,800', '0,667', '0,989', '0,727', '0,690', '0,940']
    assert '.' not in ''.join(values)


def test_ten_labels_follow_seed_003(printed, glued):
    seed = stored.seed('003')
    assert 'Con etichette vere $[1,1,1,1,0,0,0,1,1,1]$ e previste $[1,1,1,1,0,0,1,0,0,0]$' in seed
    assert 'TP $=4$' in seed and 'TN $=2$' in seed and 'FP $=1$' in seed and 'FN $=3$' in seed
    counts = {k: glued[f'fund_ten_{k}'] for k in ('tp', 'tn', 'fp', 'fn')}
    assert counts == {'tp': '4', 'tn': '2', 'fp': '1', 'fn': '3'}
    # seed: accuracy 0,6; specificity 0,667; precision 0,8; recall 0,571; F1 0,667 both ways
    assert [glued[f'fund_ten_{k}'] for k in ('acc', 'spec', 'prec', 'rec', 'f1')] == \
        ['0,600', '0,667', '0,800', '0,571', '0,667']
    out = stored.stdout_of(printed, 'y_true_10, y_pred_10, labels=[1, 0]')
    assert 'TP=4 TN=2 FP=1 FN=3' in out
    assert out.count('0.667') == 4       # especificidade and the three F1


def test_ten_labels_table_is_the_code():
    text = LESSON_TEXT
    rows = re.findall(r'^\| (\d+) \| ([01]) \| ([01]) \|$', text, re.M)
    assert [int(case) for case, _, _ in rows] == list(range(1, 11))
    cell = next(c.source for md in PARTS_MD for c in jupytext.read(md).cells
                if c.cell_type == 'code' and 'y_true_10 = np.array' in c.source)
    namespace = {'np': np}
    exec(cell, namespace)
    assert [int(r) for _, r, _ in rows] == namespace['y_true_10'].tolist()
    assert [int(q) for _, _, q in rows] == namespace['y_pred_10'].tolist()


def test_para_fechar_says_above_the_baseline(glued):
    """Issue 13: 77,9 % is 13 points above the 64,9 % baseline, not "quase alcança"."""
    text = LESSON_TEXT
    assert 'quase alcança' not in text
    assert glued['fund_lab_acc_pct'] == '77,9 %' and glued['fund_lab_b_major_acc'] == '64,9 %'
    assert glued['fund_lab_lr_gain'] == '13 pontos'


def test_lab_figure_labels_are_portuguese():
    """Issue 13 item 7: the confusion-matrix figures speak Portuguese; the printed text that is
    seed-exact (classification_report's target_names, "logistic regression:") does not change."""
    text = LESSON_TEXT
    for english in ("'sick'", "'healthy'", "'no diabetes'], ax=ax", "'logistic regression')"):
        assert english not in text, english
    assert "target_names=['no diabetes', 'diabetes']" in text
    assert 'print("logistic regression:\\n"' in text


def test_lab_keys_do_not_reward_noise(glued):
    """Issue 20 item 2, then issue 28: no key rewards a difference of a few women. Passo 4 asks
    whether the two models miss the same women (17 of 19 in common, far from the options' borders);
    passo 7's verdict on the MCC difference is course.evidence's paired bootstrap, in its words:
    the interval holds 0 and a large k-NN advantage, so "a amostra não distingue os dois", never a
    tie. The lab's Preveja offers the module's three answers; its Confira note glues the verdict."""
    assert (glued['fund_lab_same_fn'], glued['fund_lab_fn_both'], glued['fund_lab_knn_fn']) == \
        ('quase-todas', '17', '19')
    assert glued['fund_lab_mcc_verdict'] == 'indistinto'
    assert glued['fund_lab_mcc_verdict_text'] == evidence.INDISTINCT
    low, high = re.fullmatch(r'de (−\d,\d+) a (\+\d,\d+)', glued['fund_lab_mcc_ci']).groups()
    assert float(high[1:].replace(',', '.')) > 3 * float(glued['fund_lab_mcc_diff'].replace(',', '.'))
    assert 'fund_lab_fewer_fn' not in LESSON_TEXT and 'fund_lab_mcc_winner' not in LESSON_TEXT
    lab = (ROOT / 'labs' / 'triagem.md').read_text(encoding='utf-8')
    for option in ('O k-NN supera a regressão logística nesta amostra.',
                   'A regressão logística supera o k-NN nesta amostra.', 'A amostra não distingue os dois.'):
        assert option in lab
    notes = yaml.safe_load((ROOT / 'course' / 'confira_texts' / 'triagem.yml').read_text(encoding='utf-8'))
    note = notes['notes']['passo 7']['text']
    assert note.startswith('Pelo MCC, {fund_lab_mcc_verdict_text}.') and 'empat' not in note


def test_the_rare_draw_says_what_it_shows(glued):
    """Issue 28: one draw of 5 women with diabetes moved the logistic regression's balanced accuracy
    about as much as its MCC (0,736 -> 0,840 against 0,499 -> 0,403), because its recall on 5 women
    came out 4 of 5 (Wilson's interval holds the whole validation's 32 of 54). The note says that,
    and separates the prevalence's own effect (recall and specificity of passo 5, the new prevalence)."""
    assert (glued['fund_lab_bal_val'], glued['fund_lab_bal_rare']) == ('0,736', '0,840')
    assert (glued['fund_lab_mcc_val'], glued['fund_lab_mcc_rare']) == ('0,499', '0,403')
    assert (glued['fund_lab_rare_rec_frac'], glued['fund_lab_val_rec_frac']) == ('4 de 5', '32 de 54')
    assert glued['fund_lab_rare_rec_ci'] == 'de 0,38 a 0,96'
    assert glued['fund_lab_rare_verdict'] == evidence.INDISTINCT
    notes = yaml.safe_load((ROOT / 'course' / 'confira_texts' / 'triagem.yml').read_text(encoding='utf-8'))
    note = notes['notes']['simulação 2']['text']
    for name in ('fund_lab_bal_val', 'fund_lab_bal_rare', 'fund_lab_mcc_rare', 'fund_lab_rare_rec_ci',
                 'fund_lab_rare_mcc_prev', 'fund_lab_rare_verdict'):
        assert '{' + name + '}' in note, name
    assert 'por acaso' not in note


def test_no_lab_answer_on_the_lesson_pages():
    """Issue 30, one home per story: the lab's Prevejas and answers live in the lab and its Confira
    notes. The lesson's parts keep the lab's code in hidden cells (its values feed the notes) but no
    Preveja keyed on a lab value and no lab value in their prose. In the lab, passo 6 does not define
    the specificity it asks for, and passo 5 asks the precision, not the recall passo 4 shows
    (issue 21)."""
    assert not re.search(r':resposta: fund_lab_', LESSON_TEXT)
    assert not re.search(r'\{glue:text\}`fund_lab_', LESSON_TEXT)
    lab = (ROOT / 'labs' / 'triagem.md').read_text(encoding='utf-8')
    step = {n: lab.split(f'### Passo {n} ')[1].split('```')[0] for n in (5, 6)}
    assert 'precisão' in step[5] and 'revocação' not in step[5]
    assert 'revocação da classe negativa' not in step[6]
