"""Métricas de classificação, abordagem avançada: the numbers the page quotes are the ones its
code computed, and the seed material it brings in prints the seeds' numbers.

Reads the executed ``lessons/metricas-avancada.ipynb`` (written by ``jupytext --to ipynb
--execute``): the printed outputs of the code cells and the myst-nb ``glue`` values. Checks
seed 004's listing 5 (three classes 80/15/5: per-class table, macro 0,9067, weighted 0,9725,
micro 0,9745 = accuracy), number for number with the seed's own "# Output:" block; seed 003's
spam filter (the slide's 83,45 % is the balanced accuracy, the mean of its row percentages 81,82 %
and 85,07 %, one rounding everywhere; the accuracy is 84,00 %) and Cat/Dog/Horse matrix (accuracy 0,8125, macro precision 0,819 and recall
0,811); the rebalancing demo (900/100 training set, 100/100 and 900/900 after resampling, and the
leak inflating the recall); and the F2 slip of the lab ("117 of 154"). Builds nothing itself.
"""
import re

import stored

LESSON_MD = stored.lesson_md('metricas-avancada')

# Seed 004's listing 5, "# Output:" block, as the seed prints it (Italian labels; numbers only
# are compared, line by line, with what the page prints in Portuguese).
SEED_LISTING_5 = [
    'classe  precision  recall     F1  supporto',
    '     0      0.976   0.997  0.986      7953',
    '     1      0.977   0.974  0.976      1517',
    '     2      0.939   0.636  0.758       530',
    '',
    'F1 macro    (media semplice delle 3 classi): 0.9067   a mano 0.9067',
    'F1 weighted (media pesata dal supporto):      0.9725   a mano 0.9725',
    'F1 micro    (conta TP, FP, FN di tutte le classi): 0.9745',
    'accuratezza: 0.9745  -> micro-F1 = accuratezza in classificazione a una etichetta: True',
]
NUMBER = stored.NUMBER


notebook, printed, glued = stored.lesson_fixtures('metricas-avancada')


def test_notebook_is_executed_without_errors():
    stored.assert_executed_cleanly('metricas-avancada')


def test_every_glue_role_of_the_page_is_glued(glued):
    used = stored.glue_roles('metricas-avancada')
    assert used <= set(glued), used - set(glued)
    assert all(n.startswith('adv_') for n in used)


def test_listing_5_prints_the_seed_numbers(printed):
    out = stored.stdout_of(printed, 'precision_recall_fscore_support(yte, p)').rstrip('\n').splitlines()
    assert len(out) == len(SEED_LISTING_5)
    for ours, seed in zip(out, SEED_LISTING_5):
        assert NUMBER.findall(ours) == NUMBER.findall(seed), (ours, seed)
    assert out[0] == 'classe  precision  recall     F1   suporte'      # Portuguese, aligned
    assert out[-1].startswith('acurácia: 0.9745') and out[-1].endswith('True')


def test_listing_5_is_the_seed_s():
    seed = stored.seed('004')
    for line in SEED_LISTING_5:
        if line:
            assert f'# {line}' in seed, line


def test_listing_5_prose(glued):
    assert (glued['adv_three_p2'], glued['adv_three_r2'], glued['adv_three_f2']) == \
        ('0,939', '0,636', '0,758')
    assert (glued['adv_three_macro'], glued['adv_three_weighted'], glued['adv_three_micro']) == \
        ('0,9067', '0,9725', '0,9745')
    assert glued['adv_three_weak'] == 'revocacao'


def test_spam_slide(printed, glued):
    """One value, one rounding rule: 27/33 is 81,82 % on the slide, in the output and in the prose;
    the balanced accuracy is 83,45 % (the quiz's key 0,8345) wherever it appears."""
    out = stored.stdout_of(printed, 'spam_matrix = np.array')
    assert re.search(r'acurácia\s+84,00 %', out) and re.search(r'acurácia balanceada\s+83,45 %', out)
    assert re.search(r'revocação\s+81,82 %', out) and re.search(r'especificidade\s+85,07 %', out)
    assert re.search(r'precisão\s+72,97 %', out) and re.search(r'F1\s+77,14 %', out)
    assert '.' not in out.split('\n', 1)[1]                             # decimal comma
    assert glued['adv_spam_claim'] == glued['adv_spam_bal_pct'] == '83,45\u00a0%'
    assert (glued['adv_spam_row_spam'], glued['adv_spam_row_ham']) == ('81,82\u00a0%', '85,07\u00a0%')
    assert glued['adv_spam_answer'] == 'balanceada'
    assert glued['adv_spam_acc_pct'] == '84,00\u00a0%'
    assert glued['adv_spam_bal'] == '0,8345'
    quiz = (stored.ROOT / 'quiz' / 'metricas.yml').read_text(encoding='utf-8')
    assert 'answer: 0.8345' in quiz and '0,835' not in quiz and '83,44' not in quiz


