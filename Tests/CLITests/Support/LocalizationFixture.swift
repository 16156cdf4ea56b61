import Foundation

/// A small folder of `.lproj` folders: English and German `Localizable.strings` with comments,
/// and a German `Localizable.stringsdict` with a plural.
enum LocalizationFixture {
  static let english = """
    /* The button that closes the sheet. */
    "Done" = "Done";

    /* The title of the window. */
    "Library" = "Library";

    """

  static let german = """
    /* The button that closes the sheet. */
    "Done" = "Fertig";

    /* The title of the window. */
    "Library" = "Bibliothek";

    """

  static let germanPlurals = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>%lld files</key>
    \t<dict>
    \t\t<key>NSStringLocalizedFormatKey</key>
    \t\t<string>%#@files@</string>
    \t\t<key>files</key>
    \t\t<dict>
    \t\t\t<key>NSStringFormatSpecTypeKey</key>
    \t\t\t<string>NSStringPluralRuleType</string>
    \t\t\t<key>NSStringFormatValueTypeKey</key>
    \t\t\t<string>lld</string>
    \t\t\t<key>one</key>
    \t\t\t<string>eine Datei</string>
    \t\t\t<key>other</key>
    \t\t\t<string>%lld Dateien</string>
    \t\t</dict>
    \t</dict>
    </dict>
    </plist>

    """

  /// The catalog `strings import` makes of the folder.
  static let catalog = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "%lld files" : {
          "extractionState" : "migrated",
          "localizations" : {
            "de" : {
              "variations" : {
                "plural" : {
                  "one" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "eine Datei"
                    }
                  },
                  "other" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%lld Dateien"
                    }
                  }
                }
              }
            }
          }
        },
        "Done" : {
          "comment" : "The button that closes the sheet.",
          "extractionState" : "migrated",
          "localizations" : {
            "de" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "Fertig"
              }
            }
          }
        },
        "Library" : {
          "comment" : "The title of the window.",
          "extractionState" : "migrated",
          "localizations" : {
            "de" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "Bibliothek"
              }
            }
          }
        }
      },
      "version" : "1.0"
    }
    """

  /// Writes `en.lproj` and `de.lproj` into `folder`, made as needed.
  static func write(in folder: URL) throws {
    for (language, files) in [
      ("en", [("Localizable.strings", english)]),
      ("de", [("Localizable.strings", german), ("Localizable.stringsdict", germanPlurals)]),
    ] {
      let lproj = folder.appendingPathComponent("\(language).lproj")
      try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
      for (name, text) in files { try Data(text.utf8).write(to: lproj.appendingPathComponent(name)) }
    }
  }
}
