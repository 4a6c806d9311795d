"""``torch.broadcast_shapes``, ``torch.broadcast_tensors`` and ``torch.is_signed``: real torch and
the frontend on each backend give the same result, or the same exception type *and message*."""
from tests.frontends.differential import Snippet, differential_tests

# the outcome is the result's repr, or the exception's type and text
_OUTCOME = """def outcome(f):
    try:
        return repr(f())
    except Exception as e:
        return f"{{type(e).__name__}}: {{e}}"
"""
SHAPES = ["(2, 3), (3,)", "(1, 4), (3, 1), (2, 1, 1)", "2, (3, 1)", "", "()", "None, (2,)",
          "[2, 3], torch.Size([1, 3])", "(0,), (1,)", "(True,)",
          # errors: mismatch (message names the argument and the partial common shape),
          # negative sizes, non-sequences, non-int items
          "(2, 3), (4,)", "(2, 3), [1, 3], 5", "(2,), (3,), (4,)", "(0,), (2,)", "(3,), (-1,)",
          "(2, -1), (3, 1)", "-1", "2.0", "(2.0,)", "'ab'", "((2,),)", "torch.ones(3)"]

S = Snippet
test_broadcast = differential_tests("torch", [
    S(_OUTCOME + "outcome(lambda: torch.broadcast_shapes({s}))", s=SHAPES),
    S("torch.broadcast_shapes((2, 1), (3,))"),
    S(_OUTCOME + "outcome(lambda: torch.broadcast_tensors(torch.ones({a}), torch.ones({b})))",
      a=["2, 3", "3, 2"], b=["4", "2, 1, 3"]),
    S("torch.broadcast_tensors(torch.arange(3.), torch.ones(2, 1))"),
    S("torch.broadcast_tensors(torch.tensor(1, dtype=torch.int8), torch.zeros(2, dtype=torch.bool))"),
    S("torch.broadcast_tensors()"),
    # the results are views: a write through one changes the input
    S("a = torch.zeros(3)\nb, _ = torch.broadcast_tensors(a, torch.ones(2, 1))\n"
      "a.add_(1)\nb"),
    S("torch.is_signed(torch.zeros(2, dtype=torch.{dt}))",
      dt=["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32",
          "float64", "complex64"]),
    S("torch.zeros(2, dtype=torch.{dt}).is_signed()", dt=["bool", "uint8", "int32", "float32"]),
    S("torch.is_signed(3)"),
])
