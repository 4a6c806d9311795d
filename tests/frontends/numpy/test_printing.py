"""Printing: dtypes, arrays and scalars print as NumPy prints them, print options included."""
import json
import subprocess
import sys

import numpy as real_np
import pytest

# Under the import hook, NumPy's C code loads numpy._core._dtype lazily with the user's frame as
# importer; it must get the real module. Run in a fresh interpreter: NumPy caches that import.
_HOOKED = """
import json, sys, ivy
ivy.set_backend(sys.argv[1])
import ivy.frontends
ivy.frontends.install("numpy")
import numpy as np
a = np.array([1.0, 2.0])
out = []
for f in (lambda: str(a.dtype), lambda: a.dtype.name, lambda: repr(a.dtype),
          lambda: str(np.dtype("int8")), lambda: repr(a), lambda: str(a[0])):
    try:
        out.append(f())
    except Exception as e:
        out.append(f"{type(e).__name__}: {e}")
print(json.dumps(out))
"""


def test_dtype_prints_under_the_import_hook(backend):
    proc = subprocess.run([sys.executable, "-c", _HOOKED, backend], capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    a = real_np.array([1.0, 2.0])
    expected = [str(a.dtype), a.dtype.name, repr(a.dtype), str(real_np.dtype("int8")), repr(a),
                str(a[0])]
    assert json.loads(proc.stdout.strip().splitlines()[-1]) == expected
