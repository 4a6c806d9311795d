"""Frontend conformance: declarative rows checked against the real framework on every backend.

    from hypothesis import strategies as st
    from tests.conformance import Case, arr, broadcastable, make_tests, FLOATS

    test_math = make_tests([
        Case("torch.add", args=broadcastable(2, FLOATS), kwargs={"alpha": st.integers(-3, 3)}),
    ])

See ``tests/frontends/README.md`` for the row fields, the strategies and the frontend hook.
"""
from .adapters import FRONTENDS, REAL, Adapter, Frontend, HookAdapter  # noqa: F401
from .case import (Case, check, check_example, check_gradient_example, make_tests,  # noqa: F401
                   resolve, run_row)
from .compare import DEFAULT_TOLERANCE, canonical, mismatches  # noqa: F401
from .strategies import (ALL, BOOL, COMPLEX, FLOATS, INTEGRAL, NUMERIC, OMIT,  # noqa: F401
                         SIGNED, UNSIGNED, ArrayArg, DtypeArg, KeyArg, arr, axis_for,
                         broadcastable, dtype_arg, elements, key_arg, optional, shapes,
                         shared_dtype, shared_shape)
