"""Os 20 pacientes do exemplo numa linha de escore de 0 a 1, em duas faixas: em cima os 10
doentes, embaixo os 10 saudáveis, cada um marcado na posição do seu escore e rotulado de P01 a
P20. Uma linha tracejada vertical em 0,5 é o limiar: à direita dela o modelo diz "doente", à
esquerda diz "saudável". Cor e forma dizem o grupo (o texto da aula nomeia a forma: as cores
mudam no modo escuro): círculos são os 7 verdadeiros positivos (P01, P02, P03, P04, P06, P07,
P09), quadrados os 2 falsos positivos (P05 e P08, saudáveis acima do limiar), xis os 3 falsos
negativos (P10, P12 e P15, doentes abaixo do limiar; P10, com 0,45, escapou por pouco) e
losangos os 8 verdadeiros negativos."""
import matplotlib.pyplot as plt
import numpy as np

from course.data import PATIENT_IDS, SCORES, THRESHOLD, Y_TRUE
from course.figstyle import comma_ticks, phone, publish, styled, under
from course.palette import CELLS, OKABE_ITO


def cell_of(truth, predicted):
    return {(1, 1): 'TP', (0, 1): 'FP', (1, 0): 'FN', (0, 0): 'TN'}[int(truth), int(predicted)]


@styled
def draw(threshold=THRESHOLD):
    y_pred = (SCORES >= threshold).astype(int)
    cells = [cell_of(t, p) for t, p in zip(Y_TRUE, y_pred)]
    return (draw_tall if phone() else draw_wide)(threshold, cells)


def legend(ax, **kwargs):
    handles, labels = ax.get_legend_handles_labels()
    order = [labels.index(CELLS[k]['label']) for k in ('TP', 'FN', 'FP', 'TN')]
    ax.legend([handles[i] for i in order], [labels[i] for i in order], **kwargs)


def mark(ax, seen, pid, s, truth, name, x, y):
    style = CELLS[name]
    hollow = name in ('FP', 'FN')
    ax.scatter(x, y, s=80, marker=style['marker'], color=style['color'],
               edgecolor='black', linewidth=0.8 if hollow else 0.4, zorder=3,
               label=None if name in seen else style['label'])
    seen.add(name)
    return hollow


def draw_wide(threshold, cells):
    """The score across the page: the two groups in two rows, the codes above their marks."""
    fig, ax = plt.subplots(figsize=(9, 3.4))
    ax.axvspan(threshold, 1.02, color=OKABE_ITO['sky_blue'], alpha=0.10, lw=0)
    ax.axvline(threshold, color='black', ls='--', lw=1.3)
    ax.text(threshold + 0.012, 1.62, 'o modelo diz "doente" →', ha='left', va='center',
            fontsize=9)
    ax.text(threshold - 0.012, 1.62, '← o modelo diz "saudável"', ha='right', va='center',
            fontsize=9)
    ax.text(threshold, 1.93, f'limiar {threshold:.1f}'.replace('.', ','), ha='center',
            va='bottom', fontsize=9, fontweight='bold')
    seen = set()
    for pid, s, truth, name in zip(PATIENT_IDS, SCORES, Y_TRUE, cells):
        row = 1.0 if truth == 1 else 0.0
        hollow = mark(ax, seen, pid, s, truth, name, s, row)
        ax.text(s, row + 0.13, pid, rotation=90, ha='center', va='bottom', fontsize=8,
                color='black', fontweight='bold' if hollow else 'normal')
    ax.set_yticks([1, 0], ['doentes\n(y = 1)', 'saudáveis\n(y = 0)'])
    ax.set_ylim(-0.45, 1.9)
    ax.set_xlim(-0.02, 1.02)
    ax.set_xticks(np.linspace(0, 1, 11))
    comma_ticks(ax, 1, axis='x')
    ax.set_xlabel('escore do modelo (probabilidade prevista de doença)')
    ax.grid(axis='y', visible=False)
    ax.spines['left'].set_visible(False)
    ax.tick_params(axis='y', length=0)
    legend(ax, ncol=4, loc='upper center', bbox_to_anchor=(0.5, -0.32), fontsize=9,
           handletextpad=0.3, columnspacing=1.2)
    fig.tight_layout()
    return fig


def draw_tall(threshold, cells):
    """The phone's layout: the score up the page, the two groups in two columns, the codes
    beside their marks (on alternate sides where two scores are close)."""
    fig, ax = plt.subplots(figsize=(3.8, 7.4))
    ax.axhspan(threshold, 1.02, color=OKABE_ITO['sky_blue'], alpha=0.10, lw=0)
    ax.axhline(threshold, color='black', ls='--', lw=1.3)
    ax.text(1.78, threshold + 0.02, 'o modelo diz "doente" →', rotation=90, ha='center',
            va='bottom')
    ax.text(1.78, threshold - 0.02, '← o modelo diz "saudável"', rotation=90, ha='center',
            va='top')
    ax.text(-0.47, threshold - 0.006, f'limiar {threshold:.1f}'.replace('.', ','), ha='left',
            va='top', fontweight='bold')
    seen = set()
    for column, truth in ((0, 1), (1, 0)):
        group = sorted((s, pid, name) for pid, s, t, name in zip(PATIENT_IDS, SCORES, Y_TRUE, cells)
                       if t == truth)
        for k, (s, pid, name) in enumerate(group):
            hollow = mark(ax, seen, pid, s, truth, name, column, s)
            side = 1 if k % 2 == 0 else -1
            ax.text(column + 0.12 * side, s, pid, ha='left' if side > 0 else 'right', va='center',
                    color='black', fontweight='bold' if hollow else 'normal')
    ax.set_xticks([0, 1], ['doentes\n(y = 1)', 'saudáveis\n(y = 0)'])
    ax.xaxis.tick_top()
    ax.set_xlim(-0.5, 2.0)
    ax.set_ylim(-0.02, 1.02)
    ax.set_yticks(np.linspace(0, 1, 11))
    comma_ticks(ax, 1, axis='y')
    ax.set_ylabel('escore do modelo (probabilidade prevista de doença)')
    ax.grid(axis='x', visible=False)
    ax.spines['bottom'].set_visible(False)
    ax.tick_params(axis='x', length=0)
    legend(ax, **under(handletextpad=0.3, label_lines=-2))
    fig.tight_layout()
    return fig

if __name__ == '__main__':
    publish(draw, __file__)
