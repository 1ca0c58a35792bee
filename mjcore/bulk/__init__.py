"""Many hands at once: exact counts over every deal (chapter 9), numpy batches of
shanten (chapter 4) and the generator of the lookup tables' file.  Built on
:mod:`mjcore.base` and :mod:`mjcore.hand`.
"""
