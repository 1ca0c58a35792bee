"""Play over a wall: chances of drawing what a hand needs, and the exact best-play search
(chance of winning, expected points).  Built on the hand algorithms and the scoring.
"""
