"""What every stage shares: the limits on untrusted input, the located faults of rule text at
run time, did-you-mean, numbers in words (docs/architecture.md, "Layers")."""
