"""The race: by the player's turn, the chance that another seat wins first.

Written by ``make rounds`` (:func:`mjcore.play.table.main`) from the rounds of
:data:`mjcore.play.table.TABLES` (:func:`mjcore.play.table.race_hazards`); a test
computes it again from the committed rounds files.  ``HAZARDS[name][g - 1]`` is
the chance, under the rule set ``name``, that another seat wins in the gap before
the player's turn ``g``, given the round has gone on until then; ``SAMPLES`` the
seat-rounds each was counted from.
"""

HAZARDS = {
    'poyang': (
        0.000128,  # 1
        0.001023,  # 2
        0.005075,  # 3
        0.015554,  # 4
        0.034548,  # 5
        0.062673,  # 6
        0.097827,  # 7
        0.136476,  # 8
        0.174261,  # 9
        0.207275,  # 10
        0.240301,  # 11
        0.266108,  # 12
        0.288082,  # 13
        0.309608,  # 14
        0.326207,  # 15
        0.332669,  # 16
        0.336034,  # 17
        0.355168,  # 18
        0.359210,  # 19
        0.361757,  # 20
        0.351823,  # 21
        0.440000,  # 22
        0.473684,  # 23
        1.000000,  # 24
    ),
    'riichi': (
        0.000087,  # 1
        0.000138,  # 2
        0.000963,  # 3
        0.003581,  # 4
        0.008819,  # 5
        0.017158,  # 6
        0.029202,  # 7
        0.044456,  # 8
        0.062191,  # 9
        0.081346,  # 10
        0.097414,  # 11
        0.122579,  # 12
        0.143415,  # 13
        0.164066,  # 14
        0.186508,  # 15
        0.203656,  # 16
        0.209824,  # 17
        0.347663,  # 18
        0.926190,  # 19
    ),
}
"""By rule-set name, the chance per turn of the player's that another seat wins
first (index ``g - 1`` for the gap before its turn ``g``)."""

SAMPLES = {
    'poyang': (
        400000, 399941, 399424, 396872, 388737, 370655, 339304, 294455,
        240289, 184296, 133083, 90749, 58945, 36614, 21750, 12541,
        7160, 4015, 2177, 1161, 631, 225, 38, 7,
    ),
    'riichi': (
        80000, 79992, 79975, 79876, 79487, 78506, 76672, 73624,
        69158, 63310, 56450, 49046, 41000, 33200, 25956, 19582,
        14312, 6932, 420,
    ),
}
"""By rule-set name, the seat-rounds each chance of :data:`HAZARDS` was counted
from."""

OTHERS = {
    'poyang': (
        0.000128,  # 1
        0.000890,  # 2
        0.004324,  # 3
        0.012689,  # 4
        0.027214,  # 5
        0.048541,  # 6
        0.074391,  # 7
        0.101859,  # 8
        0.128308,  # 9
        0.151501,  # 10
        0.173441,  # 11
        0.190834,  # 12
        0.205361,  # 13
        0.217676,  # 14
        0.232276,  # 15
        0.236345,  # 16
        0.235475,  # 17
        0.247323,  # 18
        0.255857,  # 19
        0.251507,  # 20
        0.236133,  # 21
        0.280000,  # 22
        0.315789,  # 23
        0.714286,  # 24
    ),
    'riichi': (
        0.000087,  # 1
        0.000075,  # 2
        0.000913,  # 3
        0.002905,  # 4
        0.006932,  # 5
        0.013655,  # 6
        0.022772,  # 7
        0.034051,  # 8
        0.048180,  # 9
        0.061333,  # 10
        0.074101,  # 11
        0.092852,  # 12
        0.106610,  # 13
        0.120120,  # 14
        0.138041,  # 15
        0.149065,  # 16
        0.153158,  # 17
        0.248990,  # 18
        0.326190,  # 19
    ),
}
"""As :data:`HAZARDS`, less the wins on the player's own discards, which
``win_chances(..., deal_ins=True)`` counts from each discard's danger instead
(the same seat-rounds)."""

LOSS = {
    'poyang': (5.718809, 77890),
}
"""By rule-set name, (the mean points a deal-in cost the discarder, the
rounds won on a discard it was counted from)."""
