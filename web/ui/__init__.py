"""What every screen draws with, under the table and its features: markup escaped by
construction (``markup``) and the page's document, read and written in one place
(``dom``)."""
