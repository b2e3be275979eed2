"""Reading sources: safe YAML with positions (``load``, ``document``, ``positions``), finding
bundled variants and what they extend (``variants``), and merging overlays (``overlay``).

The first stage of the pipeline: bytes in, a located ``Document`` out. Nothing here
compiles or runs anything.
"""
