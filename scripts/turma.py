"""The class at a glance: the answer files of a class ("Baixar minhas respostas") in one page.

    python scripts/turma.py respostas/*.json                 # writes turma/turma.html and turma/turma.csv
    python scripts/turma.py respostas/*.json --sem-nomes     # no student named anywhere
    python scripts/turma.py respostas/*.json --site _build/html --saida relatorio

Reads the questions of the built site (``<site>/_static/progresso/manifesto.json``, written by
``_ext/progress.py``: build the site first) and every file given; writes one HTML page that opens
offline (figures inline as SVG, no script, no font or style from outside) and the same numbers as
CSV (``;`` between fields and the decimal comma, as a spreadsheet in Portuguese reads it). Per
lesson: how many students answered; for each quiz question the share right at the first try and
the most chosen wrong answer; for each Preveja of a number the distribution of the students'
first guesses against the real value (a figure per Preveja, in the course's figure style) and, for
a Preveja of options, the most chosen wrong option. For the practice ("Pratique", the kinds of
exercise the manifest lists): per kind, the share of the class's exercises that were wrong (with
the counts), how many students practised it and how many mastered it, the kinds missed most first.

Rules (MANUTENCAO.md, "A turma de relance"):

- every answer is judged again against the questions of this build, with the rules of the site
  (``course/answers.py``); an answer the build does not know (the question changed or left) is
  left out and counted;
- a *first* answer counts: the first guess of a Preveja, the first try of a quiz question; a
  prediction made after "Mostrar sem prever" (after seeing the answer) is left out of the
  distribution and counted;
- a file that is not an answer file, or a damaged one, is listed as skipped with the reason, and
  the others are read; two files with the same name typed are one student (the latest export
  counts); two files with the same answers are one (a copy);
- students appear only by the name or number they typed when exporting, in the list of files
  read; with ``--sem-nomes`` no name appears (and the skipped files are named only in the terminal,
  since a file's name may carry a student's);
- practice is kept as counts (answers.js: exercises checked, right, right in a row), each drawn
  from a seed and judged when it was answered: the report adds the counts, it does not judge again.
"""
from __future__ import annotations

import argparse
import csv
import html
import io
import json
import math
import re
import statistics
import sys
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from course import answers as judging  # noqa: E402
from course.answer_files import MASTERED, PRACTICE, AnswerFileError, read_bytes, rehome  # noqa: E402
from course.fmt import num, pct  # noqa: E402
from course.site import SITE_URL  # noqa: E402
from course.values import plural  # noqa: E402

MANIFEST = Path('_static') / 'progresso' / 'manifesto.json'
VERDICT_WORDS = {'right': 'boa', 'close': 'perto', 'wrong': 'longe'}


class TurmaError(Exception):
    """What stops the report (no manifest, no file given): said in one sentence."""


# ----------------------------------------------------------------------------- reading

def load_manifest(site: Path) -> dict:
    path = Path(site) / MANIFEST
    if not path.is_file():
        raise TurmaError(f'não achei as perguntas do site em {path}: construa o site primeiro '
                         '(jupyter-book build .) ou diga onde ele está com --site')
    data = json.loads(path.read_text(encoding='utf-8'))
    if data.get('format') != 'curso-progresso-manifesto':
        raise TurmaError(f'{path} não é o manifesto de "Meu progresso" (_ext/progress.py)')
    return data


@dataclass
class Student:
    path: Path
    name: str
    exported: str
    build: str | None
    pages: dict


@dataclass
class Skipped:
    path: Path
    reason: str


def _name_key(name: str) -> str:
    return ' '.join(name.casefold().split())


