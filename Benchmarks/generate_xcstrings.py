#!/usr/bin/env python3
"""Writes a String Catalog of KEYS strings in LANGUAGES languages to standard output, in the
layout Xcode writes: every 50th string has plural variations, every 100th a substitution,
some translations are to review or missing, and a few have format specifiers of the wrong type,
so that `plistkit strings check` has work to report.

Usage: Benchmarks/generate_xcstrings.py [KEYS] [LANGUAGES]   (20000 × 20 make about 55 MB)
"""
import json
import random
import sys

keys = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
count = int(sys.argv[2]) if len(sys.argv) > 2 else 20
languages = ["ar", "ca", "cs", "da", "de", "el", "es", "fi", "fr", "he", "hi", "hu", "it", "ja", "ko", "nb",
             "nl", "pl", "pt-BR", "ru", "sv", "th", "tr", "uk", "vi", "zh-Hans", "zh-Hant"][:count]
random.seed(42)
words = ["account", "settings", "Übersicht", "download", "файл", "설정", "保存", "sync", "profile", "délai"]


def unit(value, state="translated"):
    return {"stringUnit": {"state": state, "value": value}}


strings = {}
for index in range(keys):
    text = " ".join(random.choice(words) for _ in range(2))
    if index % 50 == 0:
        key = f"{text} %lld items {index}"
        entry = {"localizations": {}}
        for language in languages:
            entry["localizations"][language] = {"variations": {"plural": {
                "one": unit(f"{language} one item {index}"),
                "other": unit(f"{language} %lld items {text}")}}}
    elif index % 100 == 1:
        key = f"%#@files@ in {text} {index}"
        entry = {"localizations": {}}
        for language in languages:
            entry["localizations"][language] = {
                "stringUnit": {"state": "translated", "value": f"%#@files@ {language} {text}"},
                "substitutions": {"files": {"argNum": 1, "formatSpecifier": "lld", "variations": {"plural": {
                    "one": unit("%arg file"), "other": unit("%arg files")}}}}}
    else:
        key = f"{text} %@ {index}"
        entry = {"comment": f"Shown on screen {index}", "localizations": {}}
        for position, language in enumerate(languages):
            if (index + position) % 97 == 0:
                continue  # a missing translation
            state = "needs_review" if (index + position) % 89 == 0 else "translated"
            specifier = "%d" if (index + position) % 211 == 0 else "%@"
            entry["localizations"][language] = unit(f"{random.choice(words)} {specifier}", state)
    strings[key] = entry

catalog = {"sourceLanguage": "en", "strings": strings, "version": "1.0"}
sys.stdout.write(json.dumps(catalog, ensure_ascii=False, indent=2, separators=(",", " : "), sort_keys=True))
