/// The text of `plutil -help` in plutil mode.
enum PlutilHelp {
  /// The options accepted, in plutil's grammar.
  static let text = """
    plutil (plistkit \(ToolVersion.current)): plutil-compatible property list tool
    Usage: plutil [command option] [other options] FILE...
    A FILE of - is standard input. Every failure exits 1; success exits 0.

    Command options (-lint when none is given):
     -help                      show this message
     -lint                      check each file; print "FILE: OK"
     -convert FMT               rewrite each file in format FMT (in place, or see -o and -e)
                                FMT: xml1 binary1 json ascii1 (openstep), or the source
                                literals swift (FILE.swift) and objc (FILE.m, with -header
                                also FILE.h), as plutil writes them
     -insert KEYPATH -TYPE V    insert a value (the key must not exist; an array index inserts before)
     -replace KEYPATH -TYPE V   set a value, adding it when missing
                                TYPE: bool integer float date string data xml json, or
                                -dictionary / -array (an empty one, no V); -bool is true for YES or true
     -append                    with -insert: KEYPATH names an array; add the value at its end
     -remove KEYPATH            remove a value
     -extract KEYPATH FMT       print the value at KEYPATH as FMT (xml1 binary1 json raw) on
                                standard output, or into -o; -expect TYPE fails unless the value
                                has that type (bool integer float string date data dictionary array)
     -type KEYPATH              print the type of the value at KEYPATH
     -create FMT                write an empty dictionary in FMT to each FILE (- is standard output)
     -p                         print a readable tree (for people, not programs)

    Other options:
     -s                         print nothing on success
     -o PATH                    write the result to PATH (one file); - is standard output
     -e EXT                     with -convert, write FILE.EXT next to each FILE instead
     -r                         write JSON indented for people
     -n                         no newline after -extract raw and -type output
     --                         every further argument is a file name

    KEYPATH: keys and array indices separated by dots (A.0); \\. is a dot inside a key.
    """ + "\n"
}
