/// Generated from InfoPlist.strings
__attribute__((visibility("hidden")))
NSDictionary * const InfoPlist = @{
};
