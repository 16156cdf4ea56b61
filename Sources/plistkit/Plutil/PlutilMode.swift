import PlistKit

/// `plistkit plutil …` and the binary run as `plutil`: the toolchain plutil's options,
/// output and exit codes (every failure exits 1), over PlistKit's readers and writers.
///
/// Deliberate differences, listed in Documentation/compatibility.md: errors carry PlistKit's
/// locations, `-p` prints PlistKit's tree (file order, real data and UIDs), `-extract` to a
/// plist format writes to standard output unless `-o` is given (plutil overwrites the input),
/// dates and data convert to JSON, keyed archives convert, and OpenStep (`ascii1`/`openstep`)
/// is written.
enum PlutilMode {
  /// Runs a plutil command line (the words after `plutil`).
  static func run(_ words: [String], output: BufferedOutput) -> ExitStatus {
    let invocation: PlutilInvocation
    do {
      invocation = try PlutilInvocation(words)
    } catch {
      StandardError.writeLine(error.message(in: .plutil) ?? "")
      return .failure
    }
    if invocation.verb == .help {
      output.write(PlutilHelp.text)
      return .success
    }
    guard !invocation.files.isEmpty else {
      StandardError.writeLine("No files specified.")
      return .failure
    }
    let runner = PlutilRunner(invocation: invocation, output: output)
    do {
      try runner.validateFormats()
    } catch {
      StandardError.writeLine(error.message(in: .plutil) ?? "")
      return .failure
    }
    var status = ExitStatus.success
    for file in invocation.files {
      do {
        try runner.run(on: file)
      } catch {
        output.flush()
        if let message = error.message(in: .plutil) { StandardError.writeLine(message) }
        status = .failure
      }
    }
    return status
  }
}
