"""Precisão e revocação dos 20 pacientes em função do limiar t, de 0 a 1. As duas curvas são
escadas: só mudam quando o limiar passa pelo escore de um paciente, marcado por um tracinho
na faixa de baixo (tracinho cheio e círculo para um doente, tracinho fino e losango para um
saudável). A revocação (linha contínua) só desce quando o limiar sobe, um degrau por
doente deixado para trás, de 1,0 em t = 0,02 até 0,1 em t = 0,95. A precisão (linha tracejada)
tende a subir, mas não sempre: de 0,60 para 0,65 ela salta de 0,750 para 0,857 (sai o alarme
falso P08) e em 0,70 cai para 0,833 (sai o doente P07). A linha vertical pontilhada marca o
limiar padrão 0,5, onde a precisão vale 0,778 e a revocação 0,700. Acima de 0,95 ninguém é
marcado e a precisão fica indefinida, por isso a curva para ali."""
import matplotlib.pyplot as plt
import numpy as np

from course import metrics
from course.data import SCORES, THRESHOLD, Y_TRUE
from course.figstyle import comma_ticks, phone, pt, publish, styled, under
from course.fmt import num
from course.palette import CELLS, SERIES


def curves(grid):
    """Precision and recall at each threshold of ``grid`` (nan when nobody is flagged)."""
    precision, recall = [], []
    for t in grid:
        c = metrics.counts(Y_TRUE, SCORES, t)
        p = metrics.precision(c)
        precision.append(np.nan if p is None else p)
        recall.append(metrics.recall(c))
    return np.array(precision), np.array(recall)


@styled
def draw():
    grid = np.linspace(0, 1, 2001)
    precision, recall = curves(grid)
    fig, (ax, rug) = plt.subplots(2, 1, figsize=(3.8, 5.6) if phone() else (8.6, 4.8),
                                  sharex=True,
                                  gridspec_kw={'height_ratios': [5, 1], 'hspace': 0.08})
    ax.plot(grid, recall, color=SERIES[1], lw=2.2, label='revocação (dos doentes, quantos são pegos?)')
    ax.plot(grid, precision, color=SERIES[0], lw=2.2, ls='--',
            label='precisão (quando diz "doente", acerta?)')
    ax.axvline(THRESHOLD, color='black', ls=':', lw=1.2)
    p05, r05 = curves([THRESHOLD])
    for t in (0.60, 0.65):
        p, _ = curves([t])
        ax.plot(t, p[0], 'o', color=SERIES[0], ms=5)
    p60, p65 = curves([0.60])[0][0], curves([0.65])[0][0]
    # the notes where no curve passes: on a phone, above the curves (the panel goes up to 1,45);
    # on a wide screen, under the curves on the left, and above the recall on the right
    at_05, at_p08 = ((0.0, 1.1), (0.56, 1.1)) if phone() else ((0.04, 0.12), (0.755, 0.56))
    ax.annotate(f'limiar 0,5:\nprecisão {num(p05[0])}\nrevocação {num(r05[0])}' if phone() else
                f'limiar 0,5:\nprecisão {num(p05[0])}, revocação {num(r05[0])}',
                xy=(THRESHOLD, r05[0]), xytext=at_05, fontsize=pt(9),
                arrowprops={'arrowstyle': '->', 'lw': 0.8, 'shrinkB': 3})
    ax.annotate(f'sai o alarme falso P08:\n{num(p60)} → {num(p65)}', xy=(0.65, p65),
                xytext=at_p08, fontsize=pt(9), arrowprops={'arrowstyle': '->', 'lw': 0.8})
    ax.set_ylim(0, 1.45 if phone() else 1.05)
    ax.set_yticks(np.linspace(0, 1, 6))
    ax.set_ylabel('valor da métrica')
    comma_ticks(ax, 1, axis='y')

    for s, truth in zip(SCORES, Y_TRUE):
        sick = truth == 1
        style = CELLS['TP'] if sick else CELLS['TN']
        rug.plot([s, s], [0.55, 1.0], color=style['color'], lw=2.0 if sick else 1.0)
        rug.plot(s, 0.3, marker=style['marker'], color=style['color'], ms=4.5 if phone() else 6,
                 markeredgecolor='black', markeredgewidth=0.4, ls='none')
    rug.plot([], [], marker=CELLS['TP']['marker'], color=CELLS['TP']['color'], ls='none',
             markeredgecolor='black', markeredgewidth=0.4, label='doente')
    rug.plot([], [], marker=CELLS['TN']['marker'], color=CELLS['TN']['color'], ls='none',
             markeredgecolor='black', markeredgewidth=0.4, label='saudável')
    # one legend for the curves and the patients, under the figure
    handles, labels = [sum(pair, []) for pair in zip(ax.get_legend_handles_labels(),
                                                   rug.get_legend_handles_labels())]
    rug.legend(handles, labels, **under(ncol=1 if phone() else 2, fontsize=pt(9),
                                        handletextpad=0.4, label_lines=1 if phone() else 0))
    rug.axvline(THRESHOLD, color='black', ls=':', lw=1.2)
    rug.set_ylim(0, 1.1)
    rug.set_yticks([])
    rug.grid(False)
    rug.spines['left'].set_visible(False)
    if not phone():           # a phone has no room beside the strip: its legend says it
        rug.set_ylabel('pacientes', rotation=0, ha='right', va='center')
    rug.set_xlim(0, 1)
    rug.set_xticks(np.linspace(0, 1, 11))
    comma_ticks(rug, 1, axis='x')
    rug.set_xlabel(f'limiar t{chr(10) if phone() else " "}(marca "doente" quem tem escore ≥ t)')
    return fig


if __name__ == '__main__':
    publish(draw, __file__)
