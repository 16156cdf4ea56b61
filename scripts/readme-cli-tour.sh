#!/bin/bash
# Runs the shell examples of README.md and of every guide in Documentation/ with the built
# binary and compares what they print with what the documents show, so that no document shows
# output the tool does not produce.
#
# Usage: scripts/readme-cli-tour.sh [--update] [path-to-plistkit]
#   (no option)  check: print every example whose output differs, and exit 1 if one does
#   --update     write the real output into the documents instead
#
# An example is a ```console block: a line that starts with `$ ` is a command, the lines after
# it are its output (standard output and standard error together). Each command sees the exit
# status of the one before it, so `$ echo $?` works. The commands of one document run in order
# in one scratch folder, which holds copies of Samples/ and Schemas/ and the files the examples
# name, so that an example sees what an earlier one wrote and no edit touches the project.
# A block right after `<!-- example: not run (REASON) -->` is not run (it needs a file of the
# reader's own); one right after `<!-- example: needs PATH -->` runs only when the scratch
# folder has PATH (a file from ../shared/corpus, which a clone may not have).
set -u
cd "$(dirname "$0")/.."
update=0
if [ "${1:-}" = "--update" ]; then
  update=1
  shift
fi
binary="${1:-$(swift build --show-bin-path)/plistkit}"
[ -x "$binary" ] || { echo "readme-cli-tour.sh: $binary is not an executable" >&2; exit 2; }
root="$PWD"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin"
ln -s "$(realpath "$binary")" "$work/bin/plistkit"
export PATH="$work/bin:$PATH"
unset NO_COLOR PLISTKIT_INPUT_LIMIT

