"""The quiz banks (quiz/*.yml) and their renderer (course/quiz.py).

- every bank (found by glob) follows the one schema, ``course.quiz.check_bank``;
- every answer is checked against code (KEYS): numeric answers are recomputed, true/false and
  choice keys are derived from the lessons' numbers where a number decides them, so a flipped
  answer in a bank fails here;
- a bank types no lesson number: it names the lesson's glued values (``{custo_cost_05}``), and
  every name it uses is glued by the lesson;
- text is Portuguese, the rendered HTML loads nothing and links only to the course site;
- every lesson and lab ends with a quiz cell of an existing bank.
"""
import math
import re
import sys

import numpy as np
import pytest
import stored
import yaml
from scipy.special import expit
from scipy.stats import norm

from conftest import ROOT
from course import quiz, values
from course import toc as _toc

sys.path.insert(0, str(ROOT / 'scripts'))
import new_lesson  # noqa: E402  (the question its new banks hold)

QUIZ_DIR = ROOT / 'quiz'
TYPES = set(quiz.TYPES)

# ------------------------------------------------------------------ the lessons' own numbers

def lesson_glue(lesson):
    """{name: text} of the lesson's glued strings, as it ships them (course/lesson_values/, which
    refresh.py writes from its executed parts and tests/test_notebooks.py checks against the glue
    stored in them): read from there, an edit of a lesson's prose does not run these tests again."""
    return values.shipped(lesson)


GLUE = {path.stem: lesson_glue(path.stem) for path in sorted(values.SHIPPED.glob('*.json'))}


def glued_number(lesson, name):
    return quiz.number_from_text(GLUE[lesson][name])


FUND, CUSTO, CALIB, ROC = (GLUE[k] for k in ('metricas-fundamental', 'custo', 'calibracao', 'roc'))
# 20 patients, threshold 0.5 (lesson "Métricas", section 2), recomputed from the patients' data
TP, FP, FN, TN = 7, 2, 3, 8


def _patients_counts():
    """The four counts recomputed from the 20 patients' scores and labels."""
    from course.data import SCORES, THRESHOLD, Y_TRUE
    pred = SCORES >= THRESHOLD
    return (int((pred & (Y_TRUE == 1)).sum()), int((pred & (Y_TRUE == 0)).sum()),
            int((~pred & (Y_TRUE == 1)).sum()), int((~pred & (Y_TRUE == 0)).sum()))


ANSWERS = {
    # metricas: the 20 patients (independent counting)
    'precision_20_patients': TP / (TP + FP),                          # 7/9
    'recall_20_patients': TP / (TP + FN),                             # 0,7
    'specificity_20_patients': TN / (TN + FP),                        # 0,8
    'npv_20_patients': TN / (TN + FN),                                # 8/11
    'f1_20_patients': 2 * TP / (2 * TP + FP + FN),                    # 14/19
    # custo (lesson 2.6): the general form (c_FP - c_TN) / ((c_FP - c_TN) + (c_FN - c_TP)), with a
    # miss at 10, a false alarm at 1, a true positive at 1 (its biopsy) and a true negative at 0
    'threshold_theory_tp1_fn10_fp1': (1 - 0) / ((1 - 0) + (10 - 1)),
    # calibracao (lesson 2.4)
    'temperature_099_T4': float(expit(math.log(0.99 / 0.01) / 4)),
    # the naive Bayes biopsies with confidence above 99 %: at least 1 % error each
    'expected_errors_sure_at_99': int(CALIB['calib_nb_sure_before']) * 0.01,
    # roc (lesson 2.3)
    'binormal_auc_d2': float(norm.cdf(2 / math.sqrt(2))),
    'bayes_precision_1pct': 0.95 * 0.01 / (0.95 * 0.01 + 0.05 * 0.99),
    'bootstrap_width_factor_4x': 1 / math.sqrt(4),
}


def _custo(name):
    return quiz.number_from_text(CUSTO[name])


# The key of every non-numeric question, derived from the lessons' numbers where a number decides
# it (a flipped key in a bank fails test_every_key_is_checked_against_code):
# single/multiple -> the indices of the correct options; truefalse -> the answer.
KEYS = {
    ('calibracao', 'oito-e-oitenta'):        # false: the naive Bayes' 99 % are wrong more often
        not int(CALIB['calib_nb_sure_errors_before']) > int(CALIB['calib_nb_sure_before']) * 0.01,
    # the percentages, the Brier, the ECE and, at a threshold other than 0,5, decisions (the lesson
    # counts the naive Bayes' decisions changed at the cost lesson's threshold)
    ('calibracao', 'temperatura-muda'): [0, 1, 2] + ([6] if int(CALIB['calib_nb_changed_thr']) > 0 else []),
    ('calibracao', 'por-que-decisoes-ficam'): [0],
    ('calibracao', 'ordenar-nao-e-calibrar'): [0],
    ('calibracao', 'ler-o-diagrama'): [0],
    ('calibracao', 'abaixo-da-diagonal'): [0],
    ('calibracao', 'logistica-calibrada'): [0],
    # false: the best-F1 threshold costs more than the theory threshold, which nobody tuned
    ('custo', 'f1-para-tudo'): _custo('custo_f1_cost') <= _custo('custo_theory_cost'),
    ('custo', 'o-que-entra-no-custo'): [0, 1, 2],
    ('custo', 'f1-nao-e-custo'): [0],
    ('custo', 'direcao-do-limiar'):          # down: 1/(1+50) is below the lesson's theory threshold
        [0] if 1 / 51 < int(CUSTO['custo_price_fp']) / (int(CUSTO['custo_price_fp']) + int(CUSTO['custo_price_fn'])) else [1],
    ('custo', 'custo-otimista'): [0] if _custo('custo_honest') > _custo('custo_best_cost') else [2],
    ('custo', 'teoria-supoe-calibracao'): True,
    ('custo', 'limiar-linha-de-base'): False,   # a threshold dearer than the cheaper extreme: worse than no model
    ('metricas', 'matriz-layout-padrao'): [0],
    ('metricas', 'matriz-ordem-sklearn'): [0],
    ('metricas', 'pergunta-quando-diz-doente'): [0],
    ('metricas', 'paradoxo-acuracia'): [0],
    # true: with one price per error the cost per case is price * (1 - accuracy); on the 1.000
    # patients the more accurate answer ("sempre saudável") makes fewer errors
    ('metricas', 'acuracia-custos-iguais'): (int(FUND['fund_err_always']) < int(FUND['fund_err_lazy']))
        == (quiz.number_from_text(FUND['fund_always_acc']) > quiz.number_from_text(FUND['fund_lazy_acc'])),
    ('metricas', 'limiar-sobe'): [0, 1, 2, 3],
    ('metricas', 'limiar-propriedade'): False,
    ('roc', 'precisao-condiciona'): [0],       # precision conditions on the prediction
    ('roc', 'eixos-roc'): [0],
    ('roc', 'par-perdido'): [0],
    ('roc', 'linha-de-base-pr'): [0],
    ('roc', 'prevalencia-cai'): [0, 1, 2],
    ('roc', 'bootstrap-como'): [0],
    ('roc', 'intervalos-sobrepostos'): False,   # the example's intervals overlap, the difference excludes 0
    ('roc', 'inclui-zero-nao-decide'): False,   # an interval that holds 0 is not a tie (course/evidence.py)
    ('roc', 'mcnemar-discordantes'): [0],      # McNemar reads only the rows where the two disagree
}

