"""The placement families' normalisers for the presets' fields and fleets, computed by
``python scripts/normalisers.py``, which writes this file (do not edit it by hand).

Keys: (:func:`~seabattle.battleship.ai.placement.normaliser_key`, family); a tilted
family's value is its log normaliser, ``dfs``'s the log of the number of legal fleets.
Each equals :func:`~seabattle.battleship.ai.placement.computed_normaliser` exactly (it is
seeded); looking it up spares the first revealed fleet of a process seconds of work.
Fields and fleets not listed are computed when first needed.
"""

NORMALISERS: dict[tuple[str, str], float] = {
    ('10x10 none 4,3,3,2,2,2,1,1,1,1', 'edge'): 25.75,
    ('10x10 none 4,3,3,2,2,2,1,1,1,1', 'corner'): -137.64583333333334,
    ('10x10 none 4,3,3,2,2,2,1,1,1,1', 'cluster'): -40.228828125,
    ('10x10 none 4,3,3,2,2,2,1,1,1,1', 'spread'): -33.34375,
    ('10x10 none 4,3,3,2,2,2,1,1,1,1', 'packed'): -124.26041666666667,
    ('10x10 none 4,3,3,2,2,2,1,1,1,1', 'dfs'): 35.150803026248084,
    ('10x10 corners 4,3,3,2,2,2,1,1,1,1', 'edge'): 24.791666666666668,
    ('10x10 corners 4,3,3,2,2,2,1,1,1,1', 'corner'): -128.625,
    ('10x10 corners 4,3,3,2,2,2,1,1,1,1', 'cluster'): -35.2459375,
    ('10x10 corners 4,3,3,2,2,2,1,1,1,1', 'spread'): -34.9375,
    ('10x10 corners 4,3,3,2,2,2,1,1,1,1', 'packed'): -118.67708333333333,
    ('10x10 corners 4,3,3,2,2,2,1,1,1,1', 'dfs'): 37.328647276799444,
    ('10x10 corners 5bent,4bent,4bent,3bent,3bent,3bent,2bent,2bent,2bent,2bent,1bent,1bent,1bent,1bent,1bent', 'edge'): 17.285714285714285,
    ('10x10 corners 5bent,4bent,4bent,3bent,3bent,3bent,2bent,2bent,2bent,2bent,1bent,1bent,1bent,1bent,1bent', 'corner'): -162.66666666666666,
    ('10x10 corners 5bent,4bent,4bent,3bent,3bent,3bent,2bent,2bent,2bent,2bent,1bent,1bent,1bent,1bent,1bent', 'cluster'): -46.290051020408164,
    ('10x10 corners 5bent,4bent,4bent,3bent,3bent,3bent,2bent,2bent,2bent,2bent,1bent,1bent,1bent,1bent,1bent', 'spread'): -77.90178571428571,
    ('10x10 corners 5bent,4bent,4bent,3bent,3bent,3bent,2bent,2bent,2bent,2bent,1bent,1bent,1bent,1bent,1bent', 'packed'): -229.17857142857142,
    ('10x10 sides 5,4,3,3,2', 'edge'): 30.955882352941178,
    ('10x10 sides 5,4,3,3,2', 'corner'): -84.48529411764709,
    ('10x10 sides 5,4,3,3,2', 'cluster'): -18.27054498269896,
    ('10x10 sides 5,4,3,3,2', 'spread'): -39.15441176470588,
    ('10x10 none 5,4,3,3,2,1', 'edge'): 30.879629629629633,
    ('10x10 none 5,4,3,3,2,1', 'corner'): -122.75462962962963,
    ('10x10 none 5,4,3,3,2,1', 'cluster'): -32.046585648148145,
    ('10x10 none 5,4,3,3,2,1', 'spread'): -37.204861111111114,
    ('10x10 none 5,4,3,3,2,1', 'packed'): -192.8125,
    ('10x10 none 5,4,3,3,2,1', 'dfs'): 25.07141404201547,
    ('15x15 none 5,4,4,3,3,3,2,2,2,2,1,1,1,1,1', 'edge'): 19.035714285714285,
    ('15x15 none 5,4,4,3,3,3,2,2,2,2,1,1,1,1,1', 'corner'): -205.47619047619045,
    ('15x15 none 5,4,4,3,3,3,2,2,2,2,1,1,1,1,1', 'cluster'): -76.48051020408165,
    ('15x15 none 5,4,4,3,3,3,2,2,2,2,1,1,1,1,1', 'spread'): -36.598214285714285,
    ('15x15 none 5,4,4,3,3,3,2,2,2,2,1,1,1,1,1', 'packed'): -244.06547619047618,
    ('15x15 none 5,4,4,3,3,3,2,2,2,2,1,1,1,1,1', 'dfs'): 66.45775262934428,
    ('16x16 none 6,5,4,4,3,3,3,2,2,2,2,1,1,1,1,1', 'edge'): 17.327235772357724,
    ('16x16 none 6,5,4,4,3,3,3,2,2,2,2,1,1,1,1,1', 'corner'): -223.21646341463415,
    ('16x16 none 6,5,4,4,3,3,3,2,2,2,2,1,1,1,1,1', 'cluster'): -84.59350832837596,
    ('16x16 none 6,5,4,4,3,3,3,2,2,2,2,1,1,1,1,1', 'spread'): -38.71951219512195,
    ('16x16 none 6,5,4,4,3,3,3,2,2,2,2,1,1,1,1,1', 'packed'): -283.8414634146341,
    ('16x16 none 6,5,4,4,3,3,3,2,2,2,2,1,1,1,1,1', 'dfs'): 73.3360131492233,
    ('18x18 none 6,5,5,4,4,4,3,3,3,3,2,2,2,2,2,1,1,1,1,1,1', 'edge'): 14.092261904761903,
    ('18x18 none 6,5,5,4,4,4,3,3,3,3,2,2,2,2,2,1,1,1,1,1,1', 'corner'): -268.5044642857143,
    ('18x18 none 6,5,5,4,4,4,3,3,3,3,2,2,2,2,2,1,1,1,1,1,1', 'cluster'): -117.59683912627553,
    ('18x18 none 6,5,5,4,4,4,3,3,3,3,2,2,2,2,2,1,1,1,1,1,1', 'spread'): -43.515625,
    ('18x18 none 6,5,5,4,4,4,3,3,3,3,2,2,2,2,2,1,1,1,1,1,1', 'packed'): -371.4583333333333,
    ('18x18 none 6,5,5,4,4,4,3,3,3,3,2,2,2,2,2,1,1,1,1,1,1', 'dfs'): 96.6881561019134,
}