# A fresh scratch folder with the files the examples use.
make_scratch() {
  local scratch="$1"
  mkdir -p "$scratch"
  cp -R "$root/Samples" "$root/Schemas" "$scratch/"
  cp "$root/Samples/computers.plist" "$scratch/computers.plist"
  printf '<plist version="1.0">\n<dict>\n\t<key>a</key>\n\t<string>x</strin>\n</dict>\n</plist>\n' \
    > "$scratch/broken.plist"
  # A project a bad merge left with an ID defined twice, a child nothing defines, an unused file.
  printf '%s\n' '// !$*UTF8*$!' '{' '\tarchiveVersion = 1;' '\tobjectVersion = 77;' '\tobjects = {' \
    '\t\tA1 = {isa = PBXProject; buildConfigurationList = A2; mainGroup = A3; targets = (); };' \
    '\t\tA2 = {isa = XCConfigurationList; buildConfigurations = (A4); };' \
    '\t\tA3 = {isa = PBXGroup; children = (); sourceTree = "<group>"; };' \
    '\t\tA3 = {isa = PBXGroup; children = (A9); };' '\t\tA5 = {isa = PBXFileReference; };' \
    '\t\tA4 = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };' '\t};' '\trootObject = A1;' '}' \
    | sed 's/\\t/\t/g' > "$scratch/App.pbxproj"
  # The Info.plist template and the xcconfig file of the build-settings example.
  printf '%s\n' '<?xml version="1.0" encoding="UTF-8"?>' \
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">' \
    '<plist version="1.0">' '<dict>' \
    '\t<key>CFBundleIdentifier</key>' '\t<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>' \
    '\t<key>CFBundleName</key>' '\t<string>${PRODUCT_NAME}</string>' \
    '\t<key>CFBundleShortVersionString</key>' '\t<string>$(MARKETING_VERSION)</string>' \
    '\t<key>NSHumanReadableCopyright</key>' '\t<string>$(COPYRIGHT:default=No copyright)</string>' \
    '</dict>' '</plist>' | sed 's/\\t/\t/g' > "$scratch/Template-Info.plist"
  printf '%s\n' '#include? "Local.xcconfig"' 'PRODUCT_NAME = My App' \
    'PRODUCT_BUNDLE_IDENTIFIER = org.example.$(PRODUCT_NAME:rfc1034identifier)' \
    'PRODUCT_BUNDLE_IDENTIFIER[sdk=iphoneos*] = $(inherited).ios' \
    'MARKETING_VERSION = 1.0 // the App Store version' > "$scratch/App.xcconfig"
  # An iMessage attributedBody (an NSArchiver typedstream) written byte by byte, and a plist
  # that holds it in data, as a chat database's row exported to a plist would.
  printf '\x04\x0bstreamtyped\x81\xe8\x03\x84\x01@\x84\x84\x84\x19NSMutableAttributedString\x00'\
'\x84\x84\x12NSAttributedString\x00\x84\x84\x08NSObject\x00\x85\x92\x84\x84\x84\x0fNSMutableString\x01'\
'\x84\x84\x08NSString\x01\x95\x84\x01+\x05Hello\x86\x84\x02iI\x01\x05\x92\x84\x84\x84\x0cNSDictionary\x00'\
'\x95\x84\x01i\x01\x92\x84\x98\x98\x1d__kIMMessagePartAttributeName\x86\x92\x84\x84\x84\x08NSNumber\x00'\
'\x84\x84\x07NSValue\x00\x95\x84\x01*\x84\x9b\x9b\x00\x86\x86\x86' > "$scratch/message.typedstream"
  printf '<plist version="1.0">\n<dict>\n\t<key>attributedBody</key>\n\t<data>%s</data>\n</dict>\n</plist>\n' \
    "$(base64 -w0 "$scratch/message.typedstream")" > "$scratch/message.plist"
  # A String Catalog in Xcode's layout (no line break at the end, as Xcode writes it) with a
  # plural without other, a wrong format specifier, a missing translation and one to review.
  cat > "$scratch/Localizable.xcstrings" <<'CATALOG'
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

CATALOG
  truncate -s -1 "$scratch/Localizable.xcstrings"
  printf '{"Name": "Gerald Ford", "Party": "Republican"}\n' > "$scratch/base.json"
  printf '{"Name": "Gerald R. Ford", "Party": "Republican"}\n' > "$scratch/ours.json"
  printf '{"Name": "Jerry Ford", "Party": "GOP"}\n' > "$scratch/theirs.json"
  # The .lproj folders of Documentation/localization.md: English and German strings with comments
  # (the German file repeats a key), and a German plural.
  mkdir -p "$scratch/Resources/en.lproj" "$scratch/Resources/de.lproj"
  printf '%s\n' '/* The button that closes the sheet. */' '"Done" = "Done";' '' '/* The title of the window. */' \
    '"Library" = "Library";' > "$scratch/Resources/en.lproj/Localizable.strings"
  printf '%s\n' '/* The button that closes the sheet. */' '"Done" = "Fertig";' '' '"Library" = "Mediathek";' \
    '"Library" = "Bibliothek";' > "$scratch/Resources/de.lproj/Localizable.strings"
  printf '%s\n' '<?xml version="1.0" encoding="UTF-8"?>' \
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">' \
    '<plist version="1.0">' '<dict>' '\t<key>%lld files</key>' '\t<dict>' \
    '\t\t<key>NSStringLocalizedFormatKey</key>' '\t\t<string>%#@files@</string>' '\t\t<key>files</key>' '\t\t<dict>' \
    '\t\t\t<key>NSStringFormatSpecTypeKey</key>' '\t\t\t<string>NSStringPluralRuleType</string>' \
    '\t\t\t<key>NSStringFormatValueTypeKey</key>' '\t\t\t<string>lld</string>' \
    '\t\t\t<key>one</key>' '\t\t\t<string>eine Datei</string>' '\t\t\t<key>other</key>' '\t\t\t<string>%lld Dateien</string>' \
    '\t\t</dict>' '\t</dict>' '</dict>' '</plist>' | sed 's/\\t/\t/g' > "$scratch/Resources/de.lproj/Localizable.stringsdict"
  mkdir -p "$scratch/Tests/PlistSchemaTests/Fixtures/Invalid"
  cp "$root/Tests/PlistSchemaTests/Fixtures/Invalid/presidents.json" \
    "$scratch/Tests/PlistSchemaTests/Fixtures/Invalid/presidents.json"
  # A database in the shape of iMessage's chat.db, for the forensics guide.
  python3 "$root/scripts/make-chat-db.py" "$scratch/chat.db"
  if [ -f "$root/../shared/corpus/xcode/emoji.pbxproj" ]; then
    mkdir -p "$scratch/Emoji.xcodeproj"
    cp "$root/../shared/corpus/xcode/emoji.pbxproj" "$scratch/Emoji.xcodeproj/project.pbxproj"
  fi
  local terminal="$root/../shared/corpus/keyed-archives/dracula+terminal-app__Dracula.terminal__BackgroundColor.bplist"
  if [ -f "$terminal" ]; then
    cp "$terminal" "$scratch/BackgroundColor.bplist"
  fi
}

