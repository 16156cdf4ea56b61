#ifndef PLISTKIT_CLIBXML2_SHIM_H
#define PLISTKIT_CLIBXML2_SHIM_H

// Debian builds libxml2 with ICU, so <libxml/encoding.h> pulls in the system
// <unicode/ucnv.h>. Foundation carries its own ICU; a module that sees both
// fails to build in debug with "'UErrorCode' has different definitions".
// Only ICU-specific fields of xmlCharEncodingHandler depend on this macro,
// and nothing in PlistKit touches them.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <libxml/valid.h>
#include <libxml/tree.h>

#include <stdio.h>

// The XML writer spells reals as CoreFoundation does, with printf's "%.17g". Swift cannot
// call a variadic C function, and going through withVaList costs a dynamic cast per call,
// a fifth of the writer's time on a file of numbers.
static inline int plistkit_format_real(char *buffer, size_t size, double value) {
  return snprintf(buffer, size, "%.17g", value);
}

#endif
