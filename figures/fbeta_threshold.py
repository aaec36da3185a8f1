"""F0,5, F1 e F2 dos 20 pacientes em função do limiar, em curvas em escada que só mudam quando
o limiar cruza o escore de um paciente. Um ponto marca o melhor limiar de cada métrica: F2 em
0,20 (os 10 doentes marcados), F1 em 0,35 e F0,5 em 0,45. Embaixo, uma faixa mostra os 20
pacientes nos seus escores: círculo cheio para doente, círculo vazio para saudável."""
import matplotlib.pyplot as plt
import numpy as np

from course import metrics
from course.data import PATIENT_IDS, SCORES, Y_TRUE
from course.figstyle import comma_ticks, save, styled
from course.fmt import num
from course.palette import OKABE_ITO, SERIES

BETAS = [(0.5, 'F0,5', '-'), (1, 'F1', '--'), (2, 'F2', ':')]


def fbeta(threshold, beta):
    """F-beta of the 20 patients at ``threshold`` (defined whenever someone is sick)."""
    return metrics.fbeta(metrics.counts(Y_TRUE, SCORES, threshold), beta)


def best_threshold(beta):
    """The patient score that maximises F-beta (``course.metrics.fbeta_best``: among ties, the
    highest threshold, fewest alarms)."""
    return metrics.fbeta_best(Y_TRUE, SCORES, beta)


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
