"""The quiz banks (quiz/*.yml) and their renderer (course/quiz.py).

- every bank follows the schema written in course/quiz.py's docstring;
- every numeric answer is recomputed here from the lessons' own numbers (ANSWERS): changing
  an answer key in a bank, or a number here, fails the test;
- every number a question quotes from a lesson computation is checked against the lesson's
  glue (GLUED, see "Numbers quoted from the lessons" below), so a lesson that changes its
  numbers fails here until the bank says the same;
- text is Portuguese, the rendered HTML loads nothing and links only to the course site;
- every lesson and lab ends with a quiz cell of an existing bank.
"""
import ast
import json
import math
import re
from pathlib import Path

import numpy as np
import pytest
import yaml
from scipy.special import expit
from scipy.stats import norm
from sklearn.metrics import roc_auc_score

from conftest import ROOT
from course import quiz

QUIZ_DIR = ROOT / 'quiz'
BANKS = {'metricas': 12, 'custo': 6, 'calibracao': 6, 'roc': 6}   # name -> minimum questions
TYPES = set(quiz.TYPES)

# ------------------------------------------------------------------ the lessons' own numbers

def lesson_glue(lesson):
    """{name: text} of every myst-nb glue value stored in the executed ``lessons/<lesson>.ipynb``.

    A glue output is a display_data whose metadata has ``scrapbook: {name, mime_prefix}``; its
    ``<mime_prefix>text/plain`` is the repr of the glued object (``"'0,959'"`` for a string).
    Glues that are not strings (``Math`` objects) are left out.
    """
    nb = json.loads((ROOT / 'lessons' / f'{lesson}.ipynb').read_text(encoding='utf-8'))
    out = {}
    for cell in nb['cells']:
        for output in cell.get('outputs', []):
            scrap = output.get('metadata', {}).get('scrapbook')
            if not scrap:
                continue
            plain = output.get('data', {}).get(scrap.get('mime_prefix', '') + 'text/plain')
            plain = ''.join(plain) if isinstance(plain, list) else plain
            try:
                value = ast.literal_eval(plain or '')
            except (ValueError, SyntaxError):
                continue
            if isinstance(value, str):
                out[scrap['name']] = value
    return out


GLUE = {lesson: lesson_glue(lesson) for lesson in
        ('metricas-fundamental', 'roc', 'calibracao', 'custo')}

# 20 patients, threshold 0.5 (lesson "Métricas", section 2): TP 7, FP 2, FN 3, TN 8
TP, FP, FN, TN = 7, 2, 3, 8
# lab, logistic regression on the validation set: tp=32 fn=22 fp=12 tn=88
LAB_TP, LAB_FN, LAB_FP, LAB_TN = 32, 22, 12, 88


def _patients_counts():
    """The four counts recomputed from the 20 patients' scores and labels."""
    from course.data import SCORES, THRESHOLD, Y_TRUE
    pred = SCORES >= THRESHOLD
    return (int((pred & (Y_TRUE == 1)).sum()), int((pred & (Y_TRUE == 0)).sum()),
            int((~pred & (Y_TRUE == 1)).sum()), int((~pred & (Y_TRUE == 0)).sum()))


ANSWERS = {
    # metricas
    'precision_20_patients': TP / (TP + FP),                          # 7/9
    'recall_20_patients': TP / (TP + FN),                             # 0,7
    'specificity_20_patients': TN / (TN + FP),                        # 0,8
    'npv_20_patients': TN / (TN + FN),                                # 8/11
    'f1_20_patients': 2 * TP / (2 * TP + FP + FN),                    # 14/19
    'precision_lab_logreg': LAB_TP / (LAB_TP + LAB_FP),               # 32/44
    'pima_val_majority_accuracy': (LAB_FP + LAB_TN) / (LAB_TP + LAB_FN + LAB_FP + LAB_TN),
    'f1_only_p01': 2 * 1.0 * 0.1 / (1.0 + 0.1),                       # precision 1, recall 0,1
    # custo (lesson 2.6): prices 10 (miss) and 1 (false alarm)
    'threshold_theory_10_1': 1 / (1 + 10),                           # c_FP / (c_FP + c_FN)
    'threshold_theory_fp3_fn1': 3 / (3 + 1),
    # the lesson's misses and false alarms at 0,5 (24 and 14)
    'cost_threshold_05': 10 * int(GLUE['custo']['custo_fn_05']) + 1 * int(GLUE['custo']['custo_fp_05']),
    # calibracao (lesson 2.4)
    'temperature_099_T4': float(expit(math.log(0.99 / 0.01) / 4)),
    # the naive Bayes biopsies with confidence above 99 % (151)
    'expected_errors_sure_at_99': int(GLUE['calibracao']['calib_nb_sure_before']) * 0.01,
    # --- calibracao, the hand calculations (section 4), on made-up numbers worked in the question
    # three biopsies: P(maligno) 0,9 (malignant), 0,2 and 0,7 (benign)
    'brier_three_made_up': ((0.9 - 1) ** 2 + 0.2 ** 2 + 0.7 ** 2) / 3,
    # one bin: 40 of 200 biopsies, mean declared 0,85, 30 malignant
    'ece_one_bin_made_up': 40 / 200 * abs(0.85 - 30 / 40),
    # --- end calibracao
    # roc (lesson 2.3)
    'roc_auc_four_scores': roc_auc_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]),
    'binormal_auc_d2': float(norm.cdf(2 / math.sqrt(2))),
    'bayes_precision_1pct': 0.95 * 0.01 / (0.95 * 0.01 + 0.05 * 0.99),
    'bootstrap_width_factor_4x': 1 / math.sqrt(4),
}

