"""Um quadrado azul com um rótulo: a figura de teste do livro de teste das figuras."""
import matplotlib.pyplot as plt

from course.figstyle import publish, size, styled
from course.palette import OKABE_ITO


@styled
def draw():
    fig, ax = plt.subplots(figsize=size((4, 3), (3.8, 3)))
    ax.bar([0], [1], color=OKABE_ITO['blue'])
    ax.set_title('Um quadrado')
    return fig


if __name__ == '__main__':
    publish(draw, __file__)
