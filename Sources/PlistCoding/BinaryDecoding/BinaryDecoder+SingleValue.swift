/// The decoder is its own single-value container (see ``CurrentValueDecoder``).
extension BinaryDecoder: CurrentValueDecoder {}
