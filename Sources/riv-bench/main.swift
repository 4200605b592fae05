print("riv-bench: not written yet")
