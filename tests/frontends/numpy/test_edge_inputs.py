"""Input classes the sampled numpy rows missed (found by ``tools/mutation.py``): one differential
program each, run by real NumPy and by the frontend on every backend."""
from tests.frontends.differential import Snippet, differential_tests

SNIPPETS = [
    # ddof / correction
    Snippet("np.var(np.arange(6.).reshape(2, 3), ddof={d}, axis={a})", d=[1, 2], a=[None, 1]),
    Snippet("np.std(np.array([1., 4., 2., 8.]), ddof=1)"),
    Snippet("np.arange(5.).var(ddof=1)"),
    # the platform accumulator for small integers
    Snippet("np.sum(np.array([200, 100], dtype=np.{t}))", t=["uint8", "uint16", "int8", "bool_"]),
    Snippet("np.prod(np.array([200, 3], dtype=np.uint8))"),
    Snippet("np.cumsum(np.array([200, 100], dtype=np.uint8))"),
    # ptp refuses bool (it subtracts); average's weight sum
    Snippet("np.ptp(np.array([True, False]))"),
    Snippet("np.average(np.arange(6.).reshape(2, 3), axis={a}, returned=True)", a=[None, 0, 1]),
    # the messages too: numpy's own checks, not an error from deeper down
    Snippet("try:\n    np.ptp(np.array([True, False]))\nexcept TypeError as e:\n    r = str(e)\nr"),
    Snippet("try:\n    np.squeeze(np.ones((2, 1, 3)), axis=0)\nexcept ValueError as e:\n"
            "    r = str(e)\nr"),
    # squeeze of an axis whose length is not 1
    Snippet("np.squeeze(np.ones((2, 1, 3)), axis=0)"),
    Snippet("np.ones((1, 3)).squeeze(axis=(0, 1))"),
]

test_edge_inputs = differential_tests("numpy", SNIPPETS)
