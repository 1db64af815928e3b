"""The placement families' members and the number of legal fleets for the presets'
fields and fleets, computed by ``python scripts/normalisers.py``, which writes this file
(do not edit it by hand).

``MEMBERS``: (:func:`~seabattle.battleship.ai.placement.normaliser_key`, family) → the
member's strength (:attr:`~seabattle.battleship.ai.fleet_shape.Tilt.beta`) and log
normaliser (:func:`~seabattle.battleship.ai.members.fitted_member`). ``FLEET_COUNTS``:
key → the log of the number of legal fleets
(:func:`~seabattle.battleship.ai.placement.counted_log_fleets`), where the ``dfs``
member weighs them. Each equals its computation exactly (it is seeded); looking it up
spares a process seconds of work. Fields and fleets not listed are computed when first
needed.
"""

MEMBERS: dict[tuple[str, str], tuple[float, float]] = {
    ('10x10 none 4,3,3,2,2,2,1,1,1,1', 'edge'): (1.57, 19.8752777403695),
    ('10x10 none 4,3,3,2,2,2,1,1,1,1', 'corner'): (0.23499999999999996, -35.88323621446093),
    ('10x10 none 4,3,3,2,2,2,1,1,1,1', 'cluster'): (0.09674999999999999, -26.858767415232617),
    ('10x10 none 4,3,3,2,2,2,1,1,1,1', 'spread'): (1.2075, -27.689924335321745),
    ('10x10 none 4,3,3,2,2,2,1,1,1,1', 'packed'): (0.34, -27.373226722493136),
    ('10x10 none 4,3,3,2,2,2,1,1,1,1', 'band'): (0.32, -15.553634677169134),
    ('10x10 corners 4,3,3,2,2,2,1,1,1,1', 'edge'): (1.7, 21.011596122170772),
    ('10x10 corners 4,3,3,2,2,2,1,1,1,1', 'corner'): (0.355, -50.3186772898507),
    ('10x10 corners 4,3,3,2,2,2,1,1,1,1', 'cluster'): (0.126, -30.2951280417133),
    ('10x10 corners 4,3,3,2,2,2,1,1,1,1', 'spread'): (1.32, -31.431973543636335),
    ('10x10 corners 4,3,3,2,2,2,1,1,1,1', 'packed'): (0.57, -38.96717677046887),
    ('10x10 corners 4,3,3,2,2,2,1,1,1,1', 'band'): (0.4600000000000001, -19.942029007905173),
    ('10x10 corners 5bent,4bent,4bent,3bent,3bent,3bent,2bent,2bent,2bent,2bent,1bent,1bent,1bent,1bent,1bent', 'edge'): (1.1099999999999999, 9.597697927883603),
    ('10x10 corners 5bent,4bent,4bent,3bent,3bent,3bent,2bent,2bent,2bent,2bent,1bent,1bent,1bent,1bent,1bent', 'corner'): (0.30999999999999994, -52.07221779034021),
    ('10x10 corners 5bent,4bent,4bent,3bent,3bent,3bent,2bent,2bent,2bent,2bent,1bent,1bent,1bent,1bent,1bent', 'cluster'): (0.08175, -25.860929458775534),
    ('10x10 corners 5bent,4bent,4bent,3bent,3bent,3bent,2bent,2bent,2bent,2bent,1bent,1bent,1bent,1bent,1bent', 'spread'): (0.57, -29.978325885350795),
    ('10x10 corners 5bent,4bent,4bent,3bent,3bent,3bent,2bent,2bent,2bent,2bent,1bent,1bent,1bent,1bent,1bent', 'packed'): (0.3, -36.235702920928155),
    ('10x10 corners 5bent,4bent,4bent,3bent,3bent,3bent,2bent,2bent,2bent,2bent,1bent,1bent,1bent,1bent,1bent', 'band'): (0.21000000000000002, -14.689210219837669),
    ('10x10 sides 5,4,3,3,2', 'edge'): (1.8399999999999999, 27.739665493548326),
    ('10x10 sides 5,4,3,3,2', 'corner'): (0.305, -32.058371417971635),
    ('10x10 sides 5,4,3,3,2', 'cluster'): (0.14250000000000002, -17.42302419710326),
    ('10x10 sides 5,4,3,3,2', 'spread'): (1.3199999999999998, -34.68412518506976),
    ('10x10 sides 5,4,3,3,2', 'band'): (0.45499999999999996, -17.23038245549094),
    ('10x10 none 5,4,3,3,2,1', 'edge'): (1.37, 19.015962342591244),
    ('10x10 none 5,4,3,3,2,1', 'corner'): (0.21000000000000002, -29.45720684812645),
    ('10x10 none 5,4,3,3,2,1', 'cluster'): (0.10124999999999999, -22.221077503877858),
    ('10x10 none 5,4,3,3,2,1', 'spread'): (1.5000000000000004, -36.08137809517205),
    ('10x10 none 5,4,3,3,2,1', 'packed'): (0.26, -30.490989000401655),
    ('10x10 none 5,4,3,3,2,1', 'band'): (0.275, -15.444547004896403),
    ('15x15 none 5,4,4,3,3,3,2,2,2,2,1,1,1,1,1', 'edge'): (1.5799999999999998, 14.195718513081896),
    ('15x15 none 5,4,4,3,3,3,2,2,2,2,1,1,1,1,1', 'corner'): (0.305, -67.20465860726326),
    ('15x15 none 5,4,4,3,3,3,2,2,2,2,1,1,1,1,1', 'cluster'): (0.08625000000000001, -46.254512608796716),
    ('15x15 none 5,4,4,3,3,3,2,2,2,2,1,1,1,1,1', 'spread'): (1.47, -35.760265078941394),
    ('15x15 none 5,4,4,3,3,3,2,2,2,2,1,1,1,1,1', 'packed'): (0.33, -49.65985459213849),
    ('15x15 none 5,4,4,3,3,3,2,2,2,2,1,1,1,1,1', 'band'): (0.42000000000000004, -31.700633762170295),
    ('16x16 none 6,5,4,4,3,3,3,2,2,2,2,1,1,1,1,1', 'edge'): (1.56, 13.221465590651926),
    ('16x16 none 6,5,4,4,3,3,3,2,2,2,2,1,1,1,1,1', 'corner'): (0.265, -64.94595394138119),
    ('16x16 none 6,5,4,4,3,3,3,2,2,2,2,1,1,1,1,1', 'cluster'): (0.08625, -52.17271013920538),
    ('16x16 none 6,5,4,4,3,3,3,2,2,2,2,1,1,1,1,1', 'spread'): (1.5, -39.461210646307784),
    ('16x16 none 6,5,4,4,3,3,3,2,2,2,2,1,1,1,1,1', 'packed'): (0.35000000000000003, -59.30307516391623),
    ('16x16 none 6,5,4,4,3,3,3,2,2,2,2,1,1,1,1,1', 'band'): (0.39, -34.03041448053829),
    ('18x18 none 6,5,5,4,4,4,3,3,3,3,2,2,2,2,2,1,1,1,1,1,1', 'edge'): (1.49, 10.432886674011703),
    ('18x18 none 6,5,5,4,4,4,3,3,3,3,2,2,2,2,2,1,1,1,1,1,1', 'corner'): (0.29000000000000004, -83.37387657003593),
    ('18x18 none 6,5,5,4,4,4,3,3,3,3,2,2,2,2,2,1,1,1,1,1,1', 'cluster'): (0.06899999999999999, -57.46640816711291),
    ('18x18 none 6,5,5,4,4,4,3,3,3,3,2,2,2,2,2,1,1,1,1,1,1', 'spread'): (1.4175, -41.93574182604186),
    ('18x18 none 6,5,5,4,4,4,3,3,3,3,2,2,2,2,2,1,1,1,1,1,1', 'packed'): (0.4000000000000001, -85.05843499903635),
    ('18x18 none 6,5,5,4,4,4,3,3,3,3,2,2,2,2,2,1,1,1,1,1,1', 'band'): (0.4000000000000001, -43.90851155794908),
}

FLEET_COUNTS: dict[str, float] = {
    '10x10 none 4,3,3,2,2,2,1,1,1,1': 35.150803026248084,
    '10x10 corners 4,3,3,2,2,2,1,1,1,1': 37.328647276799444,
    '10x10 none 5,4,3,3,2,1': 25.07141404201547,
    '15x15 none 5,4,4,3,3,3,2,2,2,2,1,1,1,1,1': 66.45775262934428,
    '16x16 none 6,5,4,4,3,3,3,2,2,2,2,1,1,1,1,1': 73.3360131492233,
    '18x18 none 6,5,5,4,4,4,3,3,3,3,2,2,2,2,2,1,1,1,1,1,1': 96.6881561019134,
}
