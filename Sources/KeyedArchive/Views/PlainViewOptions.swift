import Typedstream

/// How ``ObjectGraph/plainView(options:limits:)`` renders objects: the options of every plain
/// view, declared in the typedstream layer below so that a typedstream nested in an archive is
/// shown with the archive's own choices.
public typealias PlainViewOptions = Typedstream.PlainViewOptions
