"""The labs' "Confira" notes on the site, hidden until the student predicts.

A lab (``labs/<lab>.md``) never holds its notes: each step ends with a code cell
``confira('passo 1')`` that, in Colab or Jupyter, prints the note only after the student ran
``minha_previsao('passo 1', "...")`` (``course/confira.py``; the notes are package data,
``course/confira_texts/<lab>.yml``). The lab pages of the site are not executed
(``execute.exclude_patterns: labs/*``), so this transform puts each note on the page itself,
right after its ``confira(...)`` cell, inside the same markup a lesson's text Preveja uses:

    <div class="admonition preveja tip preveja-texto confira-caixa">   title "Confira", a line,
        <div class="preveja-ui" data-tipo="texto"></div>               the form preveja.js builds
    </div>
    <div class="preveja-resposta confira-nota"> **Confira (Passo 1 — ...):** the note </div>

``_static/preveja.js`` (loaded by ``_ext/preveja.py`` on every page with a ``preveja-ui``) turns
the box into "Minha previsão" with "Guardar e ver a resposta" and "Mostrar sem prever", and keeps
the note hidden until one of them is used; without JavaScript the note is on the page, as every
Preveja answer is. The transform runs after preveja's own (priority 900), which would otherwise
take everything up to the next heading as this box's answer.

A ``confira(...)`` cell with no note, or a note no cell asks for, stops the build (a warning,
fatal with ``-W``). Editing a notes file rebuilds its lab page.

Under each lab's title, a visible "Abrir no Colab" button (the theme's own Colab link of the page,
derived from ``repository.url``) and one line on what to do on a phone: the Confira boxes here,
the code in Colab (``colab_call``; the look is in ``_static/course.css``).
"""
from __future__ import annotations

from docutils import nodes
from docutils.transforms import Transform
from docutils.utils import new_document

from course import confira

PROMPT = 'Escreva aqui o que você previu; a nota aparece em seguida. No notebook, a previsão vai na célula '
PROMPT_MIDDLE = ', e a nota sai da célula '


def _is_code_cell(node) -> bool:
    return isinstance(node, nodes.container) and node.get('nb_element') == 'cell_code'


def _parse(markdown: str, document: nodes.document) -> list[nodes.Node]:
    """``markdown`` as MyST (bold, code, $math$), parsed with the page's own settings."""
    from myst_parser.parsers.sphinx_ import MystParser
    fragment = new_document(document['source'], document.settings)
    MystParser().parse(markdown, fragment)
    return list(fragment.children)


def _box() -> nodes.admonition:
    box = nodes.admonition(classes=['preveja', 'tip', 'preveja-texto', 'confira-caixa'])
    box += nodes.title('Confira', 'Confira')
    box += nodes.paragraph('', '', nodes.Text(PROMPT), nodes.literal('minha_previsao', 'minha_previsao'),
                           nodes.Text(PROMPT_MIDDLE), nodes.literal('confira', 'confira'), nodes.Text('.'))
    box += nodes.raw('', '<div class="preveja-ui" data-tipo="texto"></div>', format='html')
    return box


class PlaceNotes(Transform):
    """After each ``confira(key)`` cell of a lab page: the box and its hidden note."""
    default_priority = 910   # after preveja.WrapAnswers (900)

    def apply(self):
        env = self.document.settings.env
        if not env.docname.startswith('labs/'):
            return
        lab = env.docname.split('/', 1)[1]
        cells = []
        for cell in self.document.findall(_is_code_cell):
            source = ''.join(block.astext() for block in cell.findall(nodes.literal_block))
            keys = [key for function, key in confira.calls(source) if function == 'confira']
            if keys:
                cells.append((cell, keys[0]))
        if not cells:
            return
        try:
            env.note_dependency(str(confira.notes_path(lab)))
            notes = confira.notes(lab)
        except confira.NotesError as error:
            self.document.reporter.warning(f'Confira: {error}', base_node=cells[0][0])
            return
        asked = set()
        for cell, key in cells:
            if key not in notes:
                self.document.reporter.warning(
                    f"Confira: a célula confira({key!r}) não tem nota em course/confira_texts/{lab}.yml "
                    f"(notas: {', '.join(notes)})", base_node=cell)
                continue
            asked.add(key)
            note = notes[key]
            region = nodes.container(classes=['preveja-resposta', 'confira-nota'])
            region.extend(_parse(f'**Confira ({note["step"]}):** {note["text"]}', self.document))
            parent = cell.parent
            at = parent.index(cell) + 1
            parent.insert(at, region)
            parent.insert(at, _box())
        unused = [key for key in notes if key not in asked]
        if unused:
            self.document.reporter.warning(
                f'Confira: notas de course/confira_texts/{lab}.yml que nenhuma célula confira(...) '
                f'mostra: {", ".join(unused)}', base_node=cells[-1][0])


# ----------------------------------------------------------------------------- "Abrir no Colab"

COLAB_LINE = ('<strong>No celular:</strong> faça aqui as caixas Confira (sua previsão, depois a nota); '
              'para rodar o código, abra o lab no Colab.')


def colab_link(context) -> str | None:
    """The theme's Colab link of this page (sphinx-book-theme's launch buttons, derived from
    ``repository.url``): never written by hand."""
    for button in context.get('header_buttons') or []:
        if button.get('label') != 'launch-buttons':
            continue
        for item in button.get('buttons', []):
            if item.get('text') == 'Colab' and item.get('url'):
                return item['url']
    return None


def colab_call(context) -> str:
    """The lab's visible way to Colab, under its title: a button and one line on what to do on a
    phone (the header's rocket has no words, and a phone shows it among six icons)."""
    url = colab_link(context)
    if not url:
        return ''
    from html import escape
    logo = context['pathto']('_static/images/logo_colab.png', 1)
    return (f'<div class="colab-cta"><a class="colab-cta-botao" href="{escape(url)}" target="_blank" '
            f'rel="noopener"><img src="{escape(logo)}" alt="" width="28" height="28">Abrir no Colab</a>'
            f'<p class="colab-cta-celular">{COLAB_LINE}</p></div>')


def _colab_button(app, pagename, templatename, context, doctree):
    if not pagename.startswith('labs/') or 'body' not in context:
        return
    call = colab_call(context)
    body = context['body']
    end = body.find('</h1>')
    if call and end >= 0:
        context['body'] = body[:end + 5] + '\n' + call + body[end + 5:]


def setup(app):
    app.setup_extension('preveja')   # its script and style hide and reveal the notes
    app.add_transform(PlaceNotes)
    # after sphinx-book-theme's launch buttons (priority 501), which give the Colab link
    app.connect('html-page-context', _colab_button, priority=600)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
