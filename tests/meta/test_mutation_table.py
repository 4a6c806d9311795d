"""The mutation table (``tools/mutation.py``) stays well-formed: the full mutation run is a tool,
not part of the suite, but a mutant whose source text no longer exists would silently stop
measuring anything."""
import collections
import importlib.util
import pathlib
import shlex
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _table():
    spec = importlib.util.spec_from_file_location("ivy_mutation_tool",
                                                  ROOT / "tools" / "mutation.py")
    mod = sys.modules.get(spec.name)
    if mod is None:
        mod = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = mod            # dataclasses look their module up there
        spec.loader.exec_module(mod)
    return mod


def test_mutants_are_well_formed():
    tool = _table()
    ids = [m.id for m in tool.MUTANTS]
    assert len(ids) == len(set(ids)), [i for i, n in collections.Counter(ids).items() if n > 1]
    assert len(tool.MUTANTS) >= 45
    problems = []
    for m in tool.MUTANTS:
        if m.kind not in tool.KINDS or m.area not in tool.AREAS:
            problems.append(f"{m.id}: kind {m.kind!r} / area {m.area!r}")
        if not m.file.startswith("ivy/") or m.old == m.new or not m.tests:
            problems.append(f"{m.id}: file outside ivy/, no change, or no tests")
        n = (ROOT / m.file).read_text().count(m.old)
        if n != 1:
            problems.append(f"{m.id}: 'old' occurs {n} times in {m.file}")
        for t in m.tests:
            args = shlex.split(t)
            if not (ROOT / args[0]).exists() or "--backend" not in args:
                problems.append(f"{m.id}: selection {t!r} needs a test path and --backend")
    assert not problems, "\n".join(problems)


def test_every_kind_and_area_is_covered():
    tool = _table()
    kinds = collections.Counter(m.kind for m in tool.MUTANTS)
    areas = collections.Counter(m.area for m in tool.MUTANTS)
    assert all(kinds[k] >= 3 for k in tool.KINDS), kinds
    assert all(areas[a] >= 3 for a in tool.AREAS), areas
