/// A small String Catalog in Xcode's layout, with one problem of each common kind: a plural
/// variation without `other` and a format specifier of the wrong type (errors), a missing
/// translation and one to review (warnings), and a string not to translate.
enum CatalogFixture {
  static let text = """
    {
      "sourceLanguage" : "en",
      "strings" : {
        "%lld files" : {
          "localizations" : {
            "de" : {
              "variations" : {
                "plural" : {
                  "one" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "Eine Datei"
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
            },
            "fr" : {
              "variations" : {
                "plural" : {
                  "many" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%lld fichiers"
                    }
                  },
                  "one" : {
                    "stringUnit" : {
                      "state" : "translated",
                      "value" : "%lld fichier"
                    }
                  }
                }
              }
            }
          }
        },
        "Hello, %@!" : {
          "localizations" : {
            "de" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "Hallo, %@!"
              }
            },
            "fr" : {
              "stringUnit" : {
                "state" : "translated",
                "value" : "Bonjour, %d !"
              }
            }
          }
        },
        "Sign in" : {
          "comment" : "The button on the welcome screen",
          "localizations" : {
            "de" : {
              "stringUnit" : {
                "state" : "needs_review",
                "value" : "Anmelden"
              }
            }
          }
        },
        "Version" : {
          "shouldTranslate" : false
        }
      },
      "version" : "1.0"
    }
    """
}
