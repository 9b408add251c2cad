def run(args): return 0