def read_files(paths: list[Path]) -> tuple[list[Student], list[Skipped]]:
    """Every file read, or skipped with its reason; one student per name typed (the latest
    export) and per set of answers (a copy of a file is one student)."""
    students, skipped = [], []
    for path in paths:
        try:
            data = read_bytes(Path(path).read_bytes())
        except OSError as error:
            skipped.append(Skipped(Path(path), f'não foi possível abrir o arquivo ({error.strerror}).'))
            continue
        except AnswerFileError as error:
            skipped.append(Skipped(Path(path), str(error)))
            continue
        students.append(Student(Path(path), (data.get('student') or '').strip(), data['exported'],
                                data.get('build'), data['answers']['pages']))
    kept: dict[str, Student] = {}
    unnamed: list[Student] = []
    for s in students:
        if not s.name:
            unnamed.append(s)
            continue
        key = _name_key(s.name)
        other = kept.get(key)
        if other is None:
            kept[key] = s
            continue
        newer, older = (s, other) if s.exported > other.exported else (other, s)
        kept[key] = newer
        skipped.append(Skipped(older.path, 'outra exportação do mesmo aluno, mais antiga '
                                           f'(conta a de {newer.exported[:10]}).'))
    out = list(kept.values())
    seen = {json.dumps(s.pages, sort_keys=True) for s in out if s.pages}
    for s in unnamed:
        content = json.dumps(s.pages, sort_keys=True)
        if s.pages and content in seen:
            skipped.append(Skipped(s.path, 'as mesmas respostas de outro arquivo (uma cópia).'))
            continue
        seen.add(content)
        out.append(s)
    out.sort(key=lambda s: str(s.path))
    return out, skipped


# ----------------------------------------------------------------------------- counting

@dataclass
class ItemReport:
    page: str
    item: dict
    answered: int = 0
    right: int = 0
    close: int = 0
    wrong: int = 0
    wrong_answers: Counter = field(default_factory=Counter)   # what was chosen, when wrong
    guesses: list = field(default_factory=list)               # numeric Preveja: (value, verdict)
    after: int = 0                                            # predicted after seeing the answer
    skipped: int = 0                                          # "Mostrar sem prever", no prediction

    @property
    def kind(self) -> str:
        return self.item['kind']

    @property
    def real(self) -> float | None:
        if self.kind == 'preveja-numero':
            return judging.Answer.from_text(self.item['answer']).value
        return self.item.get('answer') if self.kind == 'quiz-numeric' else None

    def most_common_wrong(self) -> tuple[str, int] | None:
        if not self.wrong_answers:
            return None
        # the most chosen; ties go to the answer met first (Counter keeps insertion order)
        answer, n = self.wrong_answers.most_common(1)[0]
        return answer, n


@dataclass
class PageReport:
    page: str
    title: str
    students: int
    items: list[ItemReport]


def _wrong_text(item: dict, attempt: dict, judged) -> str:
    """The wrong answer as the student saw it: the option's text, "Verdadeiro"/"Falso", the
    number typed (as the page writes it)."""
    a = attempt['answer']
    kind = item['kind']
    if kind == 'quiz-single':
        return item['options'][a]
    if kind == 'quiz-truefalse':
        return 'Verdadeiro' if a else 'Falso'
    if kind == 'quiz-multiple':
        return '; '.join(item['options'][b] for b in sorted(a))
    if kind == 'quiz-numeric':
        typed = judging.read_guess(a, judging.Answer(item['answer']))
        return num(typed.value, 4, trim=True)
    if kind == 'preveja-escolha':
        return item['options'][a]
    return judged.guess_text or str(a)


