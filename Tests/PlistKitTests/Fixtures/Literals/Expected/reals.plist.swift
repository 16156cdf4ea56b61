/// Generated from reals.plist
let reals = [
    nan,
    -0.000000,
]
