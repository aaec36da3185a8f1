"""Dois painéis com o mesmo eixo horizontal, o limiar de 0,01 a 0,99, para as 569 biópsias do
Breast Cancer Wisconsin pontuadas por validação cruzada em 5 partes. Em cima, o custo total
(10 por falha, 1 por alarme falso) contra o limiar: a curva desce de 175 em 0,01
até um fundo plano e irregular e depois sobe sem parar até 900 em 0,99. Quatro
limiares estão marcados com formas e rótulos diferentes: o mais barato (0,06, custo 111, círculo),
o da teoria 1/11 ≈ 0,09 (custo 125, triângulo), o habitual 0,5 (custo 254, quadrado) e o de
melhor F1 (0,65, custo 276, losango). Embaixo, o F1 contra o limiar: a curva sobe até o máximo
0,918 em 0,65, onde o custo já é alto, mostrando que o melhor F1 e o menor custo estão em
lugares diferentes. Um círculo vazado marca 0,13, que empata com 0,06 no custo 111."""
import matplotlib.pyplot as plt
import numpy as np

from course.figstyle import comma_ticks, save, styled
from course.fmt import num
from course.palette import OKABE_ITO, SERIES


def compute():
    """The seed's computation (lesson 2.6): cross-validated scores, cost and F1 per threshold."""
    from sklearn.datasets import load_breast_cancer
    from sklearn.model_selection import StratifiedKFold, cross_val_predict
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler
    from sklearn.linear_model import LogisticRegression
    from sklearn.metrics import f1_score

    X, y = load_breast_cancer(return_X_y=True)
    X, y = X[:, :10], 1 - y  # as 10 medidas "mean", como no lab; 1 = maligno
    model = make_pipeline(StandardScaler(), LogisticRegression())
    t = np.arange(1, 100) / 100  # limiares 0.01 ... 0.99, como no lab
    p = cross_val_predict(model, X, y, cv=StratifiedKFold(5), method="predict_proba")[:, 1]
    c = np.array([10 * ((p < s) & (y == 1)).sum() + 1 * ((p >= s) & (y == 0)).sum() for s in t])
    f1 = np.array([f1_score(y, p >= s) for s in t])
    return t, c, f1


@styled
def draw():
    t, c, f1 = compute()
    best, best_f1 = int(c.argmin()), int(f1.argmax())
    marks = [  # (índice do limiar, nome, marcador, cor, deslocamento do rótulo)
        (best, 'mais barato', 'o', OKABE_ITO['green'], (-10, 60)),
        (8, 'teoria 1/11', '^', OKABE_ITO['blue'], (25, 95)),
        (49, 'habitual', 's', OKABE_ITO['orange'], (-30, 70)),
        (best_f1, 'melhor F1', 'D', OKABE_ITO['vermillion'], (20, 55)),
    ]
    fig, (ax, bx) = plt.subplots(2, 1, figsize=(8, 5.6), sharex=True,
                                 gridspec_kw={'height_ratios': [3, 2]})
    ax.plot(t, c, color=SERIES[0], lw=1.8, label='custo (10 por falha, 1 por alarme falso)')
    for i, name, marker, color, offset in marks:
        ax.plot(t[i], c[i], marker=marker, color=color, ms=9, ls='none', mec='black', mew=0.8)
        ax.annotate(f'{name}\nlimiar {num(t[i], 2)}, custo {c[i]}', (t[i], c[i]),
                    xytext=offset, textcoords='offset points', fontsize=9, ha='left',
                    arrowprops=dict(arrowstyle='-', color=color, lw=1))
    for i in np.flatnonzero(c == c.min())[1:]:  # outros limiares com o mesmo custo mínimo
        ax.plot(t[i], c[i], marker='o', mfc='white', mec=OKABE_ITO['green'], mew=1.5, ms=9, ls='none')
        ax.annotate(f'empata: {num(t[i], 2)}', (t[i], c[i]), xytext=(8, -16),
                    textcoords='offset points', fontsize=9, color='black')
    ax.set_ylabel('custo total')
    ax.set_ylim(0, c.max() * 1.05)
    ax.set_title('Custo e F1 de cada limiar (569 biópsias, validação cruzada)', loc='left')
    ax.legend(loc='upper left')
    comma_ticks(ax, 0, axis='y')

    bx.plot(t, f1, color=SERIES[1], lw=1.8, label='F1')
    for i, name, marker, color, _ in marks:
        bx.plot(t[i], f1[i], marker=marker, color=color, ms=8, ls='none', mec='black', mew=0.8)
    bx.annotate(f'melhor F1 = {num(f1[best_f1], 3)}\nem {num(t[best_f1], 2)}',
                (t[best_f1], f1[best_f1]), xytext=(20, -40), textcoords='offset points',
                fontsize=9, arrowprops=dict(arrowstyle='-', color=OKABE_ITO['vermillion'], lw=1))
    bx.set_ylabel('F1')
    bx.set_xlabel('limiar')
    bx.set_xlim(0, 1)
    bx.legend(loc='lower left')
    comma_ticks(bx, 1, axis='x')
    comma_ticks(bx, 2, axis='y')
    fig.align_ylabels()
    fig.tight_layout()
    return fig


if __name__ == '__main__':
    save(draw(), __file__)
