"""Dois painéis com o mesmo "classificador" em quatro prevalências (50 %, 10 %, 1 % e 0,1 %):
escores dos doentes de uma normal N(1,5; 1) e dos saudáveis de uma N(0; 1), 400.000 exemplos
por prevalência, com a semente do experimento da aula. À esquerda, as quatro curvas ROC ficam
umas sobre as outras (ROC AUC entre 0,853 e 0,863). À direita, as curvas precisão–revocação,
com o eixo da precisão em escala logarítmica: cada curva desce com a prevalência (precisão
média de 0,854 a 0,017) e cada uma tem, na mesma cor e tracejada, a sua linha de base, a
precisão de um classificador ao acaso, igual à prevalência."""
import functools

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.lines import Line2D
from matplotlib.ticker import FixedLocator, FuncFormatter
from sklearn.metrics import average_precision_score, precision_recall_curve, roc_auc_score, roc_curve

from course.figstyle import comma_ticks, phone, pt, publish, roc_axes, styled, under
from course.fmt import num
from course.palette import SERIES

PREVALENCES = (0.5, 0.1, 0.01, 0.001)


@functools.cache      # the four renders of the figure draw the same experiment
def experiment(N=400_000, seed=0):
    """O experimento da seção "ROC AUC e precisão média quando a prevalência cai": mesmos sorteios, mesma ordem."""
    rng = np.random.default_rng(seed)
    out = []
    for prev in PREVALENCES:
        n_pos = int(N * prev)
        s = np.r_[rng.normal(1.5, 1.0, n_pos), rng.normal(0.0, 1.0, N - n_pos)]
        y = np.r_[np.ones(n_pos), np.zeros(N - n_pos)]
        out.append((prev, y, s))
    return out


def thin(x, y, k=800):
    """At most ``k`` points of a long curve, ends kept (for drawing only)."""
    if len(x) <= k:
        return x, y
    idx = np.unique(np.r_[np.linspace(0, len(x) - 1, k).astype(int), len(x) - 1])
    return x[idx], y[idx]


@styled
def draw():
    if phone():      # one panel above the other, legends under them
        fig, (ax0, ax1) = plt.subplots(2, 1, figsize=(3.8, 10.4))
    else:
        fig, (ax0, ax1) = plt.subplots(1, 2, figsize=(10, 4.3))
    styles = ['-', '-', '-', '-']
    for (prev, y, s), color, ls in zip(experiment(), SERIES, styles):
        label = f'prevalência {num(100 * prev, 1 if prev < 0.01 else 0)} %'
        fpr, tpr, _ = roc_curve(y, s)
        ax0.plot(*thin(fpr, tpr), color=color, lw=1.8, linestyle=ls,
                 label=f'{label}: ROC AUC {num(roc_auc_score(y, s), 3)}')
        P, R, _ = precision_recall_curve(y, s)
        keep = P[:-1] > 0                   # precision 0 has no place on a log axis
        r, p = thin(R[:-1][keep][::-1], P[:-1][keep][::-1], 1500)
        ax1.plot(r, p, color=color, lw=1.8,
                 label=f'{label}: AP {num(average_precision_score(y, s), 3)}')
        ax1.axhline(prev, color=color, lw=1.2, linestyle='--')
        if phone():            # no room between the curves: the value beside the panel
            ax1.text(1.03, prev, num(prev, 3), color=color, ha='left', va='center',
                     transform=ax1.get_yaxis_transform(), fontsize=pt(8))
        else:                  # the 50 % line's label under it, clear of its curve
            above = prev < 0.5
            ax1.text(0.75 if above else 0.99, prev * (1.12 if above else 0.9),
                     f'ao acaso: {num(prev, 3)}', color=color, ha='center' if above else 'right',
                     va='bottom' if above else 'top', fontsize=8)
    ax0.plot([0, 1], [0, 1], color='grey', linestyle=':', lw=1)
    roc_axes(ax0, 'Curvas ROC: quase a mesma curva',
             legend=under() if phone() else dict(loc='lower right', fontsize=8))

    ax1.set_yscale('log')
    ax1.set_ylim(5e-4, 1.5)
    ax1.set_xlim(0, 1)
    ticks = [0.001, 0.01, 0.1, 1]
    ax1.yaxis.set_major_locator(FixedLocator(ticks))
    ax1.yaxis.set_major_formatter(FuncFormatter(lambda v, _p: num(v, 3).rstrip('0').rstrip(',')))
    ax1.yaxis.set_minor_formatter(FuncFormatter(lambda v, _p: ''))
    ax1.set_xlabel('revocação')
    ax1.set_ylabel('precisão (escala log)')
    ax1.set_title(f'Curvas precisão–revocação{chr(10) if phone() else " "}e suas linhas de base')
    if phone():
        handles, labels = ax1.get_legend_handles_labels()
        handles.append(Line2D([], [], color='grey', lw=1.2, linestyle='--'))
        labels.append('tracejadas: ao acaso (a prevalência)')
        ax1.legend(handles, labels, **under())
    else:
        ax1.legend(loc='lower left', fontsize=8, bbox_to_anchor=(0.0, 0.08))
    comma_ticks(ax1, 1, axis='x')
    fig.tight_layout()
    return fig


if __name__ == '__main__':
    publish(draw, __file__)
