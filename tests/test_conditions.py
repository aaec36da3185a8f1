"""Every condition said where the claim is made (issue 42): a rule the course states with a condition
(``course/conditions.py``, the list) carries its condition in every copy a student reads on its own.

- A quiz question (its prompt with one option and that option's feedback, or with one of its
  feedbacks), a glossary entry, a lab's Confira note and a practice text that state a rule state its
  condition too.
- A lesson or lab page that states a rule states it with its condition in at least one paragraph
  (a part is read alone: the condition said on another page does not count).
"""
import re
from pathlib import Path

import jupytext
import pytest
import yaml

from conftest import ROOT
from course import practice, quiz
from course.conditions import RULES

ROLE = re.compile(r'\{[a-z:]+\}`([^`<]*?)(?:\s*<[^>]*>)?`')     # {term}`AUC <ROC AUC>` -> AUC


def _plain(text: str) -> str:
    return ' '.join(ROLE.sub(r'\1', text).split())


def copies():
    """(where, text) of every copy read on its own."""
    for bank in quiz.bank_names():
        for q in quiz.load_bank(bank)['questions']:
            where = f'quiz/{bank}.yml: {q["id"]}'
            for i, option in enumerate(q.get('options', [])):
                yield f'{where} option {i + 1}', _plain(f'{q["prompt"]} {option["text"]} {option["feedback"]}')
            for key in ('feedback_correct', 'feedback_wrong', 'feedback_true', 'feedback_false'):
                if key in q:
                    yield f'{where} {key}', _plain(f'{q["prompt"]} {q[key]}')
    body = (ROOT / 'glossario.md').read_text(encoding='utf-8').split(':::{glossary}', 1)[1].split('\n:::', 1)[0]
    for entry in re.split(r'\n\s*\n', body):
        if entry.strip():
            yield f'glossario.md: {entry.strip().splitlines()[0]}', _plain(entry)
    for notes in sorted((ROOT / 'course' / 'confira_texts').glob('*.yml')):
        for key, note in yaml.safe_load(notes.read_text(encoding='utf-8')).get('notes', {}).items():
            yield f'{notes.relative_to(ROOT)}: {key}', _plain(note['text'])
    for kind in practice.KINDS:
        for ex in practice.draws(kind):
            yield f'course/practice.py: {kind} (semente {ex.seed})', ' '.join([*ex.statement, ex.question, *ex.solution])


def pages():
    """{page: [paragraph, ...]} of every lesson and lab, their markdown cells only."""
    out = {}
    for md in [*sorted((ROOT / 'lessons').glob('*.md')), *sorted((ROOT / 'labs').glob('*.md'))]:
        paragraphs = []
        for cell in jupytext.read(md).cells:
            if cell.cell_type == 'markdown':
                paragraphs += [_plain(p) for p in re.split(r'\n\s*\n', cell.source) if p.strip()]
        out[str(md.relative_to(ROOT))] = paragraphs
    return out


def test_every_copy_carries_its_condition():
    found = [f'- {where}: "{rule.name}" without its condition ({rule.why}): {text[:200]}'
             for where, text in copies() for rule in RULES if rule.states(text) and not rule.conditioned(text)]
    assert not found, f'{len(found)} copies state a rule without its condition:\n' + '\n'.join(found)


def test_every_page_that_states_a_rule_says_its_condition():
    found = []
    for page, paragraphs in pages().items():
        for rule in RULES:
            stating = [p for p in paragraphs if rule.states(p)]
            if stating and not any(rule.conditioned(p) for p in stating):
                found.append(f'- {page}: "{rule.name}" ({rule.why}) stated without its condition: {stating[0][:200]}')
    assert not found, '\n'.join(found)


@pytest.mark.parametrize('rule', RULES, ids=lambda r: r.name)
def test_each_rule_finds_the_sentence_it_was_written_against(rule):
    """A pattern that no longer finds the unconditioned sentence a page once printed would check
    nothing; the pages themselves now say each condition (or no longer state the rule)."""
    assert rule.states(rule.example) and not rule.conditioned(rule.example), rule.example


def test_the_reader_finds_statements_and_conditions():
    by_name = {r.name: r for r in RULES}
    micro = by_name['micro-F1 é a acurácia']
    assert micro.states('o micro-F1 é a acurácia') and not micro.conditioned('o micro-F1 é a acurácia')
    assert micro.conditioned('Em problemas de rótulo único, o micro-F1 é sempre igual à acurácia.')
    assert not micro.states('E o micro-F1 vai ficar acima, abaixo ou igual à acurácia?')
    assert by_name['ConfusionMatrixDisplay desenha o mesmo'].conditioned(
        'ConfusionMatrixDisplay.from_estimator(model, X, y, labels=[1, 0]) faz o mesmo desenho')
    assert any(w.startswith('quiz/') for w, _ in copies()) and any(w.startswith('glossario.md') for w, _ in copies())
    assert Path(ROOT / 'course' / 'conditions.py').exists()