def aggregate(manifest: dict, students: list[Student]) -> tuple[list[PageReport], int]:
    """Per page of the manifest, per question: what the class answered first. Returns the pages
    and how many stored answers this build does not know (left out)."""
    pages, unknown = [], 0
    students = [replace(s, pages=rehome(s.pages, manifest)) for s in students]   # moved questions
    for p in manifest['pages']:
        reports = [ItemReport(p['page'], item) for item in p['items']]
        answered_here = set()
        for k, s in enumerate(students):
            stored = s.pages.get(p['page'], {})
            for report in reports:
                rec = stored.get(report.item['id'])
                if not rec:
                    continue
                if rec['kind'] != report.kind:
                    unknown += 1
                    continue
                first = rec.get('first')
                if not first:
                    if rec.get('skipped'):
                        report.skipped += 1
                    continue
                judged = judging.judge_attempt(report.item, first)
                if not judged.valid:
                    unknown += 1
                    continue
                answered_here.add(k)
                if report.kind == 'preveja-numero' and rec.get('skipped') and rec['skipped'] < first['at']:
                    report.after += 1        # predicted after seeing the answer: not intuition
                    continue
                report.answered += 1
                if judged.verdict:
                    setattr(report, judged.verdict, getattr(report, judged.verdict) + 1)
                if report.kind == 'preveja-numero':
                    report.guesses.append((judged.guess, judged.verdict))
                elif judged.verdict and judged.verdict != 'right':
                    report.wrong_answers[_wrong_text(report.item, first, judged)] += 1
        known = {item['id'] for item in p['items'] + p.get('practice', [])}
        for s in students:
            unknown += sum(1 for item_id in s.pages.get(p['page'], {}) if item_id not in known)
        pages.append(PageReport(p['page'], p['title'], len(answered_here), reports))
    known_pages = {p['page'] for p in manifest['pages']}
    for s in students:
        unknown += sum(len(items) for page, items in s.pages.items() if page not in known_pages)
    return pages, unknown


@dataclass
class PracticeReport:
    """One kind of exercise, over the class: exercises checked and right (at the first try or at the
    second, after a hint: ``second``), who practised, who mastered it (``MASTERED`` right at the
    first try in a row at their last exercise)."""
    item: dict                  # the manifest's entry: id, kind, title, section
    page: str                   # the first page that offers it
    lesson: str
    students: int = 0
    attempts: int = 0
    right: int = 0
    second: int = 0
    mastered: int = 0

    @property
    def wrong(self) -> int:
        return self.attempts - self.right

    @property
    def wrong_share(self) -> float | None:
        return self.wrong / self.attempts if self.attempts else None


def aggregate_practice(manifest: dict, students: list[Student]) -> list[PracticeReport]:
    """Per kind of exercise of the manifest (in reading order), the class's counts: the stored
    practice of each student, brought to the page the manifest gives it (``rehome``: the last
    page that offers the kind, as "Meu progresso" does). Sorted as the page shows it: the kinds
    the class misses most first (the share of wrong exercises), the unpractised last."""
    reports: dict[str, PracticeReport] = {}
    home: dict[str, str] = {}
    for p in manifest['pages']:
        for item in p.get('practice', []):
            reports.setdefault(item['id'], PracticeReport(item, p['page'], p['title']))
            home[item['id']] = p['page']
    for s in students:
        pages = rehome(s.pages, manifest)
        for item_id, r in reports.items():
            rec = pages.get(home[item_id], {}).get(item_id)
            if not rec or rec.get('kind') != PRACTICE or not rec.get('attempts'):
                continue
            r.students += 1
            r.attempts += rec['attempts']
            r.right += rec['right']
            r.second += rec.get('second') or 0
            r.mastered += rec['streak'] >= MASTERED
    return sorted(reports.values(), key=lambda r: (r.wrong_share is None, -(r.wrong_share or 0), -r.attempts,
                                                  r.item['id']))


def practice_rows(practice: list[PracticeReport]) -> list[dict]:
    return [{'pagina': r.page, 'aula': r.lesson, 'item': r.item['id'], 'tipo': 'pratique',
             'pergunta': r.item['title'], 'alunos': r.students, 'tentativas': r.attempts, 'erradas': r.wrong,
             'fracao_erradas': num(r.wrong_share, 3) if r.attempts else 'indefinido', 'dominaram': r.mastered,
             'certas_segunda': r.second}
            for r in practice]


