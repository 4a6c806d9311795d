"""jax.Array basics, weak types and JAX's promotion lattice vs real JAX (x64 on and off)."""
import contextlib
import itertools

import numpy as np
import pytest

import ivy

DTYPES = ("bool", "uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64",
          "float16", "bfloat16", "float32", "float64", "complex64", "complex128")
# an operand: (dtype, weak) of an array, or a Python scalar
OPERANDS = [(d, False) for d in DTYPES] + [("int64", True), ("float64", True),
                                            ("complex128", True), 1, 1.5, 1j, True]


def _make(jnp, op):
    if not isinstance(op, tuple):
        return op
    name, weak = op
    if weak:
        return jnp.asarray({"int64": 1, "float64": 1.0, "complex128": 1j}[name])
    return jnp.ones((2,), dtype=jnp.dtype(name) if name != "bfloat16" else jnp.bfloat16)


def _describe(x):
    return (np.dtype(x.dtype).name, bool(x.weak_type))


# pairs by position: True == 1 as a dict key
_PAIRS = [(i, j) for i, j in itertools.product(range(len(OPERANDS)), repeat=2)
          if isinstance(OPERANDS[i], tuple) or isinstance(OPERANDS[j], tuple)]
_REAL_CACHE = {}


@pytest.fixture(params=[True, False], ids=["x64", "x32"])
def real_jax(request):
    """(jax, jax.numpy) of real JAX, with x64 on and off; the frontend's flag set alike."""
    import jax
    import jax.numpy as jnp

    import ivy.frontends.jax as fjax
    with jax.enable_x64(request.param), fjax.enable_x64(request.param):
        yield jax, jnp


def _real_results(jax, jnp, fn):
    """{pair: (dtype, weak)} of real JAX, computed once per function and x64 mode (real JAX is
    the slow side)."""
    key = fn, jax.config.jax_enable_x64
    if key not in _REAL_CACHE:
        out = {}
        for i, j in _PAIRS:
            a, b = OPERANDS[i], OPERANDS[j]
            try:
                out[i, j] = _describe(jax.eval_shape(getattr(jnp, fn), _make(jnp, a),
                                                     _make(jnp, b)))
            except TypeError:
                pass
        _REAL_CACHE[key] = out
    return _REAL_CACHE[key]


@pytest.mark.parametrize("fn", ["add", "less", "true_divide"])
def test_binary_promotion_matches_jax(backend, real_jax, fn):
    """Every pair of operands: result dtype and weak type of jnp.<fn> equal real JAX's."""
    jax, jnp = real_jax
    import ivy.frontends.jax.numpy as fjnp
    bad = []
    with ivy.using_backend(backend):
        for (i, j), want in _real_results(jax, jnp, fn).items():
            a, b = OPERANDS[i], OPERANDS[j]
            got = _describe(getattr(fjnp, fn)(_make(fjnp, a), _make(fjnp, b)))
            if got != want:
                bad.append((a, b, want, got))
    assert not bad, bad[:10]


def test_unary_inexact_promotion_matches_jax(backend, real_jax):
    jax, jnp = real_jax
    import ivy.frontends.jax.numpy as fjnp
    with ivy.using_backend(backend):
        for op in OPERANDS:
            if op == 1j or (isinstance(op, tuple) and op[0].startswith("complex")):
                continue
            want = _describe(jnp.sqrt(_make(jnp, op)))
            assert _describe(fjnp.sqrt(_make(fjnp, op))) == want, op


def test_promote_types_and_result_type(backend, real_jax):
    jax, jnp = real_jax
    import ivy.frontends.jax.numpy as fjnp
    with ivy.using_backend(backend):
        for a, b in itertools.product(DTYPES, repeat=2):
            da = jnp.bfloat16 if a == "bfloat16" else a
            db = jnp.bfloat16 if b == "bfloat16" else b
            assert fjnp.promote_types(da, db) == jnp.promote_types(da, db), (a, b)
        for ops in [(1, 1.0), (1,), (True, 1), (1.0, 1j), (np.int8(1), 1), (jnp.int8, 2.0)]:
            assert fjnp.result_type(*ops) == jnp.result_type(*ops), ops


@pytest.mark.parametrize("value", [1, 2.5, 1 + 2j, True, [1, 2], [1, 2.0], [[True, False]],
                                   np.float32(1), np.arange(3), np.ones(2, np.uint16), []])
def test_asarray_dtype_and_weak_type(backend, real_jax, value):
    jax, jnp = real_jax
    import ivy.frontends.jax.numpy as fjnp
    with ivy.using_backend(backend):
        want, got = jnp.asarray(value), fjnp.asarray(value)
        assert _describe(got) == _describe(want)
        np.testing.assert_array_equal(np.asarray(got), np.asarray(want))
        assert repr(got) == repr(want)


