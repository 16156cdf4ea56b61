/// The table of `plistkit` subcommands.
///
/// # Adding a command
///
/// 1. Create `Commands/<Name>Command.swift` with `extension CommandSpec { static let name = CommandSpec(…) }`:
///    its name, a one-line abstract, a discussion, its options declared as typed values
///    (`Option.flag`, `.text`, `.repeatable`, `.choice`, or one of ``SharedOptions``), its
///    positional arguments (`Argument.single`/`.variadic`), examples that work on `Samples/`,
///    and a `run` closure.
/// 2. Add it to ``CommandRegistry/all`` below (the order is the order of `plistkit --help`).
/// 3. Run `scripts/generate-man.sh` to refresh `man/plistkit.1` (a test checks it is current).
///
/// Help, the man page and the shell completions are generated from the description, and the
/// parser enforces it, so nothing else needs to change. In `run`, read each option and argument
/// as the typed value it was declared with, `context[option]`, read inputs with
/// `PropertyListIO.read` (`-` is stdin), write with `PropertyListIO.write` (atomic; `-` is
/// stdout), print through `context.output`, and throw ``CommandError`` (`.usage("what")` exits 2
/// and is printed as `plistkit: CMD: what`,
/// `.file(path, error)` prints `plistkit: FILE:LINE:COL: message` and exits 1). Return
/// `.failure` for a failed check after reporting it with `context.report`.
enum CommandRegistry {
  /// Every subcommand, in help order.
  static let all: [CommandSpec] = [
    .convert,
    .lint,
    .print,
    .get,
    .type,
    .set,
    .insert,
    .remove,
    .move,
    .expand,
    .create,
    .unarchive,
    .extract,
    .archive,
    .validate,
    .diff,
    .merge,
    .textconv,
    .resolve,
    .git,
    .strings,
    .sections,
    .filter,
    .completions,
    .help,
  ]

  /// The subcommand with this name.
  static func command(named name: String) -> CommandSpec? {
    all.first { $0.name == name }
  }
}