# ------------------------------------------------------------------ avan: metricas-avancada + regressao
# The advanced metrics page adds its questions at the end of the shared bank quiz/metricas.yml
# (sections on metricas-avancada.html); the appendix "E quando o alvo é um número?" has its own
# bank. The keys below are recomputed from each question's own inputs (seed 003's spam filter and
# Cat/Dog/Horse matrix, seed 003's 900/100 example), not copied from the lessons.
def _avan_answers():
    from sklearn.metrics import mean_absolute_error, precision_score
    animals = np.array([[8, 1, 1], [2, 10, 0], [0, 2, 8]])      # gato, cão, cavalo
    y_a = np.repeat(np.repeat(np.arange(3), 3), animals.ravel())
    yp_a = np.repeat(np.tile(np.arange(3), 3), animals.ravel())
    y_true = np.full(100, 10.0)                                 # 100 casos, resíduo do 1º positivo
    y_pred = np.full(100, 8.0)
    y_dirty = y_true.copy()
    y_dirty[0] += 400
    beta2 = 2 ** 2
    return {
        'fbeta_2_tp8_fn2_fp4': (1 + beta2) * 8 / ((1 + beta2) * 8 + beta2 * 2 + 4),
        'spam_balanced_accuracy': (27 / (27 + 6) + 57 / (57 + 10)) / 2,
        'animals_dog_precision': float(precision_score(y_a, yp_a, average=None)[1]),
        'regressao_mae_shift_400_in_100': float(mean_absolute_error(y_dirty, y_pred)
                                                - mean_absolute_error(y_true, y_pred)),
    }


ANSWERS.update(_avan_answers())
# The advanced metrics lesson in three parts (issue 28.4: its questions test what its objectives
# promise): precision against prevalence, MCC and balanced accuracy when prevalence changes, log
# loss and Brier. Numeric keys recomputed here from each question's own made-up inputs; choice
# keys derived from the same arithmetic or from the lesson's glued numbers.
def _adv_prevalence_counts(sens, spec, prevalence, n=10_000):
    sick = round(n * prevalence)
    tp, tn = sens * sick, spec * (n - sick)
    return tp, sick - tp, (n - sick) - tn, tn


def _adv_metrics(tp, fn, fp, tn):
    n = tp + fn + fp + tn
    return {'precision': tp / (tp + fp), 'npv': tn / (tn + fn), 'accuracy': (tp + tn) / n,
            'recall': tp / (tp + fn), 'specificity': tn / (tn + fp),
            'balanced': (tp / (tp + fn) + tn / (tn + fp)) / 2,
            'mcc': (tp * tn - fp * fn) / math.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn))}


_p2 = _adv_prevalence_counts(0.8, 0.95, 0.02)


def _balanced_cost_ratio(pi, n=1000):
    """The price of a miss, in false alarms, at which the mean cost per case is 2 (1 - pi)
    (1 - balanced accuracy) for every confusion matrix: (1 - pi) / pi, checked on two."""
    ratio, pos = (1 - pi) / pi, round(n * pi)
    for fn, fp in [(10, 100), (3, 300)]:
        balanced = ((pos - fn) / pos + (n - pos - fp) / (n - pos)) / 2
        assert math.isclose((ratio * fn + fp) / n, 2 * (1 - pi) * (1 - balanced))
    return ratio


ANSWERS.update({
    'precision_sens08_spec095_prev2': _p2[0] / (_p2[0] + _p2[2]),                    # 160 / 650
    'mcc_tp20_fn5_fp10_tn65': (20 * 65 - 10 * 5) / math.sqrt(30 * 25 * 75 * 70),
    'log_loss_three_made_up': -(math.log(0.9) + math.log(1 - 0.3) + math.log(0.4)) / 3,
    'brier_three_patients_made_up': ((0.9 - 1) ** 2 + 0.3 ** 2 + (0.4 - 1) ** 2) / 3,
    # the miss price at which the expected cost orders models as 1 - balanced accuracy does, pi = 5 %
    'balanced_cost_ratio_prev5': _balanced_cost_ratio(0.05),
})
_moved = [name for name in ('precision', 'npv', 'accuracy', 'recall', 'specificity')
          if not math.isclose(_adv_metrics(*_adv_prevalence_counts(0.9, 0.6, 0.30))[name],
                              _adv_metrics(*_adv_prevalence_counts(0.9, 0.6, 0.03))[name])]
_at50, _at05 = (_adv_metrics(*_adv_prevalence_counts(0.9, 0.9, q)) for q in (0.50, 0.05))
_ADV = GLUE['metricas-avancada']          # the three parts' glue, read as one lesson


