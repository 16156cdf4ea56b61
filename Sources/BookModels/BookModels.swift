import PlistKit
