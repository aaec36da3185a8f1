"""Lesson "Curvas ROC e precisão–revocação" (roc): the numbers the page quotes are the ones its code computed.

Reads the executed ``lessons/roc.ipynb`` (written by ``jupytext --to ipynb --execute``): the
printed outputs of the code cells and the myst-nb ``glue`` values (display_data outputs with
``metadata.scrapbook.name``). Checks the key numbers of every section: precision 0,161 by
Bayes, the hand-built ROC points and AUC 0,75, the 20 patients' AUC 86/100, the binormal FPR
0,159 / TPR 0,841 / AUC 0,921, the two tables of seed 004 (ROC AUC against average precision as
prevalence falls; bootstrap intervals for 200 / 1.000 / 5.000 / 20.000 rows), number for number
and with Portuguese labels, the biopsies' curves (the cost lesson's scores) and seed 003's k-NN
against logistic regression lab (its eight numbers), the trapezoid against average precision, the
Monte Carlo noise of the bootstrap interval and the power of a 200-row test set (issue 20), and the
Portuguese, decimal-comma output of the course's own cells. Builds nothing itself.
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
    out = stored.stdout_of(printed, 'precisão pela fórmula de Bayes')
    assert 'precisão pela fórmula de Bayes: 0,161' in out
    assert 'em 1.000 pessoas: TP = 9,5; FP = 49,5; FP por TP = 5,2; precisão = 0,161' in out
    assert re.search(r'precisão 0,16\d  FP por TP 5,\d', out.splitlines()[-1])   # the simulated matrix
    assert glued['roc_bayes_precision'] == '0,161'
    assert glued['roc_bayes_fp_per_tp'] == '5,2'                  # 49,5 / 9,5, the Preveja's answer
    assert glued['roc_bayes_sim_precision'].startswith('0,16')


def test_roc_by_hand(printed, glued):
    out = stored.stdout_of(printed, 'roc_curve(y_true, scores)')
    assert 'FPR do roc_curve:      0,0; 0,0; 0,5; 0,5; 1,0' in out
    assert 'TPR do roc_curve:      0,0; 0,5; 0,5; 1,0; 1,0' in out
    assert 'limiares do roc_curve: inf; 0,80; 0,40; 0,35; 0,10' in out
    for line in ['limiar  inf: TP=0 FP=0  TPR 0,0  FPR 0,0',
                 'limiar 0,80: TP=1 FP=0  TPR 0,5  FPR 0,0',
                 'limiar 0,40: TP=1 FP=1  TPR 0,5  FPR 0,5',
                 'limiar 0,35: TP=2 FP=1  TPR 1,0  FPR 0,5',
                 'limiar 0,10: TP=2 FP=2  TPR 1,0  FPR 1,0']:
        assert line in out
    assert 'área pelos retângulos: 0,75' in out
    assert 'roc_auc_score: 0,75' in out
    assert 'pares vencidos: 3 de 4 = 0,75' in out
    # the tie of the second Preveja counts half a pair: 3,5 of 4
    assert 'com o empate: 3 vencidos e 1 empatado, (vencidos + empatados/2)/4 = 0,875; roc_auc_score 0,875' in out
    assert glued['roc_hand_tie_auc'] == '0,875'
    assert glued['roc_hand_points'] == '(0,0; 0,0); (0,0; 0,5); (0,5; 0,5); (0,5; 1,0); (1,0; 1,0)'
    assert glued['roc_hand_auc'] == '0,75'
    assert glued['roc_hand_won'] == '3 de 4'


def test_binormal(printed, glued):
    out = stored.stdout_of(printed, 'emparelhando os sorteios')
    assert 'teoria:    FPR 0,159  TPR 0,841  AUC 0,921' in out
    sim = re.search(r'simulação: FPR (\S+)  TPR (\S+)  AUC (\S+)', out)
    assert sim
    for value, target in zip((float(v.replace(',', '.')) for v in sim.groups()), (0.159, 0.841, 0.921)):
        assert abs(value - target) < 0.005
    assert (glued['roc_bin_fpr'], glued['roc_bin_tpr'], glued['roc_bin_auc']) == \
        ('0,159', '0,841', '0,921')


def test_average_precision_example(printed, glued):
    out = stored.stdout_of(printed, 'ap_by_hand')
    assert 'AP à mão: 0,833  average_precision_score: 0,833' in out
    assert 'linha de base (prevalência): 0,500' in out
    assert glued['roc_pr_ap'] == '0,833'


def test_trapezoid_is_not_average_precision(printed, glued):
    """Issue 20: the trapezoid averages P_{k-1} and P_k (0,792 here), AP takes P_k (0,833); a straight
    line in precision-recall space errs both ways against what mixing two thresholds achieves."""
    out = stored.stdout_of(printed, 'ap_by_hand')
    assert 'área pelo trapézio, auc(recall, precision): 0,792' in out
    assert glued['roc_pr_trapezoid'] == '0,792'
    # between thresholds 0,4 and 0,35: mixing gives 1,5 TP and 1 FP (0,6), the line 0,583 (below)
    assert (glued['roc_pr_mix1_p'], glued['roc_pr_line1']) == ('0,600', '0,583')
    # between 0,8 and 0,35: mixing gives 1,5 TP and 0,5 FP (0,75), the line 0,833 (above)
    assert (glued['roc_pr_mix2_p'], glued['roc_pr_line2']) == ('0,750', '0,833')
    text = stored.lesson_md('roc').read_text(encoding='utf-8')
    assert 'não premia interpolações otimistas' not in text


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
    assert 'pares vencidos: 86 de 100 = 0,86' in out
    assert 'roc_auc_score: 0,86' in out
    assert 'limiar 0,5: TP=7 FP=2  FPR 0,2  TPR 0,7' in out      # the metrics lesson's matrix
    assert glued['roc_pat_sum'] == '10 + 10 + 10 + 10 + 9 + 9 + 8 + 8 + 7 + 5'
    assert (glued['roc_pat_won'], glued['roc_pat_pairs'], glued['roc_pat_auc']) == ('86', '100', '0,86')


def glue_of(lesson, name):
    return stored.glue_values(lesson, kind='any')[name]


def test_the_biopsies_are_the_cost_and_calibration_lessons(printed, glued):
    """The page says its scores are the cost lesson's and quotes the calibration lesson's split; it prices the
    errors at its own 10 and 1, the cost lesson's prices only while that lesson keeps them."""
    out = stored.stdout_of(printed, 'cross_val_predict(model, X, y, cv=StratifiedKFold(5)')
    assert 'biópsias: 569; malignas: 212; linha de base da curva PR: 0,373' in out
    assert glued['roc_bio_ap_vs_auc'] == 'perto'         # AP 0,978 next to ROC AUC 0,984
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
    assert 'acurácia 0,922  especificidade 0,860  precisão 0,920  revocação 0,958\n  F1 0,939' in out
    assert 'acurácia 0,983  especificidade 0,953  precisão 0,973  revocação 1,000' in out
    assert out.count('scikit-learn: confere') == 2
    assert (glued['roc_knn_acc'], glued['roc_knn_spec'], glued['roc_knn_prec'],
            glued['roc_knn_rec']) == ('0,922', '0,860', '0,920', '0,958')
    assert glued['roc_knn_fp_kind'] == 'maligno-como-benigno'     # class 1 is benign
    assert glued['roc_knn_flip'] == 'especificidade' and glued['roc_knn_mal_rec'] == '0,860'
    assert glued['roc_knn_n_test_02'] == '114'


