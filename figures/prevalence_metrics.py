"""Precisão, valor preditivo negativo (VPN) e acurácia de um modelo com sensibilidade 0,70 e
especificidade 0,80 em função da prevalência, num eixo logarítmico de 0,1 % a 50 %. A
revocação e a especificidade ficam fixas (a figura supõe que os doentes e os saudáveis não mudam,
só a proporção entre eles), mas a precisão despenca quando a doença fica rara:
0,78 com 50 %, 0,28 com 10 % e 0,03 com 1 %; o VPN e a acurácia sobem. As três
prevalências do código estão marcadas, com duas casas: 0,70 e 0,80 são 7/10 e 8/10, e uma
terceira casa não diria nada sobre o modelo."""
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.ticker import FixedLocator, FuncFormatter, NullLocator

from course.figstyle import comma_ticks, phone, pt, publish, styled, under
from course.fmt import num
from course.palette import OKABE_ITO, SERIES

SENS, SPEC = 0.70, 0.80
MARKED = [0.50, 0.10, 0.01]


def rates(prevalence):
    tp = SENS * prevalence
    fn = prevalence - tp
    tn = SPEC * (1 - prevalence)
    fp = (1 - prevalence) - tn
    return {'precisão': tp / (tp + fp), 'VPN': tn / (tn + fn), 'acurácia': tp + tn}


def pct_label(v, _pos=None):
    text = num(100 * v, 1 if v < 0.01 else 0)
    return f"{text} %"


@styled
def draw():
    fig, ax = plt.subplots(figsize=(3.8, 4.6) if phone() else (8, 4.2))
    prev = np.logspace(np.log10(0.001), np.log10(0.5), 400)
    curves = {name: np.array([rates(p)[name] for p in prev]) for name in rates(0.5)}
    styles = {'precisão': ('-', 'o'), 'VPN': ('--', 's'), 'acurácia': (':', 'D')}
    for (name, values), color in zip(curves.items(), SERIES):
        ls, marker = styles[name]
        ax.plot(prev, values, ls, color=color, lw=2, label=name)
        for p in MARKED:
            v = rates(p)[name]
            ax.plot(p, v, marker, color=color, ms=7, mec='white', zorder=5)
            if p == 0.50:     # os três valores quase coincidem: rótulos à direita, em escada
                offset = {'precisão': (8, 10), 'acurácia': (8, -2), 'VPN': (8, -14)}[name]
                if phone():
                    offset = {'precisão': (8, 12), 'acurácia': (8, -1), 'VPN': (8, -14)}[name]
            elif name == 'precisão' and p == 0.01:
                offset = (-6, 6)
            else:
                offset = {'precisão': (6, -12), 'VPN': (6, 5), 'acurácia': (6, -13)}[name]
            digits = 2                  # as the page: the rates are 7/10 and 8/10
            # beside the panel on a phone, the value alone: the legend and the marks' shapes
            # say which curve it is
            text = f"{name} {num(v, digits)}" if p == 0.50 and not phone() else num(v, digits)
            ax.annotate(text, (p, v), xytext=offset, textcoords='offset points',
                        fontsize=pt(8), color=color, ha='right' if offset[0] < 0 else 'left',
                        va='center', annotation_clip=False)
    for p in MARKED:      # the line stops under its label
        ax.axvline(p, ymax=1.03 / 1.1, color=OKABE_ITO['grey'], lw=1, ls='-', alpha=0.5, zorder=0)
        ax.text(p, 1.06, pct_label(p) if phone() else f"prevalência {pct_label(p)}",
                ha='center', fontsize=pt(8.5), color='0.3')
    ax.set_xscale('log')
    ax.set_xlim(0.001, 0.5)
    ticks = [0.001, 0.01, 0.1, 0.5] if phone() else [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5]
    ax.xaxis.set_major_locator(FixedLocator(ticks))
    ax.xaxis.set_minor_locator(NullLocator())
    ax.xaxis.set_major_formatter(FuncFormatter(pct_label))
    ax.set_ylim(0, 1.1)
    ax.set_yticks(np.arange(0, 1.01, 0.2))
    comma_ticks(ax, 1, axis='y')
    ax.set_xlabel('prevalência (escala logarítmica)')
    ax.set_ylabel('valor da métrica')
    ax.set_title('Mesmo modelo (sensibilidade 0,70,\nespecificidade 0,80), outra prevalência'
                 if phone() else
                 'Mesmo modelo (sensibilidade 0,70, especificidade 0,80), outra prevalência',
                 pad=22, fontsize=10.5 if phone() else None)
    ax.legend(**under(ncol=3, handlelength=1.8)) if phone() else ax.legend(loc='center left', bbox_to_anchor=(0.0, 0.55))
    fig.tight_layout()
    return fig


if __name__ == '__main__':
    publish(draw, __file__)
