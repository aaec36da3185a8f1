"""The quiz banks, one ``<nome>.yml`` per lesson: edit them here.

This folder is also the package data ``course.banks`` (``pyproject.toml`` maps it), so installing
the course package (Colab: ``pip install git+<repositório>``) carries the banks along.
"""
