"""F0,5, F1 e F2 dos 20 pacientes em função do limiar, em curvas em escada que só mudam quando
o limiar cruza o escore de um paciente. Um ponto marca o melhor limiar de cada métrica: F2 em
0,20 (os 10 doentes marcados), F1 em 0,35 e F0,5 em 0,45. Embaixo, uma faixa mostra os 20
pacientes nos seus escores: círculo cheio para doente, círculo vazio para saudável."""
import matplotlib.pyplot as plt
import numpy as np

from course.data import PATIENT_IDS, SCORES, Y_TRUE
from course.figstyle import comma_ticks, save, styled
from course.fmt import num
from course.palette import OKABE_ITO, SERIES

BETAS = [(0.5, 'F0,5', '-'), (1, 'F1', '--'), (2, 'F2', ':')]


def fbeta(threshold, beta):
    """F-beta na forma com contagens (definida sempre que há doentes)."""
    pred = SCORES >= threshold
    tp = np.sum(pred & (Y_TRUE == 1))
    fp = np.sum(pred & (Y_TRUE == 0))
    fn = np.sum(~pred & (Y_TRUE == 1))
    b2 = beta ** 2
    return (1 + b2) * tp / ((1 + b2) * tp + b2 * fn + fp)


def best_threshold(beta):
    """O escore de paciente que maximiza o F-beta. Todo limiar entre dois escores vizinhos dá as
    mesmas previsões; nomeamos cada faixa pelo escore do último paciente marcado (o limiar mais
    alto da faixa). Se duas faixas empatassem, ficaria a de limiar mais alto (menos alarmes)."""
    candidates = np.sort(np.unique(SCORES))[::-1]          # do mais alto ao mais baixo
    values = [fbeta(t, beta) for t in candidates]
    k = int(np.argmax(values))                               # argmax: o primeiro, o mais alto
    return candidates[k], values[k]


@styled
def draw():
    fig, (ax, strip) = plt.subplots(2, 1, figsize=(8, 4.8), sharex=True,
                                    gridspec_kw={'height_ratios': [3.2, 1], 'hspace': 0.08})
    grid = np.linspace(0, 1, 2001)
    for (beta, name, style), color in zip(BETAS, SERIES):
        t_best, f_best = best_threshold(beta)
        ax.plot(grid, [fbeta(t, beta) for t in grid], style, color=color, lw=2,
                label=f"{name}: máximo {num(f_best, 3)} em t = {num(t_best, 2)}")
        ax.plot(t_best, f_best, 'o', color=color, ms=9, mec='white', mew=1.5, zorder=5)
        for a in (ax, strip):
            a.axvline(t_best, color=color, lw=1, ls=style, alpha=0.6)
    ax.set_ylabel('valor da métrica')
    ax.set_ylim(0, 1.02)
    ax.set_yticks(np.arange(0, 1.01, 0.2))
    ax.legend(loc='lower left', title='melhor limiar (ponto)', alignment='left')
    ax.set_title('Pesar os erros muda o melhor limiar')
    comma_ticks(ax, 1)

    sick = Y_TRUE == 1
    strip.scatter(SCORES[sick], np.zeros(sick.sum()), s=60, color=OKABE_ITO['black'],
                  label='doente', zorder=3)
    strip.scatter(SCORES[~sick], np.zeros((~sick).sum()), s=60, facecolors='white',
                  edgecolors=OKABE_ITO['black'], linewidths=1.5, label='saudável', zorder=3)
    for pid, s, k in zip(PATIENT_IDS, SCORES, range(len(SCORES))):
        strip.annotate(pid, (s, 0), xytext=(0, 9 if k % 2 == 0 else -15),
                       textcoords='offset points', ha='center', fontsize=6.5)
    strip.set_yticks([])
    strip.set_ylim(-1, 1)
    strip.grid(False)
    strip.spines['left'].set_visible(False)
    strip.set_xlim(0, 1)
    strip.set_xlabel('limiar t (um paciente é marcado "doente" se escore ≥ t)')
    strip.legend(loc='upper center', bbox_to_anchor=(0.5, -0.62), ncol=2, handletextpad=0.2)
    comma_ticks(strip, 1, axis='x')
    return fig


if __name__ == '__main__':
    save(draw(), __file__)
