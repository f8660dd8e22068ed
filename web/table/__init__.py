"""The card table: the session around the engine's game, what each action does,
the bots' turns, the table's drawing (cards, hand, melds, score sheet, dialogs), its cues."""
