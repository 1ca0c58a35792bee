"""How soon the other seats are ready: by a seat's own discards, the share ready.

Written by ``make rounds`` (:func:`mjcore.play.table.main`) from the rounds of
:data:`mjcore.play.table.TABLES` (:func:`mjcore.play.table.ready_by_discard`); a
test computes it again from the committed rounds files.  ``READY[name][k - 1]``
is the share of the seats that made a k-th discard, under the rule set ``name``,
whose hand was ready right after it; ``SEATS`` the seats each was counted from.
"""

READY = {
    'poyang': (
        0.001283,  # 1
        0.007371,  # 2
        0.026525,  # 3
        0.064373,  # 4
        0.120748,  # 5
        0.190399,  # 6
        0.262393,  # 7
        0.333607,  # 8
        0.398430,  # 9
        0.456452,  # 10
        0.505901,  # 11
        0.547714,  # 12
        0.587207,  # 13
        0.614437,  # 14
        0.637589,  # 15
        0.655307,  # 16
        0.667497,  # 17
        0.684428,  # 18
        0.690784,  # 19
        0.699367,  # 20
        0.686747,  # 21
        0.740385,  # 22
        0.846154,  # 23
    ),
    'riichi': (
        0.000575,  # 1
        0.003051,  # 2
        0.009440,  # 3
        0.022004,  # 4
        0.040901,  # 5
        0.068004,  # 6
        0.099655,  # 7
        0.137077,  # 8
        0.175154,  # 9
        0.213587,  # 10
        0.252885,  # 11
        0.292195,  # 12
        0.329729,  # 13
        0.362768,  # 14
        0.395925,  # 15
        0.428661,  # 16
        0.462638,  # 17
        0.491680,  # 18
    ),
}
"""By rule-set name, the share of seats ready after their k-th discard (index
``k - 1``)."""

SEATS = {
    'poyang': (
        399941, 399424, 396872, 388737, 370655, 339304, 294455, 240289,
        184296, 133083, 90749, 58945, 36614, 21750, 12541, 7160,
        4015, 2177, 1161, 632, 332, 104, 13,
    ),
    'riichi': (
        79992, 79975, 79876, 79487, 78506, 76672, 73624, 69158,
        63310, 56450, 49046, 41000, 33200, 25956, 19582, 14312,
        10358, 3846,
    ),
}
"""By rule-set name, the seats each share of :data:`READY` was counted from."""
