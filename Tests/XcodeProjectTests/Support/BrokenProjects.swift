import Foundation

/// Project files the integrity tests write themselves: a small, intact project in Xcode's layout
/// (one command-line tool target, one source file), and copies of it with one problem each, made
/// by the edit a bad merge or hand edit makes.
enum BrokenProjects {
  /// The intact project: every object referenced, every reference defined.
  static let intact = #"""
    // !$*UTF8*$!
    {
    	archiveVersion = 1;
    	classes = {
    	};
    	objectVersion = 77;
    	objects = {

    /* Begin PBXBuildFile section */
    		A10000000000000000000001 /* main.swift in Sources */ = {isa = PBXBuildFile; fileRef = A10000000000000000000002 /* main.swift */; };
    /* End PBXBuildFile section */

    /* Begin PBXFileReference section */
    		A10000000000000000000002 /* main.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = main.swift; sourceTree = "<group>"; };
    		A10000000000000000000003 /* Tool */ = {isa = PBXFileReference; explicitFileType = "compiled.mach-o.executable"; includeInIndex = 0; path = Tool; sourceTree = BUILT_PRODUCTS_DIR; };
    /* End PBXFileReference section */

    /* Begin PBXGroup section */
    		A10000000000000000000004 = {
    			isa = PBXGroup;
    			children = (
    				A10000000000000000000002 /* main.swift */,
    				A10000000000000000000005 /* Products */,
    			);
    			sourceTree = "<group>";
    		};
    		A10000000000000000000005 /* Products */ = {
    			isa = PBXGroup;
    			children = (
    				A10000000000000000000003 /* Tool */,
    			);
    			name = Products;
    			sourceTree = "<group>";
    		};
    /* End PBXGroup section */

    /* Begin PBXNativeTarget section */
    		A10000000000000000000006 /* Tool */ = {
    			isa = PBXNativeTarget;
    			buildConfigurationList = A10000000000000000000008 /* Build configuration list for PBXNativeTarget "Tool" */;
    			buildPhases = (
    				A10000000000000000000007 /* Sources */,
    			);
    			buildRules = (
    			);
    			dependencies = (
    			);
    			name = Tool;
    			productName = Tool;
    			productReference = A10000000000000000000003 /* Tool */;
    			productType = "com.apple.product-type.tool";
    		};
    /* End PBXNativeTarget section */

    /* Begin PBXProject section */
    		A10000000000000000000009 /* Project object */ = {
    			isa = PBXProject;
    			attributes = {
    				BuildIndependentTargetsInParallel = 1;
    				LastSwiftUpdateCheck = 1600;
    				LastUpgradeCheck = 1600;
    				TargetAttributes = {
    					A10000000000000000000006 = {
    						CreatedOnToolsVersion = 16.0;
    					};
    				};
    			};
    			buildConfigurationList = A1000000000000000000000A /* Build configuration list for PBXProject "Tool" */;
    			developmentRegion = en;
    			hasScannedForEncodings = 0;
    			knownRegions = (
    				en,
    				Base,
    			);
    			mainGroup = A10000000000000000000004;
    			minimizedProjectReferenceProxies = 1;
    			preferredProjectObjectVersion = 77;
    			productRefGroup = A10000000000000000000005 /* Products */;
    			projectDirPath = "";
    			projectRoot = "";
    			targets = (
    				A10000000000000000000006 /* Tool */,
    			);
    		};
    /* End PBXProject section */

    /* Begin PBXSourcesBuildPhase section */
    		A10000000000000000000007 /* Sources */ = {
    			isa = PBXSourcesBuildPhase;
    			buildActionMask = 2147483647;
    			files = (
    				A10000000000000000000001 /* main.swift in Sources */,
    			);
    			runOnlyForDeploymentPostprocessing = 0;
    		};
    /* End PBXSourcesBuildPhase section */

    /* Begin XCBuildConfiguration section */
    		A1000000000000000000000B /* Release */ = {
    			isa = XCBuildConfiguration;
    			buildSettings = {
    				SDKROOT = macosx;
    			};
    			name = Release;
    		};
    		A1000000000000000000000C /* Release */ = {
    			isa = XCBuildConfiguration;
    			buildSettings = {
    				PRODUCT_NAME = "$(TARGET_NAME)";
    			};
    			name = Release;
    		};
    /* End XCBuildConfiguration section */

    /* Begin XCConfigurationList section */
    		A10000000000000000000008 /* Build configuration list for PBXNativeTarget "Tool" */ = {
    			isa = XCConfigurationList;
    			buildConfigurations = (
    				A1000000000000000000000C /* Release */,
    			);
    			defaultConfigurationIsVisible = 0;
    			defaultConfigurationName = Release;
    		};
    		A1000000000000000000000A /* Build configuration list for PBXProject "Tool" */ = {
    			isa = XCConfigurationList;
    			buildConfigurations = (
    				A1000000000000000000000B /* Release */,
    			);
    			defaultConfigurationIsVisible = 0;
    			defaultConfigurationName = Release;
    		};
    /* End XCConfigurationList section */
    	};
    	rootObject = A10000000000000000000009 /* Project object */;
    }
    """#

  /// The file reference of `main.swift`, one line, as the variants edit it.
  static let mainFileReference =
    "\t\tA10000000000000000000002 /* main.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = main.swift; sourceTree = \"<group>\"; };\n"

  /// The intact project with `old` replaced by `new` (which must be there, once).
  static func replacing(_ old: String, with new: String) -> String {
    precondition(intact.components(separatedBy: old).count == 2, "the fixture holds \(old) once")
    return intact.replacingOccurrences(of: old, with: new)
  }

  /// One variant per kind of problem, by name.
  static let variants: [(name: String, text: String)] = [
    (
      "duplicate-id",
      replacing(
        mainFileReference,
        with: mainFileReference
          + mainFileReference.replacingOccurrences(of: "path = main.swift", with: "path = other.swift"))
    ),
    (
      "undefined-reference", replacing("fileRef = A10000000000000000000002", with: "fileRef = A1000000000000000000000F")
    ),
    (
      "unreferenced-object",
      replacing(
        mainFileReference,
        with: mainFileReference
          + mainFileReference.replacingOccurrences(of: "A10000000000000000000002", with: "A1000000000000000000000D"))
    ),
    ("null-reference", replacing("fileRef = A10000000000000000000002 /* main.swift */", with: "fileRef = \"(null)\"")),
    ("null-list", replacing("fileRef = A10000000000000000000002 /* main.swift */", with: "fileRef = (null)")),
    ("empty-reference", replacing("fileRef = A10000000000000000000002 /* main.swift */", with: "fileRef = \"\"")),
    (
      "conflict-marker",
      replacing(
        mainFileReference,
        with: "<<<<<<< HEAD\n" + mainFileReference + "=======\n"
          + mainFileReference.replacingOccurrences(of: "path = main.swift", with: "path = other.swift")
          + ">>>>>>> feature\n")
    ),
    ("build-file-without-reference", replacing(" fileRef = A10000000000000000000002 /* main.swift */;", with: "")),
    (
      "group-without-children",
      replacing("\t\t\tchildren = (\n\t\t\t\tA10000000000000000000003 /* Tool */,\n\t\t\t);\n", with: "")
    ),
    (
      "unknown-isa",
      replacing(
        "isa = PBXFileReference; lastKnownFileType = sourcecode.swift",
        with: "isa = PBXFooReference; lastKnownFileType = sourcecode.swift")
    ),
    (
      "missing-configuration-list",
      replacing(
        "\t\t\tbuildConfigurationList = A10000000000000000000008 /* Build configuration list for PBXNativeTarget \"Tool\" */;\n",
        with: "")
    ),
    ("missing-isa", replacing("{isa = PBXBuildFile; fileRef", with: "{fileRef")),
    (
      "syntax",
      replacing(
        "\trootObject = A10000000000000000000009 /* Project object */;\n",
        with: "\trootObject = A10000000000000000000009 /* Project object */\n")
    ),
  ]

  /// The variant named `name`.
  static func variant(_ name: String) -> String { variants.first { $0.name == name }!.text }
}
