/// Generated from mixed.plist
let mixed : [String : Any] = [
    "booleans" : [
        true,
        false,
    ],
    "data" : [
        Data(bytes: []),
        Data(bytes: [0x00,0x01,0x02,0xFF,]),
        Data(bytes: [0x00,0x01,0x02,0x03,0x04,0x05,0x06,0x07,0x08,0x09,0x0A,0x0B,0x0C,0x0D,0x0E,0x0F,]),
    ],
    "dates" : [
        Date(timeIntervalSinceReferenceDate: 0.0),
        Date(timeIntervalSinceReferenceDate: -978307200.0),
        Date(timeIntervalSinceReferenceDate: 736672089.5),
        Date(timeIntervalSinceReferenceDate: 1e-05),
    ],
    "empty" : [
        "array" : [
        ],
        "dict" : [
        ],
    ],
    "escapes" : [
        "\\b\\s\\w\\.\\|\\*\\)\\(",
        "back\\slash",
        "\n stays",
        "cr\nlf\nend",
        ""́ mark",
        "\\\b",
    ],
    "integers" : [
        0,
        1,
        -1,
        9223372036854775807,
        -9223372036854775808,
        18446744073709551615,
        255,
        -256,
    ],
    "nested" : [
        [
            1,
            "a",
            [
                2.500000,
                [
                    "k" : true,
                ],
            ],
        ],
        [
            "a" : [
            ],
            "z" : [
            ],
        ],
    ],
    "reals" : [
        0.000000,
        0.000000,
        1.500000,
        -2.250000,
        1000000000000000052504760255204420248704468581108159154915854115511802457988908195786371375080447864043704443832883878176942523235360430575644792184786706982848387200926575803737830233794788090059368953234970799945081119038967640880074652742780142494579258788820056842838115669472196386865459400540160.000000,
        0.000000,
        0.000000,
        0.000002,
        123456.789000,
        inf,
        -inf,
        nan,
        3.000000,
    ],
    "string" : "he said \"hi\"	tab\nnew line",
    "unicode" : [
        "café",
        "café",
        "日本語",
        "😀",
        " ",
        "­",
    ],
]
