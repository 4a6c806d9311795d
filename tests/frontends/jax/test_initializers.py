"""``jax.nn.initializers`` vs real JAX 0.10.2 (x64 on) on the same key.

Uniform-based initializers are bit-identical; normal/truncated-normal/orthogonal ones agree within
a few ulp (``erfinv``/QR differ in the last bits per backend). Real JAX compiles each initializer
per shape, so a few run live and the table compares against the values real JAX gave for
``PRNGKey(5)`` (``GOLDEN``; re-checked by ``IVY_JAX_RANDOM_GOLDEN=1 pytest -k golden_is_real``).
"""
import os

import numpy as np
import pytest

import ivy
from tests.conformance import Case, key_arg, make_tests

K = key_arg()
EXACT = {"rtol": 0, "atol": 0}
ULP32 = {"rtol": 2e-5, "atol": 1e-6}
ULP64 = {"rtol": 1e-12, "atol": 1e-14}
F32, I32 = np.dtype("float32"), np.dtype("int32")
TWO = {"max_examples": 2}

test_initializers = make_tests([
    Case("jax.nn.initializers.zeros", args=(K, (2, 3)), settings=TWO),
    Case("jax.nn.initializers.ones", args=(K, (2,), F32), settings=TWO),
])


@pytest.fixture(scope="module")
def real():
    import jax
    import jax.nn.initializers as init
    with jax.enable_x64(True):
        yield jax, init


@pytest.fixture
def fjax(backend):
    with ivy.using_backend(backend):
        from ivy.frontends import jax as fjax
        from ivy.frontends.jax.nn import initializers
        yield fjax, initializers


def test_live_glorot_uniform(real, fjax):
    (rj, ri), (fj, fi) = real, fjax
    for seed in (0, 123):
        want = np.asarray(ri.glorot_uniform()(rj.random.PRNGKey(seed), (3, 4)))
        got = np.asarray(fi.glorot_uniform()(fj.random.PRNGKey(seed), (3, 4)))
        assert got.dtype == want.dtype == np.float64
        np.testing.assert_array_equal(got, want)


def test_errors(fjax):
    fj, fi = fjax
    k = fj.random.PRNGKey(0)
    cases = [lambda: fi.glorot_uniform()(k, (3,)), lambda: fi.orthogonal()(k, (3,)),
             lambda: fi.delta_orthogonal()(k, (3, 3)), lambda: fi.delta_orthogonal()(k, (3, 3, 2)),
             lambda: fi.variance_scaling(1.0, "bad", "normal")(k, (2, 2)),
             lambda: fi.variance_scaling(1.0, "fan_in", "bad")(k, (2, 2)),
             lambda: fi.uniform()(k, (2,), I32)]
    for case in cases:   # each raises ValueError in real JAX 0.10.2
        with pytest.raises(ValueError):
            case()
    with pytest.raises(NotImplementedError):
        fi.zeros(k, (2,), out_sharding=object())


def test_signatures():
    import inspect
    import jax.nn.initializers as ri
    from ivy.frontends.jax.nn import initializers as fi
    for name in [n for n in dir(ri) if not n.startswith("_") and n != "Initializer"]:
        assert inspect.signature(getattr(fi, name)).parameters.keys() == \
            inspect.signature(getattr(ri, name)).parameters.keys(), name
    assert str(inspect.signature(fi.glorot_uniform())) .startswith("(key, shape, dtype=None")


