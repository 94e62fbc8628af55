"""Golden records: recorded whole games that every later release must replay the same."""
