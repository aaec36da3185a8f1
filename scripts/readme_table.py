"""The README's table of pages (between ``<!-- paginas -->`` and ``<!-- /paginas -->``): the
benchmark writes the weight columns, scripts/lighthouse.py the score columns, each leaving the
other's as they are."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / 'README.md'
START, END = '<!-- paginas -->', '<!-- /paginas -->'

COLUMNS = ['página', '1ª visita', 'depois da inicial', '1ª visita, sem compressão',
           'depois da inicial, sem compressão', 'pedidos', 'desempenho', 'acessibilidade',
           'boas práticas', 'SEO']
RIGHT = set(COLUMNS[1:])


def read() -> tuple[str, dict]:
    """(the text above the table, {page: {column: cell}})."""
    text = README.read_text(encoding='utf-8')
    if START not in text:
        return '', {}
    block = text.split(START, 1)[1].split(END, 1)[0]
    lines = block.strip('\n').split('\n')
    rows, note, header = {}, [], None
    for line in lines:
        if not line.startswith('|'):
            if header is None:
                note.append(line)
            continue
        cells = [c.strip() for c in line.strip('|').split('|')]
        if header is None:
            header = cells
        elif not set(''.join(cells)) <= set('-: '):
            rows[cells[0]] = dict(zip(header, cells))
    return '\n'.join(note).strip(), rows


def write(note: str, rows: dict) -> None:
    lines = ['| ' + ' | '.join(COLUMNS) + ' |',
             '|' + '|'.join('---:' if c in RIGHT else '---' for c in COLUMNS) + '|']
    for page, row in rows.items():
        lines.append('| ' + ' | '.join([page] + [row.get(c, '') for c in COLUMNS[1:]]) + ' |')
    block = f'{START}\n{note}\n\n' + '\n'.join(lines) + f'\n{END}'
    text = README.read_text(encoding='utf-8')
    if START in text:
        text = re.sub(re.escape(START) + '.*?' + re.escape(END), lambda m: block, text, flags=re.S)
    else:
        text = text.rstrip('\n') + '\n\n' + block + '\n'
    README.write_text(text, encoding='utf-8')


def write_block(name: str, content: str) -> None:
    """Replace what is between ``<!-- name -->`` and ``<!-- /name -->`` in the README."""
    start, end = f'<!-- {name} -->', f'<!-- /{name} -->'
    text = README.read_text(encoding='utf-8')
    block = f'{start}\n{content}\n{end}'
    text = re.sub(re.escape(start) + '.*?' + re.escape(end), lambda m: block, text, flags=re.S)
    README.write_text(text, encoding='utf-8')


def update(page_columns: dict, note: str | None = None) -> None:
    """Set the given cells ({page: {column: cell}}), keep the others."""
    old_note, rows = read()
    for page, cells in page_columns.items():
        rows.setdefault(page, {}).update(cells)
    write(note if note is not None else old_note, rows)