def practice_html(practice: list[PracticeReport], site_url: str) -> str:
    """"Prática: os exercícios que a turma mais erra": per kind, the wrong share with its counts."""
    if not practice:
        return ''
    e = html.escape
    out = ['<h2 id="pratica">Prática: os exercícios que a turma mais erra</h2>',
           '<p class="nota">Cada exercício de uma caixa Pratique sai de uma semente e foi conferido quando o aluno '
           'respondeu; um certo na segunda tentativa (depois de uma dica) conta como certo, e "Quase" conta como '
           f'errado. Dominar um tipo é acertar {MASTERED} de primeira, seguidos. Os tipos que a turma mais erra vêm '
           'primeiro.</p>']
    done = [r for r in practice if r.attempts]
    if done:
        body = [[f'<a href="{e(site_url + r.item["section"]["href"])}">{e(r.item["title"])}</a> ({e(r.lesson)})',
                 str(r.students), str(r.attempts),
                 f'<span class="longe">{r.wrong}</span> ({share(r.wrong, r.attempts)})', str(r.second), str(r.mastered)]
                for r in done]
        out.append(_table('Prática: exercícios errados por tipo', ['Exercício', 'Alunos que praticaram',
                          'Exercícios conferidos', 'Errados (fração)', 'Certos na segunda tentativa', 'Dominaram'],
                          body, {1, 2, 3, 4, 5}))
    rest = [r for r in practice if not r.attempts]
    if rest:
        out.append('<p class="nota">Ninguém praticou ainda: ' + '; '.join(e(r.item['title']) for r in rest) + '.</p>')
    return '\n'.join(out)


# ----------------------------------------------------------------------------- figures

def draw_preveja(report: ItemReport):
    """The class's first guesses of one numeric Preveja against its real value: a dot for each
    student (stacked where guesses fall close), its shape and colour the verdict, and a line at
    the real value. The course's figure style (course/figstyle.py) and palette."""
    import matplotlib
    matplotlib.use('Agg')
    import matplotlib.pyplot as plt

    from course.figstyle import styled
    from course.palette import OKABE_ITO

    @styled
    def draw():
        answer = judging.Answer.from_text(report.item['answer'])
        values = [g for g, _ in report.guesses]
        real = answer.value
        lo, hi = min(values + [real]), max(values + [real])
        proportion = judging.scale_of(real, answer.percent) == 'proportion'
        if proportion:
            lo, hi = min(lo, 0.0), max(hi, 1.0)
        log = not proportion and lo > 0 and hi / lo > 50
        fig, ax = plt.subplots(figsize=(4.0, 1.9))   # 10 pt text ≈ 11 px on a phone
        if log:
            ax.set_xscale('log')
        span = (hi - lo) or abs(real) or 1.0
        width = span / 40
        stacks = Counter()
        styles = {'right': ('o', OKABE_ITO['green'], 'boa'), 'close': ('^', OKABE_ITO['blue'], 'perto'),
                  'wrong': ('X', OKABE_ITO['vermillion'], 'longe')}
        heights = []
        for value, _ in report.guesses:
            key = round(math.log10(value) * 40) if log else round((value - lo) / width)
            stacks[key] += 1
            heights.append(stacks[key])
        for verdict, (marker, color, label) in styles.items():
            xs = [v for (v, vd) in report.guesses if vd == verdict]
            ys = [h for (v, vd), h in zip(report.guesses, heights) if vd == verdict]
            if xs:
                ax.scatter(xs, ys, marker=marker, s=46, color=color, label=f'{label} ({len(xs)})',
                           zorder=3, gid=f'previsoes-{verdict}')
        ax.axvline(real, color=OKABE_ITO['black'], linestyle='--', linewidth=1.4, zorder=2,
                   label=f'valor real: {report.item["answer"]}', gid='valor-real')
        top = max(heights) if heights else 1
        ax.set_ylim(0.3, top + 0.9 + 0.25 * top)
        ax.set_yticks([])
        ax.spines['left'].set_visible(False)
        ax.grid(False, axis='y')
        pad = 0.04 * span
        if not log:
            ax.set_xlim(lo - pad, hi + pad)
        from matplotlib.ticker import FuncFormatter
        if answer.percent:             # the axis written as the page writes the answer
            ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _p: f'{num(100 * v, 0)} %'))
        else:
            digits = 0 if span >= 10 else (1 if span >= 1 else 2)
            ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _p: num(v, digits, trim=True)))
        ax.set_xlabel('primeira previsão de cada aluno')
        ax.legend(loc='lower left', bbox_to_anchor=(0, 1.0), ncol=4, fontsize=9, handletextpad=0.2,
                  columnspacing=0.8, borderaxespad=0.2)
        fig.tight_layout()
        return fig
    return draw()


