print("plistkit")
