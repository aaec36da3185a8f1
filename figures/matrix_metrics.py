"""A matriz de confusão dos 20 pacientes no limiar 0,5, no layout padrão: a condição real nas
linhas (realmente doente, realmente saudável), a prevista nas colunas (previsto doente,
previsto saudável), a classe positiva primeiro. As células trazem TP = 7 e FN = 3 na linha de
cima, FP = 2 e TN = 8 na de baixo; os acertos (a diagonal) têm fundo cheio e os erros fundo
hachurado. Chaves em volta da matriz mostram o que cada métrica lê: embaixo, a precisão (VPP)
lê a coluna "previsto doente" (7/9 = 0,778) e o VPN a coluna "previsto saudável" (8/11 =
0,727); à direita, a revocação lê a linha "realmente doente" (7/10 = 0,700) e a especificidade
e a FPR leem a linha "realmente saudável" (8/10 = 0,800 e 2/10 = 0,200)."""
import matplotlib.pyplot as plt
from matplotlib.patches import Rectangle

from course import metrics
from course.data import SCORES, THRESHOLD, Y_TRUE
from course.figstyle import phone, publish, styled
from course.fmt import num
from course.palette import CELLS, OKABE_ITO


def counts(threshold=THRESHOLD):
    """TP, FN, FP, TN of the 20 patients (the matrix's reading order)."""
    c = metrics.counts(Y_TRUE, SCORES, threshold)
    return c.tp, c.fn, c.fp, c.tn


def bracket(ax, x0, y0, x1, y1, color, text, side, size=9.5):
    """A bracket from (x0, y0) to (x1, y1) with short ends and a text on the outer side."""
    ax.plot([x0, x1], [y0, y1], color=color, lw=2.2, solid_capstyle='butt', clip_on=False)
    if side == 'below':
        for x in (x0, x1):
            ax.plot([x, x], [y0, y0 - 0.08], color=color, lw=2.2, clip_on=False)
        ax.text((x0 + x1) / 2, y0 + 0.08, text, ha='center', va='top', color='black',
                fontsize=size, linespacing=1.4)
    elif side == 'right':
        for y in (y0, y1):
            ax.plot([x0, x0 - 0.08], [y, y], color=color, lw=2.2, clip_on=False)
        if text:
            ax.text(x0 + 0.08, (y0 + y1) / 2, text, ha='left', va='center', color='black',
                    fontsize=size, linespacing=1.4, rotation=90 if phone() else 0)


def cells(ax, words):
    """The four cells: count, name, shape of the group; errors hatched."""
    tp, fn, fp, tn = counts()
    grid = {('TP', 0, 0): tp, ('FN', 0, 1): fn, ('FP', 1, 0): fp, ('TN', 1, 1): tn}
    for (name, row, col), value in grid.items():
        error = name in ('FP', 'FN')
        ax.add_patch(Rectangle((col, row), 1, 1, facecolor=CELLS[name]['color'],
                               alpha=0.22 if not error else 0.12, edgecolor='none'))
        if error:
            ax.add_patch(Rectangle((col, row), 1, 1, facecolor='none', hatch='//',
                                   edgecolor=CELLS[name]['color'], alpha=0.45, lw=0))
        ax.add_patch(Rectangle((col, row), 1, 1, facecolor='none', edgecolor='white', lw=3))
        ax.scatter(col + 0.14, row + 0.18, marker=CELLS[name]['marker'], s=70,
                   color=CELLS[name]['color'], edgecolor='black', linewidth=0.5)
        ax.text(col + 0.5, row + (0.4 if phone() else 0.45), f'{name} = {value}', ha='center', va='center',
                fontsize=17, fontweight='bold')
        ax.text(col + 0.5, row + (0.78 if phone() else 0.76), words[name], ha='center', va='center', fontsize=9.5
                if phone() else 9, linespacing=1.1)
    ax.xaxis.tick_top()
    ax.xaxis.set_label_position('top')
    ax.set_xlabel('condição prevista (colunas)')
    ax.set_ylabel('condição real (linhas)')
    ax.tick_params(length=0)
    ax.grid(False)
    for spine in ax.spines.values():
        spine.set_visible(False)
    ax.set_aspect('equal')


