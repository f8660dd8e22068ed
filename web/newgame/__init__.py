"""The ways into a new match: the new-game form and its summary, a rematch, a challenge
link opened or shared."""