def test_glued_negative_numbers_use_the_minus_sign(glued):
    for name, text in glued.items():
        assert not re.search(r'(?<![\w.])-\d', text), f'{name}: {text!r} has a hyphen for a minus'


def test_bootstrap_noise_is_measured(printed, glued):
    """Issue 20 item 2: the 200-row interval "excludes zero by a little" (+0,004) with B = 500; its own
    Monte Carlo noise is measured (200 seeds), B = 20.000 is shown, and so is how often other 200-row
    test sets show the difference at all."""
    out = stored.stdout_of(printed, 'def paired_bootstrap')
    assert re.search(r'200 sementes, B = 500: limite inferior de −0,00\d a \+0,00\d, desvio padrão 0,00\d\d; '
                     r'inclui o zero em \d+ de 200', out)
    assert 'uma semente, B = 20.000: intervalo da diferença [+0,003; +0,060]' in out
    assert glued['roc_boot_mc_kind'] == 'milesimos'
    assert glued['roc_boot_mc_sd'] == '0,0014'
    assert 0 < int(glued['roc_boot_mc_zero']) < 20              # a few of 200 seeds cross zero
    power = stored.stdout_of(printed, 'power[n] = (excludes, repeats)')
    assert '200 conjuntos de 200 linhas: o intervalo exclui o zero em 76 (38 %)' in power
    assert glued['roc_boot_power_kind'] == 'menos_da_metade'
    assert glued['roc_boot_power_1000'].startswith('9')        # 9x of 100 at 1.000 rows
    # the quiz's overlap question reads the 1.000-row row: overlapping intervals, a difference clear of zero
    assert (glued['roc_boot_1000_lr_ci'], glued['roc_boot_1000_rf_ci']) == ('[0,914; 0,947]', '[0,940; 0,967]')
    assert glued['roc_boot_1000_diff'] == '[+0,011; +0,034]'


# A decimal written with a dot, as the seeds print it (0.161, 1.0, 0.75), not a thousands group
# (9.477, 20.000): an integer part of 0, or a fractional part of other than three digits.
DOT_DECIMAL = re.compile(r'(?<![\d.,])(?:0\.\d+|\d+\.(?!\d{3}(?!\d))\d+)')
SEED_LISTINGS = ("'precisão (revocação>=0.8)'", 'def bootstrap(n, B=500)')   # seed 004, kept exact


def test_the_course_s_own_cells_print_portuguese_decimals(printed):
    """Issue 20 item 4: the course's own cells print with the decimal comma; only seed 004's two
    listings keep the seed's decimal point."""
    seeds = [stored.stdout_of(printed, marker) for marker in SEED_LISTINGS]
    assert all(DOT_DECIMAL.search(text) for text in seeds)      # the check can see a decimal point
    own = [(source, text) for source, text in printed if text and text not in seeds]
    assert len(own) >= 10
    for source, text in own:
        assert not DOT_DECIMAL.search(text), (source.splitlines()[0], DOT_DECIMAL.findall(text))
        words = re.sub(r'\w+\([^)]*\)', '', text)        # a function named in the output: code, not prose
        for word in ('precision', 'recall', 'threshold', 'baseline', 'theory', 'simulation', 'pairs'):
            assert not re.search(rf'\b{word}\b', words), (source.splitlines()[0], word)