def _adv(name):
    return quiz.number_from_text(_ADV[name])          # '36 %' -> 0.36, '0,17' -> 0.17


KEYS.update({
    # the options, in the bank's order: precisão, VPN, acurácia, revocação, especificidade
    ('metricas', 'prevalencia-o-que-muda'):
        [i for i, name in enumerate(('precision', 'npv', 'accuracy', 'recall', 'specificity')) if name in _moved],
    ('metricas', 'balanceada-mcc-prevalencia'):
        [0] if math.isclose(_at50['balanced'], _at05['balanced']) and _at05['mcc'] < _at50['mcc'] else [],
    # the lesson's weighted model: probabilities inflated (mean far above the share of B), and the
    # plain model at the threshold 0,1 lands near the same recall
    ('metricas', 'reequilibrar-o-que-muda'):
        [0] if _adv('adv_reb_bal_mean') > 3 * _adv('adv_reb_prev')
        and abs(_adv('adv_reb_t01_recall') - _adv('adv_reb_bal_recall')) <= 0.03 else [],
    ('metricas', 'erro-confiante'): [0] if -math.log(0.01) > 3 * 0.99 ** 2 else [2],
    # the probabilities said to a patient are judged by log loss / Brier with the reliability
    # diagram; F1, ROC AUC and accuracy do not look at the probability's value
    ('metricas', 'probabilidade-como-numero'): [0],
    # false: the bold model of section 13 has the same matrix and another log loss
    ('metricas', 'mesma-matriz-mesma-log-loss'): _ADV['adv_ll_bold'] == _ADV['adv_ll_score'],
})
# The metrics lesson spans two approaches, each in parts (course/toc.py): its bank's sections may
# point to any of their pages.
LESSON_PAGES = {'metricas': [p for lesson in ('metricas-fundamental', 'metricas-avancada')
                             for p in stored.parts(lesson)]}
# ------------------------------------------------------------------ end of avan

# ------------------------------------------------------------------ calibracao: hand calculations
ANSWERS.update({
    # three biopsies: P(maligno) 0,9 (malignant), 0,2 and 0,7 (benign)
    'brier_three_made_up': ((0.9 - 1) ** 2 + 0.2 ** 2 + 0.7 ** 2) / 3,
    # one bin: 40 of 200 biopsies, mean declared 0,85, 30 malignant
    'ece_one_bin_made_up': 40 / 200 * abs(0.85 - 30 / 40),
})
# ------------------------------------------------------------------ end of calibracao


# Keys of the questions the lessons' new sections added (issue 12): conceptual ones recorded here,
# independently of the bank; those a number decides, derived from that number.
KEYS.update({
    ('calibracao', 'brier-menor-calibrado'): False,
    ('calibracao', 'ece-igual-nao-basta'): [0],
    ('calibracao', 'erro-confiante-no-brier'): [0],
    ('calibracao', 'floresta-no-meio'): [0],
    ('calibracao', 'temperatura-na-logistica'): [0],
    ('calibracao', 'temperatura-ou-isotonica'): [0, 1],
    # true: a perfectly calibrated model's ECE on the 171 biopsies is above zero (the lesson's floor)
    ('calibracao', 'ece-modelo-perfeito'): quiz.number_from_text(CALIB['calib_floor_nb_after_mean']) > 0,
    ('calibracao', 'temperatura-sem-deslocamento'): [0],
    # the isotonic map is the one whose ROC AUC moved on the lesson's forest (Platt's did not)
    ('calibracao', 'mapa-muda-auc'):
        [0] if CALIB['calib_map_iso_auc'] != CALIB['calib_map_none_auc'] == CALIB['calib_map_platt_auc'] else [],
    # the clip decides the forest's T: above 1 with 1e-12, where each exact wrong 0 or 1 costs more
    # in the log loss, below 1 with half a vote
    ('calibracao', 'temperatura-piora-floresta'):
        [0] if quiz.number_from_text(CALIB['calib_map_T_tiny']) > 1 > quiz.number_from_text(CALIB['calib_map_T'])
        and quiz.number_from_text(CALIB['calib_map_cost_tiny']) > quiz.number_from_text(CALIB['calib_map_cost_half']) else [],
    # false: the lazy model is calibrated on the validation biopsies and its Brier is the worse one
    ('calibracao', 'calibrado-e-inutil'):
        quiz.number_from_text(CALIB['calib_const_brier']) <= quiz.number_from_text(CALIB['calib_nb_brier_before']),
    ('custo', 'cada-limiar-sua-metrica'): [1],
    ('custo', 'escolher-no-teste'): False,
    # the made-up thresholds A (100 misses, 30 false alarms) and B (60, 900) at 50 and 1
    ('custo', 'limiar-mais-barato-50'): [0] if 50 * 100 + 30 < 50 * 60 + 900 else [1],
    ('metricas', 'beta-peso'): [1],
    ('metricas', 'classe-rara-macro'): [1],
    ('metricas', 'dez-rotulos-leitura'): [0],
    ('metricas', 'equilibrar-antes-de-dividir'): [0],
    ('metricas', 'especificidade-nao-e-revocacao'): False,
    # only recall and F1 (both 0) say alone that no fraud is found; balanced accuracy 0,5 says 'no
    # better than chance', which a coin that finds half the frauds also scores
    ('metricas', 'fraude-o-que-denuncia'): [0, 1],
    ('metricas', 'harmonica-menor-domina'): [0],
    ('metricas', 'micro-igual-acuracia'): True,
    ('metricas', 'reamostrar-antes'): [1],
    ('metricas', 'spam-qual-metrica'): [2],
    ('regressao', 'r2-da-media'): [2],
    ('regressao', 'r2-negativo'): False,
    ('regressao', 'rmse-ou-mae'): [1],
    # a constant prediction has R² = -n (c - mean)² / SS_tot <= 0 on the test set
    ('regressao', 'r2-media-do-treino'):
        quiz.number_from_text(GLUE['regressao']['reg_base_r2_exact'].replace('−', '-')) > 0,
    # RMSE² = MAE² + var(|e|) >= MAE²: the RMSE is never below the MAE (the appendix's five patients)
    ('regressao', 'rmse-menor-que-mae'): glued_number('regressao', 'reg_toy_rmse')
    < glued_number('regressao', 'reg_toy_mae'),
    ('roc', 'limiar-nao-muda-auc'): True,
    ('roc', 'trocar-classe-positiva'): [0, 1],
})