examples=0
not_run=0
failed=0

# Makes the scratch folder a git repository stopped in a merge on Settings.plist, a binary plist
# whose two branches changed different keys: what the guide's `git install` and `resolve` run in.
# git runs without the user's or the system's configuration, whose merge drivers would change it.
stop_merge() {
  local scratch="$1"
  (
    cd "$scratch" || exit 1
    export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
    commit() {
      printf '%s' "$1" > settings.json
      plistkit convert settings.json --to binary -o Settings.plist && rm settings.json
      git add Settings.plist && git -c user.name=Tour -c user.email=tour@example.com commit -q -m "$2"
    }
    git init -q -b main
    commit '{"Name": "Demo", "Version": 1}' base
    git checkout -q -b feature
    commit '{"Name": "Demo app", "Version": 1}' theirs
    git checkout -q main
    commit '{"Name": "Demo", "Version": 2}' ours
    git -c user.name=Tour -c user.email=tour@example.com merge -q feature > /dev/null
  )
}

# Runs the examples of one document; with --update, writes their real output into it.
run_document() {
  local document="$1"
  local scratch="$work/scratch-$(basename "$document" .md)"
  make_scratch "$scratch"
  if [ "$(basename "$document")" = diff-merge-git.md ]; then stop_merge "$scratch"; fi
  local rewritten="$work/rewritten.md"
  : > "$rewritten"
  local in_block=0 run_block=1 previous="" command="" expected="" status=0 line
  # finish: runs the command read last and compares its output with the lines after it.
  finish() {
    [ -n "$command" ] || return 0
    if [ "$run_block" = 0 ]; then
      printf '%s' "$expected" >> "$rewritten"
      command=""
      expected=""
      return 0
    fi
    local actual
    actual="$(cd "$scratch" && bash -c "(exit $status); $command" 2>&1; echo "~$?")"
    status="${actual##*~}"
    actual="${actual%~*}"
    # Output without a final line break ends its line in the document all the same.
    if [ -n "$actual" ] && [ "${actual: -1}" != $'\n' ]; then actual+=$'\n'; fi
    examples=$((examples + 1))
    if [ "$actual" != "$expected" ]; then
      if [ "$update" = 0 ]; then
        failed=$((failed + 1))
        echo "$document: the output of \$ $command differs:"
        diff <(printf '%s' "$expected") <(printf '%s' "$actual") | sed 's/^/  /'
      fi
    fi
    if [ "$update" = 1 ]; then
      printf '%s' "$actual" >> "$rewritten"
    else
      printf '%s' "$expected" >> "$rewritten"
    fi
    command=""
    expected=""
  }
  while IFS= read -r line || [ -n "$line" ]; do
    if [ "$in_block" = 0 ]; then
      printf '%s\n' "$line" >> "$rewritten"
      if [ "$line" = '```console' ]; then
        in_block=1
        run_block=1
        status=0
        case "$previous" in
          '<!-- example: not run'*)
            run_block=0
            not_run=$((not_run + 1))
            ;;
          '<!-- example: needs '*)
            local needed="${previous#<!-- example: needs }"
            needed="${needed% -->}"
            if [ ! -e "$scratch/$needed" ]; then
              run_block=0
              not_run=$((not_run + 1))
            fi
            ;;
        esac
      fi
    elif [ "$line" = '```' ]; then
      finish
      printf '%s\n' "$line" >> "$rewritten"
      in_block=0
    elif [ "${line:0:2}" = '$ ' ]; then
      finish
      printf '%s\n' "$line" >> "$rewritten"
      command="${line:2}"
    elif [ -n "$command" ]; then
      expected+="$line"$'\n'
    else
      printf '%s\n' "$line" >> "$rewritten"
    fi
    previous="$line"
  done < "$document"
  if [ "$update" = 1 ] && ! cmp -s "$rewritten" "$document"; then
    cp "$rewritten" "$document"
    echo "updated $document"
  fi
}

documents=(README.md Documentation/*.md)
for document in "${documents[@]}"; do
  run_document "$document"
done
if [ "$update" = 0 ]; then
  if [ "$failed" -gt 0 ]; then
    echo "$failed of $examples examples differ from what the documents show"
    exit 1
  fi
  echo "$examples examples in ${#documents[@]} documents print what they show ($not_run not run)"
fi
