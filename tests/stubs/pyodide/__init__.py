"""Stand-in for the ``pyodide`` package (only ``pyodide.ffi`` is used by the table)."""
