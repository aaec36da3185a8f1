"""Words that conclude from noise, and where they may stand (tests/test_verdict_words.py).

A sentence that calls two models tied, one "far" ahead, a difference "proof", "real" or "hardly
separable", a result "by chance" or "within the noise" draws a conclusion from a sample. In this
course such a verdict is computed (``course/evidence.py``) like the numbers are: the page glues the
verdict's words, or a hidden cell of the page asserts the sentence. So a verdict word may stand in
the prose a student reads only

- inside a glued value (the source then names the glue, not the word);
- in a sentence that an ``assert`` of a lesson quotes: the assert's message holds a quote of at
  least ``MIN_QUOTE`` words from that sentence, the verdict word among them;
- in one of its defined uses (``DEFINED``), each with the reason it is not a verdict (a tie of two
  scores is a tie);
- as an option of a Preveja or a quiz question: a hypothesis the student picks, whose key comes
  from code (a Preveja's ``:resposta:`` is a glue; a quiz's key is recomputed in tests/test_quiz.py).
"""
from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import jupytext
import yaml

ROOT = Path(__file__).resolve().parents[1]
MIN_QUOTE = 4

# the words, each with the kind of conclusion it draws
WORDS = {
    r'\bempat\w*': 'a tie between two results',
    r'\bdesempat\w*': 'a tie broken',
    r'\bde longe\b': 'a gap called large',
    r'\bcom folga\b': 'a gap called safe',
    r'\bmal separ\w*': 'a difference called hardly separable',
    r'\bclaramente\b': 'a difference called clear',
    r'\bnitidamente\b': 'a difference called clear',
    r'\bsem dúvida\b': 'certainty',
    r'\bprov(a|as|am|ar|ou|ado|ando)\b': 'proof',
    r'\bde verdade\b': 'a difference called real',
    r'\bpor acaso\b': 'chance as the explanation',
    r'\bpor sorte\b|\b(não|nem) (foi|é|era) sorte\b|\bdeu sorte\b|\bter dado sorte\b': 'luck ruled in or out',
    r'\bsignificativ\w*': 'significance',
    r'\bdentro do ruído\b|\babaixo do ruído\b|\bacima do ruído\b|\bmaior que o ruído\b|\bmenor que o ruído\b': 'noise as a verdict',
    r'\bpraticamente (igua\w*|junt\w*|o mesmo|a mesma|empat\w*)\b': 'a tie in other words',
    r'\bnão distingue\w*\b': "the course's verdict, written by hand",
    r'\bsupera\w* .{0,60}\bnesta amostra\b': "the course's verdict, written by hand",
    r'\bdentro do que o acaso dá\b': "the course's verdict, written by hand",
    r'\bincomum para um modelo calibrado\b': "the course's verdict, written by hand",
    r'\balém do acaso\b|\bacima do acaso\b': 'beyond chance, as a verdict',
    r'\b(não|nem) (se trata de|é|são|foi|era) (só |apenas |mero )?ruído\b|\b(é|são|foi|era) (só |apenas |mero )?ruído\b|'
    r'\bfora do ruído\b': 'noise ruled in or out',
    r'\b(não|nem) (é|foi|pode ser) (o )?acaso\b|\bo acaso não explica\b': 'chance ruled out',
}
PATTERN = re.compile('|'.join(f'(?:{w})' for w in WORDS), re.I)