ENGLISH_WORDS = [' the ', ' and ', ' of ', ' is ', ' with ', ' to ', ' are ', ' this ',
                 ' which ', ' true ', ' false ', ' correct ', ' wrong ', ' answer ']


def load(name):
    return quiz.load_bank(name)


BANK_NAMES = quiz.bank_names()
MINIMUM = {'metricas': 12, 'custo': 6, 'calibracao': 6, 'roc': 6, 'regressao': 4}   # name -> minimum


def all_questions():
    return [(name, q) for name in BANK_NAMES for q in load(name)['questions'] or []]


# the question scripts/new_lesson.py writes in a new bank, until the lesson's own replace it: its
# key is the template's arithmetic as the new lesson's glue has it
KEYS.update({(n, q['id']): GLUE[n][f"{n.replace('-', '_')}_exemplo"] == str(1 + 1)
             for n, q in all_questions() if q['id'] == new_lesson.TEMPLATE_QUESTION})


texts = quiz.question_texts


# ------------------------------------------------------------------ schema

def test_banks_are_found_by_glob():
    assert set(MINIMUM) <= set(BANK_NAMES)
    assert BANK_NAMES == sorted(p.stem for p in QUIZ_DIR.glob('*.yml'))


@pytest.mark.parametrize('name', BANK_NAMES)
def test_bank_follows_the_schema(name):
    bank = load(name)
    quiz.check_bank(bank, name)
    assert (ROOT / 'lessons' / f"{bank['lesson']}.md").is_file(), bank['lesson']
    for q in bank['questions'] or []:
        if q['type'] == 'numeric':
            assert q['answer_from'] in ANSWERS, f"{name}/{q['id']}: no expression {q['answer_from']!r}"


def test_schema_check_rejects_broken_banks():
    bank = load('metricas')
    single = next(q for q in bank['questions'] if q['type'] == 'single')
    for breakage in ('second correct', 'no feedback', 'bad type', 'bad placeholder answer'):
        broken = yaml.safe_load(yaml.safe_dump(bank))
        q = next(x for x in broken['questions'] if x['id'] == single['id'])
        if breakage == 'second correct':
            for option in q['options']:
                option['correct'] = True
        elif breakage == 'no feedback':
            del q['options'][-1]['feedback']
        elif breakage == 'bad type':
            q['type'] = 'essay'
        else:
            numeric = next(x for x in broken['questions'] if x['type'] == 'numeric')
            numeric['answer'] = 'cerca de {fund_tp}'
        with pytest.raises(quiz.BankError):
            quiz.check_bank(broken, 'metricas')


@pytest.mark.parametrize('name,minimum', MINIMUM.items())
def test_bank_has_enough_questions(name, minimum):
    assert len(load(name)['questions']) >= minimum


def test_every_type_is_used():
    used = {q['type'] for _, q in all_questions()}
    assert used == TYPES


def test_metricas_covers_the_fundamental_approach():
    ids = {q['id'] for q in load('metricas')['questions']}
    # why the harmonic mean: 'harmonica-menor-domina' (the derivation, part 3) asks it since the
    # parts' checks hold at most 8 questions each ('media-harmonica' asked the same idea)
    for needed in ['matriz-layout-padrao', 'matriz-ordem-sklearn', 'paradoxo-acuracia',
                   'precisao-20', 'revocacao-20', 'especificidade-20', 'vpn-20', 'f1-20',
                   'limiar-sobe', 'harmonica-menor-domina', 'acuracia-custos-iguais']:
        assert needed in ids


def test_the_erro_comum_questions_exist():
    """The lessons' "Erro comum" true/false (seeds 001 and 002) are in the banks."""
    custo = {q['id']: q for q in load('custo')['questions']}
    calib = {q['id']: q for q in load('calibracao')['questions']}
    assert custo['f1-para-tudo']['type'] == 'truefalse' and custo['f1-para-tudo']['answer'] is False
    assert 'F1' in custo['f1-para-tudo']['prompt']
    assert calib['oito-e-oitenta']['type'] == 'truefalse'
    assert calib['oito-e-oitenta']['answer'] is False and '0,8' in calib['oito-e-oitenta']['prompt']


# ------------------------------------------------------------------ answers

def test_the_patient_counts_are_the_lessons():
    assert _patients_counts() == (TP, FP, FN, TN)


def filled(name):
    """The bank with the numbers of its lesson's executed notebook."""
    bank = load(name)
    return quiz.fill(bank, GLUE[bank['lesson']])


@pytest.mark.parametrize('name,qid', [(n, q['id']) for n, q in all_questions()
                                      if q['type'] == 'numeric'])
def test_numeric_answer_is_recomputed(name, qid):
    q = next(x for x in filled(name)['questions'] if x['id'] == qid)
    expected = ANSWERS[q['answer_from']]
    assert abs(q['answer'] - expected) <= q['tolerance'], \
        f"{name}/{qid}: key {q['answer']} but {q['answer_from']} = {expected:.6f}"
    # the tolerance must not accept the usual slips (off by a few hundredths)
    assert q['tolerance'] <= max(0.01, 0.01 * abs(expected)), f'{name}/{qid}: tolerance too wide'


def test_every_answer_expression_is_used():
    used = {q['answer_from'] for _, q in all_questions() if q['type'] == 'numeric'}
    assert used == set(ANSWERS)


