"""Appendix "E quando o alvo é um número?": seed 004's listing 6 prints the seed's numbers
(RMSE, MAE and R² on scikit-learn's diabetes data, R² by hand, and the +400 outlier), and the
prose and hand calculations quote what the code computed (RMSE +24 %, MAE +7 %, MAE' = MAE +
400/133). Reads the executed ``lessons/regressao.ipynb``; builds nothing itself.
"""
import re

import stored

LESSON_MD = stored.lesson_md('regressao')

SEED_LISTING_6 = [
    'deviazione standard del bersaglio sul test: 71.42',
    'predice sempre la media            RMSE   71.42  MAE   59.53  R2  -0.000',
    'regressione lineare                RMSE   55.65  MAE   44.62  R2   0.393',
    'R2 a mano: 0.393',
    'lineare, un bersaglio sbagliato +400 RMSE   69.20  MAE   47.63  R2   0.345',
]
NUMBER = stored.NUMBER


notebook, printed, glued = stored.lesson_fixtures('regressao')


def test_listing_6_prints_the_seed_numbers(printed):
    lines = [line for _, text in printed for line in text.splitlines()
             if re.match(r'(desvio padrão|prevê sempre|regressão linear|R2 à mão|linear, um)', line)]
    assert len(lines) == len(SEED_LISTING_6)
    for ours, seed in zip(lines, SEED_LISTING_6):
        assert NUMBER.findall(ours) == NUMBER.findall(seed), (ours, seed)


def test_listing_6_is_the_seed_s():
    seed = stored.seed('004')
    for line in SEED_LISTING_6:
        assert f'# {line}' in seed, line


def test_prose_numbers(glued):
    assert (glued['reg_lin_rmse'], glued['reg_lin_mae'], glued['reg_lin_r2']) == ('55,65', '44,62', '0,393')
    assert (glued['reg_dirty_rmse'], glued['reg_dirty_mae']) == ('69,20', '47,63')
    assert (glued['reg_dirty_rmse_up'], glued['reg_dirty_mae_up']) == ('24\u00a0%', '7\u00a0%')
    assert glued['reg_base_rmse'] == glued['reg_std'] == '71,42'
    assert glued['reg_base_r2'] == '−0,000' and glued['reg_base_r2_answer'] == 'zero'
    assert glued['reg_n'] == '133'


def test_every_glue_role_of_the_page_is_glued(glued):
    text = LESSON_MD.read_text(encoding='utf-8')
    used = set(re.findall(r'\{glue:text\}`([^`]+)`', text))
    used |= set(re.findall(r'```\{glue:math\} (\S+)', text))
    used |= set(re.findall(r':resposta: (\S+)', text))
    assert used and used <= set(glued), used - set(glued)
    assert all(n.startswith('reg_') for n in used)
