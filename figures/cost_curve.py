"""Dois painéis com o mesmo eixo horizontal, o limiar de 0,01 a 0,99, para as biópsias do Breast
Cancer Wisconsin pontuadas por validação cruzada em 5 partes. Em cima, o custo total (os preços
da aula 2.6 por falha e por alarme falso) contra o limiar, com quatro limiares marcados por formas
e rótulos diferentes: o mais barato (círculo), o da teoria (triângulo), o habitual 0,5 (quadrado)
e o de melhor F1 (losango); círculos vazados marcam outros limiares que empatam com o mais barato.
Embaixo, o F1 contra o limiar, com o seu máximo, marcado com a mesma forma que em cima (o losango):
a aula compara o limiar de melhor F1 com o mais barato.

Os preços são os da aula (``custo_price_fn`` e ``custo_price_fp``, coladas pela aula ou as
guardadas no pacote por ``python scripts/refresh.py``); ``python figures/cost_curve.py 20 1``
desenha outros."""
import functools
import sys

import matplotlib.pyplot as plt
import numpy as np

from course import metrics
from course.data import breast_cancer_scores
from course.figstyle import comma_ticks, phone, publish, styled, under
from course.fmt import num
from course.palette import OKABE_ITO, SERIES
from course.values import value


def lesson_prices():
    """The prices of lesson 2.6: (cost of a miss, cost of a false alarm)."""
    return int(value('custo', 'custo_price_fn')), int(value('custo', 'custo_price_fp'))


@functools.cache      # the four renders of the figure draw the same curves
def compute(cost_fn, cost_fp):
    """Lesson 2.6's scores, the cost and the F1 at every threshold of the grid."""
    _, y, p, _ = breast_cancer_scores()
    t = metrics.THRESHOLDS
    c = metrics.cost_curve(y, p, cost_fn, cost_fp, t)
    f1 = np.array([metrics.fbeta(metrics.counts(y, p, s), 1) for s in t])
    return t, c, f1, len(y)


@styled
def draw(cost_fn=None, cost_fp=None):
    if cost_fn is None or cost_fp is None:
        cost_fn, cost_fp = lesson_prices()
    t, c, f1, n = compute(cost_fn, cost_fp)
    best, best_f1 = int(c.argmin()), int(f1.argmax())
    g = np.gcd(cost_fp, cost_fp + cost_fn)
    marks = [  # (índice do limiar, nome, marcador, cor, deslocamento do rótulo)
        (best, 'mais barato', 'o', OKABE_ITO['green'], (-10, 60)),
        (metrics.theory_index(cost_fn, cost_fp), f'teoria {cost_fp // g}/{(cost_fp + cost_fn) // g}',
         '^', OKABE_ITO['blue'], (25, 95)),
        (metrics.grid_index(0.5), 'habitual', 's', OKABE_ITO['orange'], (-30, 70)),
        (best_f1, 'melhor F1', 'D', OKABE_ITO['vermillion'], (20, 55)),
    ]
    fig, (ax, bx) = plt.subplots(2, 1, figsize=(3.8, 6.2) if phone() else (8, 5.6),
                                 sharex=True, gridspec_kw={'height_ratios': [3, 2]})
    ax.plot(t, c, color=SERIES[0], lw=1.8,
            label=f'custo ({cost_fn} por falha, {cost_fp} por alarme falso)')
    # each marked threshold: a shape on both curves, and its name with its numbers next to it
    # (on a phone, in the legend under the figure, by its shape: no room beside the points)
    for i, name, marker, color, offset in marks:
        ax.plot(t[i], c[i], marker=marker, color=color, ms=7 if phone() else 9, ls='none',
                mec='black', mew=0.8,
                label=f'{name}: limiar {num(t[i], 2)}, custo {c[i]}'
                + (f', F1 {num(f1[i], 3)}' if i == best_f1 else ''))
        if not phone():
            ax.annotate(f'{name}\nlimiar {num(t[i], 2)}, custo {c[i]}', (t[i], c[i]),
                        xytext=offset, textcoords='offset points', fontsize=9, ha='left',
                        arrowprops=dict(arrowstyle='-', color=color, lw=1))
    for k, i in enumerate(np.flatnonzero(c == c.min())[1:]):  # outros limiares com o mesmo custo mínimo
        ax.plot(t[i], c[i], marker='o', mfc='white', mec=OKABE_ITO['green'], mew=1.5,
                ms=7 if phone() else 9,
                ls='none', label=f'empata com o mais barato: {num(t[i], 2)}' if k == 0 else None)
        if not phone():
            ax.annotate(f'empata: {num(t[i], 2)}', (t[i], c[i]), xytext=(8, -16),
                        textcoords='offset points', fontsize=9, color='black')
    ax.set_ylabel('custo total')
    ax.set_ylim(0, c.max() * 1.05)
    ax.set_title(f'Custo e F1 de cada limiar{chr(10) if phone() else " "}'
                 f'({n} biópsias, validação cruzada)', loc='left')
    comma_ticks(ax, 0, axis='y')

    bx.plot(t, f1, color=SERIES[1], lw=1.8, label='F1')
    for i, _name, marker, color, _ in marks:
        bx.plot(t[i], f1[i], marker=marker, color=color, ms=6 if phone() else 8, ls='none',
                mec='black', mew=0.8)
    if not phone():
        bx.annotate(f'melhor F1 = {num(f1[best_f1], 3)}\nem {num(t[best_f1], 2)}',
                    (t[best_f1], f1[best_f1]), xytext=(20, -40), textcoords='offset points',
                    fontsize=9, arrowprops=dict(arrowstyle='-', color=OKABE_ITO['vermillion'], lw=1))
    bx.set_ylabel('F1')
    bx.set_xlabel('limiar')
    bx.set_xlim(0, 1)
    comma_ticks(bx, 1, axis='x')
    comma_ticks(bx, 2, axis='y')
    if phone():
        bx.legend(*ax.get_legend_handles_labels(), **under(handletextpad=0.4))
    else:
        handles, labels = ax.get_legend_handles_labels()
        ax.legend(handles[:1], labels[:1], loc='upper left')
    fig.align_ylabels()
    fig.tight_layout()
    return fig


if __name__ == '__main__':
    prices = [int(a) for a in sys.argv[1:3]]
    publish(draw, __file__, *(prices if len(prices) == 2 else ()))
