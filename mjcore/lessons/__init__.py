"""The lesson variants the chapters show failing or being slow: naive and greedy
checks, memo keys and their timings, the traced search tree, and the three win checks
with wild tiles of chapter 11 (``wildnaive``), and chapter 7's exact four-seat player
on a tiny wall (``fourseat``).  Nothing below imports
them; the library's real algorithms live in :mod:`mjcore.hand`.
"""
