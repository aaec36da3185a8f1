"""F0,5, F1 e F2 dos 20 pacientes em função do limiar, em curvas em escada que só mudam quando
o limiar cruza o escore de um paciente. Um ponto marca o melhor limiar de cada métrica: F2 em
0,20 (os 10 doentes marcados), F1 em 0,35 e F0,5 em 0,45. Embaixo, uma faixa mostra os 20
pacientes nos seus escores: círculo cheio para doente, círculo vazio para saudável."""
import matplotlib.pyplot as plt
import numpy as np

from course import metrics
from course.data import PATIENT_IDS, SCORES, Y_TRUE
from course.figstyle import comma_ticks, phone, pt, publish, stagger, styled, under
from course.fmt import num
from course.palette import OKABE_ITO

# One line style (colour and dash) per quantity on the page: the explorable under this figure
# draws the precision blue solid (as Fig. 6 and the prevalence explorable do), the recall
# vermillion solid and its F-beta ink solid; Fig. 6 has the NPV vermillion dashed and the accuracy
# green dotted. The three F of this figure take the styles nobody else uses.
BETAS = [(0.5, 'F0,5', '-.', OKABE_ITO['orange']), (1, 'F1', ':', OKABE_ITO['black']),
         (2, 'F2', (0, (6, 2, 1.5, 2, 1.5, 2)), OKABE_ITO['purple'])]


def fbeta(threshold, beta):
    """F-beta of the 20 patients at ``threshold`` (defined whenever someone is sick)."""
    return metrics.fbeta(metrics.counts(Y_TRUE, SCORES, threshold), beta)


def best_threshold(beta):
    """The patient score that maximises F-beta (``course.metrics.fbeta_best``: among ties, the
    highest threshold, fewest alarms)."""
    return metrics.fbeta_best(Y_TRUE, SCORES, beta)


@styled
def draw():
    fig, (ax, strip) = plt.subplots(2, 1, figsize=(3.8, 6.6) if phone() else (8, 5.2),
                                    sharex=True,
                                    gridspec_kw={'height_ratios': [3.2, 1.5 if phone() else 1.1],
                                                 'hspace': 0.08})
    grid = np.linspace(0, 1, 2001)
    for beta, name, style, color in BETAS:
        t_best, f_best = best_threshold(beta)
        ax.plot(grid, [fbeta(t, beta) for t in grid], ls=style, color=color, lw=2,
                label=f"{name}: máximo {num(f_best, 3)} em t = {num(t_best, 2)}")
        ax.plot(t_best, f_best, 'o', color=color, ms=9, mec='white', mew=1.5, zorder=5)
        # the best threshold is a patient's score: its line stops above the strip, where that
        # patient's code is written
        ax.axvline(t_best, color=color, lw=1, ls=style, alpha=0.6)
    ax.set_ylabel('valor da métrica')
    ax.set_ylim(0, 1.02)
    ax.set_yticks(np.arange(0, 1.01, 0.2))
    ax.set_title('Pesar os erros muda o melhor limiar')
    comma_ticks(ax, 1)

    sick = Y_TRUE == 1
    area = 36 if phone() else 60       # the phone's strip is narrower: smaller marks
    strip.scatter(SCORES[sick], np.zeros(sick.sum()), s=area, color=OKABE_ITO['black'],
                  label='doente', zorder=3)
    strip.scatter(SCORES[~sick], np.zeros((~sick).sum()), s=area, facecolors='white',
                  edgecolors=OKABE_ITO['black'], linewidths=1.5, label='saudável', zorder=3)
    strip.set_yticks([])
    strip.set_ylim(-1, 1)      # room for two rows of codes above the marks and two under
    strip.grid(False)
    strip.spines['left'].set_visible(False)
    strip.set_xlim(0, 1)
    strip.set_xlabel(f'limiar t{chr(10) if phone() else " "}'
                     '(um paciente é marcado "doente" se escore ≥ t)')
    comma_ticks(strip, 1, axis='x')
    # one legend under the figure: the curves (a point marks each one's best threshold) and the
    # patients of the strip
    handles, labels = [sum(pair, []) for pair in zip(ax.get_legend_handles_labels(),
                                                   strip.get_legend_handles_labels())]
    strip.legend(handles, labels, title='ponto: o melhor limiar de cada F', alignment='left',
                 **under(ncol=1 if phone() else 2, handletextpad=0.4,
                         label_lines=1 if phone() else 0))
    order = np.argsort(SCORES)
    codes = [strip.annotate(PATIENT_IDS[i], (SCORES[i], 0), xytext=(0, 8), va='bottom',
                            textcoords='offset points', ha='center', fontsize=pt(8))
             for i in order]
    # codes of close scores on other rows, above and under the marks
    row = pt(8) * 1.25
    stagger(codes, (7, -7, 7 + row, -7 - row))
    return fig

if __name__ == '__main__':
    publish(draw, __file__)
