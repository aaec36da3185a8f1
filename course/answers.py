"""How a number is judged (right, close, wrong), in Python: the rules of ``course/static/answers.js``.

The browser judges every answer as the student gives it (``CourseAnswers.judge``, ``judgeKey``,
``readGuess``); the classroom report (``scripts/turma.py``) judges the students' stored answers
again, against the questions of the current build, with the same rules. One table of cases,
``tests/data/verdict_cases.json``, is run on both (``tests/test_answers.py`` under Node,
``tests/test_turma.py`` here), so the two cannot drift. The rules are written in MANUTENCAO.md
("Preveja no site", "Certo, perto, longe").
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from .fmt import Parsed, parse

RIGHT = 0.25      # log-odds or log-ratio: 0,50 vs 0,56; 100 vs 128
CLOSE = 0.5       # 0,50 vs 0,62; 0,10 vs 0,15; 100 vs 165
POINT = 0.01      # a proportion one percentage point away is close at least
EDGE = 0.005      # proportions are kept within [0,5 %; 99,5 %] before the log-odds
EPS = 1e-12


def _logit(p: float) -> float:
    q = min(max(p, EDGE), 1 - EDGE)
    return math.log(q / (1 - q))


def scale_of(answer: float, percent: bool = False, scale: str | None = None, digits: int = 0) -> str:
    """``proportion`` (a percentage, or a decimal between 0 and 1: ``1,0`` too, written with
    ``digits`` decimals), ``count`` (a whole number, 0 or more) or ``ratio`` (any other number);
    ``scale`` forces one (a practice exercise's cost of 0,68 is a ratio, course/practice.py)."""
    if scale:
        return scale
    if percent or (0 <= answer <= 1 and (not float(answer).is_integer() or digits > 0)):
        return 'proportion'
    if float(answer).is_integer() and answer >= 0:
        return 'count'
    return 'ratio'


def distance(guess: float, answer: float, scale: str) -> float:
    """How far the guess is from the answer, on the answer's scale."""
    if guess == answer:
        return 0.0
    if scale == 'proportion':
        return abs(_logit(guess) - _logit(answer))
    if scale == 'count':
        return math.inf if guess < 0 else abs(math.log((guess + 1) / (answer + 1)))
    if guess == 0 or answer == 0 or (guess > 0) != (answer > 0):
        return math.inf
    return abs(math.log(guess / answer))


def signed_distance(guess: float, answer: float, scale: str) -> float:
    """``distance`` with a sign: positive when the guess is above the answer."""
    d = distance(guess, answer, scale)
    return d if guess >= answer else -d


def judge(guess: float, answer: float, tolerance: float | None = None, percent: bool = False,
          digits: int = 0) -> str:
    """A prediction (a Preveja): ``right`` needs the lesson's tolerance and a distance of at most
    RIGHT; ``close`` a distance of at most CLOSE, the tolerance, or one point of a proportion."""
    scale = scale_of(answer, percent, digits=digits)
    d = distance(guess, answer, scale)
    gap = abs(guess - answer)
    within = True if tolerance is None else gap <= tolerance + EPS
    if within and d <= RIGHT + EPS:
        return 'right'
    if (d <= CLOSE + EPS or (tolerance is not None and within)
            or (scale == 'proportion' and gap <= POINT + EPS)):
        return 'close'
    return 'wrong'


def judge_key(guess: float, answer: float, tolerance: float, scale: str | None = None) -> str:
    """A quiz's numeric key: right within its tolerance, close a rounding away, wrong otherwise."""
    scale = scale_of(answer, scale=scale)
    d = distance(guess, answer, scale)
    gap = abs(guess - answer)
    if gap <= tolerance + EPS:
        return 'right'
    if d <= RIGHT + EPS or (scale == 'proportion' and gap <= POINT + EPS):
        return 'close'
    return 'wrong'


@dataclass(frozen=True)
class Answer:
    """A number as the page writes it: its value, whether it is a percentage, its decimals."""
    value: float
    percent: bool = False
    decimals: int = 0
    scale: str | None = None      # forced, as scale_of's

    @classmethod
    def from_text(cls, text: str) -> 'Answer':
        read = parse(text, thousands=True)
        if not read.ok:
            raise ValueError(f'{text!r} não é um número como a página o escreve')
        return cls(read.value, read.percent, read.decimals)


@dataclass(frozen=True)
class Guess:
    ok: bool
    value: float | None = None
    percent_read: bool = False
    told: bool = False
    read: Parsed | None = None
    error: str | None = None


def read_guess(raw: str, answer: Answer) -> Guess:
    """What the student typed, read against the answer (``CourseAnswers.readGuess``): against a
    percentage, a whole number or a number above 1 is a percentage ("35": 35 %); against a
    proportion written as a decimal, a number above 1 and up to 100 is read as a percentage and
    the student is told."""
    read = parse(raw, thousands=abs(answer.value) >= 1000)
    if not read.ok:
        return Guess(False, error=read.error, read=read)
    value, percent_read, told = read.value, read.percent, False
    if not read.percent:
        size = abs(read.value)
        if answer.percent and (read.integer or size > 1):
            value, percent_read = read.value / 100, True
        elif not answer.percent and scale_of(answer.value, scale=answer.scale) == 'proportion' and 1 < size <= 100:
            value, percent_read, told = read.value / 100, True, True
    return Guess(True, value, percent_read, told, read)


# ----------------------------------------------------------------------------- a stored answer

def _index(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and float(x).is_integer() and x >= 0


@dataclass(frozen=True)
class Judged:
    """A stored attempt read against a question of the build (``_static/progress.js``,
    ``judgeAttempt``): ``valid`` is false when the build cannot read it (an option that is no
    longer there, a number that does not parse); for a numeric Preveja, the guess and the real
    value as numbers and as the page writes them, and the signed distance (above: positive)."""
    valid: bool
    verdict: str | None = None
    guess: float | None = None
    guess_text: str | None = None
    real: float | None = None
    real_text: str | None = None
    distance: float | None = None
    scale: str | None = None


def shown(guess: Guess, answer: Answer) -> str:
    """The guess written like the answer (as ``_static/preveja.js`` shows it)."""
    from .fmt import num, pct
    read = guess.read
    own = 3 if read.fraction else read.decimals
    if answer.percent and not guess.percent_read:
        own -= 2
    if not answer.percent and guess.percent_read and not read.percent:
        own += 2
    digits = max(answer.decimals, own, 0)
    return pct(guess.value, digits) if answer.percent else num(guess.value, digits)


def judge_attempt(item: dict, attempt: dict) -> Judged:
    """One stored attempt (answers.js's format) against the manifest's question ``item``
    (``_ext/progress.py``'s format): the rules of ``judgeAttempt`` in ``_static/progress.js``."""
    a = attempt.get('answer')
    kind = item['kind']
    if kind == 'quiz-single':
        if not _index(a) or a >= len(item['options']):
            return Judged(False)
        return Judged(True, 'right' if a == item['correct'] else 'wrong')
    if kind == 'quiz-truefalse':
        if not isinstance(a, bool):
            return Judged(False)
        return Judged(True, 'right' if a == item['correct'] else 'wrong')
    if kind == 'quiz-multiple':
        if not isinstance(a, list) or not a or not all(_index(b) and b < len(item['options']) for b in a):
            return Judged(False)
        return Judged(True, 'right' if sorted(a) == list(item['correct']) else 'wrong')
    if kind == 'quiz-numeric':
        typed = read_guess(str(a), Answer(item['answer']))
        if not typed.ok:
            return Judged(False)
        return Judged(True, judge_key(typed.value, item['answer'], item['tolerance']))
    if kind == 'preveja-numero':
        try:
            answer = Answer.from_text(item['answer'])
        except ValueError:
            return Judged(False)
        guess = read_guess(a, answer) if isinstance(a, str) else Guess(False)
        if not guess.ok:
            return Judged(False)
        verdict = judge(guess.value, answer.value, item.get('tolerance'), answer.percent, answer.decimals)
        reference = item.get('reference')
        if reference:
            truth = 'above' if answer.value > Answer.from_text(reference['text']).value else 'below'
            if attempt.get('side') != truth:
                verdict = 'wrong'
        scale = scale_of(answer.value, answer.percent, digits=answer.decimals)
        return Judged(True, verdict, guess.value, shown(guess, answer), answer.value, item['answer'],
                      signed_distance(guess.value, answer.value, scale), scale)
    if kind == 'preveja-escolha':
        if not isinstance(a, str) or a not in item['options']:
            return Judged(False)
        return Judged(True, 'right' if a == item['answer'] else 'wrong')
    if kind == 'preveja-texto':
        return Judged(isinstance(a, str) and bool(a.strip()))
    return Judged(False)