def test_every_key_is_checked_against_code():
    """Every non-numeric question has its key in KEYS, and the bank says the same."""
    questions = {(n, q['id']): q for n, q in all_questions() if q['type'] != 'numeric'}
    assert set(questions) == set(KEYS), (
        f'questions without a checked key (add them to KEYS): {sorted(set(questions) - set(KEYS))}; '
        f'keys of no question: {sorted(set(KEYS) - set(questions))}')
    wrong = []
    for where, q in questions.items():
        got = (q['answer'] if q['type'] == 'truefalse'
               else [i for i, o in enumerate(q['options']) if o['correct']])
        if got != KEYS[where]:
            wrong.append(f'{where}: bank {got}, code {KEYS[where]}')
    assert not wrong, 'answer keys that disagree with the code:\n' + '\n'.join(wrong)


def test_a_flipped_answer_fails():
    bank = load('custo')
    q = next(x for x in bank['questions'] if x['id'] == 'f1-para-tudo')
    assert q['answer'] == KEYS[('custo', 'f1-para-tudo')]
    assert (not q['answer']) != KEYS[('custo', 'f1-para-tudo')]


# ------------------------------------------------------------------ numbers come from the lessons

# Numbers typed in a bank on purpose: inputs of a made-up example worked out in the question
# itself, or settings of the lesson (thresholds, grid), not results: quiz -> id -> numbers.
TYPED_ON_PURPOSE = {
    'metricas': {'paradoxo-acuracia': {'0,990', '990'}, 'limiar-sobe': {'0,65', '0,70', '0,5', '0,7'}},
    'custo': {'f1-nao-e-custo': {'0,01', '0,99', '1', '20'}},
    'calibracao': {'temperatura-numero': {'0,99'}, 'erros-esperados': {'0,01'},
                   'ler-o-diagrama': {'0,7', '0,8', '0,5'},   # a made-up bin of a diagram
                   'temperatura-ou-isotonica': {'1.000'}},   # scikit-learn's rule of thumb, ≪ 1000 samples
    'roc': {'par-perdido': {'0,35'}, 'precisao-por-bayes': {'0,95', '1.000'},   # 1.000 cases, as the lesson counts
            'prevalencia-cai': {'0,1%', '0,1 %', '0,1\u00a0%'}, 'bootstrap-como': {'0,05'},
            'ap-vezes-acaso': {'0,1\u00a0%', '0,001'},   # the lesson's prevalence setting, as its table prints it
            'intervalos-sobrepostos': {'1.000'}},          # the 1.000-row test set of the table
}
# ------------------------------------------------------------------ metricas-fundamental (fund)
# Issue 12 items 1, 6, 7 and 11 on the fundamental metrics page: seed 004's 20.000 transactions
# (section 4), the harmonic-mean derivation and seed 003's ten labels (section 7), the "Erros
# comuns" box (section 8) and seed 004's worked exercise. Keys recomputed from the page's glue.
_FUND = GLUE['metricas-fundamental']
FUND_EX = {k: int(_FUND[f'fund_ex_{k}']) for k in ('tp', 'fp', 'fn', 'tn')}   # 40, 10, 20, 930
# the ten labels as quiz dez-rotulos-revocacao shows them (checked against the page below)
TEN_TRUE = [1, 1, 1, 1, 0, 0, 0, 1, 1, 1]
TEN_PRED = [1, 1, 1, 1, 0, 0, 1, 0, 0, 0]
_ex_p = FUND_EX['tp'] / (FUND_EX['tp'] + FUND_EX['fp'])
_ex_r = FUND_EX['tp'] / (FUND_EX['tp'] + FUND_EX['fn'])
ANSWERS.update({
    'fraud_always_no_accuracy': 1 - int(_FUND['fund_fraud_pos'])
                                / int(_FUND['fund_fraud_n_test'].replace('.', '')),
    'f1_counts_6_2_4': 2 * 6 / (2 * 6 + 2 + 4),                       # made-up counts in the prompt
    'recall_ten_labels': sum(t and p for t, p in zip(TEN_TRUE, TEN_PRED)) / sum(TEN_TRUE),
    'npv_exercise': FUND_EX['tn'] / (FUND_EX['tn'] + FUND_EX['fn']),
    'fpr_exercise': FUND_EX['fp'] / (FUND_EX['fp'] + FUND_EX['tn']),
})
# the fraud section's own question (issue 41: each part's check asks its part's matter): the order
# of confusion_matrix(...).ravel() without `labels`, read off scikit-learn on four distinct counts
def _ravel_order():
    from sklearn.metrics import confusion_matrix
    counts = {'tn': 4, 'fp': 3, 'fn': 2, 'tp': 1}
    y_true = [0] * 7 + [1] * 3
    y_pred = [0] * 4 + [1] * 3 + [0] * 2 + [1]
    name = {v: k for k, v in counts.items()}
    return ', '.join(name[int(v)] for v in confusion_matrix(y_true, y_pred).ravel())


# part 5's check: the same sensitivity and specificity at two prevalences give two precisions
# (the four cells); five biopsies for the five highest scores of the 20 patients
def _precision_at(prevalence, sens=0.5, spec=0.99):
    return sens * prevalence / (sens * prevalence + (1 - spec) * (1 - prevalence))


KEYS[('metricas', 'quatro-celulas-prevalencia')] = not math.isclose(_precision_at(0.01), _precision_at(0.1))


def _biopsy_top_sick(slots=5):
    from course.data import SCORES, Y_TRUE
    return int(Y_TRUE[np.argsort(-SCORES, kind='stable')[:slots]].sum())


ANSWERS['biopsy_top_sick'] = _biopsy_top_sick()
KEYS[('metricas', 'fraude-ravel-ordem')] = [['tn, fp, fn, tp', 'tp, fn, fp, tn', 'tp, fp, fn, tn'].index(_ravel_order())]


def test_fund_ten_labels_are_the_pages():
    """The quiz's ten labels give the counts the page glued (TP 4, TN 2, FP 1, FN 3)."""
    counts = {'tp': (1, 1), 'tn': (0, 0), 'fp': (0, 1), 'fn': (1, 0)}
    for name, (t, p) in counts.items():
        n = sum(a == t and b == p for a, b in zip(TEN_TRUE, TEN_PRED))
        assert n == int(_FUND[f'fund_ten_{name}']), name
    q = next(x for x in load('metricas')['questions'] if x['id'] == 'dez-rotulos-revocacao')
    assert f'`{TEN_TRUE}`' in q['prompt'] and f'`{TEN_PRED}`' in q['prompt']


