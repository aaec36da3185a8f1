"""Lesson "Curvas ROC e precisão–revocação" (roc): the numbers the page quotes are the ones its code computed.

Reads the executed ``lessons/roc.ipynb`` (written by ``jupytext --to ipynb --execute``): the
printed outputs of the code cells and the myst-nb ``glue`` values (display_data outputs with
``metadata.scrapbook.name``). Checks the key numbers of every section: precision 0,161 by
Bayes, the hand-built ROC points and AUC 0,75, the 20 patients' AUC 86/100, the binormal FPR
0,159 / TPR 0,841 / AUC 0,921, the two tables of seed 004 (ROC AUC against average precision as
prevalence falls; bootstrap intervals for 200 / 1.000 / 5.000 / 20.000 rows), number for number
and with Portuguese labels, the biopsies' curves (the cost lesson's scores) and seed 003's k-NN
against logistic regression lab (its eight numbers). Builds nothing itself.
"""
import re

import stored

# The data rows of seed 004's two printed tables (its "# Output:" blocks), as the seed prints them.
SEED_PREVALENCE_ROWS = [
    '0.500    200000    0.855   0.854       0.500                      0.757',
    '0.100     40000    0.856   0.480       0.100                      0.259',
    '0.010      4000    0.853   0.111       0.010                      0.031',
    '0.001       400    0.863   0.017       0.001                      0.003',
]
SEED_BOOTSTRAP_ROWS = [
    '200  0.893 [0.841, 0.942] (largh. 0.101)  0.922 [0.877, 0.962]  [+0.004, +0.058]',
    '1000  0.933 [0.914, 0.947] (largh. 0.033)  0.955 [0.940, 0.967]  [+0.011, +0.034]',
    '5000  0.915 [0.906, 0.923] (largh. 0.017)  0.938 [0.930, 0.945]  [+0.018, +0.029]',
    '20000  0.915 [0.910, 0.919] (largh. 0.009)  0.939 [0.935, 0.942]  [+0.021, +0.027]',
]
NUMBER = stored.NUMBER


notebook, printed, glued = stored.lesson_fixtures('roc')


def numbers(line):
    return NUMBER.findall(line)


def test_notebook_is_executed_without_errors():
    stored.assert_executed_cleanly('roc')


def test_every_glue_role_of_the_page_is_glued(glued):
    used = stored.glue_roles('roc')
    assert used, 'the page glues nothing'
    assert used <= set(glued), used - set(glued)
    assert all(n.startswith('roc_') for n in used)


def test_precision_by_bayes(printed, glued):
    out = stored.stdout_of(printed, 'precision by Bayes')
    assert 'precision by Bayes: 0.161' in out
    assert 'in 1000 people: TP = 9.5, FP = 49.5, precision = 0.161' in out
    assert re.search(r'precision 0\.16\d', out.splitlines()[-1])      # the simulated matrix
    assert glued['roc_bayes_precision'] == '0,161'
    assert glued['roc_bayes_sim_precision'].startswith('0,16')


def test_roc_by_hand(printed, glued):
    out = stored.stdout_of(printed, 'roc_curve(y_true, scores)')
    assert 'roc_curve FPR: [0.  0.  0.5 0.5 1. ]' in out
    assert 'roc_curve TPR: [0.  0.5 0.5 1.  1. ]' in out
    for line in ['threshold  0.8: TP=1 FP=0  TPR 0.5  FPR 0.0',
                 'threshold  0.4: TP=1 FP=1  TPR 0.5  FPR 0.5',
                 'threshold 0.35: TP=2 FP=1  TPR 1.0  FPR 0.5',
                 'threshold  0.1: TP=2 FP=2  TPR 1.0  FPR 1.0']:
        assert line in out
    assert 'area by rectangles: 0.75' in out
    assert 'roc_auc_score: 0.75' in out
    assert 'pairs won: 3 of 4 = 0.75' in out
    assert glued['roc_hand_points'] == '(0,0; 0,0); (0,0; 0,5); (0,5; 0,5); (0,5; 1,0); (1,0; 1,0)'
    assert glued['roc_hand_auc'] == '0,75'
    assert glued['roc_hand_won'] == '3 de 4'


