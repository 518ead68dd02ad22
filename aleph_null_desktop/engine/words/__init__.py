"""The words of the rules, apart from the rules: card text (`text`, built from `phrases` and the
op registry's words, German grammar in `de`), the refusals, the log's lines of events (`events`).
The engine keeps codes and parameters; these say them in the language of the moment, when shown.
"""