def test_fund_new_sections_have_two_questions_each():
    by_section = {}
    for q in load('metricas')['questions']:
        by_section.setdefault(q['section'].split('#')[1], []).append(q['id'])
    for section in ('sec-metricas-fraude', 'sec-metricas-f1-derivacao', 'sec-metricas-dez-rotulos',
                    'sec-metricas-erros-comuns', 'sec-metricas-exercicio'):
        assert len(by_section.get(section, [])) >= 2, section
# ------------------------------------------------------------------ end of metricas-fundamental

# ---- custo: the hand calculations of section 2 and seed 004's Listing 3 (the second part) --------
# Answer keys recomputed here (the made-up screening example, and F2 from the lesson's glued counts)
# and the numbers the new questions quote from the lesson, checked against its glue.
_CUSTO = GLUE['custo']
ANSWERS.update({
    # 800 people, 50 sick, a miss at 20 and a false alarm at 1: everyone flagged -> 750 false alarms
    'cost_all_flagged_800_50': 20 * 0 + 1 * (800 - 50),
    # a calibrated model whose best F1 is 0,8: its best threshold is F*/(1 + beta^2) = 0,4
    'fbeta_best_threshold_f1_08': 0.8 / (1 + 1 ** 2),
    # the cost-minimum row on the test set: F2 = 5 TP / (5 TP + 4 FN + FP)
    'f2_listing3_cost_row': (lambda tp, fp, fn: 5 * tp / (5 * tp + 4 * fn + fp))(
        *(int(_CUSTO[f'custo_l3_{k}_min']) for k in ('tp', 'fp', 'fn'))),
})
# "the best F2 threshold is 1/5": false whenever F* < 1 (the lesson's F2* / 5 is below 0,2)
KEYS[('custo', 'f2-limiar-um-quinto')] = not glued_number('custo', 'custo_l3_f2_star_fifth') < 0.2
# ---- end of the custo block ------------------------------------------------------------------------

# ------------------------------------------------------------------ roc: the sections added by
# issue 12 (the 20 patients, the biopsies' curves, k-NN against logistic regression). Answers are
# recomputed from the data the lesson uses; quoted numbers are tied to the lesson's glue.

def _roc_biopsies_prevalence():
    """The share of malignant biopsies (Breast Cancer Wisconsin, 1 - y as in the lessons)."""
    from sklearn.datasets import load_breast_cancer
    _, y = load_breast_cancer(return_X_y=True)
    return float((1 - y).mean())


def _roc_patients():
    from course.data import SCORES, Y_TRUE
    return SCORES, Y_TRUE


ANSWERS.update({
    # the sick patient P15 (score 0,20) against the 10 healthy ones
    'patients_p15_pairs_won': int((_roc_patients()[0][_roc_patients()[1] == 0] < 0.20).sum()),
    'biopsies_pr_baseline': _roc_biopsies_prevalence(),                            # 212/569
    'knn20_score_levels': len(np.unique(np.arange(20 + 1) / 20)),                  # 0/20 ... 20/20
    # the average precision at prevalence 0,1 % over that of chance (the prevalence), as the page rounds it
    'prevalence_ap_over_chance_01': quiz.number_from_text(ROC['roc_prev_ap_01']) / 0.001,
})
TYPED_ON_PURPOSE['roc'].update({
    'p15-vence': {'0,20', '0,75', '0,60', '0,40', '0,30', '0,25', '0,15', '0,10', '0,08', '0,05',
                  '0,02'},                                     # the 20 patients' scores (data)
})


def test_roc_p15_is_the_lessons_patient():
    """p15-vence quotes P15's score and the healthy patients' scores: those of course.data."""
    from course.data import PATIENT_IDS
    scores, y = _roc_patients()
    assert PATIENT_IDS[14] == 'P15' and scores[14] == 0.20 and y[14] == 1
    text = question_text(next(q for q in load('roc')['questions'] if q['id'] == 'p15-vence'))
    healthy = '; '.join(f'{s:.2f}'.replace('.', ',') for s in scores[y == 0])
    assert healthy.rsplit('; ', 1)[0] + ' e ' + healthy.rsplit('; ', 1)[1] in text.replace('\n', ' ')


# ------------------------------------------------------------------ end of the roc block

# a lesson-looking number: 0,959 / 0,75 / 99,5 % / 87,7% (not 0,5 or 0,9: a threshold or an input)
LESSON_LOOKING = re.compile(r'(?<![\d,])\d+,\d{2,}(?![\d,])|(?<![\d,])\d+,\d\s?%')
NUMBER = re.compile(r'(?<![\w,.])\d+(?:[.,]\d+)*(?![\w])')


@pytest.mark.parametrize('name', BANK_NAMES)
def test_placeholders_name_the_lessons_glue(name):
    bank = load(name)
    missing = sorted(quiz.placeholders(bank) - set(GLUE[bank['lesson']]))
    assert not missing, (f'quiz/{name}.yml names {missing}, not glued by lessons/{bank["lesson"]}.md '
                         f'(glue them, then `python scripts/refresh.py {bank["lesson"]}`)')


