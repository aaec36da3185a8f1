"""No Preveja can be answered from the screen around it (issues 21 and 41, item 3).

For every Preveja of every lesson page, in Chromium on a phone (390 × 844), right after the page
loads (nothing clicked, every explorable mounted in its opening state), the test reads the text a
student can see **above** the box in its section (from the heading before it to the box's own
question, the question included) and in the page's objectives, and **below** it, down to a screen
and a half under the box (its answer region is hidden; what comes after that region is not):
prose, tables, printed outputs, formulas (KaTeX's MathML: "0{,}779" is "0,779", a fraction
"86/100"), the text of SVG charts. Hidden things do not count: the answers of earlier Prevejas,
collapsed code, closed dropdowns. It fails when one of those texts gives the answer, or what gives
it in one step, in a form a student would recognise:

- the number as glued, and as written by a printed output ("0,779", "0.779"), with more
  decimals ("0.7792") or one fewer, with two significant digits ("0,78" for 0,779);
- a proportion also as a percentage and back ("0,779" <-> "77,9 %", "77.9%", "78 %");
- a fraction whose value, rounded like the answer, is the answer ("7/9" for 0,778; "86/100");
- a count as written ("376", "2.120", "2,120" in English output), a standalone token;
- a proportion's complement ("revocação 0.3008" under "quantas fraudes ele deixa passar?", 69,9 %)
  and the count behind a rate ("40 das 133 fraudes");
- what the box declares gives it away (``:revela:``, ``_ext/preveja.py``): a number of the page,
  the rule the question asks about, a formula ("c_FP/(c_FP + c_FN)");
- an explorable within the screen and a half below a numeric or multiple-choice box: its controls
  answer the question without a prediction.

What it cannot see, and why (say so rather than guess): a single-digit answer ("3", "5", "9")
is left out, because a lone digit is on every screen (a lone "1" is not a leak); arithmetic
("22 − 8") is not evaluated; text inside PNG figures is not read; a rule said in other words than
the box declares. These are for a reader to check, not this test.
"""
import re
from decimal import ROUND_HALF_EVEN, Decimal

import audits
import pytest

from conftest import toc_pages
from course import fmt

LESSONS = [p for p in toc_pages() if p.startswith('lessons/')]

# What the student sees around each Preveja on a phone (390 × 844) before predicting, as text: one
# string per region, a newline between blocks (paragraphs, table cells, SVG <text> elements),
# formulas as their MathML text. ``above``: from the heading before the box (its section) to the
# box's question, and the page's objectives; ``below``: what stands within ``audits.SCREENS``
# screens under the box (its answer is hidden; what follows the answer region is not). Read by
# tests/visible_around.js on the ``phone-touch`` visit of each lesson page (tests/audits.py).
SCREENS = audits.SCREENS


SPACES = re.compile(r'[\s\u00a0\u202f\u2009]+')
# A number as it may appear on screen: pt-BR ("2.120", "0,779", "1.000,5"), English printed
# output ("0.779", "2,120"), a fraction "7/9" (also "(86)/(100)" from a formula), a "%" after it.
NUMBER = re.compile(
    r'(?<![\w.,/])(?:\( ?(?P<num>\d+) ?\)|(?P<num2>\d+)) ?/ ?(?:\( ?(?P<den>\d+) ?\)|(?P<den2>\d+))(?![\w/]|[.,]\d)'
    r'|(?<![\w.,])(?P<plain>\d+(?:[.,]\d+)*)(?P<pct> ?%)?(?![\w]|[.,]\d)')


