"""The measured blocks of the documentation, between ``<!-- name -->`` and ``<!-- /name -->``.

The table of pages (``<!-- paginas -->``, in MANUTENCAO.md, "Peso das páginas e Lighthouse"):
the benchmark writes the weight columns, scripts/lighthouse.py the score columns, each leaving
the other's as they are. Other blocks (``<!-- benchmark -->``) are replaced whole. Each block is
written into the file that holds it, the maintainer's guide (MANUTENCAO.md) or the README.

    python scripts/readme_table.py          # which file holds each block (writes nothing)
"""
from __future__ import annotations

import argparse
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / 'README.md'
GUIDE = ROOT / 'MANUTENCAO.md'      # the maintainer's guide: the measured tables are there
FILES = (GUIDE, README)
START, END = '<!-- paginas -->', '<!-- /paginas -->'


def holder(start: str) -> Path:
    """The file that holds the block opening with ``start`` (the guide when none does yet)."""
    for path in FILES:
        if path.is_file() and start in path.read_text(encoding='utf-8'):
            return path
    return GUIDE

COLUMNS = ['página', '1ª visita', 'depois da inicial', '1ª visita, sem compressão',
           'depois da inicial, sem compressão', 'pedidos', 'desempenho', 'acessibilidade',
           'boas práticas', 'SEO', 'LCP', 'TBT']
RIGHT = set(COLUMNS[1:])


def read() -> tuple[str, dict]:
    """(the text above the table, {page: {column: cell}})."""
    text = holder(START).read_text(encoding='utf-8')
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
    path = holder(START)
    text = path.read_text(encoding='utf-8')
    if START in text:
        text = re.sub(re.escape(START) + '.*?' + re.escape(END), lambda m: block, text, flags=re.S)
    else:
        text = text.rstrip('\n') + '\n\n' + block + '\n'
    path.write_text(text, encoding='utf-8')


def write_block(name: str, content: str) -> None:
    """Replace what is between ``<!-- name -->`` and ``<!-- /name -->`` in the file that holds it."""
    start, end = f'<!-- {name} -->', f'<!-- /{name} -->'
    path = holder(start)
    text = path.read_text(encoding='utf-8')
    if start not in text:
        raise SystemExit(f'no {start} ... {end} block in {GUIDE.name} or {README.name}')
    block = f'{start}\n{content}\n{end}'
    text = re.sub(re.escape(start) + '.*?' + re.escape(end), lambda m: block, text, flags=re.S)
    path.write_text(text, encoding='utf-8')


def update(page_columns: dict, note: str | None = None) -> None:
    """Set the given cells ({page: {column: cell}}), keep the others."""
    old_note, rows = read()
    ordered = {page: {**rows.get(page, {}), **cells} for page, cells in page_columns.items()}  # the caller's order
    ordered.update({page: row for page, row in rows.items() if page not in ordered})
    write(note if note is not None else old_note, ordered)


def blocks() -> dict[str, Path]:
    """{block name: the file that holds it}, for every ``<!-- name -->`` with its closing mark."""
    found = {}
    for path in FILES:
        text = path.read_text(encoding='utf-8') if path.is_file() else ''
        for name in re.findall(r'<!-- ([\w-]+) -->', text):
            if f'<!-- /{name} -->' in text:
                found.setdefault(name, path)
    return found


def main():
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    for name, path in blocks().items():
        print(f'<!-- {name} -->: {path.relative_to(ROOT)}')


if __name__ == '__main__':
    main()
