/// Generated from InfoPlist.strings
let InfoPlist = [
]