def readings(token: str):
    """Every value a token may stand for, with its decimals: "2.120" is 2120 (pt-BR) or 2,12
    (English); "0,779" is 0,779; "1,000" is 1 or 1000."""
    out = set()
    separators = re.findall(r'[.,]', token)
    digits = re.split(r'[.,]', token)
    if not separators:
        out.add((Decimal(token), 0))
        return out
    if len(set(separators)) == 1 and all(len(g) == 3 for g in digits[1:]) and digits[0] != '0' \
            and len(digits[0]) <= 3:
        out.add((Decimal(''.join(digits)), 0))              # thousands, either language
    if len(separators) == 1:
        whole, part = digits
        out.add((Decimal(f'{whole}.{part}'), len(part)))       # one decimal separator
    elif separators.count(',') == 1 and separators[-1] == ',' and all(len(g) == 3 for g in digits[1:-1]):
        out.add((Decimal(''.join(digits[:-1]) + '.' + digits[-1]), len(digits[-1])))  # 1.000,5
    elif separators.count('.') == 1 and separators[-1] == '.' and all(len(g) == 3 for g in digits[1:-1]):
        out.add((Decimal(''.join(digits[:-1]) + '.' + digits[-1]), len(digits[-1])))  # 1,000.5
    return out


def significant(value: Decimal, decimals: int) -> int:
    """Significant digits of a number written with ``decimals`` decimals ("0,017": 2; "376": 3)."""
    text = f'{value:.{decimals}f}'.replace('.', '').lstrip('0')
    return len(text)


def rounded(x: Decimal, decimals: int) -> Decimal:
    return x.quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_EVEN)


class Answer:
    """The glued answer and the test of whether a number on screen is it."""

    def __init__(self, text):
        read = fmt.parse(text, thousands=True)
        assert read.ok, f'the answer {text!r} is not a number'
        written = SPACES.sub('', text).rstrip('%')
        self.percent = read.percent
        self.decimals = read.decimals + (2 if read.percent else 0)     # in proportion units
        self.value = rounded(Decimal(written.replace('.', '').replace(',', '.'))
                             / (100 if read.percent else 1), self.decimals)
        self.count = read.integer and not read.percent
        self.proportion = read.percent or (not read.integer and 0 <= self.value <= 1)

    def recognisable(self) -> bool:
        """A single digit (3, 5, 9) is on every screen: it cannot be told from a leak."""
        return not (self.count and self.value < 10)

    def same(self, value: Decimal, decimals: int) -> bool:
        """``value`` (proportion units, ``decimals`` of them) shows the answer: equal once the
        more precise of the two is rounded like the other, with two significant digits and at
        most one decimal fewer than the answer ("0,78" shows 0,779; "1,0" does not show 0,970)."""
        if significant(value, decimals) < 2 or decimals < self.decimals - 1:
            return False
        if decimals >= self.decimals:
            return rounded(value, self.decimals) == self.value
        return rounded(self.value, decimals) == value

    def shown_by(self, match: re.Match) -> bool:
        if match.group('plain') is None:                    # a fraction
            num = Decimal(match.group('num') or match.group('num2'))
            den = Decimal(match.group('den') or match.group('den2'))
            if den < 2 or self.count:
                return False
            return rounded(num / den, self.decimals) == self.value
        percent = bool(match.group('pct'))
        if self.count and percent:
            return False
        if percent and not self.proportion:
            return False
        for value, decimals in readings(match.group('plain')):
            if percent:
                value, decimals = value / 100, decimals + 2
            elif self.percent and not self.count and value > 1:
                continue                                   # "87,7" without "%": not read as 87,7 %
            if self.count:
                if decimals == 0 and value == self.value:
                    return True
                continue
            if self.same(value, decimals):
                return True
        return False


    def complement(self):
        """1 − the answer, written like it (a proportion of three significant digits: "69,9 %" ->
        30,1 %); None when it is the answer itself (0,5), not a proportion, or too short to tell
        (the complement of a threshold of 0,06, 0,94, is a rate of nothing)."""
        if not self.proportion or self.count or self.value * 2 == 1 or significant(self.value, self.decimals) < 3:
            return None
        other = object.__new__(Answer)
        other.__dict__.update(self.__dict__, value=rounded(1 - self.value, self.decimals))
        return other

    def rate_shown_by(self, k: Decimal, n: Decimal) -> bool:
        """"k de n" ("93 das 133 fraudes") is the rate k/n: it shows a proportion answer."""
        return self.proportion and n >= 2 and 0 < k <= n and rounded(k / n, self.decimals) == self.value


