"""Hand algorithms: decompositions, winning forms, the lookup tables, shanten, waits,
effective tiles and the analysis of one hand.  Built on :mod:`mjcore.base` only.
"""
