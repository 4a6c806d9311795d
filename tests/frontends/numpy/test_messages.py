"""Error messages in NumPy's words: bad input gives the exception real NumPy raises, with its
text, on every backend -- no torch ("mat1 and mat2 shapes..."), jax or TensorFlow
(``{{function_node __wrapped__...}}``) wording in NumPy code."""
import warnings

import numpy as real_np
import pytest

PROGRAMS = [
    "np.ones((2, 3)) @ np.ones((2, 3))",
    "np.matmul(np.ones((2, 2, 3)), np.ones((3, 3, 2)))",
    "np.dot(np.ones((2, 3)), np.ones((2, 3)))",
    "np.ones((2, 3)) + np.ones((3, 2))",
    "np.add(np.ones((2, 3)), [1., 2.])",
    "np.ones(3, dtype=np.int8) * np.ones(2, dtype=np.int8)",
    "a = np.ones((2, 3))\na -= np.ones(2)",
    "np.arange(6.).reshape(4, 2)",
    "np.arange(6.).reshape(-1, 4)",
    "np.arange(6.).reshape(-1, -1)",
    "np.arange(5)[10]",
    "np.arange(5)[[0, 7]]",
    "np.zeros((2, 3))[0, 0, 0]",
    "np.zeros((2, 3))[1, -4]",
    "np.arange(5)[np.array([True, False])]",
    "a = np.arange(5)\na[9] = 1",
    "np.sum(np.ones((2, 3)), axis=2)",
    "np.concatenate([np.ones((2, 3)), np.ones((2, 2))])",
    "np.stack([np.ones(3), np.ones(2)])",
    "np.broadcast_to(np.ones(3), (2, 2))",
    "np.where(np.ones(3) > 0, np.ones(2), np.ones(3))",
    "np.clip(np.ones(3), np.ones(2), 3)",
    "np.einsum('ij,jk->ik', np.ones((2, 3)), np.ones((2, 3)))",
    "np.tensordot(np.ones((2, 3)), np.ones((2, 3)), axes=1)",
    "np.inner(np.ones(3), np.ones(2))",
    "np.zeros(-1)",
    "np.ones(3).take(5)",
    "np.ones((2, 3)).transpose(0, 2)",
    "np.expand_dims(np.ones(3), 3)",
    "np.split(np.arange(5), 2)",
    "np.vdot(np.ones(3), np.ones(2))",
    "np.cumsum(np.ones((2, 3)), axis=3)",
    "np.squeeze(np.ones((2, 3)), axis=0)",
    "np.moveaxis(np.ones((2, 3)), 0, 5)",
    "np.arange(4).reshape(2, 2) @ np.ones(3)",
    "np.array([2, 3]) ** -1",
    "np.min(np.zeros((0, 3)), axis=0)",
    "np.argmax(np.zeros((3, 0)), axis=1)",
    "np.arange(3, dtype=np.int8) + 300",
]


def _error(code, np):
    *body, last = code.splitlines()
    scope = {"np": np}
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            exec("\n".join(body + [last]), scope)       # noqa: S102 - the program under test
    except Exception as e:      # noqa: BLE001 - the exception is compared
        return e
    return None


@pytest.mark.parametrize("code", PROGRAMS)
def test_error_message_is_numpys(code, ours):
    real = _error(code, real_np)
    assert real is not None, f"real NumPy accepts {code!r}: not an error program"
    got = _error(code, ours)
    assert got is not None, f"the frontend accepts {code!r}; NumPy raises {real!r}"
    assert isinstance(got, type(real)) or type(got).__name__ == type(real).__name__, \
        f"{type(got).__name__} is not NumPy's {type(real).__name__}"
    assert str(got) == str(real)


WARNING_PROGRAMS = ["a // 0", "a % 0", "divmod(a, 0)", "np.fmod(a, 0)", "a // np.array([1, 0])",
                    "np.floor_divide(a, [0, 1])", "a // 1", "np.remainder(a, 2)"]


def _warnings(code, np, mode):
    a = np.array([5, -3], dtype=np.int32)
    with warnings.catch_warnings(record=True) as seen, np.errstate(divide=mode):
        warnings.simplefilter("always")
        try:
            eval(code, {"np": np, "a": a})      # noqa: S307 - the program under test
        except FloatingPointError as e:
            return [("FloatingPointError", str(e))]
    return [(w.category.__name__, str(w.message)) for w in seen]


@pytest.mark.parametrize("mode", ["warn", "raise", "ignore"])
@pytest.mark.parametrize("code", WARNING_PROGRAMS)
def test_integer_division_by_zero_warns_as_numpy(code, mode, ours):
    """NumPy's integer loops give 0 for a zero divisor and say so per ``np.errstate``."""
    assert _warnings(code, ours, mode) == _warnings(code, real_np, mode)
