/// Generated from date.plist
let date = [
    "when" : Date(timeIntervalSinceReferenceDate: 0.0),
]