def test_binormal(printed, glued):
    out = stored.stdout_of(printed, 'pairing the draws')
    assert 'theory:     FPR 0.159  TPR 0.841  AUC 0.921' in out
    sim = re.search(r'simulation: FPR (\S+)  TPR (\S+)  AUC (\S+)', out)
    assert sim
    for value, target in zip(map(float, sim.groups()), (0.159, 0.841, 0.921)):
        assert abs(value - target) < 0.005
    assert (glued['roc_bin_fpr'], glued['roc_bin_tpr'], glued['roc_bin_auc']) == \
        ('0,159', '0,841', '0,921')


def test_average_precision_example(printed, glued):
    out = stored.stdout_of(printed, 'ap_by_hand')
    assert 'AP by hand: 0.833  average_precision_score: 0.833' in out
    assert glued['roc_pr_ap'] == '0,833'


def test_seed_tables_are_the_seed_s():
    """The expected rows above are seed 004's own printed rows (when shared/ is beside us)."""
    seed = stored.seed('004')
    for row in SEED_PREVALENCE_ROWS + SEED_BOOTSTRAP_ROWS:
        assert row in seed, row


def test_prevalence_table_matches_seed_004(printed, glued):
    out = stored.stdout_of(printed, "'precisão (revocação>=0.8)'")
    rows = [line for line in out.splitlines() if NUMBER.match(line.strip())]
    assert [numbers(r) for r in rows] == [numbers(r) for r in SEED_PREVALENCE_ROWS]
    assert (glued['roc_prev_auc_min'], glued['roc_prev_auc_max']) == ('0,853', '0,863')
    assert (glued['roc_prev_ap_50'], glued['roc_prev_ap_01']) == ('0,854', '0,017')
    assert (glued['roc_prev_p80_50'], glued['roc_prev_p80_01']) == ('0,757', '0,003')


def test_bootstrap_table_matches_seed_004(printed, glued):
    out = stored.stdout_of(printed, 'def bootstrap')
    rows = [line for line in out.splitlines() if NUMBER.match(line.strip())]
    assert [numbers(r) for r in rows] == [numbers(r) for r in SEED_BOOTSTRAP_ROWS]
    assert glued['roc_boot_200_width'] == '0,101'
    assert glued['roc_boot_20000_width'] == '0,009'
    assert glued['roc_boot_sqrt_pred'] == '0,0085'          # 0,017 x 0,5, the square-root rule
    assert glued['roc_boot_200_diff'] == '[+0,004; +0,058]'
    assert glued['roc_boot_5000_diff'] == '[+0,018; +0,029]'
    assert (glued['roc_boot_200_lr'], glued['roc_boot_200_rf']) == ('0,893', '0,922')


def test_seed_004_tables_print_portuguese_labels(printed):
    """Seed 004 prints Italian labels; the lesson prints them in Portuguese, same format strings."""
    prevalence = stored.stdout_of(printed, "'precisão (revocação>=0.8)'").splitlines()[0]
    assert prevalence == ('prevalência positivos  ROC-AUC      AP AP ao acaso '
                          ' precisão (revocação>=0.8)')
    boot = stored.stdout_of(printed, 'def bootstrap')
    assert boot.splitlines()[0].split() == ['n', 'teste', 'AUC', 'logística', '[95%', 'bootstrap]',
                                            'AUC', 'floresta', '[95%', 'bootstrap]', 'diferença',
                                            'floresta', '-', 'logística', '[95%]']
    assert boot.count('(larg. ') == 4
    for word in ('prevalenza', 'positivi', 'casuale', 'logistica ', 'foresta', 'largh', 'prevalence',
                 'random', 'forest', 'width'):
        assert word not in prevalence + boot, word