# ------------------------------------------------------------------ avan: metricas-avancada + regressao
# The advanced metrics page adds its questions at the end of the shared bank quiz/metricas.yml
# (sections on metricas-avancada.html); the appendix "E quando o alvo é um número?" has its own
# bank. The keys below are recomputed from each question's own inputs (seed 003's spam filter and
# Cat/Dog/Horse matrix, seed 003's 900/100 example), not copied from the lessons.
def _avan_answers():
    from sklearn.metrics import mean_absolute_error, precision_score, recall_score
    from sklearn.utils.class_weight import compute_class_weight
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
        'class_weight_balanced_b_900_100': float(compute_class_weight(
            'balanced', classes=np.array([0, 1]), y=np.r_[np.zeros(900), np.ones(100)])[1]),
        'animals_dog_precision': float(precision_score(y_a, yp_a, average=None)[1]),
        'animals_macro_recall': float(recall_score(y_a, yp_a, average='macro')),
        'regressao_mae_shift_400_in_100': float(mean_absolute_error(y_dirty, y_pred)
                                                - mean_absolute_error(y_true, y_pred)),
    }


ANSWERS.update(_avan_answers())
BANKS['regressao'] = 4
# The metrics lesson spans two pages: its bank's sections may point to either.
LESSON_PAGES = {'metricas': ['metricas-fundamental', 'metricas-avancada']}
# ------------------------------------------------------------------ end of avan

ENGLISH_WORDS = [' the ', ' and ', ' of ', ' is ', ' with ', ' to ', ' are ', ' this ',
                 ' which ', ' true ', ' false ', ' correct ', ' wrong ', ' answer ']


def load(name):
    return yaml.safe_load((QUIZ_DIR / f'{name}.yml').read_text(encoding='utf-8'))


def all_questions():
    return [(name, q) for name in BANKS for q in load(name)['questions']]


def texts(q):
    """Every student-facing string of a question."""
    out = [q['prompt']]
    for option in q.get('options', []):
        out += [option['text'], option['feedback']]
    out += [q[k] for k in ('feedback_correct', 'feedback_wrong', 'feedback_true',
                           'feedback_false') if k in q]
    return [str(t) for t in out]


# ------------------------------------------------------------------ schema

def check_schema(bank, name):
    """Raise AssertionError with a readable message when the bank breaks the schema."""
    assert set(bank) == {'quiz', 'title', 'lesson', 'sections', 'questions'}, sorted(bank)
    assert bank['quiz'] == name
    assert (ROOT / 'lessons' / f"{bank['lesson']}.md").is_file(), bank['lesson']
    assert isinstance(bank['sections'], dict) and bank['sections']
    for url, title in bank['sections'].items():
        assert re.fullmatch(r'[a-z0-9-]+\.html(#sec-[a-z0-9-]+)?', url), url
        assert isinstance(title, str) and title.strip()
    ids = [q['id'] for q in bank['questions']]
    assert len(ids) == len(set(ids)), 'ids repetidos'
    common = {'id', 'type', 'prompt', 'section'}
    for q in bank['questions']:
        where = f"{name}/{q.get('id')}"
        assert re.fullmatch(r'[a-z0-9]+(-[a-z0-9]+)*', str(q['id'])), where
        assert q['type'] in TYPES, where
        assert isinstance(q['prompt'], str) and q['prompt'].strip(), where
        assert q['section'] in bank['sections'], f'{where}: section {q["section"]} not in sections'
        if q['type'] in ('single', 'multiple'):
            assert set(q) == common | {'options'}, f'{where}: {sorted(q)}'
            assert len(q['options']) >= 2, where
            for option in q['options']:
                assert set(option) == {'text', 'correct', 'feedback'}, f'{where}: {option}'
                assert isinstance(option['correct'], bool), where
                assert str(option['text']).strip() and str(option['feedback']).strip(), where
            n_correct = sum(o['correct'] for o in q['options'])
            if q['type'] == 'single':
                assert n_correct == 1, f'{where}: {n_correct} correct options'
            else:
                assert n_correct >= 1, where
        elif q['type'] == 'numeric':
            assert set(q) == common | {'answer', 'tolerance', 'answer_from', 'feedback_correct',
                                       'feedback_wrong'}, f'{where}: {sorted(q)}'
            assert isinstance(q['answer'], (int, float)) and not isinstance(q['answer'], bool)
            assert isinstance(q['tolerance'], (int, float)) and q['tolerance'] > 0, where
            assert q['answer_from'] in ANSWERS, f"{where}: no expression {q['answer_from']!r}"
            assert q['feedback_correct'].strip() and q['feedback_wrong'].strip(), where
        else:
            assert set(q) == common | {'answer', 'feedback_true', 'feedback_false'}, \
                f'{where}: {sorted(q)}'
            assert isinstance(q['answer'], bool), where
            assert q['feedback_true'].strip() and q['feedback_false'].strip(), where
        for text in texts(q):
            assert text.count('$') % 2 == 0, f'{where}: unbalanced $ in {text!r}'
            assert text.count('`') % 2 == 0, f'{where}: unbalanced ` in {text!r}'


