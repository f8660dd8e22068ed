"""The deal of the day: one seed a date for everybody, tried once, its streak."""