def svg_text(fig) -> str:
    """A figure as inline SVG (text kept as text: readable, searchable, small)."""
    import matplotlib.pyplot as plt
    buffer = io.StringIO()
    with plt.rc_context({'svg.fonttype': 'none', 'svg.hashsalt': 'turma'}):
        fig.savefig(buffer, format='svg', bbox_inches='tight')
    plt.close(fig)
    text = buffer.getvalue()
    return text[text.index('<svg'):]


# ----------------------------------------------------------------------------- numbers shown

def share(k: int, n: int) -> str:
    return pct(k / n, 0) if n else 'indefinido'


def median_text(report: ItemReport) -> str:
    if not report.guesses:
        return 'indefinido'
    answer = judging.Answer.from_text(report.item['answer'])
    m = statistics.median(g for g, _ in report.guesses)
    digits = max(answer.decimals, 1 if answer.percent else 0)
    return pct(m, digits) if answer.percent else num(m, max(answer.decimals, 2 if abs(m) < 1 else 0))


def rows(pages: list[PageReport]) -> list[dict]:
    """The report as rows (the CSV, and the tests' view of the numbers)."""
    out = []
    for p in pages:
        out.append({'pagina': p.page, 'aula': p.title, 'item': '', 'tipo': 'aula', 'pergunta': '',
                    'alunos': p.students})
        for r in p.items:
            row = {'pagina': p.page, 'aula': p.title, 'item': r.item['id'], 'tipo': r.kind,
                   'pergunta': r.item['prompt'], 'respostas': r.answered}
            if r.kind == 'preveja-texto':
                out.append(row)
                continue
            row['certas_primeira'] = r.right
            row['fracao_certas'] = num(r.right / r.answered, 3) if r.answered else 'indefinido'
            if r.kind == 'preveja-numero':
                above = sum(1 for g, _ in r.guesses if g > r.real)
                below = sum(1 for g, _ in r.guesses if g < r.real)
                row.update(valor_real=r.item['answer'], mediana_previsoes=median_text(r), perto=r.close,
                           longe=r.wrong, acima=above, abaixo=below, depois_de_ver=r.after)
            else:
                if r.kind == 'quiz-numeric':
                    row['valor_real'] = r.item['shown']
                    row['perto'] = r.close
                common = r.most_common_wrong()
                if common:
                    row['erro_mais_comum'], row['vezes_erro_mais_comum'] = common
            out.append(row)
    return out


COLUMNS = ['pagina', 'aula', 'item', 'tipo', 'pergunta', 'alunos', 'respostas', 'certas_primeira',
           'fracao_certas', 'erro_mais_comum', 'vezes_erro_mais_comum', 'valor_real', 'mediana_previsoes',
           'perto', 'longe', 'acima', 'abaixo', 'depois_de_ver', 'tentativas', 'erradas', 'fracao_erradas',
           'dominaram', 'certas_segunda']


def write_csv(path: Path, table: list[dict]) -> None:
    with open(path, 'w', encoding='utf-8-sig', newline='') as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS, delimiter=';', extrasaction='raise')
        writer.writeheader()
        for row in table:
            writer.writerow(row)


# ----------------------------------------------------------------------------- the page