@pytest.mark.parametrize('name', BANKS)
def test_bank_follows_the_schema(name):
    check_schema(load(name), name)


def test_schema_check_rejects_broken_banks():
    bank = load('metricas')
    single = next(q for q in bank['questions'] if q['type'] == 'single')
    for breakage in ('second correct', 'no feedback', 'bad type'):
        broken = yaml.safe_load(yaml.safe_dump(bank))
        q = next(x for x in broken['questions'] if x['id'] == single['id'])
        if breakage == 'second correct':
            for option in q['options']:
                option['correct'] = True
        elif breakage == 'no feedback':
            del q['options'][-1]['feedback']
        else:
            q['type'] = 'essay'
        with pytest.raises((AssertionError, KeyError)):
            check_schema(broken, 'metricas')


@pytest.mark.parametrize('name,minimum', BANKS.items())
def test_bank_has_enough_questions(name, minimum):
    assert len(load(name)['questions']) >= minimum


def test_every_type_is_used():
    used = {q['type'] for _, q in all_questions()}
    assert used == TYPES


def test_metricas_covers_the_fundamental_approach():
    ids = {q['id'] for q in load('metricas')['questions']}
    for needed in ['matriz-layout-padrao', 'matriz-ordem-sklearn', 'paradoxo-acuracia',
                   'precisao-20', 'revocacao-20', 'especificidade-20', 'vpn-20', 'f1-20',
                   'limiar-sobe', 'media-harmonica']:
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


@pytest.mark.parametrize('name,qid', [(n, q['id']) for n, q in all_questions()
                                      if q['type'] == 'numeric'])
def test_numeric_answer_is_recomputed(name, qid):
    q = next(x for x in load(name)['questions'] if x['id'] == qid)
    expected = ANSWERS[q['answer_from']]
    assert abs(q['answer'] - expected) <= q['tolerance'], \
        f"{name}/{qid}: key {q['answer']} but {q['answer_from']} = {expected:.6f}"
    # the tolerance must not accept the usual slips (off by a few hundredths)
    assert q['tolerance'] <= max(0.01, 0.01 * abs(expected)), f'{name}/{qid}: tolerance too wide'


def test_every_answer_expression_is_used():
    used = {q['answer_from'] for _, q in all_questions() if q['type'] == 'numeric'}
    assert used == set(ANSWERS)


# ------------------------------------------------------------------ numbers quoted from the lessons
#
# How the drift check works (the alternative chosen: literal numbers in the banks + this map).
# The banks keep plain, literal numbers (the Colab labs download the .yml alone, with no lesson
# notebook to substitute placeholders from, so the text must be final as written). Every number
# a question quotes from a lesson computation is listed below, per bank and question id, as
# ``(phrase, glue name, ...)``: the phrase is the question's own wording with ``{}`` where the
# number goes, and the glue names are the lesson's myst-nb glue values, read from the executed
# ``lessons/<lesson>.ipynb`` (GLUE above). The test fills the phrase with the glue values and
# requires the result to occur in the question's text (prompt, options, feedback). So:
#   - the lesson changes a number (re-executed notebook, new glue) -> the filled phrase is no
#     longer in the question -> fail, showing the phrase the bank should now contain;
#   - someone edits the number in the bank -> the phrase is no longer found -> fail;
#   - a glue name is renamed or removed -> fail.
# A guard (test_no_unchecked_lesson_number) also fails when a question quotes a number that
# looks like a lesson result (a decimal with two or more places, or a percentage with a decimal)
# outside every checked phrase, unless it is listed in TYPED_ON_PURPOSE (numbers of a made-up
# example, worked out in the question itself). When you add such a number, add its phrase here.