# name: (call, tolerance)
TABLE = {
    "zeros": (lambda m, k: m.zeros(k, (2, 3)), EXACT),
    "ones": (lambda m, k: m.ones(k, (2, 3), F32), EXACT),
    "constant": (lambda m, k: m.constant(1.5)(k, (2, 3)), EXACT),
    "constant_int": (lambda m, k: m.constant(1.5)(k, (2,), I32), EXACT),
    "uniform": (lambda m, k: m.uniform()(k, (2, 3)), EXACT),
    "uniform_f32": (lambda m, k: m.uniform(0.5, F32)(k, (3,)), EXACT),
    "normal": (lambda m, k: m.normal(0.5)(k, (2, 3), F32), ULP32),
    "truncated_normal": (lambda m, k: m.truncated_normal()(k, (2, 3)), ULP64),
    "variance_scaling": (lambda m, k: m.variance_scaling(2.0, "fan_geo_avg", "normal", in_axis=0,
                                                         out_axis=(1, 2))(k, (2, 3, 4)), ULP64),
    "variance_scaling_batch": (lambda m, k: m.variance_scaling(
        2.0, "fan_out", "uniform", batch_axis=0)(k, (2, 3, 4)), EXACT),
    "glorot_uniform": (lambda m, k: m.glorot_uniform()(k, (4, 5)), EXACT),
    "glorot_normal": (lambda m, k: m.glorot_normal()(k, (3, 4, 5)), ULP64),
    "xavier_uniform": (lambda m, k: m.xavier_uniform()(k, (4, 5), F32), EXACT),
    "xavier_normal": (lambda m, k: m.xavier_normal()(k, (4, 5)), ULP64),
    "lecun_uniform": (lambda m, k: m.lecun_uniform()(k, (4, 5)), EXACT),
    "lecun_normal": (lambda m, k: m.lecun_normal()(k, (4, 5)), ULP64),
    "he_uniform": (lambda m, k: m.he_uniform()(k, (4, 5)), EXACT),
    "he_normal": (lambda m, k: m.he_normal()(k, (4, 5)), ULP64),
    "kaiming_uniform": (lambda m, k: m.kaiming_uniform(dtype=F32)(k, (4, 5)), EXACT),
    "kaiming_normal": (lambda m, k: m.kaiming_normal(dtype=F32)(k, (4, 5)), ULP32),
    "orthogonal": (lambda m, k: m.orthogonal()(k, (3, 4)), ULP64),
    "orthogonal_axis0": (lambda m, k: m.orthogonal(2.0, column_axis=0)(k, (3, 2, 2)), ULP64),
    "delta_orthogonal": (lambda m, k: m.delta_orthogonal()(k, (3, 3, 2, 4)), ULP64),
}