def test_the_20_patients_auc_by_pairs(printed, glued):
    out = stored.stdout_of(printed, 'patient_score = np.array')
    assert 'pares vencidos: 86 de 100 = 0.86' in out
    assert 'roc_auc_score: 0.86' in out
    assert 'limiar 0.5: TP=7 FP=2  FPR 0.2  TPR 0.7' in out      # the metrics lesson's matrix
    assert (glued['roc_pat_won'], glued['roc_pat_pairs'], glued['roc_pat_auc']) == ('86', '100', '0,86')


def glue_of(lesson, name):
    return stored.glue_values(lesson, kind='any')[name]


def test_the_biopsies_are_the_cost_and_calibration_lessons(printed, glued):
    """The page says its scores are the cost lesson's and quotes the calibration lesson's split; it prices the
    errors at its own 10 and 1, the cost lesson's prices only while that lesson keeps them."""
    out = stored.stdout_of(printed, 'cross_val_predict(model, X, y, cv=StratifiedKFold(5)')
    assert 'biópsias: 569, malignas: 212, linha de base da curva PR: 0.373' in out
    assert glued['roc_bio_base'] == '0,373'
    assert glued['roc_bio_05_fn'] == glue_of('custo', 'custo_fn_05')
    assert glued['roc_bio_05_fp'] == glue_of('custo', 'custo_fp_05')
    # this page prices the errors itself, at the seed's 10 and 1 (its visible code marks 1/11); it equals the
    # cost lesson's numbers only while that lesson keeps those prices (an instructor may change them there)
    assert glued['roc_bio_05_cost'] == str(10 * int(glued['roc_bio_05_fn']) + int(glued['roc_bio_05_fp']))
    assert glued['roc_bio_theory_cost'] == str(10 * int(glued['roc_bio_theory_fn']) + int(glued['roc_bio_theory_fp']))
    assert glued['roc_bio_theory_thr'] == '0,09'
    if (glue_of('custo', 'custo_price_fn'), glue_of('custo', 'custo_price_fp')) == ('10', '1'):
        assert glued['roc_bio_05_cost'] == glue_of('custo', 'custo_cost_05')
        assert glued['roc_bio_theory_cost'] == glue_of('custo', 'custo_theory_cost')
        assert glued['roc_bio_theory_thr'] == glue_of('custo', 'custo_theory_thr')
    assert glued['roc_bio_cal_n_val'] == glue_of('calibracao', 'calib_n_val')
    assert glued['roc_bio_cal_lr_auc'] == glue_of('calibracao', 'calib_lr_auc')
    assert glued['roc_bio_cal_nb_auc'] == glue_of('calibracao', 'calib_nb_auc_score')


def test_seed_003_knn_lab_numbers(printed, glued):
    """Seed 003: 115 test biopsies; k-NN 0,922 / 0,860 / 0,920 / 0,958 (F1 0,939); logistic
    regression 0,983 / 0,953 / 0,973 / 1 -- with test_size=115, stratified, random_state=0."""
    out = stored.stdout_of(printed, 'def confusion_counts')
    assert 'teste: 115 biópsias, 72 da classe 1 e 43 da classe 0' in out
    assert 'acurácia 0.922  especificidade 0.860  precisão 0.920  revocação 0.958\n  F1 0.939' in out
    assert 'acurácia 0.983  especificidade 0.953  precisão 0.973  revocação 1.000' in out
    assert out.count('scikit-learn: confere') == 2
    assert (glued['roc_knn_acc'], glued['roc_knn_spec'], glued['roc_knn_prec'],
            glued['roc_knn_rec']) == ('0,922', '0,860', '0,920', '0,958')
    assert glued['roc_knn_class1'] == 'benigno'
    assert glued['roc_knn_flip'] == 'especificidade' and glued['roc_knn_mal_rec'] == '0,860'
    assert glued['roc_knn_n_test_02'] == '114'


def test_glued_negative_numbers_use_the_minus_sign(glued):
    for name, text in glued.items():
        assert not re.search(r'(?<![\w.])-\d', text), f'{name}: {text!r} has a hyphen for a minus'
