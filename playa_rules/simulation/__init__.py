"""Playing many games of compiled rules to answer questions no static check can.

``smoke`` plays seeded random games to find dead ends and games that never end
(``validate --simulate``).
"""
