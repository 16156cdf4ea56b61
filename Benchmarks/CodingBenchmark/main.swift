print("plistcoding-benchmark: not written yet")
