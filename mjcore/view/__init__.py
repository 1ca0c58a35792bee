"""Presentation on top of everything: tile pictures (standard library), pandas tables,
matplotlib plots and ipywidgets editors (the package ``widgets``, a module per widget).
Only these import pandas, matplotlib or ipywidgets, each itself; nothing below imports
them.
"""
