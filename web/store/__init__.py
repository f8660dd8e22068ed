"""What the page keeps in the browser: every stored key read through its door,
the one writer of the match, and ``Saves``, every read and write the table makes."""