def texts():
    """What each metric reads, as the brackets say it."""
    tp, fn, fp, tn = counts()
    return {
        'precision': f'TP / (TP + FP)\n= {tp}/{tp + fp} = {num(tp / (tp + fp))}',
        'npv': f'TN / (TN + FN)\n= {tn}/{tn + fn} = {num(tn / (tn + fn))}',
        'recall': f'TP / (TP + FN) = {tp}/{tp + fn} = {num(tp / (tp + fn))}',
        'specificity': f'TN / (TN + FP) = {tn}/{tn + fp} = {num(tn / (tn + fp))}',
        'fpr': f'FP / (FP + TN) = {fp}/{fp + tn} = {num(fp / (fp + tn))}',
    }


COLORS = {'precision': OKABE_ITO['blue'], 'npv': OKABE_ITO['green'],
          'recall': OKABE_ITO['vermillion'], 'specificity': OKABE_ITO['purple']}


@styled
def draw():
    return draw_tall() if phone() else draw_wide()


def draw_wide():
    """The column metrics under the matrix, the row metrics beside it."""
    fig, ax = plt.subplots(figsize=(8.6, 4.6))
    cells(ax, {'TP': 'verdadeiro positivo', 'FN': 'falso negativo\n(doente para casa)',
               'FP': 'falso positivo\n(alarme falso)', 'TN': 'verdadeiro negativo'})
    ax.set_xlim(0, 2)
    ax.set_ylim(2, 0)
    ax.set_xticks([0.5, 1.5], ['previsto doente', 'previsto saudável'])
    ax.set_yticks([0.5, 1.5], ['realmente\ndoente', 'realmente\nsaudável'])
    t = texts()
    bracket(ax, 0.06, 2.1, 0.94, 2.1, COLORS['precision'],
            f'precisão (VPP) lê a coluna\n{t["precision"]}', 'below')
    bracket(ax, 1.06, 2.1, 1.94, 2.1, COLORS['npv'], f'VPN lê a coluna\n{t["npv"]}', 'below')
    bracket(ax, 2.1, 0.06, 2.1, 0.94, COLORS['recall'],
            f'revocação lê a linha\n{t["recall"]}', 'right')
    bracket(ax, 2.1, 1.06, 2.1, 1.94, COLORS['specificity'],
            f'especificidade lê a linha\n{t["specificity"]}\n'
            f'FPR, o outro lado da linha\n{t["fpr"]}', 'right')
    fig.tight_layout()
    return fig


def draw_tall():
    """The phone's layout: the column metrics under the matrix, the row metrics named beside
    their rows and written out under the column metrics, marked with their rows' colours."""
    fig, ax = plt.subplots(figsize=(3.8, 6.6))
    cells(ax, {'TP': 'verdadeiro\npositivo', 'FN': 'falso negativo\n(doente\npara casa)',
               'FP': 'falso positivo\n(alarme falso)', 'TN': 'verdadeiro\nnegativo'})
    ax.set_xlim(-0.02, 2.36)
    ax.set_ylim(4.2, -0.02)
    ax.set_xticks([0.5, 1.5], ['previsto\ndoente', 'previsto\nsaudável'])
    ax.set_yticks([0.5, 1.5], ['realmente\ndoente', 'realmente\nsaudável'])
    t = texts()
    bracket(ax, 0.06, 2.1, 0.94, 2.1, COLORS['precision'],
            f'precisão (VPP)\nlê a coluna\n{t["precision"]}', 'below')
    bracket(ax, 1.06, 2.1, 1.94, 2.1, COLORS['npv'], f'VPN\nlê a coluna\n{t["npv"]}', 'below')
    bracket(ax, 2.1, 0.06, 2.1, 0.94, COLORS['recall'], 'revocação', 'right')
    bracket(ax, 2.1, 1.06, 2.1, 1.94, COLORS['specificity'], 'especificidade\ne FPR', 'right')
    rows = [(3.02, 3.36, COLORS['recall'], f'revocação lê a linha de cima\n{t["recall"]}'),
            (3.5, 4.14, COLORS['specificity'],
             f'especificidade lê a linha de baixo\n{t["specificity"]}\n'
             f'FPR, o outro lado da linha\n{t["fpr"]}')]
    for top, bottom, color, text in rows:
        ax.plot([0.02, 0.02], [top, bottom], color=color, lw=3, solid_capstyle='butt')
        ax.text(0.1, (top + bottom) / 2, text, ha='left', va='center', fontsize=9.5,
                linespacing=1.4)
    fig.tight_layout()
    # the rows' title beside the rows, not beside the whole panel (the matrix is its top half)
    ax.yaxis.set_label_coords(-0.37, 1 - 1.02 / 4.22)
    return fig

if __name__ == '__main__':
    publish(draw, __file__)
