"""The base layer: tiles and notation, rule sets, argument checks, random deals.

These modules import nothing else of mjcore's (``checks`` imports nothing at all;
``tiles``, ``rules`` and ``deals`` import ``checks``), so every layer above can use them.
"""