GOLDEN = {
    'zeros': ('float64', (2, 3),
        '00000000000000000000000000000000000000000000000000000000000000000000000000000000'
        '0000000000000000'
        ),
    'ones': ('float32', (2, 3),
        '0000803f0000803f0000803f0000803f0000803f0000803f'
        ),
    'constant': ('float64', (2, 3),
        '000000000000f83f000000000000f83f000000000000f83f000000000000f83f000000000000f83f'
        '000000000000f83f'
        ),
    'constant_int': ('int32', (2,),
        '0100000001000000'
        ),
    'uniform': ('float64', (2, 3),
        '9aebc5208bfb793fd78f65b0c9e83e3f694fd5a8bb23813f73571dec9c087c3fec7699b86421613f'
        'f1f66cb21e8e623f'
        ),
    'uniform_f32': ('float32', (3,),
        '58c96e3edcbeeb3e0e5ebc3e'
        ),
    'normal': ('float32', (2, 3),
        'c9cb2cbd669c343f3d67a13e45b127bf26392f3f2f376c3e'
        ),
    'truncated_normal': ('float64', (2, 3),
        'e4f0a87420cd6a3f581b8e9da3918ebf352853bb80de823fc6bab96ce6b3723f006e1643284e7fbf'
        '43050c4ea9117dbf'
        ),
    'variance_scaling': ('float64', (2, 3, 4),
        '825f9b0f2315cc3f06d847906b1af1bf5267e2abce12e43f659f06cdb3a1d33ff47e4759238de0bf'
        '08fe3fc3a4afdebf22f71ae4ec36efbf037fe935bb99d2bfcd23900740f3bebf83458fc11c63bd3f'
        'ee8b78b7fc52d4bf6f5bd9311ce6d13f7b2e43992385cfbf3522f684fd24f3bf9876da155a25ecbf'
        'de90fc61172fa3bf5784d4ef9af4b4bf244783fe80dee63f08b1ca1d28c7e7bf46368ad24c5390bf'
        'a7e25a6d1c0df5bfd818d25491e1f3bf88626ed5fd97eabf008a06990c778abf'
        ),
    'variance_scaling_batch': ('float64', (2, 3, 4),
        '4b74eaaf6a0fd53fdc71c3bf5abff1bf6352b4ad2e68ea3f29cb45a307e9dc3f5034fa8706cde6bf'
        'eb0328280b70e5bf129817183d1cf1bf4b2146181b7fdbbf564bef40fb86c7bf06f05df0275ac63f'
        '31a266b7aad9ddbf4ca714036f86da3f029672b81785d7bfccfa8a8af965f2bf0b3620738f4af0bf'
        '26e70722c352adbf4181feb348f6bfbf2319c88ae0deec3f9de10cf68498edbf2f0a8da631f798bf'
        '928b0f9d84d2f2bf2a277d8da894f2bfeb9bb595fd9cefbfd497dd488e3c94bf'
        ),
    'glorot_uniform': ('float64', (4, 5),
        'ba45e33f8e14cc3fd1970455cea9e7bf98e122c9c99ae13fc6dc83170546d33fc145f85fb366debf'
        'e5af8a356495dcbfc4ca747551d0e6bf886bd9babc54d2bf74649456a45ebfbf5f95d2958acdbd3f'
        '77c199cf71e6d3bf886fb8acf4aed13f04c898a01f5ccfbf10f96363f787e8bfb9f22a44bfb8e5bf'
        '6fefaf16828ca3bf81aba922db4eb5bf1866855c403fe33f1441b34e03bbe3bfcb065ec4cba490bf'
        ),
    'glorot_normal': ('float64', (3, 4, 5),
        '5dc2d96d14eab93fdb7c4ab9ac8eddbfc6b50f22a73ed23fdb543abc7515c23f8c85d156f444cebf'
        '3309cb47671bccbff6afdca67d64dbbf0a3f86d2f423c1bf37e8ee2ca998acbfeb92c9885227ab3f'
        'ad9a9c387db7c2bf97b4c66f767fc03fcdf4f4db9812bdbf058962d9cb1ae0bf3e3196b45804d9bf'
        'c330726ac7bb91bf974c65150c5ea3bf5ff3b9183ca8d43fac80a1e2946dd5bf2c59ed82f42e7ebf'
        '1e07677c6827e1bfa016be728888e0bf855879bd1ec4d7bff4640f18177778bfe30bd7ab5704aebf'
        '9ed68aa56832c73fafd2b10d31c7e0bf98be3497e707bbbf9f474435dcbde3bfa80fb53154d0c6bf'
        'a640d3f13909b03f1e1042262e33da3fdf0e7e39f5bebfbfa735d49b5b9cc6bfd10fce8f4d3bc3bf'
        'e4c7ff228620c3bfacda234bfe49c1bfecab4e29fcf0c43ff3664004b153dc3fddc394683636d23f'
        'e2671af1f759a83fb973b81d1cd7a23ffbadb7497dcc9ebf73aca6296f42cd3f51d35e0634eca83f'
        '7cda53251e0fcebf79523b3656aec0bf2f17b6abe3fadabf6447549beeab953fe3c89745be7ed23f'
        'c31d9d1ee77eda3f4566d4e1c09ce33f6d90fe10d0d1cdbf9b724c9c41bba03f2318482d7bc0d03f'
        'f01430424f34babfc6786a3bd00fc1bfc66656766508b2bf1be723c7fb5fd2bf1a61b8a2d8a893bf'
        ),
    'xavier_uniform': ('float32', (4, 5),
        '51e060bd9ff22f3fbc28c53e524629bf9d462d3f1d99943e8bfb49bfb2623abf84cef9be1ca8dfbd'
        'ffb250bf06e83cbe02ac983ec201b7bd96600f3fdd752fbf976402bf5c8f093fd2318d3e580c39bf'
        ),
    'xavier_normal': ('float64', (4, 5),
        '38fb76194871c63fd52643b9ee98e9bf9a8049ddce99df3fca391cb37552cf3fee8c9999ca36dabf'
        'b89f89f46657d8bfbd6c72c5feb8e7bf7dfc2fcf29b0cdbfdfd0bfd5e0c3b8bf7abbe6930584b73f'
        '507669238d35d0bfbd1a517b4093cc3f5983f7687a2dc9bffacdce83e4e4ebbf418b18a753aae5bf'
        '22ba50b920b79ebff782f479cbc5b0bf0b590be2bee3e13f3f735e2ba78ee2bf76d24c4bbd238abf'
        ),
    'lecun_uniform': ('float64', (4, 5),
        'd4d2e85b9dc8cd3f67887b064619e9bf860bccb72bace23f02ca9f815171d43f7f537c7b661fe0bf'
        'ae828b024451debf85c088c89732e8bf97d7d1436671d3bf6d8dbd1ae4a2c0bfcdb85fc3599cbf3f'
        '06fa0276791bd5bf73b2e7c98fc1d23f8be2e3318ea1d0bfc423c502e904eabf7dfc7021100ae7bf'
        'b4739f1d15bca4bf0507aa9dbf99b6bf3b5d0dab236ae43fd26ed38168ede4bf83103eaf41a791bf'
        ),
    'lecun_normal': ('float64', (4, 5),
        '0b26d399cacdc73f5ca31e3d6f26ebbf0bb453c344c2e03fa39b54326e9cd03fe72aa581decddbbf'
        'cd889d6c66d1d9bf97be7f566229e9bf9a6294c6307dcfbf995b66d47444babfc1fd1f8532f1b83f'
        '4d5e8c894331d1bf308ea80eff4ece3fccb31c4476b4cabf0e050b770f96edbfe9ab4995c4fae6bf'
        '521f33a20d4aa0bf838d57d541cab1bfae5d6cc58df9e23ff5802d14d4aee3bfffb5a457a9b98bbf'
        ),
    'he_uniform': ('float64', (4, 5),
        '4b74eaaf6a0fd53fdc71c3bf5abff1bf6352b4ad2e68ea3f29cb45a307e9dc3f5034fa8706cde6bf'
        'eb0328280b70e5bf129817183d1cf1bf4b2146181b7fdbbf564bef40fb86c7bf06f05df0275ac63f'
        '31a266b7aad9ddbf4ca714036f86da3f029672b81785d7bfccfa8a8af965f2bf0b3620738f4af0bf'
        '26e70722c352adbf4181feb348f6bfbf2319c88ae0deec3f9de10cf68498edbf2f0a8da631f798bf'
        ),
    'he_normal': ('float64', (4, 5),
        '6a3c1913f6d4d03f205df20ab332f3bf7420f7255bb3e73f582b5546d87dd73fb32933f317a9e3bf'
        'ca3767378d41e2bf8ed11514bfcaf1bf5efd635b1f44d6bfa8dc4fa0e892c2bf9c0ced2e04a3c13f'
        '79311eb55350d8bf0ed47c5c706ed53f83a2b9ce1be2d2bf7c1adb62abebf4bf716852bdbe3ff0bf'
        '9a8bfc8a5809a7bf73c4ee36b128b9bf910511539ed5ea3fe0ac0dc1fad5ebbfd99d79f8cd9a93bf'
        ),
    'kaiming_uniform': ('float32', (4, 5),
        '3da8a8bdf7f5833f8dde133f7be97dbff6f4813fabe5de3ea87c97bf06ca8bbfe35a3bbf15be27be'
        '3f869cbf04ae8dbe0302e53e524109bee010573f669883bfe29643bf0a574e3fbbcad33e42c98abf'
        ),
    'kaiming_normal': ('float32', (4, 5),
        '639284bd2ce3843f9720f63e909d78bf0858813f8ba7b43ebe8eb5bf268894bfe18922bf0f4704be'
        '9466ccbfdd4561beedf3b93ed629d8bdf039423fb63a84bfdc862bbfb3c7373fd519ab3e665592bf'
        ),
    'orthogonal': ('float64', (3, 4),
        'b863584920b1ca3fe883b583d3a8d23f09a3cb9c35abedbf69ba371490eebb3fb062ced2f581eabf'
        '74048c51684dd8bf726cbbfb5e61d5bfca1bbe51f7d4cebff6208983f650d93fee52aee9abf3ebbf'
        '4ec50bee5338c4bf04f06888232dce3f'
        ),
    'orthogonal_axis0': ('float64', (3, 2, 2),
        'b863584920b1da3fe883b583d3a8e23f09a3cb9c35abfdbf69ba371490eecb3fb062ced2f581fabf'
        '74048c51684de8bf726cbbfb5e61e5bfca1bbe51f7d4debff6208983f650e93fee52aee9abf3fbbf'
        '4ec50bee5338d4bf04f06888232dde3f'
        ),
    'delta_orthogonal': ('float64', (3, 3, 2, 4),
        '00000000000000000000000000000000000000000000000000000000000000000000000000000000'
        '00000000000000000000000000000000000000000000000000000000000000000000000000000000'
        '00000000000000000000000000000000000000000000000000000000000000000000000000000000'
        '00000000000000000000000000000000000000000000000000000000000000000000000000000000'
        '00000000000000000000000000000000000000000000000000000000000000000000000000000000'
        '00000000000000000000000000000000000000000000000000000000000000000000000000000000'
        '0000000000000000000000000000000038f43043b9cac53f6346acc15c27df3ff4a476befbafd9bf'
        '94ad1902e838e8bff90470934a95eebf34d48495564eba3f2862fad381a5d1bf00135d0173e665bf'
        '00000000000000000000000000000000000000000000000000000000000000000000000000000000'
        '00000000000000000000000000000000000000000000000000000000000000000000000000000000'
        '00000000000000000000000000000000000000000000000000000000000000000000000000000000'
        '00000000000000000000000000000000000000000000000000000000000000000000000000000000'
        '00000000000000000000000000000000000000000000000000000000000000000000000000000000'
        '00000000000000000000000000000000000000000000000000000000000000000000000000000000'
        '00000000000000000000000000000000'
        ),
}