STYLE = """
:root { color-scheme: light; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; margin: 0 auto;
  max-width: 60rem; padding: 1rem; line-height: 1.5; color: #1b1b1b; background: #fff; }
h1 { font-size: 1.7rem; margin: .2em 0; } h2 { margin-top: 2em; border-bottom: 2px solid #ddd; }
h3 { font-size: 1.05rem; margin: 1.4em 0 .3em; }
table { border-collapse: collapse; width: 100%; font-size: .95rem; margin: .5em 0 1em; }
th, td { text-align: left; vertical-align: top; padding: .3em .5em; border-bottom: 1px solid #ddd; }
td.num, th.num { text-align: right; white-space: nowrap; }
caption { text-align: left; font-weight: 600; padding-bottom: .3em; }
.tabela { overflow-x: auto; }
figure { margin: .6em 0 1.2em; } figure svg { max-width: 100%; height: auto; }
figcaption { font-size: .92rem; color: #444; }
.nota { color: #444; font-size: .95rem; }
.ignorados li { margin: .2em 0; }
.longe { color: #a23c00; font-weight: 600; }
"""


def _table(caption: str, head: list[str], body: list[list], numeric: set[int]) -> str:
    def cell(tag, i, value):
        cls = ' class="num"' if i in numeric else ''
        return f'<{tag}{cls}>{value}</{tag}>'
    parts = [f'<div class="tabela"><table><caption>{html.escape(caption)}</caption><thead><tr>',
             ''.join(cell('th', i, html.escape(h)) for i, h in enumerate(head)), '</tr></thead><tbody>']
    for r in body:
        parts.append('<tr>' + ''.join(cell('td', i, v) for i, v in enumerate(r)) + '</tr>')
    parts.append('</tbody></table></div>')
    return ''.join(parts)


def _short(text: str, n: int = 160) -> str:
    return text if len(text) <= n else text[:n - 1].rsplit(' ', 1)[0] + '…'