@pytest.mark.parametrize('name', BANK_NAMES)
def test_no_lesson_number_is_typed(name):
    """A number the lesson computes is named ({placeholder}), never typed in the bank."""
    bank = load(name)
    # the lesson's results: whole numbers of 3 digits or more, decimals with 2 places or more
    # (small counts and one-decimal inputs such as 0,5 are too common to tell apart)
    glued = {v for v in GLUE[bank['lesson']].values()
             if NUMBER.fullmatch(v.strip()) and (len(v) >= 3 and not re.fullmatch(r'\d,\d', v))}
    problems = []
    for q in bank['questions'] or []:
        text = quiz.PLACEHOLDER.sub(' ', '\n'.join(texts(q)))
        text = re.sub(r'`[^`]*`|\$[^$]*\$|aula \d+\.\d+', ' ', text)   # code, math: worked examples
        allowed = TYPED_ON_PURPOSE.get(name, {}).get(q['id'], set())
        loose = [n for n in LESSON_LOOKING.findall(text) + [m for m in NUMBER.findall(text) if m in glued]
                 if n not in allowed]
        if loose:
            problems.append(f'{q["id"]}: {sorted(set(loose))}')
    assert not problems, (f'quiz/{name}.yml types numbers the lesson computes; name the glue value '
                          f'instead ({{{bank["lesson"].split("-")[0]}_...}}):\n' + '\n'.join(problems))


def test_typed_number_check_catches_one():
    bank = load('custo')
    q = next(x for x in bank['questions'] if x['id'] == 'custo-otimista')
    assert '{custo_best_cost}' in q['prompt']
    typed = q['prompt'].replace('{custo_best_cost}', CUSTO['custo_best_cost'])
    assert CUSTO['custo_best_cost'] in NUMBER.findall(typed)


@pytest.mark.parametrize('name', BANK_NAMES)
def test_filled_bank_has_no_placeholder_left(name):
    bank = filled(name)
    for q in bank['questions'] or []:
        for text in texts(q):
            assert not quiz.PLACEHOLDER.search(text), (name, q['id'], text)


def test_the_counts_are_the_lessons_glue():
    assert _patients_counts() == (TP, FP, FN, TN)
    assert (TP, FP, FN, TN) == tuple(int(FUND[f'fund_{k}']) for k in ('tp', 'fp', 'fn', 'tn'))


def test_threshold_07_counts_quoted():
    """limiar-sobe quotes FN and TN from 0,5 to 0,7: recomputed from the patients."""
    from course.data import SCORES, Y_TRUE
    pred = SCORES >= 0.7
    fn_07 = int((~pred & (Y_TRUE == 1)).sum())
    tn_07 = int((~pred & (Y_TRUE == 0)).sum())
    text = question_text(next(q for q in filled('metricas')['questions'] if q['id'] == 'limiar-sobe'))
    assert f'(de {FN} para {fn_07})' in text and f'de {TN} para {tn_07}.' in text


def question_text(q):
    return '\n'.join(texts(q))


# ------------------------------------------------------------------ language

@pytest.mark.parametrize('name', BANK_NAMES)
def test_text_is_portuguese(name):
    bank = filled(name)
    for q in bank['questions']:
        for text in texts(q):
            plain = ' ' + re.sub(r'`[^`]*`|\$[^$]*\$', ' ', text.lower()) + ' '
            for word in ENGLISH_WORDS:
                assert word not in plain, f'{name}/{q["id"]}: {word.strip()!r} in {text!r}'
            # thousands are grouped with a dot (20.000), as course.fmt writes them
            prose = re.sub(r'`[^`]*`|\$[^$]*\$|aula \d+\.\d+|\b\d{1,3}(\.\d{3})+\b(?!,)', '', text)
            assert re.search(r'\d\.\d', prose) is None, \
                f'{name}/{q["id"]}: decimal point in prose: {text!r}'


# ------------------------------------------------------------------ renderer

@pytest.mark.parametrize('name', BANK_NAMES)
def test_rendered_html_is_self_contained(name):
    markup = quiz.render(filled(name), absolute_links=False)
    urls = re.findall(r'(?:https?:)?//[^\s"\'<>)]+', markup)
    assert all(u.startswith(quiz.SITE_URL) for u in urls), urls
    assert not re.search(r'<script[^>]+src=|<link[^>]+href=|@import|cdn', markup, re.I)
    hrefs = re.findall(r'href="([^"]+)"', markup)
    bank = load(name)
    assert sorted(set(hrefs)) == sorted({'../lessons/' + q['section'] for q in bank['questions']})
    assert markup.count('Revise:') == len(bank['questions'])
    assert markup.count('class="cq-feedback"') == len(bank['questions'])
    assert markup.count('aria-live="polite"') >= len(bank['questions'])


def test_links_point_to_the_published_site_outside_the_site():
    markup = quiz.render(filled('metricas'), absolute_links=True)
    assert f'href="{quiz.SITE_URL}lessons/metricas-fundamental.html#' in markup
    assert 'target="_blank"' in markup


def test_every_input_has_a_label():
    markup = quiz.render(filled('metricas'))
    inputs = re.findall(r'<input[^>]+id="([^"]+)"', markup)
    labels = set(re.findall(r'<label for="([^"]+)"', markup))
    assert inputs and set(inputs) <= labels


def test_js_and_css_are_defined_once_per_page():
    markup = quiz.render(filled('custo'))
    assert 'if (!window.courseQuiz)' in markup
    assert '<style data-course-asset="quiz.css">' in markup
    assert markup.index('data-course-asset="numbers.js"') < markup.index('data-course-asset="quiz.js"')


def test_show_question_renders_one_question():
    markup = quiz.quiz_html('custo', ['f1-para-tudo'], values=GLUE['custo'])
    assert markup.count('<fieldset') == 1 and 'Verdadeiro' in markup and 'Falso' in markup
    with pytest.raises(KeyError):
        quiz.quiz_html('custo', ['nao-existe'])


def test_math_is_readable_without_mathjax():
    markup = quiz.quiz_html('roc', ['auc-binormal'])
    assert 'data-tex="\\(\\Phi(d/\\sqrt{2})\\)">Φ(d/√2)</span>' in markup   # TeX for MathJax, text first
    assert '(2 TP)/(2 TP + FP + FN)' in quiz.rich('$\\frac{2\\,TP}{2\\,TP + FP + FN}$')
    # a matrix reads row by row (Colab and Meu progresso show this text)
    assert quiz.tex_to_text(r'\begin{bmatrix} 8 & 1 \\ 2 & 10 \end{bmatrix}') == '[8 1; 2 10]'


