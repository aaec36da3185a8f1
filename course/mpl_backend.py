"""The matplotlib backend of the lessons: a figure the lesson's own code draws (the seeds'
``plt.show()``) is displayed by the lesson itself, whatever the environment.

ipykernel's inline backend is chosen only when ``MPLBACKEND`` is unset; with ``MPLBACKEND=Agg``
exported (servers, CI images) ``plt.show()`` displays nothing and the page would lose its figure.
A lesson that draws figures in its own code selects this backend in its first hidden cell::

    import matplotlib
    matplotlib.use('module://course.mpl_backend')

It draws with Agg. ``plt.show()`` displays every open figure as a PNG output
(``course.figstyle.show_drawn``: with the site's phone and dark renders while the site is built)
and closes it; at the end of a cell, figures drawn and not shown are displayed the same way, as
the inline backend does. Outside a notebook kernel it is Agg: nothing is shown.
"""
from matplotlib._pylab_helpers import Gcf
from matplotlib.backend_bases import FigureManagerBase
from matplotlib.backends.backend_agg import FigureCanvasAgg

FigureCanvas = FigureCanvasAgg
FigureManager = FigureManagerBase


def show(block=None):
    from course import figstyle
    managers = Gcf.get_all_fig_managers()
    if figstyle._kernel() is not None:
        for manager in managers:
            figstyle.show_drawn(manager.canvas.figure)
    Gcf.destroy_all()


def _flush(*_args):
    if Gcf.get_all_fig_managers():
        show()


def _at_the_end_of_each_cell():
    try:
        from IPython import get_ipython
    except ImportError:
        return
    shell = get_ipython()
    if shell is not None and _flush not in shell.events.callbacks['post_execute']:
        shell.events.register('post_execute', _flush)


_at_the_end_of_each_cell()