GLUED = {
    'calibracao': {
        'oito-e-oitenta': [
            ('a {} das {} biópsias de validação, e {} delas são erros',
             'calib_nb_sure_before', 'calib_n_val', 'calib_nb_sure_errors_before')],
        'temperatura-muda': [
            ('confiança média do naive Bayes cai de {} para {})', 'calib_nb_conf_before',
             'calib_nb_conf_after'),
            ('ele cai de {} para {} com a temperatura', 'calib_nb_brier_before',
             'calib_nb_brier_after'),
            ('(no naive Bayes, de {} para {})', 'calib_nb_ece_before', 'calib_nb_ece_after'),
            ('sobre os escores, ele é {} sem e com temperatura', 'calib_nb_auc_score'),
            ('ele sobe de {} para {} só porque', 'calib_nb_auc', 'calib_nb_auc_after'),
            ('sem temperatura, {} biópsias recebem exatamente 1', 'calib_nb_exact_one')],
        'por-que-decisoes-ficam': [
            ('$T$ = {}: cada escore fica {} vezes menor', 'calib_nb_T', 'calib_nb_T'),
            ('o número de decisões que mudam é {})', 'calib_nb_changed')],
        'erros-esperados': [
            ('acima de 99 % a {} biópsias de validação', 'calib_nb_sure_before'),
            ('${} \\cdot 0{{,}}01', 'calib_nb_sure_before'),
            ('a aula chega a {})', 'calib_nb_sure_expected'),
            ('Encontrar {} erros entre elas', 'calib_nb_sure_errors_before')],
        'ordenar-nao-e-calibrar': [
            ('ROC AUC {}, não muito atrás da regressão logística ({})', 'calib_nb_auc_score',
             'calib_lr_auc'),
            ('as {} biópsias a que ele dá pelo menos 0,9 declara em média {}, e só {} delas',
             'calib_nb_top_n', 'calib_nb_top_declared', 'calib_nb_top_observed'),
            ('os dois ficam perto ({} e {})', 'calib_nb_auc_score', 'calib_lr_auc')],
        'logistica-calibrada': [
            ('(temperatura $T$ = {}, perto de 1)', 'calib_lr_T'),
            ('não muito menor ({} contra {})', 'calib_nb_auc_score', 'calib_lr_auc')],
        'calibrar-nao-ordena': [
            ('ROC AUC dos escores {} e acurácia {}, sem e com temperatura',
             'calib_nb_auc_score', 'calib_nb_accuracy'),
            ('o Brier vai de {} para {} e o ECE de {} para {}', 'calib_nb_brier_before',
             'calib_nb_brier_after', 'calib_nb_ece_before', 'calib_nb_ece_after')],
        # --- calibracao, new questions (sections 4, 7 and 8)
        'temperatura-ou-isotonica': [
            ('nesta aula, {} biópsias bastaram', 'calib_n_cal')],
        # --- end calibracao
    },
    'custo': {
        'f1-para-tudo': [
            ('limiar de melhor F1 ({}) custa {}: mais que o habitual 0,5 ({}) e cerca de {} vezes '
             'o limiar mais barato ({})', 'custo_f1_thr', 'custo_f1_cost', 'custo_cost_05',
             'custo_f1_ratio', 'custo_best_cost')],
        'custo-limiar-05': [
            ('o limiar 0,5 dá {} falhas e {} alarmes falsos', 'custo_fn_05', 'custo_fp_05'),
            ('${} \\cdot 10 + {} \\cdot 1 = {}$', 'custo_fn_05', 'custo_fp_05', 'custo_cost_05')],
        'f1-nao-e-custo': [
            ('No lab os dois coincidem ({})', 'custo_equal_thr'),
            ('No lab os dois coincidem ({})', 'custo_f1_thr'),
            ('nos outros 20 cortes dos dados, eles diferem em {} dos 20', 'custo_cuts_differ')],
        'custo-otimista': [
            ('nas mesmas {} biópsias e o mais barato custa {}', 'custo_n', 'custo_best_cost'),
            ('o custo honesto sobe para {}, e o limiar da teoria', 'custo_honest'),
            ('sai mais barato (custo {})', 'custo_theory_cost')],
        'teoria-supoe-calibracao': [
            ('está bem calibrado (ECE {})', 'custo_ece')],
    },
    'roc': {
        'auc-a-mao': [
            ('Pelos pares: {} pares', 'roc_hand_won'),
            ('e o AUC é {}.', 'roc_hand_auc'),
            ('a começar do canto de baixo: {}.', 'roc_hand_points')],
        'par-perdido': [
            ('3/4 = {}', 'roc_hand_auc')],
        'auc-binormal': [
            ('AUC {}: a chance', 'roc_bin_auc'),
            ('a fração de pares vencidos chega a {}.', 'roc_bin_sim_pairs')],
        'precisao-por-bayes': [
            ('precisão {}.', 'roc_bayes_precision')],
        'prevalencia-cai': [
            ('fica entre {} e {} em todas as linhas', 'roc_prev_auc_min', 'roc_prev_auc_max'),
            ('a AP despenca de {} para {}.', 'roc_prev_ap_50', 'roc_prev_ap_01')],
        'bootstrap-como': [
            ('{} com 200 linhas e {} com 20.000', 'roc_boot_200_width', 'roc_boot_20000_width')],
        'intervalos-sobrepostos': [
            ('dois AUC do exemplo ({} e {}) se sobrepõem', 'roc_boot_200_lr', 'roc_boot_200_rf'),
            ('é {} e exclui o zero', 'roc_boot_200_diff')],
    },
    'metricas': {
        'matriz-layout-padrao': [
            ('`[[{} {}] [{} {}]]`', 'fund_tp', 'fund_fn', 'fund_fp', 'fund_tn'),
            ('O que conta o {}, no canto superior direito', 'fund_fn'),
            ('é o {} do canto inferior esquerdo', 'fund_fp'),
            ('é o {} do canto inferior direito', 'fund_tn'),
            ('os TP são o {} do canto', 'fund_tp')],
        'matriz-ordem-sklearn': [
            ('`[[{} {}] [{} {}]]`', 'fund_tn', 'fund_fp', 'fund_fn', 'fund_tp'),
            ('O que conta o {}, no canto superior direito', 'fund_fp'),
            ('são o {} do canto inferior direito', 'fund_tp')],
        'linha-saudaveis': [
            ('({} nos 20 pacientes)', 'fund_val_spec'),
            ('o outro lado da mesma linha ({})', 'fund_val_fpr')],
        'paradoxo-acuracia': [
            ('Em 1 000 pacientes com {} doentes', 'fund_fc_sick'),
            ('"saudável" para todos tem acurácia {};', 'fund_acc_always'),
            ('acha {} dos {} doentes e dá {} alarmes falsos tem {}.', 'fund_fc_tp', 'fund_fc_sick',
             'fund_fc_fp', 'fund_fc_acc_pct'),
            ('um acha {} doentes e o outro, nenhum', 'fund_fc_tp'),
            ('({} + {})/1 000 = {} contra', 'fund_fc_tp', 'fund_fc_tn', 'fund_fc_acc')],
        'baseline-pima': [
            ('tem {} mulheres: {} com diabetes e {} sem', 'fund_lab_val_n', 'fund_lab_val_pos',
             'fund_lab_val_neg'),
            ("`: {}/{}, ou {}.", 'fund_lab_val_neg', 'fund_lab_val_n', 'fund_lab_b_major_acc'),
            ('Os {} de acurácia da regressão logística', 'fund_lab_acc_pct'),
            ('acurácia = {} / {}.', 'fund_lab_val_neg', 'fund_lab_val_n')],
        'precisao-20': [
            ('TP = {}, FP = {}, FN = {}, TN = {}', 'fund_tp', 'fund_fp', 'fund_fn', 'fund_tn'),
            ('= {}: dos {} marcados', 'fund_val_prec', 'fund_flagged')],
        'revocacao-20': [
            ('TP = {}, FP = {}, FN = {}, TN = {}', 'fund_tp', 'fund_fp', 'fund_fn', 'fund_tn'),
            ('= {}: dos {} doentes', 'fund_val_rec', 'fund_n_sick')],
        'especificidade-20': [
            ('TP = {}, FP = {}, FN = {}, TN = {}', 'fund_tp', 'fund_fp', 'fund_fn', 'fund_tn'),
            ('= {}: dos {} saudáveis', 'fund_val_spec', 'fund_n_healthy')],
        'vpn-20': [
            ('TP = {}, FP = {}, FN = {}, TN = {}', 'fund_tp', 'fund_fp', 'fund_fn', 'fund_tn'),
            ('= {}: dos {} mandados para casa', 'fund_val_npv', 'fund_sent_home')],
        'f1-20': [
            ('TP = {}, FP = {}, FN = {}, TN = {}', 'fund_tp', 'fund_fp', 'fund_fn', 'fund_tn'),
            ('$ = {}, a média harmônica', 'fund_val_f1')],
        'precisao-lab': [
            ('`tp={} fn={} fp={} tn=', 'fund_lab_lr_tp', 'fund_lab_lr_fn', 'fund_lab_lr_fp'),
            ('{}: das 44 mulheres', 'fund_lab_prec_calc'),
            ('então o {} é FN e o {} é FP', 'fund_lab_lr_fn', 'fund_lab_lr_fp')],
        'limiar-sobe': [
            ('a precisão cai de {} para {}.', 'fund_prec_065', 'fund_prec_070')],
        'media-harmonica': [
            ('precisão {} e revocação {}: a média aritmética é {} e o F1, {}.', 'fund_cut095_p',
             'fund_cut095_r', 'fund_cut095_mean', 'fund_cut095_f1'),
            ('(revocação {}, precisão {})', 'fund_cut002_r', 'fund_cut002_p'),
            ('"marcar os 20" ({}) ganharia do limiar 0,5 ({})', 'fund_cut002_mean',
             'fund_cut05_mean'),
            ('pelo F1 ({} contra {})', 'fund_cut002_f1', 'fund_cut05_f1')],
        'f1-so-p01': [
            ('precisão {} e revocação {}.', 'fund_cut095_p', 'fund_cut095_r'),
            ('longe da média aritmética {}.', 'fund_cut095_mean')],
    },
}

