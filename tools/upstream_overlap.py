"""Provenance check: runs of >= 4 consecutive identical lines between our files and a real framework's.

    python tools/upstream_overlap.py ivy/frontends/torch/optim/sgd.py=torch.optim.sgd [...]

Lines are compared stripped, blank and comment lines dropped. Our code is written from documented
behaviour, not copied; a long run means a passage to rewrite in our own words. Short runs of
attribute registrations (which fix state_dict key order) and error messages are expected.
"""
import difflib
import importlib
import inspect
import sys


def _lines(src):
    return [s.strip() for s in src.splitlines() if s.strip() and not s.strip().startswith("#")]


def main(pairs):
    for pair in pairs:
        ours, module = pair.split("=")
        a = _lines(open(ours).read())
        b = _lines(inspect.getsource(importlib.import_module(module)))
        runs = [m for m in difflib.SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks()
                if m.size >= 4]
        print(f"{ours}: {sum(m.size for m in runs)} lines in runs >= 4")
        for m in runs:
            print(f"  {m.size} lines from: {a[m.a]!r}")


if __name__ == "__main__":
    main(sys.argv[1:])
