/// Generated from mixed array-1€.plist
let mixed_array_1 : [Any] = [
    1,
    1.500000,
    true,
]
