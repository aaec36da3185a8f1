"""Dois painéis com as 569 biópsias do Breast Cancer Wisconsin (classe positiva: maligno) e os
escores de validação cruzada com 5 dobras da regressão logística padronizada. À esquerda, a curva
ROC (AUC perto de 0,98) sobe quase reta até o canto superior esquerdo; a diagonal tracejada é o
classificador ao acaso. À direita, a curva precisão–revocação (AP perto de 0,98) fica alta até
revocação perto de 0,9 e só então desce; a linha tracejada horizontal é a linha de base, a
prevalência de malignas (cerca de 0,37). Nos dois painéis, dois limiares marcados e rotulados: o
0,5 habitual (quadrado laranja) e um limiar baixo, 0,1 (triângulo roxo), que acha mais malignas à
custa de mais alarmes falsos."""
import matplotlib.pyplot as plt
from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import average_precision_score, precision_recall_curve, roc_auc_score, roc_curve
from sklearn.model_selection import StratifiedKFold, cross_val_predict
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from course.figstyle import comma_ticks, phone, pt, publish, roc_axes, styled, under
from course.fmt import num
from course.palette import OKABE_ITO, SERIES

# the two thresholds marked: (threshold, label, marker, colour, ROC offset, PR offset)
# (ROC label offset in points; PR label position in data coordinates, clear of the curve)
MARKS = [(0.5, 'limiar 0,5', 's', OKABE_ITO['orange'], (22, -50), (0.52, 0.80)),
         (0.1, 'limiar 0,1', '^', OKABE_ITO['purple'], (26, -30), (0.52, 0.60))]


def biopsy_scores():
    """As 10 medidas "mean", 1 = maligno, escores de validação cruzada com 5 dobras (cada biópsia
    pontuada por um modelo que nunca a viu), como na aula."""
    X, y = load_breast_cancer(return_X_y=True)
    X, y = X[:, :10], 1 - y
    model = make_pipeline(StandardScaler(), LogisticRegression())
    p = cross_val_predict(model, X, y, cv=StratifiedKFold(5), method='predict_proba')[:, 1]
    return y, p


@styled
def draw():
    y, p = biopsy_scores()
    if phone():      # one panel above the other, legends under them
        fig, (ax0, ax1) = plt.subplots(2, 1, figsize=(3.8, 10.0))
    else:
        fig, (ax0, ax1) = plt.subplots(1, 2, figsize=(10, 4.8))

    fpr, tpr, _ = roc_curve(y, p)
    ax0.plot([0, 1], [0, 1], linestyle='--', color=OKABE_ITO['grey'], label='ao acaso (AUC 0,5)')
    ax0.plot(fpr, tpr, color=SERIES[0], lw=2, label=f'regressão logística (AUC {num(roc_auc_score(y, p), 3)})')

    precision, recall, _ = precision_recall_curve(y, p)
    prevalence = y.mean()
    ax1.axhline(prevalence, linestyle='--', color=OKABE_ITO['grey'],
                label=f'linha de base: prevalência {num(prevalence, 3)}')
    ax1.plot(recall, precision, color=SERIES[0], lw=2, drawstyle='steps-post',
             label=f'regressão logística (AP {num(average_precision_score(y, p), 3)})')

    for s, label, marker, color, off_roc, off_pr in MARKS:
        pred = p >= s
        tp, fp = int((pred & (y == 1)).sum()), int((pred & (y == 0)).sum())
        x_roc, y_roc = fp / (y == 0).sum(), tp / (y == 1).sum()
        prec = tp / (tp + fp)
        for ax, (x, v), off, coords, text in (
                (ax0, (x_roc, y_roc), off_roc, 'offset points',
                 f'{label}\n({num(x_roc, 3)}; {num(y_roc, 3)})'),
                (ax1, (y_roc, prec), off_pr, 'data',
                 f'{label}\n({num(y_roc, 3)}; {num(prec, 3)})')):
            ax.plot(x, v, marker=marker, color=color, markersize=10, markeredgecolor='black',
                    linestyle='none', label=label if ax is ax0 else None)
            ax.annotate(text, (x, v), xytext=off, textcoords=coords, fontsize=pt(10),
                        arrowprops=dict(arrowstyle='-', color='black', lw=0.8))

    roc_axes(ax0, 'Curva ROC das biópsias', xlim=(-0.01, 1.01), ylim=(-0.01, 1.03),
             legend=under() if phone() else dict(loc='lower right', fontsize=9.5))

    ax1.set_xlim(-0.01, 1.01)
    ax1.set_ylim(0, 1.05)
    ax1.set_xlabel('revocação')
    ax1.set_ylabel('precisão')
    ax1.set_title('Curva precisão–revocação das biópsias')
    comma_ticks(ax1, 1)
    ax1.legend(**under()) if phone() else ax1.legend(loc='lower left', fontsize=9.5)
    fig.tight_layout()
    return fig


if __name__ == '__main__':
    publish(draw, __file__)
