"""Dois painéis. À esquerda, os quatro escores do exemplo numa linha de 0 a 1: os dois saudáveis
(classe 0, quadrados laranja) com escores 0,1 e 0,4 e os dois doentes (classe 1, círculos azuis)
com escores 0,35 e 0,8; o doente de 0,35 fica abaixo do saudável de 0,4, o único par "perdido".
À direita, a curva ROC em degraus que sai desses escores: pontos (0; 0), (0; 0,5), (0,5; 0,5),
(0,5; 1) e (1; 1), cada um rotulado com o limiar que o produz, e a área sob a curva sombreada
em dois retângulos, 0,5 × 0,5 = 0,25 e 0,5 × 1 = 0,5, que somam AUC = 0,75; a diagonal
tracejada é o classificador ao acaso."""
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.patches import Rectangle
from sklearn.metrics import roc_auc_score, roc_curve

from course.figstyle import comma_ticks, phone, pt, publish, roc_axes, styled
from course.fmt import num
from course.palette import CELLS, OKABE_ITO


def example():
    """O exemplo de quatro escores da aula 2.3 (y real e escore do modelo)."""
    y_true = np.array([0, 0, 1, 1])
    scores = np.array([0.1, 0.4, 0.35, 0.8])
    return y_true, scores


@styled
def draw():
    y_true, scores = example()
    fpr, tpr, thresholds = roc_curve(y_true, scores)
    auc = roc_auc_score(y_true, scores)

    if phone():      # one panel above the other
        fig, (ax0, ax1) = plt.subplots(2, 1, figsize=(3.8, 7.0), height_ratios=[1.25, 2.1])
    else:
        fig, (ax0, ax1) = plt.subplots(1, 2, figsize=(9.5, 4.0), width_ratios=[1, 1.15])

    # left: the four scores on a line
    pos, neg = CELLS['TP'], CELLS['FP']
    ax0.axhline(0, color=OKABE_ITO['grey'], lw=1)
    for s, y in zip(scores, y_true):
        style = pos if y == 1 else neg
        ax0.plot(s, 0, linestyle='none', marker=style['marker'], color=style['color'],
                 markersize=13, markeredgecolor='black')
        # the two close scores (0,35 and 0,4) get their labels pushed apart
        dx = {0.35: -14, 0.4: 14}.get(float(s), 0)
        dy = {0.35: -36, 0.4: -22}.get(float(s), -22)
        ax0.annotate(num(s, 2), (s, 0), xytext=(dx, 14), textcoords='offset points',
                     ha='center', fontsize=pt(10))
        ax0.annotate('doente (1)' if y == 1 else 'saudável (0)', (s, 0), xytext=(dx, dy),
                     textcoords='offset points', ha='center', fontsize=pt(8.5),
                     color=style['color'])
    ax0.annotate('', xy=(0.35, 0.55), xytext=(0.4, 0.55),
                 arrowprops=dict(arrowstyle='<->', color=OKABE_ITO['vermillion']))
    ax0.text(0.375, 0.62, 'o único par perdido:\ndoente 0,35 < saudável 0,4', ha='center',
             fontsize=pt(8.5), color=OKABE_ITO['vermillion'])
    ax0.set_xlim(0, 1)
    ax0.set_ylim(-1, 1.2)
    ax0.set_yticks([])
    ax0.grid(False)
    ax0.spines['left'].set_visible(False)
    ax0.set_xlabel('escore do modelo')
    ax0.set_title('Os quatro escores')
    comma_ticks(ax0, 1, axis='x')

    # right: the ROC curve with its two rectangles
    ax1.add_patch(Rectangle((0, 0), 0.5, 0.5, facecolor=OKABE_ITO['sky_blue'], alpha=0.35,
                            hatch='//', edgecolor=OKABE_ITO['blue'], lw=0))
    ax1.add_patch(Rectangle((0.5, 0), 0.5, 1.0, facecolor=OKABE_ITO['sky_blue'], alpha=0.55,
                            edgecolor=OKABE_ITO['blue'], lw=0))
    # every label sits where no line passes: the areas' and the points' labels on either side
    # of the diagonal (the random classifier), the legend under the panel
    ax1.text(0.03, 0.30, '0,5 × 0,5\n= 0,25', ha='left', fontsize=pt(9))
    ax1.text(0.85, 0.18, '0,5 × 1\n= 0,5', ha='center', fontsize=pt(9))
    ax1.plot([0, 1], [0, 1], linestyle='--', color=OKABE_ITO['grey'], label='ao acaso (AUC 0,5)')
    ax1.plot(fpr, tpr, color=OKABE_ITO['blue'], lw=2, marker='o', markersize=6,
             label=f'modelo (AUC {num(auc, 2)})')
    place = {(0.0, 0.0): (0.2, 0.03), (0.0, 0.5): (0.03, 0.56), (0.5, 0.5): (0.53, 0.36),
             (0.5, 1.0): (0.2, 1.03), (1.0, 1.0): (0.6, 1.03)}      # data coordinates
    for x, y, t in zip(fpr, tpr, thresholds):
        text = 'limiar acima de 0,8' if not np.isfinite(t) else f'limiar {num(t, 2)}'
        at = place[(float(x), float(y))]
        ax1.annotate(f'{text}\n({num(x, 1)}; {num(y, 1)})', (x, y), xytext=at,
                     textcoords='data', fontsize=pt(8),
                     arrowprops=dict(arrowstyle='-', color=OKABE_ITO['grey'], lw=0.8,
                                     shrinkA=2, shrinkB=4) if (x, y) == (0.0, 0.0) else None)
    roc_axes(ax1, f'Curva ROC à mão: AUC = 0,25 + 0,5 = {num(auc, 2)}', xlim=(-0.02, 1.05),
             ylim=(-0.02, 1.17), legend=dict(loc='upper center', bbox_to_anchor=(0.5, -0.16),
                                              ncol=2, fontsize=pt(8.5), handlelength=1.5,
                                              columnspacing=1.0))
    fig.tight_layout()
    return fig


if __name__ == '__main__':
    publish(draw, __file__)
