"""Start a new lesson from the template: everything a lesson needs, ready to build and test.

    python scripts/new_lesson.py <nome> "<Título>"

creates

- ``lessons/<nome>.md``: the jupytext header, the hidden Colab set-up cell (the same as every
  lesson's), the title, a first section with its label, a hidden glue cell (``from course import
  glue``) and the quiz cell at the end;
- ``quiz/<nome>.yml``: an empty bank (no questions yet), found by the glob that finds every bank;
- ``labs/<nome>.md``: a Colab lab stub (install cell, a link back to the lesson on the published
  site, one experiment: its Preveja, the ``minha_previsao`` cell, the code and the ``confira``
  cell, the quiz) and its "Confira" note, ``course/confira_texts/<nome>.yml`` (``course.confira``:
  the note is shown only after a prediction, in Colab and on the site);
- the two entries in ``_toc.yml`` (lesson under "Aulas", lab under "Labs no Colab") and their
  descriptions in ``_ext/page_descriptions.yml``;

then runs ``python scripts/refresh.py <nome>``: executes the lesson, stores its outputs in the
paired ``.ipynb``, ships its values and pairs the lab. The result builds and passes the tests as
it is; write the lesson from there.
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HEADER = '''---
jupytext:
  formats: md:myst,ipynb
  text_representation:
    extension: .md
    format_name: myst
    format_version: 0.13
    jupytext_version: 1.19.6
kernelspec:
  display_name: Python 3
  language: python
  name: python3
---
'''


def first_cell(folder: str) -> str:
    """The first code cell of an existing lesson or lab (the Colab set-up / install cell)."""
    for md in sorted((ROOT / folder).glob('*.md')):
        text = md.read_text(encoding='utf-8')
        start = text.find('```{code-cell}')
        if start != -1:
            return text[start:text.index('\n```\n', start) + 4]
    raise SystemExit(f'no {folder}/*.md to copy the first cell from')


def lesson_text(name: str, title: str, prefix: str) -> str:
    return f'''{HEADER}
{first_cell('lessons')}
# {title}

Uma frase que diga o que esta aula responde.

:::{{admonition}} Objetivos
:class: objetivos
Ao fim desta aula, você vai conseguir:

1. um objetivo que uma pergunta do quiz ou um passo do lab confere.

Os termos da aula estão no [glossário](../glossario.md).
:::

(sec-{name}-ideia)=
## 1. A ideia

Escreva aqui a aula, em português do Brasil. Todo número que o código calcula entra no texto por
`glue`, nunca digitado. Antes de cada resultado, uma caixa **Preveja** (`_ext/preveja.py`): a
resposta fica escondida no site até o estudante prever.

```{{code-cell}} ipython3
:tags: [remove-cell]

# The numbers the text and the quiz quote, glued by name ({prefix}_...): course.glue records them
# for the quiz ({{{prefix}_exemplo}} in quiz/{name}.yml) and refuses an empty value.
from course import glue

glue('{prefix}_exemplo', str(1 + 1), display=False)
```

:::{{preveja}} numero
:resposta: {prefix}_exemplo
:tolerancia: 0

Quanto dá 1 + 1?
:::

```{{code-cell}} ipython3
print(1 + 1)
```

O código confirma: {{glue:text}}`{prefix}_exemplo`.

## Para levar

- O que o estudante deve lembrar desta aula.

## Quiz

```{{code-cell}} ipython3
:tags: [remove-input, nbval-ignore-output]

from course.quiz import show_quiz
show_quiz('{name}')
```
'''


# the one question of a new bank (tests/test_quiz.py checks its key until it is replaced)
TEMPLATE_QUESTION = 'exemplo-do-modelo'


def bank_text(name: str, title: str) -> str:
    return f'''# Questionário da aula "{title}".
# Esquema: docstring de course/quiz.py. Números da aula por nome: {{<nome da cola>}}.
quiz: {name}
title: "Questionário: {title}"
lesson: {name}
sections:
  {name}.html#sec-{name}-ideia: "1. A ideia"
questions:

  # O modelo: troque esta pergunta pelas da aula (e a chave dela em tests/test_quiz.py).
  - id: {TEMPLATE_QUESTION}
    type: truefalse
    section: {name}.html#sec-{name}-ideia
    prompt: >
      Verdadeiro ou falso: o código da aula imprime {{{name.replace('-', '_')}_exemplo}} para 1 + 1.
    answer: true
    feedback_true: >
      Isso: a célula da seção 1 imprime {{{name.replace('-', '_')}_exemplo}}.
    feedback_false: >
      Releia a célula da seção 1: ela imprime {{{name.replace('-', '_')}_exemplo}}.
'''


def description_text(name: str, title: str) -> str:
    """The two pages' <meta name="description"> (rewrite them when the lesson is written)."""
    return f'''
lessons/{name}: >-
  {title}: uma aula do curso Avaliando classificadores, com o cálculo à mão, o código executado,
  previsões antes de cada resultado e um quiz com retorno imediato.

labs/{name}: >-
  Lab no Colab da aula {title}: cada passo começa com uma previsão, roda o código e termina
  comparando o que saiu com o que você previu.
'''


