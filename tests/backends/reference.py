"""Compare a core extension function on a backend with a reference framework (torch, numpy, scipy, jax).

Inputs are numpy arrays (nested in lists, tuples and dicts); ``call`` converts them with the
backend's ``asarray``, runs ``ivy.<qualname>`` on the backend, and converts the result back with
``to_numpy``. ``torch_ref`` runs a torch function on the same numpy inputs. ``assert_close``
compares results: structure, dtype (canonical name) and shape exactly, values within a dtype-aware
tolerance with NaNs equal. Expected values always come from the reference at test time.
"""
from __future__ import annotations

import numpy as np

from ivy.core import dtypes as D

from .strategies import np_dtype

# rtol, atol per dtype: loose enough for differently ordered float accumulation, tight enough to
# catch a wrong formula.
TOLERANCE = {"float16": (2e-3, 2e-3), "bfloat16": (2e-2, 2e-2), "float32": (2e-5, 2e-6),
             "float64": (1e-10, 1e-12), "complex64": (2e-5, 2e-6), "complex128": (1e-10, 1e-12)}


def resolve(ns, qualname: str):
    for part in qualname.split("."):
        ns = getattr(ns, part)
    return ns


def to_backend(xp, obj):
    if isinstance(obj, np.ndarray):
        return xp.asarray(obj)
    if isinstance(obj, (list, tuple)):
        return type(obj)(to_backend(xp, o) for o in obj)
    if isinstance(obj, dict):
        return {k: to_backend(xp, v) for k, v in obj.items()}
    return obj


def to_numpy(xp, obj):
    if xp.is_native_array(obj):
        return xp.to_numpy(obj)
    if isinstance(obj, tuple) and hasattr(obj, "_fields"):
        return type(obj)(*(to_numpy(xp, o) for o in obj))
    if isinstance(obj, (list, tuple)):
        return type(obj)(to_numpy(xp, o) for o in obj)
    if isinstance(obj, dict):
        return {k: to_numpy(xp, v) for k, v in obj.items()}
    return obj


def call(xp, qualname: str, *args, **kwargs):
    """``ivy.<qualname>(*args, **kwargs)`` on backend namespace ``xp``, numpy in and out."""
    out = resolve(xp, qualname)(*to_backend(xp, args), **to_backend(xp, kwargs))
    return to_numpy(xp, out)


def torch_ref(fn, *args, **kwargs):
    """Run a torch function on numpy inputs; numpy out (bfloat16 through ml_dtypes)."""
    import torch

    def conv_in(o):
        if isinstance(o, np.ndarray):
            if o.dtype == np_dtype("bfloat16"):
                return torch.from_numpy(o.view(np.uint16).astype(np.int32)).to(torch.int16) \
                    .view(torch.bfloat16)
            return torch.from_numpy(np.ascontiguousarray(o))
        if isinstance(o, (list, tuple)):
            return type(o)(conv_in(x) for x in o)
        return o

    def conv_out(o):
        if isinstance(o, torch.Tensor):
            o = o.detach()
            if o.dtype == torch.bfloat16:
                return o.view(torch.int16).numpy().view(np_dtype("bfloat16"))
            return o.numpy().copy()
        if isinstance(o, tuple) and hasattr(o, "_fields"):
            return type(o)(*(conv_out(x) for x in o))
        if isinstance(o, (list, tuple)):
            return type(o)(conv_out(x) for x in o)
        return o

    return conv_out(fn(*conv_in(args), **{k: conv_in(v) for k, v in kwargs.items()}))


def dtype_name(a: np.ndarray) -> str:
    return "bfloat16" if a.dtype == np_dtype("bfloat16") else a.dtype.name


def assert_close(got, expected, *, rtol=None, atol=None, dtype=True, where="result"):
    """Same structure; each array the same dtype (unless ``dtype=False``) and shape, close values."""
    if isinstance(expected, (list, tuple)):
        assert isinstance(got, (list, tuple)) and len(got) == len(expected), \
            f"{where}: got {type(got).__name__} of {len(got) if hasattr(got, '__len__') else '?'}, " \
            f"expected {type(expected).__name__} of {len(expected)}"
        for i, (g, e) in enumerate(zip(got, expected)):
            assert_close(g, e, rtol=rtol, atol=atol, dtype=dtype, where=f"{where}[{i}]")
        return
    if not isinstance(expected, np.ndarray):
        if isinstance(expected, (np.generic, float, int, bool, complex)) and isinstance(got, np.ndarray):
            got = got.item() if got.shape == () else got
        if isinstance(expected, float) or isinstance(got, float):
            np.testing.assert_allclose(got, expected, rtol=rtol or 1e-7, err_msg=where)
        else:
            assert got == expected, f"{where}: got {got!r}, expected {expected!r}"
        return
    assert isinstance(got, np.ndarray), f"{where}: got {type(got).__name__}, expected an array"
    if dtype:
        assert dtype_name(got) == dtype_name(expected), \
            f"{where}: dtype {dtype_name(got)}, expected {dtype_name(expected)}"
    assert got.shape == expected.shape, f"{where}: shape {got.shape}, expected {expected.shape}"
    name = dtype_name(expected)
    if name in TOLERANCE:
        r, a = TOLERANCE[name]
        wide = np.complex128 if name.startswith("complex") else np.float64
        scale = float(np.nanmax(np.abs(expected[np.isfinite(expected)]), initial=1.0))
        np.testing.assert_allclose(got.astype(wide), expected.astype(wide),
                                   rtol=r if rtol is None else rtol,
                                   atol=(a * scale) if atol is None else atol,
                                   equal_nan=True, err_msg=where)
    else:
        np.testing.assert_array_equal(got, expected, err_msg=where)


__all__ = ["D", "TOLERANCE", "assert_close", "call", "resolve", "to_backend", "to_numpy",
           "torch_ref"]