def test_array_protocols(backend, real_jax):
    jax, jnp = real_jax
    import ivy.frontends.jax.numpy as fjnp
    with ivy.using_backend(backend):
        for mod in (jnp, fjnp):
            x = mod.asarray([1.0, 2.0], dtype=mod.float32)
            with pytest.raises(TypeError, match="immutable"):
                x[0] = 1.0
            with pytest.raises(TypeError):
                hash(x)
            with pytest.raises(TypeError):
                len(mod.asarray(1.0))
            with pytest.raises(TypeError):
                iter(mod.asarray(1.0))
            with pytest.raises(OverflowError):
                mod.asarray(2 ** 63)
            with pytest.raises(TypeError):
                x + [1, 2]
            assert x.tolist() == [1.0, 2.0] and x[1].item() == 2.0 and float(x[0]) == 1.0
            assert (x.shape, x.ndim, x.size, x.nbytes, x.itemsize) == ((2,), 1, 2, 8, 4)
            assert x.dtype == mod.float32 and np.dtype(mod.float32) == np.float32
            assert mod.float32(3).dtype == np.float32 and not mod.float32(3).weak_type
            assert len(x.devices()) == 1 and x.block_until_ready() is x
            np.testing.assert_array_equal(np.asarray(x), [1.0, 2.0])


@pytest.mark.parametrize("env", [None, "1", "false", "True"])
def test_x64_default_follows_jax(env):
    """The frontend's ``jax_enable_x64`` starts as real JAX's: off, unless JAX_ENABLE_X64 says
    otherwise; creation defaults follow it."""
    import os
    import subprocess
    import sys
    code = ("import ivy; ivy.set_backend('numpy')\n"
            "import jax, jax.numpy as jnp, ivy.frontends.jax as fjax, ivy.frontends.jax.numpy as f\n"
            "for m, n in ((jax, jnp), (fjax, f)):\n"
            "    print(m.config.jax_enable_x64, n.array(1.0).dtype, n.arange(3).dtype,\n"
            "          n.asarray(1, dtype='int64').dtype, n.zeros(2).dtype)\n")
    environ = {k: v for k, v in os.environ.items() if k != "JAX_ENABLE_X64"}
    if env is not None:
        environ["JAX_ENABLE_X64"] = env
    run = subprocess.run([sys.executable, "-W", "ignore", "-c", code], capture_output=True,
                         text=True, env=environ)
    assert run.returncode == 0, run.stderr[-2000:]
    real, ours = run.stdout.splitlines()
    assert ours == real


def test_x64_switch_and_truncation_warning(backend):
    """``jax.config.update``/``enable_x64`` switch the frontend as they switch JAX; a 64-bit
    dtype asked for with x64 off warns and is truncated, as in JAX. (Each side's contexts
    alone: a real ``jax.enable_x64(False)`` around it would also bind ivy's jax backend.)"""
    import warnings

    import jax
    import jax.numpy as jnp

    import ivy.frontends.jax as fjax
    import ivy.frontends.jax.numpy as fjnp
    for mod, config, ctx, where in ((jnp, jax.config, jax.enable_x64, None),
                                    (fjnp, fjax.config, fjax.enable_x64, backend)):
        # real JAX outside ivy's jax backend, which keeps x64 on for the core while selected
        with ivy.using_backend(where) if where else contextlib.nullcontext():
            before = config.jax_enable_x64
            with ctx(False):
                with warnings.catch_warnings(record=True) as caught:
                    warnings.simplefilter("always")
                    got = (mod.asarray(1.0).dtype, mod.zeros(2, "int64").dtype,
                           mod.asarray(np.ones(2)).dtype, (mod.asarray([1, 2], mod.int32)
                                                           + 1.0).dtype)
                    assert got == (np.float32, np.int32, np.float32, np.float32)
                assert [str(w.message).split(" is ")[0] for w in caught] == [
                    "Explicitly requested dtype int64 requested in zeros"]
            with ctx(True):
                assert mod.asarray(1.0).dtype == np.float64
            assert config.jax_enable_x64 == before
            config.update("jax_enable_x64", not before)
            try:
                assert config.jax_enable_x64 is (not before) and config.x64_enabled is (not before)
                assert mod.asarray(1.0).dtype == (np.float32 if before else np.float64)
            finally:
                config.update("jax_enable_x64", before)


def test_backend_switch_after_import():
    """Tables built while one backend was selected keep working after a switch (late binding)."""
    import subprocess
    import sys
    code = ("import ivy; ivy.set_backend('numpy'); import ivy.frontends.jax as jax\n"
            "ivy.set_backend('torch'); jnp = jax.numpy; x = jnp.asarray([1.0, 2.0])\n"
            "for r in (jnp.sin(x), x + 1, jnp.fmax(x, 1.5), jax.lax.sin(x), jnp.sum(x),\n"
            "          jnp.fft.fft(x), jax.scipy.special.erf(x), jax.nn.relu(x)):\n"
            "    assert type(r._data).__module__.startswith('torch'), r\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-2000:]