def lab_text(name: str, title: str, site: str) -> str:
    return f'''{HEADER}
# Lab: {title}

Este notebook acompanha a aula [{title}]({site}lessons/{name}.html).

**Como trabalhar.** Em cada experimento:

1. leia a pergunta **Preveja**;
2. escreva sua previsão entre as aspas da célula `minha_previsao(...)` logo abaixo e rode essa célula (Shift+Enter), *antes* de rodar o código;
3. rode o código do experimento;
4. rode a célula `confira(...)`: ela mostra a nota **Confira** só depois que a sua previsão foi guardada. Compare com o que você previu.

+++

## Antes de começar

A primeira célula instala o pacote do curso, só se ele ainda não estiver instalado. A segunda prepara as suas previsões e as notas.

{first_cell('labs')}

```{{code-cell}} ipython3
from course.confira import lab_checks  # as notas "Confira" deste lab vêm com o pacote do curso

minha_previsao, confira = lab_checks('{name}')
```

## Experimento 1

> **Preveja.** Quanto dá 1 + 1?

```{{code-cell}} ipython3
minha_previsao('experimento 1', "")
```

```{{code-cell}} ipython3
print(1 + 1)
```

```{{code-cell}} ipython3
confira('experimento 1')
```

## Quiz

```{{code-cell}} ipython3
from course.quiz import show_quiz
show_quiz('{name}')
```
'''


def notes_text(name: str, title: str) -> str:
    """The lab's "Confira" notes (course/confira_texts/<nome>.yml): never in a cell of the lab."""
    return f'''# Notas "Confira" do lab labs/{name}.md ({title}), uma por previsão.
# Esquema: docstring de course/confira.py. Cada chave é a de um par minha_previsao/confira do lab;
# 'step' é o título do passo no lab. Números da aula por nome: {{<nome da cola>}} (com lessons:).
lab: {name}
lessons: [{name}]
notes:
  experimento 1:
    step: 'Experimento 1'
    text: >-
      1 + 1 = 2. Troque este experimento por um da aula, e esta nota pela conferência dele: o que
      olhar no resultado e por quê.
'''


def add_to_toc(text: str, caption: str, entry: str) -> str:
    """``entry`` appended to the chapters of the part ``caption`` of _toc.yml."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == f'- caption: {caption}')
    end = start + 1
    while end < len(lines) and not lines[end].lstrip().startswith('- caption:'):
        end += 1
    # a chapter of its own, after the part's last line: the last "- file:" may be a section (a
    # lesson's last part), whose indent would make the new lesson a part of that one
    first = next(i for i in range(start, end) if lines[i].strip().startswith('- file:'))
    indent = lines[first][:len(lines[first]) - len(lines[first].lstrip())]
    last = max(i for i in range(start, end) if lines[i].strip())
    lines.insert(last + 1, f'{indent}- file: {entry}')
    return '\n'.join(lines) + '\n'


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 2 or not re.fullmatch(r'[a-z][a-z0-9]*(-[a-z0-9]+)*', argv[0]):
        raise SystemExit('uso: python scripts/new_lesson.py <nome> "<Título>"  '
                         '(nome em minúsculas, palavras ligadas por -, ex.: validacao-cruzada)')
    name, title = argv
    prefix = name.replace('-', '_')
    paths = [ROOT / 'lessons' / f'{name}.md', ROOT / 'quiz' / f'{name}.yml', ROOT / 'labs' / f'{name}.md',
             ROOT / 'course' / 'confira_texts' / f'{name}.yml']
    for path in paths:
        if path.exists():
            raise SystemExit(f'{path.relative_to(ROOT)} já existe')
    sys.path.insert(0, str(ROOT / 'scripts'))
    import refresh
    url, _ = refresh.repository()
    paths[0].write_text(lesson_text(name, title, prefix), encoding='utf-8')
    paths[1].write_text(bank_text(name, title), encoding='utf-8')
    paths[2].write_text(lab_text(name, title, refresh.pages_url(url)), encoding='utf-8')
    paths[3].write_text(notes_text(name, title), encoding='utf-8')
    toc = ROOT / '_toc.yml'
    text = add_to_toc(toc.read_text(encoding='utf-8'), 'Aulas', f'lessons/{name}')
    toc.write_text(add_to_toc(text, 'Labs no Colab', f'labs/{name}'), encoding='utf-8')
    descriptions = ROOT / '_ext' / 'page_descriptions.yml'
    descriptions.write_text(descriptions.read_text(encoding='utf-8') + description_text(name, title),
                            encoding='utf-8')
    for path in paths + [toc, descriptions]:
        print(f'escrito: {path.relative_to(ROOT)}')
    return subprocess.call([sys.executable, str(ROOT / 'scripts' / 'refresh.py'), name], cwd=ROOT)


if __name__ == '__main__':
    sys.exit(main())
