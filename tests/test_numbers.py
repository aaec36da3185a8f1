"""pt-BR numbers: one table of cases (tests/data/numbers_cases.json) through course/fmt.py and
through course/static/numbers.js under Node. The two must say the same thing, and say what the
table says: what a student reads on the page, in Python's output and in the browser's."""
import json
import math
import shutil
import subprocess

import pytest

from conftest import ROOT
from course import fmt

CASES = json.loads((ROOT / 'tests' / 'data' / 'numbers_cases.json').read_text(encoding='utf-8'))
NUMBERS_JS = ROOT / 'course' / 'static' / 'numbers.js'
PARSED_FIELDS = ('value', 'percent', 'fraction', 'decimals', 'integer', 'error')


def number(x):
    """A case's input: "NaN", "Infinity", "-Infinity" stand for themselves (JSON has no literal)."""
    return float(x) if isinstance(x, str) else x


def expected_parse(case):
    if 'error' in case:
        return dict.fromkeys(PARSED_FIELDS) | {'error': case['error']}
    return {'value': case['value'], 'percent': case.get('percent', False),
            'fraction': case.get('fraction', False), 'decimals': case.get('decimals', 0),
            'integer': case.get('integer', False), 'error': None}


def python_results():
    out = {'format': [fmt.num(number(c['x']), c.get('digits', 3), trim=c.get('trim', False))
                      for c in CASES['format']],
           'percent': [fmt.pct(number(c['x']), c.get('digits', 1)) for c in CASES['percent']],
           'ratio': [fmt.ratio(c['numerator'], c['denominator'], c.get('digits', 3))
                     for c in CASES['ratio']],
           'parse': []}
    for c in CASES['parse']:
        p = fmt.parse(c['text'], thousands=c.get('thousands', False))
        out['parse'].append({k: getattr(p, k) for k in PARSED_FIELDS} if p.ok
                            else dict.fromkeys(PARSED_FIELDS) | {'error': p.error})
    return out


NODE_RUNNER = r"""
const N = require(process.argv[1]);
const cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const x = v => typeof v === 'string' ? Number(v) : v;
const d = (c, k, dflt) => c[k] === undefined ? dflt : c[k];
const fields = ['value', 'percent', 'fraction', 'decimals', 'integer', 'error'];
const out = {
  format: cases.format.map(c => N.format(x(c.x), d(c, 'digits', undefined), d(c, 'trim', false))),
  percent: cases.percent.map(c => N.percent(x(c.x), d(c, 'digits', undefined))),
  ratio: cases.ratio.map(c => N.ratio(c.numerator, c.denominator, d(c, 'digits', undefined))),
  parse: cases.parse.map(c => {
    const p = N.parse(c.text, {thousands: d(c, 'thousands', false)});
    const r = {};
    fields.forEach(k => { r[k] = p.ok ? (k === 'error' ? null : p[k]) : (k === 'error' ? p.error : null); });
    return r;
  }),
  messages: ['empty', 'not_a_number', 'division_by_zero'].map(e => N.message(e)),
};
process.stdout.write(JSON.stringify(out));
"""


@pytest.fixture(scope='module')
def node_results():
    node = shutil.which('node')
    if node is None:
        pytest.fail('node não está no PATH: os testes dos números do navegador precisam do Node.js '
                    '(README, "Os dois comandos")')
    run = subprocess.run([node, '-e', NODE_RUNNER, str(NUMBERS_JS)], input=json.dumps(CASES),
                         capture_output=True, text=True, timeout=30, check=False)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def _same_parse(got, want):
    if want['error'] is not None:
        return got['error'] == want['error'] and got['value'] is None
    return (got['error'] is None and math.isclose(got['value'], want['value'], rel_tol=0, abs_tol=1e-15)
            and all(got[k] == want[k] for k in ('percent', 'fraction', 'decimals', 'integer')))


@pytest.mark.parametrize('kind', ['format', 'percent', 'ratio'])
def test_python_writes_the_table(kind):
    got = python_results()[kind]
    wrong = [(c, g) for c, g in zip(CASES[kind], got) if g != c['text']]
    assert wrong == [], wrong


@pytest.mark.parametrize('kind', ['format', 'percent', 'ratio'])
def test_the_browser_writes_the_table(node_results, kind):
    wrong = [(c, g) for c, g in zip(CASES[kind], node_results[kind]) if g != c['text']]
    assert wrong == [], wrong


def test_python_reads_the_table():
    wrong = [(c, g) for c, g in zip(CASES['parse'], python_results()['parse'])
             if not _same_parse(g, expected_parse(c))]
    assert wrong == [], wrong


def test_the_browser_reads_the_table(node_results):
    wrong = [(c, g) for c, g in zip(CASES['parse'], node_results['parse'])
             if not _same_parse(g, expected_parse(c))]
    assert wrong == [], wrong


def test_python_and_the_browser_agree_to_the_last_bit(node_results):
    """Not only close: the same double, so a tolerance check gives the same verdict in both."""
    python = python_results()
    for kind in ('format', 'percent', 'ratio'):
        assert python[kind] == node_results[kind], kind
    for p, n in zip(python['parse'], node_results['parse']):
        assert p == n


def test_one_wording_per_error(node_results):
    empty, not_a_number, division = node_results['messages']
    assert empty == not_a_number and not_a_number.startswith('Digite um número, por exemplo 0,75')
    assert 'Divisão por zero' in division and division.endswith(not_a_number)


def test_the_table_covers_what_the_course_promises():
    """Halves, negatives, thousands, percentages, fractions, bad input: each has cases, so a rule
    dropped from the table is noticed."""
    texts = [c['text'] for c in CASES['format']]
    assert any('why' in c and 'tie' in c['why'] for c in CASES['format'])
    assert any(t.startswith('\u2212') for t in texts) and any('.' in t for t in texts)
    assert 'indefinido' in texts and 'indefinido' in [c['text'] for c in CASES['ratio']]
    errors = {c.get('error') for c in CASES['parse']}
    assert {'empty', 'not_a_number', 'division_by_zero'} <= errors
    assert any(c.get('fraction') for c in CASES['parse']) and any(c.get('percent') for c in CASES['parse'])


def test_no_other_number_code_in_the_course_scripts():
    """explorables.js, quiz.js and preveja.js format and read numbers only through CourseNumbers."""
    for path in [ROOT / 'course' / 'static' / 'explorables.js', ROOT / 'course' / 'static' / 'quiz.js',
                 ROOT / '_static' / 'preveja.js']:
        text = path.read_text(encoding='utf-8')
        assert 'toFixed(' not in text.replace('.toFixed(1)', ''), f'{path.name} rounds numbers itself'
        assert 'parseFloat(' not in text or path.name == 'explorables.js', f'{path.name} reads numbers itself'
        assert "replace(',', '.')" not in text and 'replace(/\\./g' not in text, f'{path.name} parses pt-BR itself'
        assert 'CourseNumbers' in text, f'{path.name} does not use course/static/numbers.js'
