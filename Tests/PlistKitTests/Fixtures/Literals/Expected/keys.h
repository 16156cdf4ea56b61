#import <Foundation/Foundation.h>

/// Generated from keys.plist
__attribute__((visibility("hidden")))
extern NSDictionary * const keys;
