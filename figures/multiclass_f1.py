"""F1 por classe do modelo de triagem em três níveis de risco (baixo 0,917 com 120 pacientes,
médio 0,748 com 60, alto 0,541 com 20), em barras, com as três médias em linhas horizontais:
macro 0,735 (cada classe conta igual), ponderada 0,828 e micro 0,830 (iguais à acurácia ou
quase, puxadas pela classe grande baixo)."""
import matplotlib.pyplot as plt
import numpy as np

from course.data import RISK_COUNTS
from course.figstyle import comma_ticks, phone, pt, publish, size, styled, under
from course.fmt import num
from course.palette import OKABE_ITO, SERIES

NAMES = ['baixo', 'médio', 'alto']


def per_class_f1(counts=RISK_COUNTS):
    tp = np.diag(counts)
    fp = counts.sum(axis=0) - tp            # o resto da coluna
    fn = counts.sum(axis=1) - tp            # o resto da linha
    return 2 * tp / (2 * tp + fp + fn), counts.sum(axis=1)


def averages(counts=RISK_COUNTS):
    f1, support = per_class_f1(counts)
    tp = np.diag(counts).sum()
    micro = tp / counts.sum()                # FP total = FN total: micro-F1 = acurácia
    return {'macro': f1.mean(), 'ponderada': np.average(f1, weights=support), 'micro': micro}


@styled
def draw():
    f1, support = per_class_f1()
    fig, ax = plt.subplots(figsize=size((8, 4.2), (3.8, 4.6)))
    x = np.arange(len(NAMES))
    bars = ax.bar(x, f1, width=0.75 if phone() else 0.55, color=OKABE_ITO['sky_blue'], edgecolor=OKABE_ITO['blue'],
                  hatch=['', '..', '//'], zorder=2)
    for bar, value, n in zip(bars, f1, support):
        ax.text(bar.get_x() + bar.get_width() / 2, value / 2, f"F1 {num(value, 3)}\n\nsuporte {n}",
                ha='center', va='center', fontsize=pt(9), fontweight='bold',
                bbox=dict(boxstyle='round,pad=0.25', fc='white', ec='none', alpha=0.85))
    styles = {'macro': ('--', SERIES[1], -13), 'ponderada': ('-', SERIES[2], -13),
              'micro': ('-.', SERIES[4], 4)}
    for name, value in averages().items():
        ls, color, dy = styles[name]
        if name == 'ponderada':   # quase sobre a micro: uma faixa larga, clara, por baixo
            ax.axhline(value, color=color, lw=6, alpha=0.45, zorder=3, label=f"{name} {num(value, 3)}")
        else:
            ax.axhline(value, ls=ls, color=color, lw=2, zorder=4, label=f"{name} {num(value, 3)}")
        if not phone():       # beside the panel; on a phone, in the legend under it
            ax.annotate(f"{name} {num(value, 3)}", (len(NAMES) - 0.5, value), xytext=(4, dy),
                        textcoords='offset points', color=color, fontsize=9, fontweight='bold',
                        annotation_clip=False)
    if phone():
        handles, labels = ax.get_legend_handles_labels()
        order = [labels.index(n) for n in sorted(labels, key=lambda t: -float(t.split()[-1].replace(',', '.')))]
        ax.legend([handles[i] for i in order], [labels[i] for i in order], **under())
    ax.set_xticks(x, [f"{n}" for n in NAMES])
    ax.set_xlim(-0.6, len(NAMES) - 0.5)
    ax.set_ylim(0, 1.0)
    ax.set_xlabel('classe verdadeira (risco)')
    ax.set_ylabel('F1')
    ax.set_title('F1 por classe e as três médias')
    ax.grid(axis='x', visible=False)
    comma_ticks(ax, 1, axis='y')
    return fig


if __name__ == '__main__':
    publish(draw, __file__)
