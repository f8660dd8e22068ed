"""Finished matches: kept for replay, stepped through, exported and imported as files."""
