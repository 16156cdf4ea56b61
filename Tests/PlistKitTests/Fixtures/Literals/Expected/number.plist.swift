/// Generated from number.plist
let number = 42
