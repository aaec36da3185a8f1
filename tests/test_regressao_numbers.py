"""Appendix "E quando o alvo é um número?": seed 004's listing 6 prints the seed's numbers
(RMSE, MAE and R² on scikit-learn's diabetes data, R² by hand, and the +400 outlier), and the
prose and hand calculations quote what the code computed (RMSE +24 %, MAE +7 %, MAE' = MAE +
400/133). Reads the executed notebooks of its parts (``lessons/regressao.ipynb``, the five patients,
and ``lessons/regressao-diabetes.ipynb``, the listing); builds nothing itself.
"""
import re

import stored

PARTS_MD = stored.parts_md('regressao')
SOURCE = '\n'.join(md.read_text(encoding='utf-8') for md in PARTS_MD)

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
    assert glued['reg_base_r2'] == '−0,000' and glued['reg_base_r2_answer'] == 'abaixo'
    assert glued['reg_base_r2_exact'] == '−0,0000004'       # a constant that is not the test mean: below 0
    assert glued['reg_n_all'] == '442'
    assert glued['reg_n'] == '133'


def test_every_glue_role_of_the_page_is_glued(glued):
    text = SOURCE
    used = set(re.findall(r'\{glue:text\}`([^`]+)`', text))
    used |= set(re.findall(r'```\{glue:math\} (\S+)', text))
    used |= set(re.findall(r':resposta: (\S+)', text))
    assert used and used <= set(glued), used - set(glued)
    assert all(n.startswith('reg_') for n in used)


# Numbers the prose may write by hand: the appendix's settings and its examples, not results.
LITERALS = {'0', '1', '2', '3', '10', '20',     # "um erro de 20 conta o dobro de um erro de 10", section numbers
            '30',                             # test_size=0.3, "30 % dos pacientes"
            '400', '0,5'}                     # the +400 of the outlier; an R² "perto de 0,5" in the quiz


def _prose(text):
    """The page's prose without code, glued values, math, inline code and directive lines."""
    text = text.split('\n---\n', 1)[1]
    text = re.sub(r'^```\{code-cell\}.*?^```', ' ', text, flags=re.S | re.M)
    text = re.sub(r'^\s*```\{glue:math\}.*$', ' ', text, flags=re.M)
    text = re.sub(r'^:[a-z]+:.*$|^:::.*$', ' ', text, flags=re.M)
    text = re.sub(r'\{glue(?::text)?\}`[^`]+`', ' ', text)
    text = re.sub(r'\$\$.*?\$\$', ' ', text, flags=re.S)
    text = re.sub(r'\$[^$\n]+\$|`[^`\n]+`', ' ', text)
    text = re.sub(r'^#.*$|^\(sec-[^)]+\)=$', ' ', text, flags=re.M)
    text = re.sub(r'^\s*(?:[-*]|\d+\.)\s', ' ', text, flags=re.M)
    text = re.sub(r'\]\([^)]*\)', '] ', text)
    return text


def test_prose_types_no_computed_number_by_hand():
    by_hand = sorted(set(re.findall(r'\d+(?:[.,]\d+)*', ' '.join(_prose(md.read_text(encoding='utf-8'))
                                                               for md in PARTS_MD))) - LITERALS)
    assert not by_hand, f'numbers typed by hand in the prose of regressao.md (use glue): {by_hand}'


def test_prose_check_catches_a_hand_typed_number():
    planted = SOURCE.replace('Agora um acidente', 'Com RMSE 55,65, agora um acidente')
    assert '55,65' in re.findall(r'\d+(?:[.,]\d+)*', _prose(planted))
