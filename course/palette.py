"""One palette for every figure and explorable (Okabe & Ito, safe for colour-blind readers).

Errors are marked by colour and by shape: TP/TN are filled, FP/FN are hollow or crossed,
so the four groups stay apart in greyscale too.
"""
OKABE_ITO = {
    'orange': '#E69F00', 'sky_blue': '#56B4E9', 'green': '#009E73', 'yellow': '#F0E442',
    'blue': '#0072B2', 'vermillion': '#D55E00', 'purple': '#CC79A7', 'black': '#000000',
    'grey': '#999999',
}

# the four cells of the confusion matrix: colour, matplotlib marker, label on the page
CELLS = {
    'TP': {'color': OKABE_ITO['blue'], 'marker': 'o', 'label': 'TP (doente, marcado)'},
    'FN': {'color': OKABE_ITO['vermillion'], 'marker': 'X', 'label': 'FN (doente, escapou)'},
    'FP': {'color': OKABE_ITO['orange'], 'marker': 's', 'label': 'FP (saudável, alarme falso)'},
    'TN': {'color': OKABE_ITO['grey'], 'marker': 'D', 'label': 'TN (saudável, deixado em paz)'},
}

# lines in curves, in a fixed order so a metric keeps its colour across pages
SERIES = [OKABE_ITO[k] for k in ('blue', 'vermillion', 'green', 'orange', 'purple', 'sky_blue')]
