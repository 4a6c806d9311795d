"""Input classes the sampled tensorflow rows missed (found by ``tools/mutation.py``): one
differential program each, run by real TensorFlow and by the frontend on every backend."""
from tests.frontends.differential import Snippet, differential_tests

SNIPPETS = [
    # complex operands: |a - b|**2, not (a - b)**2
    Snippet("tf.math.squared_difference(tf.constant([1 + 2j, -1j], tf.complex64), "
            "tf.constant([0.5j, 3 + 0j], tf.complex64))"),
    # integer means truncate toward zero; empty max is the lowest value; bad axes
    Snippet("tf.reduce_mean(tf.constant([[-3, -2], [5, -8]]), axis={a})", a=[0, 1, "None"]),
    Snippet("tf.reduce_max(tf.zeros((0, 2)), axis=0)"),
    Snippet("tf.reduce_sum(tf.ones((2, 3)), axis={a})", a=[2, -3]),
    Snippet("tf.squeeze(tf.ones((2, 1, 3)), axis=0)"),
]

test_edge_inputs = differential_tests("tensorflow", SNIPPETS)
