"""What every figure script shares: style, pt-BR tick labels, where the figure is written.

A script in ``figures/`` draws one figure in ``draw()``, decorated with ``@styled``, and ends with::

    if __name__ == '__main__':
        save(draw(), __file__)

Run alone (``python figures/x.py``) it writes ``figures/out/x.png``; a lesson shows the same
figure with ``%run ../figures/x.py`` in a hidden cell. ``FIGURE_DIR`` moves the output.
"""
import functools
import os
from pathlib import Path

import matplotlib.pyplot as plt
from matplotlib.ticker import FuncFormatter

from course.fmt import num

FIGURES = Path(__file__).resolve().parents[1] / 'figures'

STYLE = {
    'figure.dpi': 110,
    'savefig.dpi': 150,
    'font.size': 10,
    'axes.spines.top': False,
    'axes.spines.right': False,
    'axes.grid': True,
    'grid.alpha': 0.3,
    'legend.frameon': False,
}


def styled(draw):
    """Decorate a script's ``draw()``: the course style applies to its figure only, so a
    lesson that runs the script keeps its own matplotlib settings for the seed's plots."""
    @functools.wraps(draw)
    def wrapper(*args, **kwargs):
        # only our keys are saved and restored: plt.rc_context would also restore
        # 'interactive', which the inline backend switches on when the first figure is drawn,
        # and the notebook would stop showing figures
        before = {key: plt.rcParams[key] for key in STYLE}
        plt.rcParams.update(STYLE)
        try:
            return draw(*args, **kwargs)
        finally:
            plt.rcParams.update(before)
    return wrapper


def comma_ticks(ax, digits=1, axis='both'):
    """Tick labels with a decimal comma (0,5 rather than 0.5)."""
    formatter = FuncFormatter(lambda v, _pos: num(v, digits))
    if axis in ('x', 'both'):
        ax.xaxis.set_major_formatter(formatter)
    if axis in ('y', 'both'):
        ax.yaxis.set_major_formatter(formatter)


def roc_axes(ax, title, xlim=None, ylim=None, legend=None):
    """The square ROC panel every ROC figure shares: its limits, course terminology on the axes,
    pt-BR ticks and the legend (``legend``: the keyword arguments of ``ax.legend``)."""
    if xlim:
        ax.set_xlim(*xlim)
    if ylim:
        ax.set_ylim(*ylim)
    ax.set_aspect('equal')
    ax.set_xlabel('taxa de falsos positivos (FPR)')
    ax.set_ylabel('revocação (TPR)')
    ax.set_title(title)
    comma_ticks(ax, 1)
    if legend:
        ax.legend(**legend)


def out_dir() -> Path:
    return Path(os.environ.get('FIGURE_DIR', FIGURES / 'out'))


def save(fig, script_file) -> Path:
    """Write ``fig`` as ``<out_dir>/<script name>.png`` and return the path."""
    target = out_dir() / (Path(script_file).stem + '.png')
    target.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(target, bbox_inches='tight', dpi=STYLE['savefig.dpi'])
    return target
