"""Appendix "E quando o alvo é um número?": seed 004's listing 6 prints the seed's numbers
(RMSE, MAE and R² on scikit-learn's diabetes data, R² by hand, and the +400 outlier), and the
prose and hand calculations quote what the code computed (RMSE +24 %, MAE +7 %, MAE' = MAE +
400/133). Reads the executed ``lessons/regressao.ipynb``; builds nothing itself.
"""
import re

import pytest
import stored

from conftest import ROOT

LESSON_MD = ROOT / 'lessons' / 'regressao.md'
LESSON_NB = ROOT / 'lessons' / 'regressao.ipynb'
SEED_004 = ROOT.parent / 'shared' / 'seeds' / '004_60200f91f8924a29.txt'

SEED_LISTING_6 = [
    'deviazione standard del bersaglio sul test: 71.42',
    'predice sempre la media            RMSE   71.42  MAE   59.53  R2  -0.000',
    'regressione lineare                RMSE   55.65  MAE   44.62  R2   0.393',
    'R2 a mano: 0.393',
    'lineare, un bersaglio sbagliato +400 RMSE   69.20  MAE   47.63  R2   0.345',
]
NUMBER = re.compile(r'[+-]?\d+(?:\.\d+)?')


@pytest.fixture(scope='module')
def notebook():
    return stored.notebook('regressao')


@pytest.fixture(scope='module')
def printed():
    return [text for _, text in stored.printed('regressao')]


@pytest.fixture(scope='module')
def glued():
    return stored.glue_values('regressao', kind='any')


def test_listing_6_prints_the_seed_numbers(printed):
    lines = [line for text in printed for line in text.splitlines()
             if re.match(r'(desvio padrão|prevê sempre|regressão linear|R2 à mão|linear, um)', line)]
    assert len(lines) == len(SEED_LISTING_6)
    for ours, seed in zip(lines, SEED_LISTING_6):
        assert NUMBER.findall(ours) == NUMBER.findall(seed), (ours, seed)


def test_listing_6_is_the_seed_s():
    if not SEED_004.exists():
        pytest.skip('shared/seeds is not beside the repository')
    seed = SEED_004.read_text(encoding='utf-8')
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
