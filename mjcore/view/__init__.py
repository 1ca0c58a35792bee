"""Presentation on top of everything: tile pictures (standard library), pandas tables,
matplotlib plots and ipywidgets editors.  Only these modules import pandas, matplotlib
or ipywidgets, each itself; nothing below imports them.
"""
