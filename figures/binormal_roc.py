"""Dois painéis. À esquerda, as densidades dos escores: saudáveis (negativos) seguem uma normal
N(0, 1), em laranja tracejado, e doentes (positivos) uma normal N(2, 1), em azul contínuo; uma
linha vertical marca o limiar 1. A cauda dos saudáveis à direita do limiar (hachurada em
laranja) é a taxa de falsos positivos, 1 − Φ(1) = 0,159; a cauda dos doentes à direita do
limiar (azul) é a revocação, Φ(1) = 0,841. À direita, a curva ROC dessas duas normais (separação
d = 2), com área AUC = Φ(2/√2) = 0,921, e o ponto (0,159; 0,841) que o limiar 1 produz nela;
a diagonal tracejada é o classificador ao acaso."""
import math

import matplotlib.pyplot as plt
import numpy as np

from course.figstyle import comma_ticks, phone, pt, publish, roc_axes, styled
from course.fmt import num
from course.palette import OKABE_ITO


def phi(z):
    """Φ(z), a função de distribuição da normal padrão."""
    return 0.5 * (1 + np.vectorize(math.erf)(np.asarray(z) / math.sqrt(2)))


def density(x, mean):
    return np.exp(-0.5 * (x - mean) ** 2) / math.sqrt(2 * math.pi)


@styled
def draw(d=2.0, threshold=1.0):
    x = np.linspace(-4, 6, 801)
    f_neg, f_pos = density(x, 0.0), density(x, d)
    fpr_t = float(1 - phi(threshold))
    tpr_t = float(1 - phi(threshold - d))
    auc = float(phi(d / math.sqrt(2)))

    if phone():      # one panel above the other
        fig, (ax0, ax1) = plt.subplots(2, 1, figsize=(3.8, 8.4), height_ratios=[1, 1.45])
    else:
        fig, (ax0, ax1) = plt.subplots(1, 2, figsize=(10, 4.6), width_ratios=[1.5, 1])
    right = x >= threshold
    ax0.fill_between(x[right], f_pos[right], color=OKABE_ITO['sky_blue'], alpha=0.5,
                     label=f'revocação (TPR) = {num(tpr_t, 3)}')
    ax0.fill_between(x[right], f_neg[right], facecolor='none', edgecolor=OKABE_ITO['orange'],
                     hatch='///', lw=0, label=f'taxa de falsos positivos (FPR) = {num(fpr_t, 3)}')
    ax0.plot(x, f_neg, color=OKABE_ITO['orange'], lw=2, linestyle='--', label='saudáveis: N(0, 1)')
    ax0.plot(x, f_pos, color=OKABE_ITO['blue'], lw=2, label=f'doentes: N({num(d, 0)}, 1)')
    ax0.axvline(threshold, color=OKABE_ITO['black'], lw=1.5)
    ax0.text(threshold - 0.15, 0.44, f'limiar = {num(threshold, 0)}', fontsize=pt(9), ha='right')
    ax0.set_ylim(0, 0.47)
    ax0.set_xlabel('escore')
    ax0.set_ylabel('densidade')
    ax0.set_title('Duas normais e um limiar')
    # under the panel: inside, it would cover the curves and the threshold
    ax0.legend(loc='upper center', bbox_to_anchor=(0.5, -0.2), ncol=1 if phone() else 2,
               fontsize=pt(8.5), columnspacing=1.2)
    comma_ticks(ax0, 0, axis='x')
    comma_ticks(ax0, 1, axis='y')

    t = np.linspace(8, -6, 600)
    ax1.plot([0, 1], [0, 1], linestyle='--', color=OKABE_ITO['grey'], label='ao acaso (AUC 0,5)')
    ax1.plot(1 - phi(t), 1 - phi(t - d), color=OKABE_ITO['blue'], lw=2,
             label=f'd = {num(d, 0)}: AUC = Φ(d/√2) = {num(auc, 3)}')
    ax1.plot([fpr_t], [tpr_t], marker='o', markersize=9, color=OKABE_ITO['vermillion'],
             markeredgecolor='black', linestyle='none', label=f'limiar {num(threshold, 0)}')
    ax1.annotate(f'({num(fpr_t, 3)}; {num(tpr_t, 3)})', (fpr_t, tpr_t), xytext=(10, -18),
                 textcoords='offset points', fontsize=pt(9))
    roc_axes(ax1, 'A curva ROC dessas normais', xlim=(0, 1), ylim=(0, 1.02),
             legend=dict(loc='upper center', bbox_to_anchor=(0.5, -0.2), fontsize=pt(8.5))
             if phone() else dict(loc='lower right', fontsize=8))
    fig.tight_layout()
    return fig


if __name__ == '__main__':
    publish(draw, __file__)
