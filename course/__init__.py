"""Support code for the course "Avaliando classificadores".

Small modules, one job each:

- ``course.data``: the worked examples every page shares (the 20 patients).
- ``course.fmt``: numbers written the pt-BR way (decimal comma), "indefinido" for 0/0.
- ``course.palette``: the colour-blind-safe colours and marker shapes of TP/FP/FN/TN.
"""