def page_html(manifest: dict, students: list[Student], skipped: list[Skipped], pages: list[PageReport],
              unknown: int, names: bool, site_url: str = SITE_URL, practice: list | None = None) -> str:
    e = html.escape
    out = ['<!DOCTYPE html><html lang="pt-BR"><head><meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           '<title>A turma de relance</title>', f'<style>{STYLE}</style></head><body>',
           '<h1>A turma de relance</h1>']
    n = len(students)
    out.append(f'<p>{plural(n, "aluno", "alunos")} (um arquivo de respostas cada), nas perguntas da '
               f'versão {e(manifest["build"])} do site. Conta a <strong>primeira</strong> resposta de '
               'cada aluno: a primeira tentativa de cada pergunta de quiz e a primeira previsão de cada '
               'caixa Preveja.</p>')
    if names:
        named = [s.name for s in students if s.name]
        listed = ', '.join(e(x) for x in sorted(named, key=str.casefold)) or 'nenhum nome'
        unnamed = n - len(named)
        rest = f'; {plural(unnamed, "arquivo", "arquivos")} sem nome' if unnamed else ''
        out.append(f'<p class="nota">Alunos, pelo nome ou número que digitaram: {listed}{rest}.</p>')
    other = sorted({s.build for s in students if s.build and s.build != manifest['build']})
    if other:
        k = sum(1 for s in students if s.build and s.build != manifest['build'])
        out.append(f'<p class="nota">{plural(k, "arquivo veio", "arquivos vieram")} de outra versão do '
                   'site: respostas de perguntas que mudaram ficam de fora.</p>')
    if unknown:
        out.append(f'<p class="nota">{plural(unknown, "resposta guardada não corresponde", "respostas guardadas não correspondem")} '
                   'a uma pergunta desta versão do site e ficou de fora.</p>')
    if skipped:
        out.append(f'<h2>Arquivos ignorados ({len(skipped)})</h2>')
        if names:
            out.append('<ul class="ignorados">' + ''.join(
                f'<li><code>{e(s.path.name)}</code>: {e(s.reason)}</li>' for s in skipped) + '</ul>')
        else:
            out.append('<p class="nota">Os nomes dos arquivos ignorados, e por quê, saíram no terminal '
                       '(um nome de arquivo pode trazer o nome de um aluno).</p>')

    # where the class's intuition fails: the numeric Prevejas with the most first guesses far off
    numeric = [r for p in pages for r in p.items if r.kind == 'preveja-numero' and len(r.guesses) >= 3]
    numeric.sort(key=lambda r: (-r.wrong / len(r.guesses), r.item['id']))
    if numeric:
        out.append('<h2>Onde a intuição da turma mais falha</h2>')
        out.append('<p class="nota">As caixas Preveja de número com mais primeiras previsões longe do '
                   'valor real (só as que têm ao menos 3 previsões).</p><ol>')
        for r in numeric[:5]:
            title = next(p.title for p in pages if p.page == r.page)
            out.append(f'<li><a href="#{e(_anchor(r))}">{e(_short(r.item["prompt"], 110))}</a> '
                       f'({e(title)}): {r.wrong} de {len(r.guesses)} longe; mediana {e(median_text(r))}, '
                       f'valor real {e(r.item["answer"])}.</li>')
        out.append('</ol>')
    out.append(practice_html(practice or [], site_url))

    for p in pages:
        out.append(f'<h2 id="{e(_anchor_page(p.page))}">{e(p.title)}</h2>')
        total = sum(1 for r in p.items)
        out.append(f'<p>{plural(p.students, "aluno respondeu", "alunos responderam")} ao menos uma '
                   f'das {total} perguntas desta aula.</p>')
        quiz = [r for r in p.items if r.kind.startswith('quiz-')]
        if quiz:
            body = []
            for r in quiz:
                common = r.most_common_wrong()
                body.append([e(_short(r.item['prompt'])) + f' <a href="{e(site_url + r.item["section"]["href"])}">'
                             f'(Revise: {e(r.item["section"]["title"])})</a>',
                             str(r.answered), f'{r.right} ({share(r.right, r.answered)})',
                             (f'{e(_short(common[0], 90))} ({common[1]})' if common else '—')])
            out.append(_table('Quiz: primeira tentativa', ['Pergunta', 'Responderam', 'Certas',
                              'Resposta errada mais escolhida (vezes)'], body, {1, 2}))
        choice = [r for r in p.items if r.kind == 'preveja-escolha']
        if choice:
            body = []
            for r in choice:
                common = r.most_common_wrong()
                body.append([e(_short(r.item['prompt'])), str(r.answered),
                             f'{r.right} ({share(r.right, r.answered)})',
                             (f'{e(_short(common[0], 90))} ({common[1]})' if common else '—')])
            out.append(_table('Preveja de escolha: primeira previsão', ['Pergunta', 'Previram', 'Certas',
                              'Opção errada mais escolhida (vezes)'], body, {1, 2}))
        for r in (r for r in p.items if r.kind == 'preveja-numero'):
            out.append(_preveja_html(r))
        texts = [r for r in p.items if r.kind == 'preveja-texto']
        if texts:
            k = sum(r.answered for r in texts)
            out.append(f'<p class="nota">Preveja em palavras: {plural(k, "previsão escrita", "previsões escritas")} '
                       f'em {plural(len(texts), "caixa", "caixas")} (o texto fica no arquivo de cada aluno).</p>')
    out.append('<p class="nota">Escrito por <code>scripts/turma.py</code>; os mesmos números estão em '
               '<code>turma.csv</code>.</p></body></html>')
    return _keep_percent_signs('\n'.join(out))


def _keep_percent_signs(text: str) -> str:
    """"53,0 %" never broken across lines (outside the figures, whose text is placed)."""
    parts = re.split(r'(<svg.*?</svg>)', text, flags=re.S)
    return ''.join(part if part.startswith('<svg') else part.replace(' %', '\u00a0%') for part in parts)


def _anchor_page(page: str) -> str:
    return 'aula-' + page.removesuffix('.html').replace('/', '-')


def _anchor(report: ItemReport) -> str:
    return 'preveja-' + report.item['id'].split(':', 1)[1]


