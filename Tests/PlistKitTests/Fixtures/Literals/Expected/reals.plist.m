/// Generated from reals.plist
__attribute__((visibility("hidden")))
NSArray * const reals = @[
    @nan,
    @-0.000000,
];