# defined uses: (where, pattern, why it is not a verdict about noise)
DEFINED = [
    ('*', r'empat\w* (com|em) (o|um|outro) escore|escores? empatad\w*|empat\w* no escore|'
          r'meio par|empates? (conta|vale|valem|contam)|empatad\w* (com o|com a) (doente|saudável|biópsia)|'
          r'(pares|par) empatad\w*|empates? (nos|no|em) (degraus?|escores?|exatamente 1|1)|'
          r'empates? que o arredondamento|desempata para a classe|até o desempate|um empate: o saudável|'
          r'com o empate|o empate no fundo|empata\w* com o mais barato|empate entre dois limiares|'
          r'mesmo escore',
     'a tie of two scores (or two thresholds of equal cost) is a tie: the ROC and cost lessons count them'),
    ('*', r'empates? (em|se desfaz|se desfazem)|empates que os degraus|degraus?.{0,40}empat\w*|'
          r'(biópsias|exemplos|escores) empatam|empatam (em|no) 1',
     'scores that tie (rounded to the same number, or on the same step of a map) are a tie of scores'),
    ('*', r'(maligna|malignas|maligno|positiva|positivas|positivo|positivos|negativa|negativas|negativo|negativos|doente|doentes|saudáveis|'
          r'porcentagens|probabilidades|modelo|modelos|biópsias de validação|frequências|dados) de verdade',
     '"de verdade" as "in fact" (a label, a real model), not "a real difference"'),
    ('*', r'atingiria por sorte|concordância .{0,60} por sorte',
     "kappa's definition: the agreement a random guess reaches"),
    ('*', r'(vencedor|escolhid\w*|limiar escolhido).{0,80}ganhou em parte por sorte',
     "the winner's curse: a choice among candidates is optimistic, a general fact, not a verdict on one sample"),
    ('glossario.md', r'a amostra não distingue os dois|A supera B nesta amostra|dentro do que o acaso dá|'
                     r'incomum para um modelo calibrado|não é um empate',
     "the glossary defines the course's verdict words (the entry of the 95 % interval)"),
    ('*', r'prova(s)? (de|do) (conceito)|à prova',
     'a word of another sense'),
    ('*', r'(erros?|valores?|resíduos?) (grandes )?(são|é) ruído|ruído nos dados|\bse (eles )?são ruído',
     'noise in the data (a value typed wrong), not a verdict about a sample'),
    ('course/practice.py: auc-pares', r'empata \d|nenhum empate|empates/2',
     'a tie of two scores, counted as half a pair'),
]
DEFINED = [(where, re.compile(p, re.I), why) for where, p, why in DEFINED]

ROLE = re.compile(r'\{glue:(?:text|math)\}`[^`]*`|\{term\}`[^`]*`|\{ref\}`[^`]*`|\{doc\}`[^`]*`|'
                  r'\{download\}`[^`]*`|\{[a-z]+\}`[^`]*`')
CODE = re.compile(r'`[^`]*`')
MATH = re.compile(r'\$\$.*?\$\$|\$[^$\n]+\$', re.S)
COMMENT = re.compile(r'<!--.*?-->', re.S)
PLACEHOLDER = re.compile(r'\{[a-z][a-z0-9]*_[a-z0-9_]*\}')


@dataclass
class Hit:
    where: str          # 'lessons/custo.md', 'quiz/custo.yml: q-id feedback'...
    sentence: str
    word: str


def sentences(text: str) -> list[str]:
    text = ' '.join(text.split())
    return [s for s in re.split(r'(?<=[.!?;:])\s+(?=[A-ZÀ-Ú"(“])', text) if s]


def clean(text: str) -> str:
    """The prose a student reads from a source text: roles, code, math and comments out."""
    for pattern in (COMMENT, ROLE, MATH, CODE, PLACEHOLDER):
        text = pattern.sub(' ', text)
    return text


# ----------------------------------------------------------------------------- what vouches

def asserted_quotes() -> list[str]:
    """Quotes (text between double quotes) of every assert message in the lessons' code and in
    tests/lab_claims.py (the labs' sentences, asserted on each lab's own run)."""
    quotes = []
    sources = [cell.source for md in sorted((ROOT / 'lessons').glob('*.md'))
               for cell in jupytext.read(md).cells if cell.cell_type == 'code']
    claims = ast.parse((ROOT / 'tests' / 'lab_claims.py').read_text(encoding='utf-8'))
    sources += [node.value.value for node in claims.body                   # each lab's cell, a string
                if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
                and isinstance(node.value.value, str)]
    for code in sources:
        source = '\n'.join(line for line in code.splitlines() if not line.lstrip().startswith(('%', '!')))
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Assert) and node.msg is not None:
                for const in ast.walk(node.msg):
                    if isinstance(const, ast.Constant) and isinstance(const.value, str):
                        quotes += [' '.join(q.split()) for q in re.findall(r'"([^"]+)"', const.value)]
    return [q for q in quotes if len(q.split()) >= MIN_QUOTE]