# Numbers that look like results but belong to a made-up example worked out in the question
# itself (its own inputs or arithmetic, not a lesson computation): quiz -> id -> numbers.
TYPED_ON_PURPOSE = {
    'metricas': {'paradoxo-acuracia': {'0,990'},            # 990/1 000, worked out in the text
                 'limiar-sobe': {'0,65', '0,70'}},           # thresholds
    'custo': {'f1-nao-e-custo': {'0,01', '0,99'}},           # the grid of thresholds
    'calibracao': {'temperatura-numero': {'0,99'}},          # a made-up declared probability
    'roc': {'auc-a-mao': {'0,35'}, 'par-perdido': {'0,35'},  # the four made-up scores
            'precisao-por-bayes': {'0,95'},                  # the exercise's recall/specificity
            'prevalencia-cai': {'0,1 %'},                    # the lesson's lowest prevalence (input)
            'bootstrap-como': {'0,05'}},                     # a wrong "usual margin" (distractor)
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
    'f05_exercise': 1.25 * _ex_p * _ex_r / (0.25 * _ex_p + _ex_r),
})
GLUED['metricas'].update({
    'fraude-o-que-denuncia': [('Fica em {}, o valor de um sorteio', 'fund_fraud_dummy_bal')],
    'fraude-sempre-nao': [('Um teste tem {} transações, {} delas fraudes.', 'fund_fraud_n_test',
                           'fund_fraud_pos')],
    'exercicio-vpn': [('(TP = {}, FP = {}, FN = {}, TN = {})', 'fund_ex_tp', 'fund_ex_fp',
                       'fund_ex_fn', 'fund_ex_tn')],
})


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