def test_site_constants_match_config():
    from course import site
    config = yaml.safe_load((ROOT / '_config.yml').read_text(encoding='utf-8'))
    assert (site.REPOSITORY, site.BRANCH) == (config['repository']['url'].rstrip('/'),
                                              config['repository']['branch']), \
        'course/site.py differs from _config.yml: run `python scripts/refresh.py`'
    assert quiz.SITE_URL == site.pages_url(config['repository']['url'])


def test_banks_are_package_data():
    """The installed package carries the banks (Colab reads them from there, no download)."""
    import tomllib
    project = tomllib.loads((ROOT / 'pyproject.toml').read_text(encoding='utf-8'))
    setuptools = project['tool']['setuptools']
    assert setuptools['package-dir']['course.banks'] == 'quiz'
    assert '*.yml' in setuptools['package-data']['course.banks']
    assert 'lesson_values/*.json' in setuptools['package-data']['course']
    assert 'urlopen' not in (ROOT / 'course' / 'quiz.py').read_text(encoding='utf-8')


def test_quiz_in_a_lab_uses_the_shipped_values(monkeypatch):
    from course import values
    monkeypatch.setattr(values, 'RECORDED', {})
    markup = quiz.quiz_html('custo', ['custo-otimista'])
    assert f"custa {values.shipped('custo')['custo_best_cost']}." in markup


# ------------------------------------------------------------------ pages

QUIZ_CELL = re.compile(r"from course\.quiz import show_quiz\s*\n\s*show_quiz\('([a-z0-9-]+)'[^)]*\)")


def code_cells(md):
    return re.findall(r'```\{code-cell\}[^\n]*\n(.*?)```', md, re.S)


# Every lesson page, each part of a lesson in parts too, ends with a quiz: a part with its own check.
QUIZ_PAGES = sorted((ROOT / 'lessons').glob('*.md'))


@pytest.mark.parametrize('part', [p for lesson in _toc.lessons(ROOT) if len(lesson.parts) > 1
                                  for p in lesson.parts], ids=lambda p: p.split('/')[-1])
def test_a_part_ends_with_its_own_check(part):
    cells = code_cells((ROOT / f'{part}.md').read_text(encoding='utf-8'))
    stem = part.split('/')[-1]
    assert f"page='{stem}'" in cells[-1], f'{part}: the last cell must show the questions of this part'


@pytest.mark.parametrize('path', QUIZ_PAGES, ids=lambda p: p.stem)
def test_every_lesson_ends_with_a_quiz(path):
    cells = code_cells(path.read_text(encoding='utf-8'))
    assert cells, f'{path.name}: no code cells'
    match = QUIZ_CELL.search(cells[-1])
    assert match, f'{path.name}: the last cell is not a show_quiz cell'
    assert match.group(1) in BANK_NAMES
    assert ':tags: [remove-input, nbval-ignore-output]' in cells[-1]


@pytest.mark.parametrize('path', sorted((ROOT / 'labs').glob('*.md')), ids=lambda p: p.stem)
def test_every_lab_has_a_quiz(path):
    names = QUIZ_CELL.findall(path.read_text(encoding='utf-8'))
    assert names, f'{path.name}: no show_quiz cell'
    assert set(names) <= set(BANK_NAMES)


@pytest.mark.parametrize('name', BANK_NAMES)
def test_section_anchors_exist_in_the_lesson(name):
    bank = load(name)
    labels = {f'{page}.html': set(re.findall(
        r'^\((sec-[a-z0-9-]+)\)=', (ROOT / 'lessons' / f'{page}.md').read_text(encoding='utf-8'), re.M))
        for page in LESSON_PAGES.get(name, stored.parts(bank['lesson']))}   # a lesson's parts (course/toc.py)
    for url in bank['sections']:
        page, _, anchor = url.partition('#')
        assert page in labels, url
        assert not anchor or anchor in labels[page], f'{url}: no ({anchor})= in the lesson'


@pytest.mark.slow
def test_an_installed_course_shows_the_quiz_with_no_download(tmp_path):
    """As in Colab (`pip install git+...`): the wheel carries the banks and the lessons' values."""
    import subprocess
    import sys

    import installed_course
    site_dir = installed_course.unpacked_wheel(tmp_path)
    code = ("import course.quiz as q, urllib.request as u; u.urlopen = None; "
            "print(q.banks_dir()); print(q.quiz_html('custo'))")
    shown = subprocess.run([sys.executable, '-c', code], cwd=tmp_path, capture_output=True, text=True,
                           env={'PYTHONPATH': str(site_dir), 'PATH': '/usr/bin:/bin'})
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith(str(site_dir / 'course' / 'banks'))
    assert f"custa {quiz.number_from_text(CUSTO['custo_best_cost']):.0f}" in shown.stdout
    assert '{custo_' not in shown.stdout


def test_the_right_option_is_not_where_the_bank_puts_it():
    """Banks list the right option first; the rendered quiz must not, or a student scores by
    position. Over all single-choice questions the right option lands in at least three places,
    and each rendered question keeps every option with its own feedback."""
    places = set()
    for _, q in all_questions():
        if q['type'] != 'single':
            continue
        rendered = quiz.shuffled(q['options'], q['id'])
        assert sorted(map(str, rendered)) == sorted(map(str, q['options']))
        assert rendered == quiz.shuffled(q['options'], q['id'])      # the same order every build
        places.add(next(i for i, o in enumerate(rendered) if o['correct']))
    assert len(places) >= 3, places


def test_no_placeholder_is_left_in_a_filled_bank():
    """A ``{glue_name}`` the filler does not know (an upper-case letter once slipped past it) would
    reach the page as raw text: every braced name with an underscore must be gone after filling."""
    leftover = re.compile(r'\{[A-Za-z]\w*_\w*\}')
    for path in sorted((ROOT / 'quiz').glob('*.yml')):
        filled = quiz.fill(load(path.stem))
        texts = [t for q in filled['questions'] for t in quiz.question_texts(q)]
        left = [m for t in texts for m in leftover.findall(t)]
        assert not left, f'{path.name}: {left}'