# "93 das 133 fraudes", "5 em 10": a count behind a rate, read as the rate
OF = re.compile(r'(?<![\w.,])(\d{1,3}(?:\.\d{3})*|\d+) (?:de|dos|das|em|entre os|entre as|sobre) '
                r'(\d{1,3}(?:\.\d{3})*|\d+)(?![\w,]|\.\d)')


def _count(token: str) -> Decimal:
    return Decimal(token.replace('.', ''))


def _lines(text):
    for line in text.split('\n'):
        yield SPACES.sub(' ', line).replace('\u2212', '-')


def _context(line, match):
    start, end = max(0, match.start() - 60), min(len(line), match.end() + 60)
    return line[start:end].strip()


def number_leaks(answer_text, text, also=()):
    """[(shown text, the line around it)]: the answer (``answer_text``), its complement, the rate of
    a "k de n" and each number of ``also`` (what the box declares gives it away: ``:revela:``)."""
    answer = Answer(answer_text)
    targets = [a for a in (answer, answer.complement()) if a is not None and a.recognisable()]
    targets += [a for a in (Answer(t) for t in also) if a.recognisable()]
    found = []
    for line in _lines(text):
        for match in NUMBER.finditer(line):
            if any(a.shown_by(match) for a in targets):
                found.append((match.group(0), _context(line, match)))
        for match in OF.finditer(line):
            k, n = _count(match.group(1)), _count(match.group(2))
            if any(a.rate_shown_by(k, n) for a in targets[:2]):
                found.append((match.group(0), _context(line, match)))
    return found


def _plain(text):
    """Text for a phrase match: no spaces, parentheses, braces, underscores; lower case."""
    return re.sub(r'[\s(){}_\\\u00a0\u202f\u2009]+', '', text).lower()


def phrase_leaks(phrases, text):
    plain = _plain(text)
    return [(phrase, '') for phrase in phrases if _plain(phrase) in plain]


def leaks(box):
    """[(region, shown text, the line around it)] for one box: what gives its answer away above it
    (its section, the objectives) and within a screen and a half below it."""
    found = []
    for region in ('above', 'below'):
        text = box[region]
        if box['kind'] == 'numero':
            found += [(region, *x) for x in number_leaks(box['answer'], text, box['revela']['numeros'])]
        else:
            found += [(region, *x) for x in number_leaks_of_declared(box['revela']['numeros'], text)]
        found += [(region, *x) for x in phrase_leaks(box['revela']['textos'], text)]
    if box['kind'] in ('numero', 'escolha') and box['explorables']:
        found.append(('below', 'um explorable', 'controles que dão a resposta sem prever'))
    return found


def number_leaks_of_declared(numbers, text):
    """The numbers a multiple-choice box declares (``:revela:``), as written."""
    targets = [a for a in (Answer(t) for t in numbers) if a.recognisable()]
    return [(m.group(0), _context(line, m)) for line in _lines(text)
            for m in NUMBER.finditer(line) if any(a.shown_by(m) for a in targets)]


class _Opened(dict):
    def __init__(self, audit):
        super().__init__()
        self.audit = audit

    def __missing__(self, page):
        found = self.audit(page, 'phone-touch')
        assert found['outside'] == [], f'{page} asks outside the site: {found["outside"]}'
        self[page] = found['prevejas']
        return self[page]


@pytest.fixture
def opened(audit):
    """Each lesson page as loaded on a phone, explorables mounted, nothing predicted: {page: [box]}
    (each page's record read when asked for)."""
    return _Opened(audit)


def _box(answer, above='', below='', kind='numero', numeros=(), textos=(), explorables=0):
    return {'kind': kind, 'answer': answer, 'above': above, 'below': below, 'glue': 'x', 'question': '',
            'revela': {'numeros': list(numeros), 'textos': list(textos)}, 'explorables': explorables}