def vouched(sentence: str, word: str, quotes: list[str]) -> bool:
    plain = ' '.join(sentence.split()).lower()
    for quote in quotes:
        q = quote.lower()
        if word.lower() in q and q in plain:
            return True
    return False


def defined(where: str, sentence: str, start: int, end: int) -> bool:
    for place, pattern, _ in DEFINED:
        if place != '*' and not where.startswith(place):
            continue
        for m in pattern.finditer(sentence):
            if m.start() <= end and start <= m.end():
                return True
    return False


# ----------------------------------------------------------------------------- the prose, by source

PREVEJA_OPTION = re.compile(r'^- `[\w-]+` (.*)$')


def _markdown_prose(md: Path):
    """(where, text) of the prose of a MyST notebook: markdown cells, a Preveja's option lines out."""
    for cell in jupytext.read(md).cells:
        if cell.cell_type != 'markdown':
            continue
        lines = []
        for line in cell.source.splitlines():
            stripped = line.strip()
            if PREVEJA_OPTION.match(stripped) or re.match(r'^:[\w-]+:', stripped) or stripped.startswith(('```', ':::', '(')):
                continue
            lines.append(line)
        yield str(md.relative_to(ROOT)), '\n'.join(lines)


def _yaml_strings(data, path=''):
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _yaml_strings(v, f'{path}.{k}' if path else str(k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _yaml_strings(v, f'{path}[{i}]')
    elif isinstance(data, str):
        yield path, data


def _quiz_prose(bank: Path):
    data = yaml.safe_load(bank.read_text(encoding='utf-8'))
    for q in data.get('questions', []):
        for key, text in _yaml_strings(q):
            if re.search(r'options\[\d+\]\.text$', key) or key in ('id', 'type', 'section', 'answer_from'):
                continue        # an option is a hypothesis; its key is checked by code
            yield f'{bank.relative_to(ROOT)}: {q["id"]} {key}', text


def _notes_prose(notes: Path):
    data = yaml.safe_load(notes.read_text(encoding='utf-8'))
    for key, note in data.get('notes', {}).items():
        yield f'{notes.relative_to(ROOT)}: {key}', note['text']


def _practice_prose():
    """What the practice boxes print (course/practice.py): the statement, question, hint and worked
    solution of every draw the site ships, each distinct sentence once."""
    from course import practice
    seen = set()
    for kind in practice.KINDS:
        for ex in practice.draws(kind):
            for text in [*ex.statement, ex.question, ex.hint, *ex.solution]:
                if text not in seen:
                    seen.add(text)
                    yield f'course/practice.py: {kind} (semente {ex.seed})', text


def prose_sources():
    for md in [*sorted((ROOT / 'lessons').glob('*.md')), *sorted((ROOT / 'labs').glob('*.md')),
               ROOT / 'glossario.md', ROOT / 'intro.md']:
        if md.name.endswith('.md') and md.exists():
            if md.parent.name in ('lessons', 'labs'):
                yield from _markdown_prose(md)
            else:
                yield str(md.relative_to(ROOT)), md.read_text(encoding='utf-8')
    for bank in sorted((ROOT / 'quiz').glob('*.yml')):
        yield from _quiz_prose(bank)
    for notes in sorted((ROOT / 'course' / 'confira_texts').glob('*.yml')):
        yield from _notes_prose(notes)
    yield from _practice_prose()


def hits() -> list[Hit]:
    quotes = asserted_quotes()
    found = []
    for where, text in prose_sources():
        for sentence in sentences(clean(text)):
            for m in PATTERN.finditer(sentence):
                if defined(where, sentence, m.start(), m.end()) or vouched(sentence, m.group(0), quotes):
                    continue
                found.append(Hit(where, sentence, m.group(0)))
    return found


if __name__ == '__main__':
    for h in hits():
        print(f'{h.where}\n   [{h.word}] {h.sentence[:300]}\n')
