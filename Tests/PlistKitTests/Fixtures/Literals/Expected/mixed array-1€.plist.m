/// Generated from mixed array-1€.plist
__attribute__((visibility("hidden")))
NSArray * const mixed_array_1 = @[
    @1,
    @1.500000,
    @YES,
];
