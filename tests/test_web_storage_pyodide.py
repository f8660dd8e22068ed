"""web/store's doors inside Pyodide (issue 11, case 4): there, ``json.loads`` of 50,000
brackets is not a ``RecursionError`` but a fatal "Maximum call stack size
exceeded" that kills the interpreter, so the doors must refuse it unparsed."""

from __future__ import annotations

import pytest
from pyodide_helper import REPO, run_in_pyodide

pytestmark = pytest.mark.pyodide


def test_the_doors_refuse_deep_and_broken_values_inside_pyodide():
    web = REPO / "web"
    files = [web / "__init__.py", *(web / "i18n").glob("*.py"), *(web / "store").glob("*.py"),
             *(web / "table").glob("*.py")]  # storage's seat kinds, with what they import
    sources = {path.relative_to(web).as_posix(): path.read_text(encoding="utf-8")
               for path in files}
    code = "\n".join([
        "import json, os",
        "os.makedirs('web/store', exist_ok=True)",
        "os.makedirs('web/i18n', exist_ok=True)",
        "os.makedirs('web/table', exist_ok=True)",
        *(f"open('web/{name}', 'w').write({text!r})" for name, text in sources.items()),
        "from scala40.record import Game",
        "from web.store import match, settings, storage, stores",
        "save = json.loads(Game.new(['Tu', 'Bruno'], seed=3).to_save())",
        "lines = save['record'].split('\\n')",
        "lines[1] = 'rules: ' + '[' * 20000 + ']' * 20000",
        "deep = dict(save, record='\\n'.join(lines))",
        "named = dict(save, record=save['record'].replace('\"Tu\"', '\"T\\\\ud800\"'))",
        "lone = chr(0xD800)",
        "for text in ('[' * 50000, json.dumps(deep), json.dumps(named), lone):",
        "    store = stores.MemoryStore({storage.GAME_KEY: text})",
        "    game, _saved, refusal = match.load_game(store, '1')",
        "    print(game, refusal.code, refusal.kept)",
        "store = stores.MemoryStore({storage.SETTINGS_KEY: '{\"last\": ' * 5000})",
        "print(settings.load_settings(store)[1].code)",
    ])
    out = run_in_pyodide(code).splitlines()
    assert out == ["None too_deep scala40.broken.1.game"] * 2 + [
        "None surrogate scala40.broken.1.game", "None not_json scala40.broken.1.game",
        "too_deep"]
