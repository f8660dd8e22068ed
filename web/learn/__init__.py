"""The guided first hand: its script, the coach's words, its progress."""
