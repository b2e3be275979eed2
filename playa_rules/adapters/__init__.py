"""Adapters to the frameworks AI programmers use: OpenSpiel (``playa_rules.openspiel``) and
PettingZoo (``playa_rules.pettingzoo``). Each imports its framework lazily; the core
never imports them."""