# ---- custo: the hand calculations of section 2 and seed 004's Listing 3 (section 6) --------------
# Answer keys recomputed here (the made-up screening example, and F2 from the lesson's glued counts)
# and the numbers the new questions quote from the lesson, checked against its glue.
_CUSTO = GLUE['custo']
ANSWERS.update({
    # 800 people, 50 sick, a miss at 20 and a false alarm at 1: everyone flagged -> 750 false alarms
    'cost_all_flagged_800_50': 20 * 0 + 1 * (800 - 50),
    # the cost-minimum row on the test set: F2 = 5 TP / (5 TP + 4 FN + FP)
    'f2_listing3_cost_row': (lambda tp, fp, fn: 5 * tp / (5 * tp + 4 * fn + fp))(
        *(int(_CUSTO[f'custo_l3_{k}_min']) for k in ('tp', 'fp', 'fn'))),
})
GLUED['custo'].update({
    'f2-a-mao': [('TP = {}, FP = {} e FN = {}', 'custo_l3_tp_min', 'custo_l3_fp_min',
                  'custo_l3_fn_min')],
})
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
    'roc_auc_20_patients': roc_auc_score(_roc_patients()[1], _roc_patients()[0]),   # 86/100
    # the sick patient P15 (score 0,20) against the 10 healthy ones
    'patients_p15_pairs_won': int((_roc_patients()[0][_roc_patients()[1] == 0] < 0.20).sum()),
    'biopsies_pr_baseline': _roc_biopsies_prevalence(),                            # 212/569
    'knn20_score_levels': len(np.unique(np.arange(20 + 1) / 20)),                  # 0/20 ... 20/20
})
GLUED['roc'].update({
    'auc-20-pacientes': [
        ('dá {} pares vencidos de {}, AUC {}.', 'roc_pat_won', 'roc_pat_pairs', 'roc_pat_auc')],
    'linha-de-base-biopsias': [
        ('Nas {} biópsias das aulas de custo e de calibração, {} são malignas', 'roc_bio_n',
         'roc_bio_n_mal')],
})
TYPED_ON_PURPOSE['roc'].update({
    'auc-20-pacientes': {'0,95'},                              # a patient's score (data)
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


def glued_cases():
    return [(name, qid, entry) for name, questions in GLUED.items()
            for qid, entries in questions.items() for entry in entries]


def fill(lesson, entry):
    """The phrase of ``entry`` with the lesson's glue values in place of ``{}``."""
    phrase, *names = entry
    assert phrase.count('{}') == len(names), f'{phrase!r}: one {{}} per glue name'
    missing = [n for n in names if n not in GLUE[lesson]]
    assert not missing, f'no glue {missing} in lessons/{lesson}.ipynb'
    return phrase.format(*(GLUE[lesson][n] for n in names))


def question_text(q):
    return '\n'.join(texts(q))


@pytest.mark.parametrize('name,qid,entry', glued_cases(),
                         ids=[f'{n}/{q}/{e[1]}' for n, q, e in glued_cases()])
def test_quoted_number_is_the_lessons_glue(name, qid, entry):
    bank = load(name)
    q = next((x for x in bank['questions'] if x['id'] == qid), None)
    assert q is not None, f'{name}: no question {qid}'
    expected = fill(bank['lesson'], entry)
    assert expected in question_text(q), (
        f'{name}/{qid}: the lesson lessons/{bank["lesson"]}.ipynb now gives {expected!r} '
        f'(glue {", ".join(entry[1:])}); the question does not say it')


@pytest.mark.parametrize('name', BANKS)
def test_no_unchecked_lesson_number(name):
    """No lesson-looking number is typed in a question outside a checked phrase."""
    bank = load(name)
    for q in bank['questions']:
        text = question_text(q)
        for entry in GLUED.get(name, {}).get(q['id'], []):
            text = text.replace(fill(bank['lesson'], entry), ' ')
        text = re.sub(r'`[^`]*`|\$[^$]*\$', ' ', text)   # math and code: worked examples
        allowed = TYPED_ON_PURPOSE.get(name, {}).get(q['id'], set())
        loose = [n for n in LESSON_LOOKING.findall(text) if n not in allowed]
        assert not loose, (f'{name}/{q["id"]}: {loose} typed by hand; if a lesson computes it, '
                           f'add its phrase and glue name to GLUED in tests/test_quiz.py')


def test_the_counts_are_the_lessons_glue():
    fund = GLUE['metricas-fundamental']
    assert (TP, FP, FN, TN) == tuple(int(fund[f'fund_{k}']) for k in ('tp', 'fp', 'fn', 'tn'))
    assert (LAB_TP, LAB_FN, LAB_FP) == tuple(int(fund[f'fund_lab_lr_{k}']) for k in ('tp', 'fn', 'fp'))
    assert LAB_FP + LAB_TN == int(fund['fund_lab_val_neg'])
    assert LAB_TP + LAB_FN == int(fund['fund_lab_val_pos'])
    assert int(GLUE['custo']['custo_cost_05']) == ANSWERS['cost_threshold_05']


def test_threshold_07_counts_quoted():
    """limiar-sobe quotes FN 3 -> 5 and TN 8 -> 9 from 0,5 to 0,7: recomputed from the patients."""
    from course.data import SCORES, Y_TRUE
    pred = SCORES >= 0.7
    fn_07 = int((~pred & (Y_TRUE == 1)).sum())
    tn_07 = int((~pred & (Y_TRUE == 0)).sum())
    text = question_text(next(q for q in load('metricas')['questions'] if q['id'] == 'limiar-sobe'))
    assert f'(de {FN} para {fn_07})' in text and f'de {TN} para {tn_07}.' in text


# ------------------------------------------------------------------ language

@pytest.mark.parametrize('name', BANKS)
def test_text_is_portuguese(name):
    bank = load(name)
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

@pytest.mark.parametrize('name', BANKS)
def test_rendered_html_is_self_contained(name):
    markup = quiz.render(load(name), absolute_links=False)
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
    markup = quiz.render(load('metricas'), absolute_links=True)
    assert f'href="{quiz.SITE_URL}lessons/metricas-fundamental.html#' in markup
    assert 'target="_blank"' in markup


def test_every_input_has_a_label():
    markup = quiz.render(load('metricas'))
    inputs = re.findall(r'<input[^>]+id="([^"]+)"', markup)
    labels = set(re.findall(r'<label for="([^"]+)"', markup))
    assert inputs and set(inputs) <= labels


def test_js_and_css_are_defined_once_per_page():
    markup = quiz.render(load('custo'))
    assert 'if (!window.courseQuiz)' in markup
    assert '<style data-cq-style>' in markup


def test_show_question_renders_one_question():
    markup = quiz.quiz_html('custo', ['f1-para-tudo'])
    assert markup.count('<fieldset') == 1 and 'Verdadeiro' in markup and 'Falso' in markup
    with pytest.raises(KeyError):
        quiz.quiz_html('custo', ['nao-existe'])


def test_math_is_readable_without_mathjax():
    markup = quiz.quiz_html('roc', ['auc-binormal'])
    assert 'data-tex="\\(\\Phi(d/\\sqrt{2})\\)">Φ(d/√2)</span>' in markup   # TeX for MathJax, text first
    assert '(2 TP)/(2 TP + FP + FN)' in quiz.rich('$\\frac{2\\,TP}{2\\,TP + FP + FN}$')


def test_repository_constant_matches_config():
    config = yaml.safe_load((ROOT / '_config.yml').read_text(encoding='utf-8'))
    assert quiz.REPOSITORY == config['repository']['url'].rstrip('/')
    assert quiz.BRANCH == config['repository']['branch']
    assert quiz.RAW_URL.format(name='metricas') == (
        'https://raw.githubusercontent.com/curso-ml-pt/avaliando-classificadores/main/quiz/metricas.yml')


def test_offline_without_the_file_prints_how_to_get_it(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(quiz, 'QUIZ_DIRS', [tmp_path])

    def offline(*args, **kwargs):
        raise quiz.urllib.error.URLError('sem rede')
    monkeypatch.setattr(quiz.urllib.request, 'urlopen', offline)
    quiz.show_quiz('metricas')
    message = capsys.readouterr().out
    assert 'Não foi possível carregar o questionário' in message
    assert quiz.RAW_URL.format(name='metricas') in message and 'quiz/metricas.yml' in message


def test_download_is_used_when_the_file_is_not_installed(monkeypatch, tmp_path):
    monkeypatch.setattr(quiz, 'QUIZ_DIRS', [tmp_path])
    body = (QUIZ_DIR / 'roc.yml').read_bytes()
    seen = []

    class Response:
        def __enter__(self):
            return self

        def __exit__(self, *args):
            return False

        def read(self):
            return body

    def fake(url, timeout):
        seen.append(url)
        return Response()
    monkeypatch.setattr(quiz.urllib.request, 'urlopen', fake)
    assert quiz.load_bank('roc')['quiz'] == 'roc'
    assert seen == [quiz.RAW_URL.format(name='roc')]


# ------------------------------------------------------------------ pages

QUIZ_CELL = re.compile(r"from course\.quiz import show_quiz\s*\n\s*show_quiz\('([a-z]+)'\)")


def code_cells(md):
    return re.findall(r'```\{code-cell\}[^\n]*\n(.*?)```', md, re.S)


# The metrics lesson is one lesson on two pages; its quiz covers the fundamental approach
# (seed 000: "O quiz cobre a abordagem fundamental") and closes that page.
QUIZ_PAGES = sorted(p for p in (ROOT / 'lessons').glob('*.md') if p.stem != 'metricas-avancada')


def test_the_advanced_metrics_page_points_to_the_lesson_quiz():
    text = (ROOT / 'lessons' / 'metricas-avancada.md').read_text(encoding='utf-8')
    assert '<sec-metricas-quiz>`' in text


@pytest.mark.parametrize('path', QUIZ_PAGES, ids=lambda p: p.stem)
def test_every_lesson_ends_with_a_quiz(path):
    cells = code_cells(path.read_text(encoding='utf-8'))
    assert cells, f'{path.name}: no code cells'
    match = QUIZ_CELL.search(cells[-1])
    assert match, f'{path.name}: the last cell is not a show_quiz cell'
    assert match.group(1) in BANKS
    assert ':tags: [remove-input, nbval-ignore-output]' in cells[-1]


@pytest.mark.parametrize('path', sorted((ROOT / 'labs').glob('*.md')), ids=lambda p: p.stem)
def test_every_lab_has_a_quiz(path):
    names = QUIZ_CELL.findall(path.read_text(encoding='utf-8'))
    assert names, f'{path.name}: no show_quiz cell'
    assert set(names) <= set(BANKS)


@pytest.mark.parametrize('name', BANKS)
def test_section_anchors_exist_in_the_lesson(name):
    bank = load(name)
    labels = {f'{page}.html': set(re.findall(
        r'^\((sec-[a-z0-9-]+)\)=', (ROOT / 'lessons' / f'{page}.md').read_text(encoding='utf-8'), re.M))
        for page in LESSON_PAGES.get(name, [bank['lesson']])}
    if not labels[f"{bank['lesson']}.html"]:
        pytest.skip(f"lessons/{bank['lesson']}.md has no (sec-...)= labels yet")
    for url in bank['sections']:
        page, _, anchor = url.partition('#')
        assert page in labels, url
        assert not anchor or anchor in labels[page], f'{url}: no ({anchor})= in the lesson'
