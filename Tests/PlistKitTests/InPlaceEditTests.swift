import PlistKit
import Testing

/// Edits by key path change the containers on their way in place: thousands of edits of one
/// dictionary copy it never (each edit copied the whole of it before: a three-way merge of
/// 10,000 changed keys took 3.9 s, nearly all of it copying).
@Suite("Edits in place")
struct InPlaceEditTests {
  static func storage(_ value: PropertyList) -> ContainerStorage? {
    switch value {
    case .dictionary(let dictionary): ContainerStorage(dictionary)
    case .array(let array): ContainerStorage(array)
    default: nil
    }
  }

  @Test func replacingThousandsOfValuesCopiesNoContainer() throws {
    let count = 4_000
    var inner = PropertyListDictionary()
    for index in 0..<count { inner["k\(index)"] = .integer(index) }
    var value: PropertyList = [
      "outer": ["list": .array((0..<count).map { .integer($0) }), "inner": .dictionary(inner)]
    ]
    // Made unique first: the literal's storage is shared with nothing after this.
    try value.setValue("start", at: "outer.inner.k0")
    try value.setValue("start", at: "outer.list.0")
    let before = (
      Self.storage(value), Self.storage(try value.value(at: "outer")), Self.storage(try value.value(at: "outer.inner")),
      Self.storage(try value.value(at: "outer.list"))
    )
    for index in 0..<count {
      try value.setValue(.string("v\(index)"), at: PropertyListKeyPath(components: ["outer", "inner", "k\(index)"]))
      try value.setValue(.string("e\(index)"), at: PropertyListKeyPath(components: ["outer", "list", "\(index)"]))
    }
    #expect(Self.storage(value) == before.0)
    #expect(Self.storage(try value.value(at: "outer")) == before.1)
    #expect(Self.storage(try value.value(at: "outer.inner")) == before.2)
    #expect(Self.storage(try value.value(at: "outer.list")) == before.3)
    #expect(try value.value(at: "outer.inner.k3999") == "v3999")
    #expect(try value.value(at: "outer.list.17") == "e17")
  }

  @Test func removingAndInsertingInANestedArrayCopiesNoOuterContainer() throws {
    var value: PropertyList = ["a": ["b": .array((0..<1_000).map { .integer($0) })], "c": 1]
    try value.setValue("start", at: "c")
    let outer = Self.storage(value)
    let middle = Self.storage(try value.value(at: "a"))
    for _ in 0..<500 { try value.removeValue(at: "a.b.0") }
    for index in 0..<500 { try value.insertValue(.integer(index), at: "a.b.0") }
    #expect(Self.storage(value) == outer)
    #expect(Self.storage(try value.value(at: "a")) == middle)
    #expect(try value.value(at: "a.b.0") == 499)
    #expect(try value.value(at: "a.b.500") == 500)
  }
}
