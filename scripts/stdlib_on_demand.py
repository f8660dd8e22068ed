"""The rest of Pyodide's standard library, fetched the first time a module of it is imported.

scripts/build_site.py trims the site's ``python_stdlib.zip`` to the modules the page
imports, and writes this file into it as ``sitecustomize``, which Python's start runs
(``site``, as Pyodide's start imports it). It puts a finder last on ``sys.meta_path``:
an import of a standard-library module the trimmed archive does not hold (one the page
came to need since the build's list was made) fetches Pyodide's whole archive, shipped
beside the trimmed one as npm has it, once, and imports the module from there, where
it would otherwise fail. The fetch is synchronous (an import cannot wait for a
promise): an ``XMLHttpRequest`` whose bytes come back as text, one character a byte
(the ``x-user-defined`` charset; a synchronous request may not ask for an
``ArrayBuffer``). The page's tests check that no module of theirs needs it.
"""

import _codecs
import os
import sys
import zipimport

#: The whole archive, in Pyodide's folder beside the trimmed one (a build-time name).
FULL = "python_stdlib_full.zip"
#: Where it is written once fetched.
LOCAL = "/lib/" + FULL
#: The modules only the whole archive holds: the build writes their names here.
ELSEWHERE: frozenset[str] = frozenset()


def whole_archive() -> str:
    """The path of the whole archive, fetched the first time it is asked for."""
    if not os.path.exists(LOCAL):
        from js import XMLHttpRequest
        from pyodide_js._api import config  # as Pyodide's own webloop reads its config

        request = XMLHttpRequest.new()
        request.open("GET", config.indexURL + FULL, False)
        request.overrideMimeType("text/plain; charset=x-user-defined")
        request.send()
        if request.status != 200:
            raise OSError(f"{FULL}: HTTP {request.status}")
        # each byte came as one UTF-16 code unit, 0xF700 + the byte above 0x7F; the codec
        # is called as built in: encodings.utf_16_le may be a module yet to be fetched
        data = _codecs.utf_16_le_encode(request.responseText)[0][::2]
        with open(LOCAL, "wb") as file:
            file.write(data)
    return LOCAL


class OnDemand:
    """The last finder on ``sys.meta_path``: a module in :data:`ELSEWHERE` comes from the
    whole archive. Any other name is left to the error Python raises (the page's own
    ``try: import x`` probes of modules no archive has fetch nothing)."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        if name not in ELSEWHERE:
            return None
        try:
            archive = whole_archive()
        except Exception as error:  # offline, or no XMLHttpRequest (Pyodide on Node)
            raise ImportError(f"{name} is not in the site's standard library, and the "
                              f"whole one could not be fetched: {error}", name=name) from error
        package = name.rpartition(".")[0].replace(".", "/")
        return zipimport.zipimporter(f"{archive}/{package}" if package else archive).find_spec(name)


sys.meta_path.append(OnDemand)
