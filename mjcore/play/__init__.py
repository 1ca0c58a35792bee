"""Play over a wall: chances of drawing what a hand needs (``prob``), the exact best-play
search (``bestplay``: chance of winning, expected points), and whole games from seeded
deals played by the advisor or by best play (``games``).  Built on the hand algorithms
and the scoring.
"""
