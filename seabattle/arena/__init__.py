"""Bots as processes, matches and tournaments between any players."""