def test_the_reader_finds_every_form_a_student_recognises():
    """The matching rules on cases a student reads (no browser)."""
    def shown(answer, text, **kw):
        return bool(leaks(_box(answer, above=text, **kw)))
    assert shown('0,779', 'a acurácia é 0,779.')
    assert shown('0,779', 'accuracy: 0.7792')
    assert shown('0,779', 'quase 0,78 das vezes')
    assert shown('0,779', '77,9 % das mulheres')
    assert shown('0,779', 'print: 77.9%')
    assert shown('0,779', 'ou 78 %')
    assert shown('77,9 %', 'a fração é 0,779')
    assert shown('77,9 %', '77,9\u00a0%')
    assert shown('0,778', 'a precisão, 7/9, ')
    assert shown('0,86', 'AUC = (86)/(100) ')
    assert shown('376', 'faltam 376 valores')
    assert shown('2.120', 'são 2.120 pacientes')
    assert shown('2.120', 'n = 2,120')
    assert shown('24\u00a0%', 'subiu 24 %')
    assert not shown('0,779', 'um 1 sozinho, 0,7 e 7 %')          # too few digits to tell
    assert not shown('0,779', 'seção 7, passo 79')
    assert not shown('87,7 %', 'a faixa 87,7 tem')                 # no "%": another number
    assert not shown('376', '3.760 e 37,6 e 0,376')
    assert not shown('17', '17 % das vezes')                        # a count is not a percentage
    assert not shown('3', 'TP = 3, FN = 3')                         # a lone digit: not judged
    assert not shown('0,10', 'o limiar 0,5 e 1/2')
    assert not shown('0,970', 'labels=[1,0], precisão 1,0 e 97 vezes')
    assert shown('0,970', 'acurácia 0,97 ou 97 %')
    assert shown('0,588', ' precisão =( 10 )/( 10 + 7 )= 0,588 revocação')
    assert not shown('5,2', '5,35 e 15,2 e 5/2 e 25,2')
    assert shown('5,2', 'são 5,18 por doente')
    # one step away: the complement, the count behind the rate, what the box declares
    assert shown('69,9 %', 'revocação 0.3008')                      # 1 − 69,9 % = 30,1 %
    assert shown('0,301', 'deixa passar 69,9 % das fraudes')
    assert not shown('0,06', 'as falhas são 94,5 % do custo')           # a threshold has no complement
    assert shown('69,9 %', 'achou 40 das 133 fraudes')              # 93 of 133 missed: 40 found
    assert shown('30,1 %', 'achou 40 das 133 fraudes')
    assert not shown('30,1 %', 'achou 41 das 133 fraudes')
    assert shown('0,06', 'o limiar da teoria', textos=['limiar da teoria'])
    assert shown('0,06', r' ( c FP )/( c FP + c FN ) ', textos=['c_FP/(c_FP + c_FN)'])
    assert shown('0,06', 'custo 123 no total', numeros=['123'])
    assert shown('sobe', 'a revocação nunca sobe quando o limiar sobe', kind='escolha',
                 textos=['nunca sobe quando o limiar sobe'])
    assert not shown('sobe', 'o limiar sobe', kind='escolha', textos=['nunca sobe quando o limiar sobe'])
    assert leaks(_box('0,06', explorables=1)) and not leaks(_box('texto', kind='texto', explorables=1))
    assert leaks(_box('0,301', below='0,301'))                      # below counts as above does


@pytest.mark.slow
@pytest.mark.parametrize('page', LESSONS)
def test_no_preveja_is_answered_by_the_screen_around_it(opened, page):
    problems = []
    for box in opened[page]:
        for region, shown, line in leaks(box):
            where = 'acima dela, na seção ou nos objetivos' if region == 'above' else \
                f'a menos de {str(SCREENS).replace(".", ",")} tela abaixo dela'
            problems.append(f'{page}: Preveja "{box["question"][:70]}…" (resposta {box["glue"]} = '
                            f'{box["answer"]}) já está na tela {where}: "{shown}" em «{line}»')
    assert not problems, '\n'.join(problems)


@pytest.mark.slow
def test_every_lesson_page_was_read(opened):
    """The reader saw text above and below every Preveja (a broken reader would pass everything)."""
    boxes = [box for page in LESSONS for box in opened[page]]
    assert len([b for b in boxes if b['kind'] == 'numero']) >= 30
    assert all(box['above'].strip() and box['question'] for box in boxes)
    assert sum(bool(box['below'].strip()) for box in boxes) >= len(boxes) // 2
