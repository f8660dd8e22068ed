"""The card table: the session around the engine's game, the door into a match and the
one move path, what each action does, the registries the features add to, the bots'
turns, the table's drawing (cards, hand, melds, score sheet, dialogs), its cues."""