def _golden(name):
    dtype, shape, data = GOLDEN[name]
    return np.frombuffer(bytes.fromhex(data), np.dtype(dtype)).reshape(shape)


def _raw(a):
    return np.ascontiguousarray(a).reshape(-1).view(np.uint8)


def _check(got, want, tol):
    got = np.asarray(got)
    assert (got.dtype, got.shape) == (want.dtype, want.shape)
    if tol is EXACT:
        np.testing.assert_array_equal(_raw(got), _raw(want))
    else:
        np.testing.assert_allclose(got, want, **tol)


@pytest.mark.parametrize("name", list(TABLE))
def test_initializer_matches_jax(fjax, name):
    fj, fi = fjax
    call, tol = TABLE[name]
    _check(call(fi, fj.random.PRNGKey(5)), _golden(name), tol)


@pytest.mark.skipif(not (os.environ.get("IVY_JAX_RANDOM_GOLDEN")
                         or os.environ.get("IVY_HYPOTHESIS_PROFILE") == "deep"),
                    reason="slow: compiles every initializer in real JAX "
                           "(IVY_JAX_RANDOM_GOLDEN=1 or the deep profile)")
def test_golden_is_real_jax(real):
    rj, ri = real
    for name, (call, _) in TABLE.items():
        _check(np.asarray(call(ri, rj.random.PRNGKey(5))), _golden(name), EXACT)
