"""Dois diagramas de confiabilidade lado a lado, naive Bayes à esquerda e regressão logística à
direita, para as 171 biópsias de validação do Breast Cancer Wisconsin. O eixo horizontal é a
probabilidade de maligno declarada pelo modelo (média de cada faixa de 0,1), o eixo vertical é a
fração de biópsias da faixa que são de fato malignas, e a diagonal tracejada é a calibração
perfeita. Círculos azuis cheios mostram o modelo sem calibração e losangos vazados vermelhos o
mesmo modelo depois do escalonamento por temperatura; a área de cada marcador é proporcional ao número de biópsias da
faixa. No naive Bayes, sem calibração, quase todas as biópsias ficam nas faixas extremas e o
círculo da faixa mais alta fica abaixo da diagonal (excesso de confiança); com temperatura, os
losangos se espalham pelas faixas do meio e a maioria fica mais perto da diagonal. Na regressão logística,
círculos e losangos quase coincidem e ficam perto da diagonal. O título de cada painel dá a
temperatura T e o ECE antes e depois. A barra vertical de cada marcador, da mesma cor, vai de 2,5 %
a 97,5 % das frações (95 % delas) que um modelo perfeitamente calibrado, com os mesmos escores na
faixa, mostra nos sorteios de course.evidence: nas faixas do meio, com poucas biópsias, ela cobre
quase toda a altura."""
import matplotlib.pyplot as plt
from matplotlib.lines import Line2D

from course.calibration import bin_band, experiment
from course.figstyle import comma_ticks, phone, publish, styled
from course.fmt import num
from course.metrics import N_BINS, bin_index, ece, reliability_bins
from course.palette import OKABE_ITO

# before: filled translucent circles; after: hollow diamonds with a thick edge, so that a
# diamond on top of a circle leaves the circle visible (and the two differ in shape, not only colour)
BEFORE = {'marker': 'o', 'label': 'sem calibração', 'facecolor': OKABE_ITO['blue'],
          'edgecolor': 'black', 'alpha': 0.45, 'linewidth': 0.8, 'bar': OKABE_ITO['blue']}
AFTER = {'marker': 'D', 'label': 'com temperatura', 'facecolor': 'none',
         'edgecolor': OKABE_ITO['vermillion'], 'alpha': 1.0, 'linewidth': 2.0,
         'bar': OKABE_ITO['vermillion']}


def marker_size(count):
    """Marker area (points²) proportional to the number of biopsies in the bin (smaller on the
    phone's smaller panels)."""
    return (4 if phone() else 6) * count


@styled
def draw():
    result = experiment()
    y = result['y_val']
    # the legend goes under the panels, where the layout leaves it room ('outside')
    if phone():      # one panel above the other
        fig, axes = plt.subplots(2, 1, figsize=(3.8, 9.0), layout='constrained')
    else:
        fig, axes = plt.subplots(1, 2, figsize=(9, 5.0), sharey=True, layout='constrained')
    for ax, (name, m) in zip(axes, result['models'].items()):
        ax.plot([0, 1], [0, 1], ls='--', color=OKABE_ITO['grey'], lw=1.2,
                label='calibração perfeita')
        for p, style in ((m['p_before'], BEFORE), (m['p_after'], AFTER)):
            rows = reliability_bins(y, p)
            # the chance bar: where 95 % of a perfectly calibrated model's circles fall, with the
            # same scores in the bin (the two-sided band of course.evidence, as the lesson reads it)
            idx = bin_index(p)
            for r in rows:
                in_bin = idx == int(round(r['lo'] * N_BINS))
                band = bin_band(y[in_bin], p[in_bin])
                ax.plot([r['mean_p'], r['mean_p']], [r['mean_p'] + band.lo, r['mean_p'] + band.hi],
                        color=style['bar'], lw=1.4, zorder=2, solid_capstyle='butt')
            ax.scatter([r['mean_p'] for r in rows], [r['frac'] for r in rows],
                       s=[marker_size(r['count']) for r in rows], marker=style['marker'],
                       facecolor=style['facecolor'], edgecolor=style['edgecolor'],
                       alpha=style['alpha'], linewidth=style['linewidth'], zorder=3, clip_on=False)
        ax.set_title(f"{name}: T = {num(m['T'], 2)}\n"
                     f"ECE {num(ece(y, m['p_before']), 3)} sem, "
                     f"{num(ece(y, m['p_after']), 3)} com temperatura", loc='left', fontsize=10)
        ax.set_xlim(-0.03, 1.03)
        ax.set_ylim(-0.03, 1.03)
        ax.set_aspect('equal')
        ax.set_xlabel('P(maligno) declarada (média da faixa)')
        comma_ticks(ax, 1)
    for ax in axes if phone() else axes[:1]:
        ax.set_ylabel('fração de malignas na faixa')
    handles = [Line2D([], [], ls='--', color=OKABE_ITO['grey'], label='calibração perfeita')] + [
        Line2D([], [], ls='none', marker=s['marker'], markersize=10, markerfacecolor=s['facecolor'],
               markeredgecolor=s['edgecolor'], markeredgewidth=s['linewidth'], alpha=s['alpha'],
               label=s['label']) for s in (BEFORE, AFTER)] + [
        Line2D([], [], color='black', lw=1.4,
               label='barra (da cor do marcador):\n95 % de um modelo perfeito' if phone()
               else 'barra (da cor do marcador): 95 % das frações de um modelo perfeito')]
    title = f'{len(y)} biópsias de validação;{chr(10) if phone() else " "}área do marcador ∝ biópsias na faixa'
    fig.legend(handles=handles, loc='outside lower center', ncol=1 if phone() else 2, title=title)
    return fig


if __name__ == '__main__':
    publish(draw, __file__)
