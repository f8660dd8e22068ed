"""Scala 40, the Italian rummy: rules engine and computer opponents.

Pure Python, standard library only; runs unchanged in CPython and Pyodide.
"""

__version__ = "0.1.0"
