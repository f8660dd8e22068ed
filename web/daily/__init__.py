"""The deal of the day (one seed a date for everybody, tried once, its streak) and a
friend's challenge (the same deal, a result to beat): two kinds of match at the table."""
