"""Métricas de classificação, abordagem avançada: the numbers the page quotes are the ones its
code computed, and the seed material it brings in prints the seeds' numbers.

Reads the executed ``lessons/metricas-avancada.ipynb`` (written by ``jupytext --to ipynb
--execute``): the printed outputs of the code cells and the myst-nb ``glue`` values. Checks
seed 004's listing 5 (three classes 80/15/5: per-class table, macro 0,9067, weighted 0,9725,
micro 0,9745 = accuracy), number for number with the seed's own "# Output:" block; seed 003's
spam filter (83,44 % is the balanced accuracy of the slide's truncated row percentages, the
accuracy is 0,84) and Cat/Dog/Horse matrix (accuracy 0,8125, macro precision 0,819 and recall
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
    out = stored.stdout_of(printed, 'spam_matrix = np.array')
    assert 'acurácia            0.8400' in out and 'acurácia balanceada 0.8345' in out
    assert 'precisão            0.7297' in out and 'F1                  0.7714' in out
    assert glued['adv_spam_claim'] == '83,44\u00a0%'                    # the slide's number
    assert (glued['adv_spam_row_spam'], glued['adv_spam_row_ham']) == ('81,81\u00a0%', '85,07\u00a0%')
    assert glued['adv_spam_answer'] == 'balanceada'
    assert glued['adv_spam_acc_pct'] == '84\u00a0%'


def test_cat_dog_horse(printed, glued):
    out = stored.stdout_of(printed, "animals = ['gato', 'cão', 'cavalo']")
    assert re.search(r'cão\s+0\.769\s+0\.833\s+0\.800\s+12', out)
    assert re.search(r'cavalo\s+0\.889\s+0\.800\s+0\.842\s+10', out)
    assert re.search(r'macro avg\s+0\.819\s+0\.811\s+0\.814\s+32', out)
    assert glued['adv_an_acc'] == '0,8125'
    assert (glued['adv_an_macro_prec'], glued['adv_an_macro_rec']) == ('0,819', '0,811')
    assert glued['adv_an_dog_prec'] == '0,769'


def test_rebalancing(printed, glued):
    out = stored.stdout_of(printed, 'compute_class_weight(\'balanced\', classes=np.array([0, 1]), y=yb_train)\nplain')
    assert 'treino: A 900, B 100   teste: A 900, B 100' in out
    assert "pesos de 'balanced' (A, B): [0.556 5.   ]" in out
    counts = stored.stdout_of(printed, 'from sklearn.model_selection import KFold, StratifiedKFold')
    assert 'subamostragem:   A 100, B 100   (descartadas: 800 linhas de A)' in counts
    assert 'sobreamostragem: A 900, B 900   (cada B: 9.0 vezes em média' in counts
    assert 'StratifiedKFold casos B em cada divisão: [20, 20, 20, 20, 20]' in counts
    assert glued['adv_reb_copies'] == '9'
    leak = stored.stdout_of(printed, 'twins = sum(')
    honest, leaky = (float(x) for x in re.findall(r'revocação (\d\.\d+)', leak))
    assert leaky > honest + 0.2
    assert glued['adv_leak_answer'] == 'sobe'


def test_f2_slip_is_fixed(glued):
    """"quase todas as mulheres encaminhadas" was 117 of 154: the page now says it."""
    assert (glued['adv_lab_sim_f2_flagged'], glued['adv_lab_val_n']) == ('117', '154')
    assert glued['adv_lab_sim_f2_flagged_pct'] == '76\u00a0%'
    text = LESSON_MD.read_text(encoding='utf-8')
    assert 'quase todas as mulheres encaminhadas' not in text
    assert 'Sua vez (avançada)' in text and 'Sua vez (avançado)' not in text
