#!/usr/bin/env python3
"""A deterministic project.pbxproj in Xcode's layout, for the document-edit benchmark.

    generate_pbxproj.py FILES > project.pbxproj

FILES Swift files in groups of 100, each with a file reference and a build file in the app
target's Sources phase, one target, its configurations: what Xcode writes for such a project
(60,000 files make about 26 MB). The same FILES always give the same bytes.
"""
import random
import sys

def ident(n, salt):
    return "%08X%08X%08X" % (0x1D6058900 & 0xFFFFFFFF ^ salt, n, 0x006BFB54 ^ salt)

def generate(files):
    rng = random.Random(16)
    names = []
    for i in range(files):
        stem = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randrange(2, 9)))
        names.append("%s%d.swift" % (stem.capitalize(), i))
    fref = [ident(i, 0x11) for i in range(files)]
    bfile = [ident(i, 0x22) for i in range(files)]
    groups = [ident(i, 0x33) for i in range((files + 99) // 100)]
    main_group, products, app_ref = ident(0, 0x44), ident(1, 0x44), ident(2, 0x44)
    target, sources, frameworks = ident(0, 0x55), ident(1, 0x55), ident(2, 0x55)
    project, plist_proj, plist_target = ident(0, 0x66), ident(1, 0x66), ident(2, 0x66)
    configs = [ident(i, 0x77) for i in range(4)]
    o = []
    w = o.append
    w("// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 56;\n\tobjects = {\n")
    w("\n/* Begin PBXBuildFile section */\n")
    for i in sorted(range(files), key=lambda i: bfile[i]):
        w("\t\t%s /* %s in Sources */ = {isa = PBXBuildFile; fileRef = %s /* %s */; };\n" % (bfile[i], names[i], fref[i], names[i]))
    w("/* End PBXBuildFile section */\n")
    w("\n/* Begin PBXFileReference section */\n")
    entries = [(fref[i], "\t\t%s /* %s */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = %s; sourceTree = \"<group>\"; };\n" % (fref[i], names[i], names[i])) for i in range(files)]
    entries.append((app_ref, "\t\t%s /* App.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = App.app; sourceTree = BUILT_PRODUCTS_DIR; };\n" % app_ref))
    for _, line in sorted(entries):
        w(line)
    w("/* End PBXFileReference section */\n")
    w("\n/* Begin PBXFrameworksBuildPhase section */\n\t\t%s /* Frameworks */ = {\n\t\t\tisa = PBXFrameworksBuildPhase;\n\t\t\tbuildActionMask = 2147483647;\n\t\t\tfiles = (\n\t\t\t);\n\t\t\trunOnlyForDeploymentPostprocessing = 0;\n\t\t};\n/* End PBXFrameworksBuildPhase section */\n" % frameworks)
    w("\n/* Begin PBXGroup section */\n")
    gentries = []
    for g, gid in enumerate(groups):
        body = "".join("\t\t\t\t%s /* %s */,\n" % (fref[i], names[i]) for i in range(g * 100, min(files, g * 100 + 100)))
        gentries.append((gid, "\t\t%s /* Group%d */ = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n%s\t\t\t);\n\t\t\tpath = Group%d;\n\t\t\tsourceTree = \"<group>\";\n\t\t};\n" % (gid, g, body, g)))
    body = "".join("\t\t\t\t%s /* Group%d */,\n" % (gid, g) for g, gid in enumerate(groups))
    gentries.append((main_group, "\t\t%s = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n%s\t\t\t\t%s /* Products */,\n\t\t\t);\n\t\t\tsourceTree = \"<group>\";\n\t\t};\n" % (main_group, body, products)))
    gentries.append((products, "\t\t%s /* Products */ = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n\t\t\t\t%s /* App.app */,\n\t\t\t);\n\t\t\tname = Products;\n\t\t\tsourceTree = \"<group>\";\n\t\t};\n" % (products, app_ref)))
    for _, text in sorted(gentries):
        w(text)
    w("/* End PBXGroup section */\n")
    w("\n/* Begin PBXNativeTarget section */\n\t\t%s /* App */ = {\n\t\t\tisa = PBXNativeTarget;\n\t\t\tbuildConfigurationList = %s /* Build configuration list for PBXNativeTarget \"App\" */;\n\t\t\tbuildPhases = (\n\t\t\t\t%s /* Sources */,\n\t\t\t\t%s /* Frameworks */,\n\t\t\t);\n\t\t\tbuildRules = (\n\t\t\t);\n\t\t\tdependencies = (\n\t\t\t);\n\t\t\tname = App;\n\t\t\tproductName = App;\n\t\t\tproductReference = %s /* App.app */;\n\t\t\tproductType = \"com.apple.product-type.application\";\n\t\t};\n/* End PBXNativeTarget section */\n" % (target, plist_target, sources, frameworks, app_ref))
    w("\n/* Begin PBXProject section */\n\t\t%s /* Project object */ = {\n\t\t\tisa = PBXProject;\n\t\t\tattributes = {\n\t\t\t\tBuildIndependentTargetsInParallel = 1;\n\t\t\t\tLastSwiftUpdateCheck = 1500;\n\t\t\t\tLastUpgradeCheck = 1500;\n\t\t\t\tTargetAttributes = {\n\t\t\t\t\t%s = {\n\t\t\t\t\t\tCreatedOnToolsVersion = 15.0;\n\t\t\t\t\t};\n\t\t\t\t};\n\t\t\t};\n\t\t\tbuildConfigurationList = %s /* Build configuration list for PBXProject \"App\" */;\n\t\t\tcompatibilityVersion = \"Xcode 14.0\";\n\t\t\tdevelopmentRegion = en;\n\t\t\thasScannedForEncodings = 0;\n\t\t\tknownRegions = (\n\t\t\t\ten,\n\t\t\t\tBase,\n\t\t\t);\n\t\t\tmainGroup = %s;\n\t\t\tproductRefGroup = %s /* Products */;\n\t\t\tprojectDirPath = \"\";\n\t\t\tprojectRoot = \"\";\n\t\t\ttargets = (\n\t\t\t\t%s /* App */,\n\t\t\t);\n\t\t};\n/* End PBXProject section */\n" % (project, target, plist_proj, main_group, products, target))
    w("\n/* Begin PBXSourcesBuildPhase section */\n\t\t%s /* Sources */ = {\n\t\t\tisa = PBXSourcesBuildPhase;\n\t\t\tbuildActionMask = 2147483647;\n\t\t\tfiles = (\n" % sources)
    for i in range(files):
        w("\t\t\t\t%s /* %s in Sources */,\n" % (bfile[i], names[i]))
    w("\t\t\t);\n\t\t\trunOnlyForDeploymentPostprocessing = 0;\n\t\t};\n/* End PBXSourcesBuildPhase section */\n")
    w("\n/* Begin XCBuildConfiguration section */\n")
    for cid, name, owner in [(configs[0], "Debug", 0), (configs[1], "Release", 0), (configs[2], "Debug", 1), (configs[3], "Release", 1)]:
        w("\t\t%s /* %s */ = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {\n\t\t\t\tPRODUCT_NAME = \"$(TARGET_NAME)\";\n\t\t\t\tSWIFT_VERSION = 5.0;\n\t\t\t};\n\t\t\tname = %s;\n\t\t};\n" % (cid, name, name))
    w("/* End XCBuildConfiguration section */\n")
    w("\n/* Begin XCConfigurationList section */\n")
    lists = sorted([(plist_proj, "PBXProject \"App\"", configs[0], configs[1]), (plist_target, "PBXNativeTarget \"App\"", configs[2], configs[3])])
    for lid, owner, d, r in lists:
        w("\t\t%s /* Build configuration list for %s */ = {\n\t\t\tisa = XCConfigurationList;\n\t\t\tbuildConfigurations = (\n\t\t\t\t%s /* Debug */,\n\t\t\t\t%s /* Release */,\n\t\t\t);\n\t\t\tdefaultConfigurationIsVisible = 0;\n\t\t\tdefaultConfigurationName = Release;\n\t\t};\n" % (lid, owner, d, r))
    w("/* End XCConfigurationList section */\n\t};\n\trootObject = %s /* Project object */;\n}\n" % project)
    return "".join(o)

if __name__ == "__main__":
    sys.stdout.write(generate(int(sys.argv[1])))
