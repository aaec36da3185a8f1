"""As curvas ROC de dois modelos nas mesmas 115 biópsias de teste do Breast Cancer Wisconsin
(divisão estratificada, random_state=0; classe positiva: a classe 1 do scikit-learn, benigno, como
na fonte italiana). O k-NN com k = 20 vizinhos (medidas sem padronizar, em vermelho, com círculos
vazados) dá escores em passos de 1/20: a curva tem poucos degraus grandes e AUC perto de 0,96. A
regressão logística com as medidas padronizadas (em azul) nunca fica abaixo da do k-NN, com
AUC perto de 1. Um quadrado marca o ponto de cada modelo no `predict` do scikit-learn, o limiar
padrão; a diagonal tracejada é o classificador ao acaso."""
import matplotlib.pyplot as plt
from sklearn.datasets import load_breast_cancer
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score, roc_curve
from sklearn.model_selection import train_test_split
from sklearn.neighbors import KNeighborsClassifier
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler

from course.figstyle import phone, pt, publish, roc_axes, size, styled, under
from course.fmt import num
from course.palette import OKABE_ITO


def fitted_models():
    """A divisão e os dois modelos da seção "k-NN contra regressão logística" da aula."""
    X, y = load_breast_cancer(return_X_y=True)
    X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=115, stratify=y,
                                                        random_state=0)
    models = {'k-NN (k = 20)': KNeighborsClassifier(n_neighbors=20),
              'regressão logística': make_pipeline(StandardScaler(), LogisticRegression())}
    for model in models.values():
        model.fit(X_train, y_train)
    return models, X_test, y_test


@styled
def draw():
    models, X_test, y_test = fitted_models()
    fig, ax = plt.subplots(figsize=size((5.8, 5.4), (3.8, 4.8)))
    ax.plot([0, 1], [0, 1], linestyle='--', color=OKABE_ITO['grey'], label='ao acaso (AUC 0,5)')
    styles = {'k-NN (k = 20)': dict(color=OKABE_ITO['vermillion'], lw=2, marker='o',
                                    markersize=5, markerfacecolor='white'),
              'regressão logística': dict(color=OKABE_ITO['blue'], lw=2)}
    # the notes in data coordinates, clear of the curves and of the diagonal (on a phone, under
    # the diagonal, where the legend was: the legend goes under the panel)
    text_at = ({'k-NN (k = 20)': (0.55, 0.27), 'regressão logística': (0.55, 0.04)} if phone() else
               {'k-NN (k = 20)': (0.30, 0.60), 'regressão logística': (0.30, 0.80)})
    for name, model in models.items():
        s = model.predict_proba(X_test)[:, 1]
        fpr, tpr, _ = roc_curve(y_test, s)
        ax.plot(fpr, tpr, label=f'{name} (AUC {num(roc_auc_score(y_test, s), 3)})', **styles[name])
        pred = model.predict(X_test)           # the default decision of each model
        x = (pred[y_test == 0] == 1).mean()
        v = (pred[y_test == 1] == 1).mean()
        ax.plot(x, v, marker='s', markersize=10, linestyle='none',
                color=styles[name]['color'], markeredgecolor='black')
        ax.annotate(f'{name.split(" (")[0]}{chr(10) if phone() else " "}no predict:\n'
                    f'({num(x, 3)}; {num(v, 3)})', (x, v),
                    xytext=text_at[name], textcoords='data', fontsize=pt(8.5),
                    arrowprops=dict(arrowstyle='-', color='black', lw=0.8,
                                    relpos=(0, 1) if phone() else (0.5, 0.5)))
    roc_axes(ax, '115 biópsias de teste (positivo: benigno)', xlim=(-0.01, 1.01), ylim=(-0.01, 1.03),
             legend=under() if phone() else dict(loc='lower right', fontsize=8.5))
    fig.tight_layout()
    return fig


if __name__ == '__main__':
    publish(draw, __file__)
