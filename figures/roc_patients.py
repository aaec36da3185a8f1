"""A curva ROC dos 20 pacientes da aula de métricas (10 doentes, 10 saudáveis), desenhada sobre
uma grade de 10 × 10 quadradinhos: cada quadradinho é um par (doente, saudável) e vale 1/100 da
área. Os quadradinhos sob a escada, sombreados, são os pares em que o doente tem escore maior:
86 de 100, e o AUC é 0,86. Os 14 de cima, vazios, são os pares perdidos. O ponto do limiar 0,5,
com 2 alarmes falsos e 7 doentes achados, (0,2; 0,7), está marcado com um quadrado e rotulado;
a diagonal tracejada é o classificador ao acaso."""
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.colors import to_rgba
from matplotlib.patches import Rectangle
from sklearn.metrics import roc_auc_score, roc_curve

from course.data import SCORES, THRESHOLD, Y_TRUE
from course.figstyle import phone, pt, publish, roc_axes, size, styled, under
from course.fmt import num
from course.palette import OKABE_ITO


@styled
def draw():
    pos, neg = SCORES[Y_TRUE == 1], SCORES[Y_TRUE == 0]
    m, n = pos.size, neg.size
    won = int((pos[:, None] > neg[None, :]).sum())
    fpr, tpr, _ = roc_curve(Y_TRUE, SCORES, drop_intermediate=False)
    auc = roc_auc_score(Y_TRUE, SCORES)

    fig, ax = plt.subplots(figsize=size((5.6, 5.4), (3.8, 4.7)))
    # one little square per (positive, negative) pair; shaded when the pair is won:
    # column j = the j-th negative from the highest score, row i = the i-th positive
    neg_desc = np.sort(neg)[::-1]
    pos_desc = np.sort(pos)[::-1]
    for j, s_neg in enumerate(neg_desc):
        for i, s_pos in enumerate(pos_desc):
            if s_pos > s_neg:
                # column j: the curve is as high as the positives above this negative, and
                # the i-th of them fills row i from the bottom
                x, y_ = j / n, i / m
                ax.add_patch(Rectangle((x, y_), 1 / n, 1 / m,
                                       facecolor=to_rgba(OKABE_ITO['sky_blue'], 0.5),
                                       edgecolor='white', lw=1.5))
    # the grid of pairs: one line per negative and per positive (minor grid lines, no ticks)
    ax.set_xticks(np.arange(1, n) / n, minor=True)
    ax.set_yticks(np.arange(1, m) / m, minor=True)
    ax.tick_params(which='minor', length=0)
    ax.plot([0, 1], [0, 1], linestyle='--', color=OKABE_ITO['grey'], label='ao acaso (AUC 0,5)')
    ax.plot(fpr, tpr, color=OKABE_ITO['blue'], lw=2.2,
            label=f'20 pacientes (AUC {num(auc, 2)})')

    pred = SCORES >= THRESHOLD
    x05 = (pred & (Y_TRUE == 0)).sum() / n
    y05 = (pred & (Y_TRUE == 1)).sum() / m
    ax.plot(x05, y05, marker='s', markersize=10, color=OKABE_ITO['orange'],
            markeredgecolor='black', linestyle='none', label=f'limiar {num(THRESHOLD, 1)}')
    # both labels under the diagonal, where only won pairs are; the legend under the panel.
    # They sit on the shaded squares: each on a box of the paper's colour, so that its text keeps
    # its contrast in both modes (figstyle.readable_text measures it against the box)
    paper = dict(boxstyle='round,pad=0.3', facecolor='white', edgecolor='none')
    ax.annotate(f'limiar {num(THRESHOLD, 1)}: ({num(x05, 1)}; {num(y05, 1)})', (x05, y05),
                xytext=(0.98, 0.22), textcoords='data', ha='right', fontsize=pt(9), bbox=paper,
                arrowprops=dict(arrowstyle='->', color='black', lw=0.8, shrinkB=6))
    ax.text(0.98, 0.04, f'{won} de {m * n} pares vencidos\n(quadradinhos sombreados)',
            ha='right', fontsize=pt(9), bbox=paper)
    ax.grid(False)
    ax.grid(which='minor', color=OKABE_ITO['grey'], lw=0.5, alpha=0.5)
    roc_axes(ax, f'Os 20 pacientes: AUC = {won}/{m * n} = {num(auc, 2)}', xlim=(0, 1), ylim=(0, 1.02),
             legend=under(fontsize=pt(8.5), ncol=1 if phone() else 2))
    fig.tight_layout()
    return fig


if __name__ == '__main__':
    publish(draw, __file__)
