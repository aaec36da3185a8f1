"""Lesson "Curvas ROC e precisão–revocação" (roc): the numbers the page quotes are the ones its code computed.

The lesson is a chapter of eight parts (``lessons/roc.md``, ``roc-curva.md``, ``roc-binormal.md``,
``roc-precisao.md``, ``roc-prevalencia.md``, ``roc-bootstrap.md``, ``roc-knn.md``, ``roc-knn-curvas.md``);
``tests/stored.py`` reads their executed notebooks as one: the printed outputs of the code cells and
the myst-nb ``glue`` values (display_data outputs with ``metadata.scrapbook.name``). Checks the key
numbers of every section: precision 0,161 by Bayes, the hand-built ROC points and AUC 0,75, the 20
patients' AUC 86/100, the binormal FPR 0,159 / TPR 0,841 / AUC 0,921, the two tables of seed 004
(ROC AUC against average precision as prevalence falls; bootstrap intervals for 200 / 1.000 / 5.000 /
20.000 rows), number for number and with Portuguese labels, the biopsies' curves and seed 003's k-NN
against logistic regression lab (its eight numbers), the trapezoid against average precision, the
verdicts about noise (issue 28: course/evidence.py's paired bootstrap and McNemar's test, glued) and
the power of a 200-row test set, and the Portuguese, decimal-comma output of the course's own
cells. Builds nothing itself.
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
    """Issue 20: the trapezoid averages P_{k-1} and P_k (0,792 here), AP takes P_k (0,833)."""
    out = stored.stdout_of(printed, 'ap_by_hand')
    assert 'área pelo trapézio, auc(recall, precision): 0,792' in out
    assert glued['roc_pr_trapezoid'] == '0,792'
    text = '\n'.join(md.read_text(encoding='utf-8') for md in stored.parts_md('roc'))
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


def test_the_biopsies_two_thresholds_on_one_curve(printed, glued):
    """Section 6 reads on its own (issue 30: no cost or calibration lesson behind it): the biopsies'
    cross-validated scores, the thresholds 0,5 and 0,1 as two points of one curve."""
    out = stored.stdout_of(printed, 'cross_val_predict(model, X, y, cv=StratifiedKFold(5)')
    assert 'biópsias: 569; malignas: 212; linha de base da curva PR: 0,373' in out
    assert 'limiar 0,50: TP=188 FP=14 FN=24' in out and 'limiar 0,10: TP=207 FP=69 FN=5' in out
    assert glued['roc_bio_ap_vs_auc'] == 'perto'         # AP 0,978 next to ROC AUC 0,984
    assert glued['roc_bio_base'] == '0,373'
    assert (glued['roc_bio_05_prec'], glued['roc_bio_01_prec']) == ('0,931', '0,750')
    text = '\n'.join(md.read_text(encoding='utf-8') for md in stored.parts_md('roc'))
    for forward in ('exatamente os da aula de custo', 'de validação. Voltamos', '1/11'):
        assert forward not in text, forward


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


def test_the_two_models_verdicts_come_from_evidence(glued):
    """Issue 28: on the 115 biopsies, which model is better is course/evidence.py's call, glued:
    McNemar's exact test for the accuracies (8 biopsies only the logistic regression gets right, 1
    only the k-NN: p = 20/512), the paired bootstrap of the 115 rows for the AUCs; the standardized
    k-NN (5 errors against 2) is not told apart."""
    assert (glued['roc_knn_only_lr'], glued['roc_knn_only_knn']) == ('8', '1')
    assert glued['roc_knn_acc_p'] == '0,039'                   # 2 · (1 + 9) / 2^9
    assert glued['roc_knn_acc_verdict'] == 'a regressão logística supera o k-NN nesta amostra'
    assert glued['roc_knn_auc_verdict'] == 'a regressão logística supera o k-NN nesta amostra'
    assert glued['roc_knn_auc_interval'].startswith('de +0,0')
    assert glued['roc_knn_sc_verdict'] == 'a amostra não distingue os dois'
    assert glued['roc_knn_sc_errors'] == '5' and glued['roc_knn_sc_p'] == '0,250'


def test_glued_negative_numbers_use_the_minus_sign(glued):
    for name, text in glued.items():
        assert not re.search(r'(?<![\w.])-\d', text), f'{name}: {text!r} has a hyphen for a minus'


def test_bootstrap_verdicts_and_power(printed, glued):
    """Issue 28: what the prose concludes from seed 004's listing is course/evidence.py's paired
    bootstrap (2.000 resamples, 95 %) on the listing's own rows, glued; issue 20: how often other
    200-row test sets show the difference at all."""
    assert glued['roc_boot_repeats'] == '2.000'
    for n in (200, 1000):
        assert glued[f'roc_boot_{n}_verdict'] == 'a floresta supera a regressão logística nesta amostra'
    assert glued['roc_boot_200_ev_interval'] == 'de +0,004 a +0,059'
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


def _paragraphs():
    """The lesson's prose paragraphs and its quiz bank's texts, one string each."""
    from course import quiz
    text = '\n'.join(md.read_text(encoding='utf-8') for md in stored.parts_md('roc'))
    found = [' '.join(p.split()) for p in re.split(r'\n\s*\n', text)]
    return found + [' '.join(t.split()) for q in quiz.load_bank('roc')['questions'] for t in quiz.question_texts(q)]


def test_ap_read_as_a_multiple_of_chance_says_its_ceiling(glued):
    """Issue 42: AP/π cannot pass 1/π, so the same classifier reads 1,7 times chance at 50 % and 17
    times at 0,1 %; wherever the lesson or its quiz reads AP as "N vezes o acaso", the same
    paragraph or feedback says the ceiling. And "reporte as três" says which three."""
    assert (glued['roc_prev_ap_ratio_50'], glued['roc_prev_ap_ratio']) == ('1,7', '17')
    assert (glued['roc_prev_ceiling_50'], glued['roc_prev_ceiling_01']) == ('2', '1.000')
    multiples = [p for p in _paragraphs() if re.search(r'vezes o acaso|múltiplo del', p)]
    assert multiples, 'the lesson no longer reads AP against chance: drop this test'
    for p in multiples:
        assert 'teto' in p, p[:160]
    assert not any('reporte as três' in p.lower() for p in _paragraphs())