def _preveja_html(r: ItemReport) -> str:
    e = html.escape
    head = (f'<h3 id="{e(_anchor(r))}">Preveja: {e(_short(r.item["prompt"], 200))}</h3>')
    if not r.guesses:
        extra = f' ({plural(r.after, "previsão depois de ver a resposta", "previsões depois de ver a resposta")})' if r.after else ''
        return head + f'<p class="nota">Nenhuma primeira previsão antes de ver a resposta{extra}.</p>'
    above = sum(1 for g, _ in r.guesses if g > r.real)
    below = sum(1 for g, _ in r.guesses if g < r.real)
    n = len(r.guesses)
    summary = (f'{n} {"previsão" if n == 1 else "previsões"}: {r.right} boas, {r.close} perto, '
               f'<span class="longe">{r.wrong} longe</span>; {above} acima e {below} abaixo do valor real '
               f'({e(r.item["answer"])}); mediana {e(median_text(r))}.')
    reference = r.item.get('reference')
    if reference:
        summary += (f' Quem marcou o lado errado de {e(reference["name"])} = {e(reference["text"])} '
                    'conta como longe, qualquer que seja o número.')
    if r.after:
        summary += (f' {plural(r.after, "previsão feita", "previsões feitas")} depois de ver a resposta '
                    f'{"ficou" if r.after == 1 else "ficaram"} de fora.')
    alt = (f'Distribuição das primeiras previsões de {n} alunos: valor real {r.item["answer"]}, mediana '
           f'{median_text(r)}; {r.right} boas, {r.close} perto, {r.wrong} longe; {above} acima, {below} abaixo.')
    values = json.dumps([g for g, _ in r.guesses])
    figure = (f'<figure data-item="{e(r.item["id"])}" data-real="{r.real!r}" data-previsoes="{e(values)}">'
              f'<div role="img" aria-label="{e(alt)}">{svg_text(draw_preveja(r))}</div>'
              f'<figcaption>{summary}</figcaption></figure>')
    return head + figure


# ----------------------------------------------------------------------------- the command

def run(paths: list[Path], site: Path, out_dir: Path, names: bool = True, stream=None) -> dict:
    stream = stream or sys.stdout
    manifest = load_manifest(site)
    if not paths:
        raise TurmaError('nenhum arquivo de respostas dado (ex.: python scripts/turma.py respostas/*.json)')
    students, skipped = read_files([Path(p) for p in paths])
    pages, unknown = aggregate(manifest, students)
    practice = aggregate_practice(manifest, students)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    page = out_dir / 'turma.html'
    table = out_dir / 'turma.csv'
    page.write_text(page_html(manifest, students, skipped, pages, unknown, names, practice=practice),
                    encoding='utf-8')
    write_csv(table, rows(pages) + practice_rows(practice))
    print(f'{plural(len(students), "aluno", "alunos")} lidos, '
          f'{plural(len(skipped), "arquivo ignorado", "arquivos ignorados")}.', file=stream)
    for s in skipped:
        print(f'  ignorado: {s.path}: {s.reason}', file=stream)
    print(f'Escrevi {page} e {table}.', file=stream)
    return {'students': students, 'skipped': skipped, 'pages': pages, 'unknown': unknown,
            'practice': practice, 'html': page, 'csv': table}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description='A turma de relance: os arquivos de respostas de uma '
                                                 'turma numa página (HTML e CSV).')
    parser.add_argument('arquivos', nargs='*', type=Path, help='os arquivos baixados pelos alunos (.json)')
    parser.add_argument('--site', type=Path, default=ROOT / '_build' / 'html',
                        help='o site construído (padrão: _build/html)')
    parser.add_argument('--saida', type=Path, default=Path('turma'),
                        help='a pasta onde escrever turma.html e turma.csv (padrão: turma/)')
    parser.add_argument('--sem-nomes', action='store_true',
                        help='não mostrar o nome de nenhum aluno (nem os nomes dos arquivos ignorados)')
    args = parser.parse_args(argv)
    try:
        run(args.arquivos, args.site, args.saida, names=not args.sem_nomes)
    except TurmaError as error:
        print(f'turma.py: {error}', file=sys.stderr)
        return 2
    return 0


if __name__ == '__main__':
    sys.exit(main())
