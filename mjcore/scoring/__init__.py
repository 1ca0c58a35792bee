"""Scoring a win: the Poyang fan table, the best reading, settlement among four seats.
Built on :mod:`mjcore.base` and :mod:`mjcore.hand`.
"""
