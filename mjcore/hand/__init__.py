"""Hand algorithms: decompositions, winning forms, the lookup tables, shanten, waits,
effective tiles, the analysis of one hand, and wild tiles (``wild``).  Built on
:mod:`mjcore.base` only.
"""