def test_cat_dog_horse(printed, glued):
    out = stored.stdout_of(printed, "animals = ['gato', 'cão', 'cavalo']")
    assert re.search(r'cão\s+0,769\s+0,833\s+0,800\s+12', out)
    assert re.search(r'cavalo\s+0,889\s+0,800\s+0,842\s+10', out)
    assert re.search(r'macro\s+0,819\s+0,811\s+0,814\s+32', out)
    assert 'acurácia 0,8125' in out and '.' not in out        # one rounding, the decimal comma
    assert glued['adv_an_acc'] == '0,8125'
    assert (glued['adv_an_macro_prec'], glued['adv_an_macro_rec']) == ('0,819', '0,811')
    assert glued['adv_an_dog_prec'] == '0,769'


def test_rebalancing(printed, glued):
    out = stored.stdout_of(printed, 'compute_class_weight(\'balanced\', classes=np.array([0, 1]), y=yb_train)\nplain')
    assert 'treino: A 900, B 100   teste: A 900, B 100' in out
    assert "pesos de 'balanced': A 0,556, B 5,000" in out
    assert re.search(r'sem pesos, limiar 0,5 +revocação 0,17 +precisão 0,63 +escore médio 0,098', out)
    counts = stored.stdout_of(printed, 'from sklearn.model_selection import KFold, StratifiedKFold')
    assert 'subamostragem:   A 100, B 100   (descartadas: 800 linhas de A)' in counts
    assert 'sobreamostragem: A 900, B 900   (cada B: 9,0 vezes em média' in counts
    assert 'StratifiedKFold casos B em cada dobra: [20, 20, 20, 20, 20]' in counts
    assert glued['adv_reb_copies'] == '9'
    leak = stored.stdout_of(printed, 'twins = sum(')
    honest, leaky = (float(x.replace(',', '.')) for x in re.findall(r'revocação (\d,\d+)', leak))
    assert leaky > honest + 0.2
    assert glued['adv_leak_answer'] == 'sobe'


def test_f2_slip_is_fixed(glued):
    """"quase todas as mulheres encaminhadas" was 117 of 154: the page now says it."""
    assert (glued['adv_lab_sim_f2_flagged'], glued['adv_lab_val_n']) == ('117', '154')
    assert glued['adv_lab_sim_f2_flagged_pct'] == '76\u00a0%'
    text = LESSON_MD.read_text(encoding='utf-8')
    assert 'quase todas as mulheres encaminhadas' not in text
    assert 'Sua vez (avançada)' in text and 'Sua vez (avançado)' not in text


def test_passo_10_compares_like_with_like(printed, glued):
    """Issue 20: the accuracy of 0,3 is compared with 0,5 on the same data (validation, then test),
    and the Prevejas' keys are read against their noise, not against a difference of a few women."""
    out = stored.stdout_of(printed, "for part, X_part, y_part in [('validação', X_val, y_val)")
    rows = re.findall(r'^(validação|teste)\s+limiar (0,3|0,5): .*acurácia (\d,\d{3})', out, re.M)
    assert [(part, t) for part, t, _ in rows] == [('validação', '0,3'), ('validação', '0,5'),
                                                   ('teste', '0,3'), ('teste', '0,5')]
    acc = {(part, t): value for part, t, value in rows}
    assert acc['validação', '0,5'] == glued['adv_lab_val_acc05'] == '0,779'
    assert acc['teste', '0,3'] == glued['adv_lab_test_accuracy'] == '0,747'
    assert acc['teste', '0,5'] == glued['adv_lab_test_acc05'] == '0,708'
    assert glued['adv_lab_acc_03_vs_05'] == 'empate' and glued['adv_lab_test_vs_val'] == 'parecido'
    text = LESSON_MD.read_text(encoding='utf-8')
    assert 'é menor que a do limiar 0,5 no passo 5' not in text          # the old unlike comparison
    assert 'você espera no teste um resultado parecido, melhor ou pior' in text   # the seed's question


def test_keys_do_not_reward_noise(glued):
    """k = 25 and the logistic regression tie in log loss; digit 8 and digit 1 are one image apart."""
    assert glued['adv_lab_k25_rank'] == 'empate'
    low, high = re.fullmatch(r'de (−?\d,\d+) a (−?\d,\d+)', glued['adv_lab_k25_ci']).groups()
    assert float(low.replace('−', '-').replace(',', '.')) < 0 < float(high.replace(',', '.'))
    assert glued['adv_lab_d_averages'] == 'iguais'
    assert 'adv_lab_d_lowest' not in glued
    assert (glued['adv_lab_d_rec8'], glued['adv_lab_d_rec_second']) == ('49/52 = 0,942', '52/55 = 0,945')


def test_the_prevalence_claim_states_its_condition():
    """"Recall and specificity do not depend on prevalence" holds under pure label shift: the page
    says so in one labelled section, and every later mention links to it."""
    text = LESSON_MD.read_text(encoding='utf-8')
    assert '(sec-avancada-prevalencia-condicao)=' in text and 'label shift' in text
    after = text.split('(sec-avancada-prevalencia-condicao)=', 1)[1]
    for paragraph in re.split(r'\n\s*\n', after):
        if re.search(r'não dependem? da prevalência|, não, enquanto', paragraph):
            assert 'sec-avancada-prevalencia-condicao' in paragraph, paragraph[:80]
