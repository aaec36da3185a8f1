"""Média aritmética e F1 de precisão e revocação em três limiares nos 20 pacientes, em barras
lado a lado com o valor escrito em cima de cada barra. Em t = 0,95 só o P01 é marcado:
precisão 1,0 e revocação 0,1 dão média 0,55, mas F1 0,18. Em t = 0,5 (o limiar padrão):
precisão 0,778 e revocação 0,700 dão média 0,739 e F1 0,737. Em t = 0,02 todos os 20 são
marcados: precisão 0,5 e revocação 1,0 dão média 0,750, a maior das três, mas F1 0,667. Pela
média, mandar todo mundo para o especialista seria o melhor limiar; pelo F1, o limiar 0,5 fica
na frente, porque a média harmônica é puxada para o menor dos dois valores."""
import matplotlib.pyplot as plt
import numpy as np

from course import metrics
from course.data import SCORES, Y_TRUE
from course.figstyle import comma_ticks, phone, pt, publish, styled, under
from course.fmt import num
from course.palette import SERIES

CUTS = [(0.95, 'só o P01 marcado'), (0.5, 'limiar padrão'), (0.02, 'os 20 marcados')]


def precision_recall(t):
    c = metrics.counts(Y_TRUE, SCORES, t)
    return metrics.precision(c), metrics.recall(c)


@styled
def draw():
    rows = []
    for t, _ in CUTS:
        p, r = precision_recall(t)
        rows.append((p, r, (p + r) / 2, 2 * p * r / (p + r)))
    x = np.arange(len(CUTS))
    width = 0.36
    labels = [f't = {num(t, 2 if t < 0.1 or t == 0.95 else 1)}\n{what}\n'
              f'P = {num(p, 3)}{chr(10) if phone() else " · "}R = {num(r, 3)}'
              for (t, what), (p, r, _, _) in zip(CUTS, rows)]
    digits = [2, 3, 3]
    styles = [dict(color=SERIES[5], hatch='..', label='média aritmética (P + R) / 2'),
              dict(color=SERIES[0], label='F1 (média harmônica)')]
    if phone():
        # on a phone the three limiares are rows (their labels need the width): bars to the right
        fig, ax = plt.subplots(figsize=(3.8, 5.2))
        for k, (column, style) in enumerate(zip((2, 3), styles)):
            bars = ax.barh(x + (k - 0.5) * width, [r[column] for r in rows], width,
                           edgecolor='black', lw=0.6, **style)
            for i, bar in enumerate(bars):
                ax.text(bar.get_width() + 0.02, bar.get_y() + bar.get_height() / 2,
                        num(bar.get_width(), digits[i]), ha='left', va='center',
                        fontsize=pt(10), fontweight='bold')
        ax.set_yticks(x, labels)
        ax.invert_yaxis()
        ax.tick_params(axis='y', length=0)
        ax.set_xlim(0, 1)
        ax.set_xticks(np.linspace(0, 1, 6))
        comma_ticks(ax, 1, axis='x')
        ax.set_xlabel('valor')
        ax.grid(axis='y', visible=False)
        ax.legend(**under())
    else:
        fig, ax = plt.subplots(figsize=(8, 4))
        for k, (column, style) in enumerate(zip((2, 3), styles)):
            bars = ax.bar(x + (k - 0.5) * width, [r[column] for r in rows], width,
                          edgecolor='black', lw=0.6, **style)
            for i, bar in enumerate(bars):
                ax.text(bar.get_x() + bar.get_width() / 2, bar.get_height() + 0.015,
                        num(bar.get_height(), digits[i]), ha='center', va='bottom', fontsize=10,
                        fontweight='bold')
        ax.set_xticks(x, labels)
        ax.tick_params(axis='x', length=0)
        ax.set_ylim(0, 1)
        ax.set_yticks(np.linspace(0, 1, 6))
        comma_ticks(ax, 1, axis='y')
        ax.set_ylabel('valor')
        ax.grid(axis='x', visible=False)
        ax.legend(loc='upper left', fontsize=9, ncol=2)
    fig.tight_layout()
    return fig


if __name__ == '__main__':
    publish(draw, __file__)
