/// The help PlistBuddy mode prints, in this project's own words (the layout of macOS's help
/// is followed: the usage, then commands, entries, types and examples).
public enum BuddyHelp {
  /// The usage lines printed when the command line is wrong.
  public static let usage = """
    Usage: PlistBuddy [-cxlh] <file.plist>
        -c "<command>" run the command (several -c run in order), then save; without -c, read
                       commands from standard input
        -x             print values as an XML property list
        -l             refuse a file that is a symbolic link
        -h             print this help with the list of commands

    """

  /// What `Help` and `-h` print.
  public static let commands = """
    Command Format:
        Help - Print this summary
        Exit - Stop (in interactive mode the changes are not saved)
        Save - Write the changes to the file
        Revert - Read the file again, dropping the changes
        Clear [<Type>] - Replace everything with an empty root of Type (dict when not given)
        Print [<Entry>] - Print the value at Entry, or the whole file
        Set <Entry> <Value> - Change the value at Entry to Value, keeping its type
        Add <Entry> <Type> [<Value>] - Add a new Entry of Type with Value
        Copy <EntrySrc> <EntryDst> - Copy the value at EntrySrc to the new EntryDst
        Delete <Entry> - Remove Entry
        Merge <file.plist> [<Entry>] - Add what file.plist holds to the container at Entry
        Import <Entry> <file> - Make the value at Entry the contents of file

    Entry Format:
        Keys and zero-based array indices separated by colons, for example
            :CFBundleShortVersionString
            :CFBundleURLTypes:0:CFBundleURLSchemes
        Quote a key with spaces or colons ("My Key"), or escape one character with \\.
        A trailing colon adds at the end of an array: Add :CFBundleURLTypes: dict

    Types:
        string array dict bool real integer date data

    Examples:
        Print :CFBundleShortVersionString
            Prints the version string
        Set :CFBundleVersion 43
            Changes the build number
        Add :CFBundleURLTypes:0:CFBundleURLSchemes: string myapp
            Appends a URL scheme
        Delete :UIRequiredDeviceCapabilities
            Removes the whole array

    """
}
