"""JAX's runtime names (devices, placement, typeof, config context managers, pmap, sharding,
jax.dtypes / jax.typing / jax.errors): the same program with real JAX (x64 on) and with ivy's
frontend on each backend, compared by repr."""
import numpy as np
import pytest

import ivy

_REAL = {}


def _err(fn):
    try:
        fn()
    except Exception as e:     # noqa: BLE001
        return next(c for c in type(e).__mro__ if c.__module__ == "builtins").__name__
    return "no error"


def p_devices(jax, jnp):
    return (jax.devices(), jax.local_devices(), jax.device_count(), jax.local_device_count(),
            jax.process_index(), jax.process_count(), jax.process_indices(),
            jax.default_backend())


def p_placement(jax, jnp):
    s = jax.NamedSharding(jax.make_mesh((1,), ("x",)), jax.P("x"))
    return (jax.device_get({"a": jnp.ones(2), "b": 1}), jax.device_put(1.0),
            jax.device_put({"a": 1}), jax.device_put(jnp.ones(2), s),
            jax.device_put(jnp.ones(2), jax.devices()[0]).sharding,
            jax.block_until_ready([jnp.ones(1), 2]),
            _err(lambda: jax.device_put(jnp.ones(2), "x")),
            jax.make_array_from_single_device_arrays((2,), s, [jnp.ones(2)]),
            jax.make_array_from_callback((2,), s, lambda idx: jnp.arange(2.0)[idx]))


def p_typeof(jax, jnp):
    return [(t.shape, t.dtype, t.weak_type) for t in (jax.typeof(jnp.ones(2)), jax.typeof(1.0),
                                                      jax.typeof(jnp.int8(1)))]


def p_config(jax, jnp):
    out = []
    with jax.default_matmul_precision("highest"):
        out.append(jax.config.jax_default_matmul_precision)
    out.append(jax.config.jax_default_matmul_precision)
    with jax.enable_x64(False):
        out.append(jnp.ones(1).dtype)
    out.append(jnp.ones(1).dtype)
    with jax.numpy_dtype_promotion("standard"):
        out.append((jnp.ones(2, "int32") + jnp.ones(2, "int64")).dtype)
    out.append(_err(lambda: jax.numpy_dtype_promotion("foo").__enter__()))
    return out


def p_pmap(jax, jnp):
    return (jax.pmap(lambda x: x * 2)(jnp.ones((1, 3))),
            _err(lambda: jax.pmap(lambda x: x * 2)(jnp.ones((2, 3)))))


def p_sharding(jax, jnp):
    m = jax.make_mesh((1,), ("x",))
    return (m, m.shape, m.axis_names, m.size, jax.P("x", None, ("a", "b")), len(jax.P("x", None)),
            jax.P("x")[0], jax.P() == jax.P(), jax.P("x") == ("x",),
            jax.NamedSharding(m, jax.P("x")), _err(lambda: jax.make_mesh((2,), ("x",))),
            jax.sharding.PartitionSpec is jax.P)


def p_dtypes(jax, jnp):
    d = jax.dtypes
    return (d.canonicalize_dtype(jnp.float64), d.canonicalize_dtype("int32"), d.float0,
            d.result_type(1, 2.0), d.result_type(jnp.int8, 1, return_weak_type_flag=True),
            d.issubdtype(jnp.float32, jnp.floating), d.issubdtype(jnp.bfloat16, np.floating),
            d.issubdtype(d.prng_key, d.extended), d.issubdtype(jnp.float32, d.extended),
            d.scalar_type_of(1.0), d.scalar_type_of(jnp.ones(2, "int8")), d.itemsize_bits("int16"),
            d.bfloat16, jax.float0 == d.float0, _err(lambda: d.canonicalize_dtype("float0")),
            _err(lambda: d.result_type()), issubclass(d.TypePromotionError, ValueError))


def p_errors(jax, jnp):
    e = jax.errors
    return [(n, [c.__name__ for c in getattr(e, n).__mro__ if c.__module__ == "builtins"])
            for n in ("ConcretizationTypeError", "TracerArrayConversionError",
                      "TracerBoolConversionError", "TracerIntegerConversionError",
                      "UnexpectedTracerError", "KeyReuseError", "NonConcreteBooleanIndexError",
                      "JAXTypeError", "JAXIndexError", "JaxRuntimeError", "JaxprTypeError",
                      "InconclusiveDimensionOperation")]


def p_misc(jax, jnp):
    return (sorted(n for n in dir(jax.checkpoint_policies) if not n.startswith("_")),
            callable(jax.checkpoint_policies.save_only_these_names("a")),
            [n for n in ("ArrayLike", "DTypeLike") if hasattr(jax.typing, n)],
            jax.clear_caches(), jax.named_call(abs, name="x")(-1), jax.effects_barrier(),
            _flags(jax))


def _flags(jax):
    out = []
    for manager, value in ((jax.debug_nans, False), (jax.log_compiles, True),
                           (jax.transfer_guard, "allow"), (jax.enable_checks, False),
                           (jax.default_device, jax.devices()[0])):
        with manager(value):
            out.append(str(getattr(jax.config, "jax_" + manager.__name__, None)))
    return out


PROGRAMS = {f.__name__[2:]: f for f in (p_devices, p_placement, p_typeof, p_config, p_pmap,
                                        p_sharding, p_dtypes, p_errors, p_misc)}


def _norm(text):
    return (text.replace("CpuDevice", "Device").replace("jax.sharding.", "")
            .replace("<class 'jax.dtypes.", "<class '").replace("jaxlib._jax.", ""))


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_program_matches_jax(name, backend, real_jax, ours):
    if name not in _REAL:
        _REAL[name] = _norm(repr(PROGRAMS[name](*real_jax)))
    assert _norm(repr(PROGRAMS[name](*ours))) == _REAL[name]


def test_not_supported(backend, ours):
    jax, jnp = ours
    for call in (jax.live_arrays, lambda: jax.numpy_dtype_promotion("strict"),
                 jax.debug.breakpoint, lambda: jax.debug_nans(True),
                 lambda: jax.transfer_guard("disallow")):
        with pytest.raises(NotImplementedError):
            call()
