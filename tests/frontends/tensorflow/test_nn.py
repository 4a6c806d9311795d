"""``tf.nn`` against real TensorFlow 2.21: activations, normalization, losses, convolution and
pooling (TensorFlow's layouts and SAME padding), top_k, in_top_k and embedding_lookup; a row per
tier-1 function on every dtype (refused dtypes raise TensorFlow's error class), the rest in
programs."""
import numpy as real_np
import pytest
from hypothesis import strategies as st

from tests.conformance import ALL, Case, arr, make_tests, shared_dtype

from .programs import close, steps

FEW = {"max_examples": 4}
FLOATS = ("float16", "bfloat16", "float32", "float64")
V = (2, 3)
HALF_TOL = {"float16": 2e-2, "bfloat16": 1e-1, "float32": 1e-4, "float64": 1e-10}
IMG = (1, 3, 3, 2)


def pair(dtypes, key, a, b, **kw):
    return (arr(shared_dtype(dtypes, key), a, **kw), arr(shared_dtype(dtypes, key), b, **kw))


ROWS = [
    Case("tf.nn.softmax", args=(arr(ALL, V),), kwargs={"axis": st.sampled_from([None, 0, -1])},
         settings=FEW),
    Case("tf.math.log_softmax", args=(arr(ALL, V),), settings=FEW),
    Case("tf.nn.leaky_relu", args=(arr(ALL, V),), kwargs={"alpha": st.sampled_from([0.2, 1.5])},
         settings=FEW),
    Case("tf.nn.bias_add", args=pair(ALL, "ba", V, (3,)), settings=FEW),
    Case("tf.nn.l2_loss", args=(arr(ALL, V),), rtol=HALF_TOL, settings=FEW),
    Case("tf.nn.softmax_cross_entropy_with_logits",
         args=pair(ALL, "sce", V, V, min_value=0, max_value=3), rtol=HALF_TOL, settings=FEW),
    Case("tf.nn.sparse_softmax_cross_entropy_with_logits",
         args=(arr(("int32", "int64", "float32"), (2,), min_value=0, max_value=3),
               arr(ALL, V)), rtol=HALF_TOL, settings=FEW),
    Case("tf.nn.sigmoid_cross_entropy_with_logits",
         kwargs=st.fixed_dictionaries({"labels": arr(shared_dtype(ALL, "sg"), V, min_value=0,
                                                     max_value=1),
                                       "logits": arr(shared_dtype(ALL, "sg"), V)}),
         rtol=HALF_TOL, settings=FEW),
    Case("tf.nn.top_k", args=(arr(ALL, (2, 4)), st.integers(0, 5)), settings=FEW),
    Case("tf.math.top_k", args=(arr(("int32", "float32"), (3,)),),
         kwargs={"k": st.integers(1, 3)}, settings=FEW),
    Case("tf.nn.embedding_lookup", args=(arr(ALL, (3, 2)), arr(("int32", "int64"), (2,),
                                                                 min_value=0, max_value=3)),
         settings=FEW),
    Case("tf.nn.avg_pool", args=(arr(ALL, IMG), 2, 1, st.sampled_from(["SAME", "VALID"])),
         rtol=HALF_TOL, settings=FEW),
    Case("tf.nn.moments", args=(arr(ALL, V), st.sampled_from([[0], [0, 1]])), rtol=HALF_TOL,
         settings=FEW),
    Case("tf.nn.gelu", args=(arr(ALL, V),), kwargs={"approximate": st.booleans()},
         rtol=HALF_TOL, settings=FEW),
    Case("tf.nn.max_pool", args=(arr(ALL, IMG), 2, st.sampled_from([1, 2]),
                                 st.sampled_from(["SAME", "VALID"])), settings=FEW),
    Case("tf.nn.conv2d", args=(*pair(ALL, "c2", IMG, (2, 2, 2, 3), min_value=-3, max_value=3),
                               st.sampled_from([1, 2, [1, 2, 1, 1]]),
                               st.sampled_from(["SAME", "VALID"])),
         rtol=HALF_TOL, atol=HALF_TOL, settings=FEW),
    Case("tf.nn.depthwise_conv2d",
         args=(*pair(ALL, "dw", IMG, (2, 2, 2, 2), min_value=-3, max_value=3),
               st.sampled_from([[1, 1, 1, 1], [1, 2, 2, 1]]), st.sampled_from(["SAME", "VALID"])),
         rtol=HALF_TOL, atol=HALF_TOL, settings=FEW),
]
test_nn = make_tests(ROWS)


def f32(tf, v, shape=None):
    x = real_np.asarray(v, dtype=real_np.float32)
    return tf.constant(x if shape is None else x.reshape(shape))


def activations(tf):
    x, i = f32(tf, [[-3.0, 0.5, 2.0], [1.0, -1.0, 0.0]]), tf.constant([[-3, 2, 5]])
    return steps(
        tf, lambda: tf.nn.softmax(x, axis=2), lambda: tf.nn.softmax(tf.constant(1.0)),
        lambda: tf.math.softmax([1.0, 2.0]), lambda: tf.nn.log_softmax(x, axis=-3),
        lambda: tf.nn.leaky_relu(tf.constant([253, 2], tf.uint8)),
        lambda: tf.nn.gelu(x), lambda: tf.nn.gelu(x, approximate=True), lambda: tf.nn.gelu(i),
        lambda: tf.nn.silu(x), lambda: tf.nn.swish(x, beta=2.0), lambda: tf.nn.silu(i),
        lambda: tf.nn.crelu(i), lambda: tf.nn.crelu(x, axis=0),
        lambda: tf.nn.crelu(tf.constant([1], tf.uint8)), lambda: tf.math.log_sigmoid(x),
        lambda: tf.math.log_sigmoid(i), lambda: tf.nn.bias_add(x, [1.0, 2.0]),
        lambda: tf.nn.bias_add(tf.ones((1, 2, 3)), [1.0, 2.0], data_format="NCHW"),
        lambda: tf.nn.bias_add(tf.ones((2,)), [1.0, 2.0]),
        lambda: tf.nn.bias_add(x, [[1.0, 2.0, 3.0]]),
        lambda: tf.nn.bias_add(x, tf.constant([1, 2, 3])),
        lambda: tf.nn.bias_add(x, [1.0, 2.0, 3.0], data_format="foo"))


def normalization(tf):
    x, i = f32(tf, [[-3.0, 2.0, 5.0], [1.0, 1.0, 0.0]]), tf.constant([[-3, 2, 5], [1, 1, 0]])
    h = tf.constant([1.0, 2.0], tf.float16)
    img = f32(tf, real_np.arange(12.0), (1, 1, 2, 6))
    v = f32(tf, [3.0, 4.0, 1.0])
    return steps(
        tf, lambda: tf.nn.l2_normalize(x, axis=1), lambda: tf.math.l2_normalize(x),
        lambda: tf.linalg.l2_normalize(x, dim=0),
        lambda: tf.nn.l2_normalize(tf.constant([3 + 4j, 0j])), lambda: tf.nn.l2_normalize(i),
        lambda: tf.nn.l2_normalize(x, axis=1, dim=0), lambda: tf.nn.moments(x, [1]),
        lambda: tf.nn.moments(x, [0, 1], keepdims=True), lambda: tf.nn.moments(i, [1]),
        lambda: tf.nn.moments(h, [0]), lambda: tf.nn.moments(tf.constant([1], tf.uint8), [0]),
        lambda: tf.nn.sufficient_statistics(x, [1], shift=1.0, keepdims=True),
        lambda: tf.nn.sufficient_statistics(i, [1]),
        lambda: tf.nn.normalize_moments(3.0, v, v * 5, 1.0),
        lambda: tf.nn.weighted_moments(x, [1], v),
        lambda: tf.nn.weighted_moments(h, [0], h),
        lambda: tf.nn.batch_normalization(x, 1.0, 2.0, 0.5, 2.0, 1e-3),
        lambda: tf.nn.batch_normalization(x, v, 2.0, None, None, 1e-3),
        lambda: tf.nn.batch_normalization(i, 1, 2, None, None, 1),
        lambda: tf.nn.batch_norm_with_global_normalization(x, v, v, v, v, 1e-3, True),
        lambda: tf.nn.batch_norm_with_global_normalization(x, v, v, v, v, 1e-3, False),
        lambda: tf.nn.lrn(img, 2, 1.0, 0.5, 0.75), lambda: tf.nn.local_response_normalization(x),
        lambda: tf.nn.lrn(tf.cast(img, tf.float64)))


def losses(tf):
    x = f32(tf, [[-3.0, 2.0, 5.0], [1.0, 1.0, 0.0]])
    z = f32(tf, [[0.0, 1.0, 0.0], [0.5, 0.5, 0.0]])
    v = f32(tf, [1.0, 2.0, 3.0])
    return steps(
        tf, lambda: tf.nn.softmax_cross_entropy_with_logits(z, x),
        lambda: tf.nn.softmax_cross_entropy_with_logits([[0.0, 1.0, 0.0]], x),
        lambda: tf.nn.softmax_cross_entropy_with_logits([[0.0, 1.0], [1.0, 0.0]], x),
        lambda: tf.nn.softmax_cross_entropy_with_logits(tf.transpose(z), tf.transpose(x), axis=0),
        lambda: tf.nn.softmax_cross_entropy_with_logits(tf.cast(z, tf.float64), x),
        lambda: tf.nn.softmax_cross_entropy_with_logits(z[0], x[0]),
        lambda: tf.nn.sparse_softmax_cross_entropy_with_logits([0, 2], x),
        lambda: tf.nn.sparse_softmax_cross_entropy_with_logits([0, -1], x),
        lambda: tf.nn.sparse_softmax_cross_entropy_with_logits([0], x),
        lambda: tf.nn.sparse_softmax_cross_entropy_with_logits(0, x[0]),
        lambda: tf.nn.sigmoid_cross_entropy_with_logits(labels=z, logits=x),
        lambda: tf.nn.sigmoid_cross_entropy_with_logits([1.0, 0.0], v),
        lambda: tf.nn.sigmoid_cross_entropy_with_logits(tf.cast(v, tf.float64), v),
        lambda: tf.nn.weighted_cross_entropy_with_logits(z, x, 2.0),
        lambda: tf.nn.weighted_cross_entropy_with_logits([1.0, 0.0], v, 2),
        lambda: tf.nn.weighted_cross_entropy_with_logits(tf.constant([1]), tf.constant([1]), 2),
        lambda: tf.nn.log_poisson_loss(f32(tf, [0.0, 0.5, 2.0]), v, compute_full_loss=True),
        lambda: tf.nn.log_poisson_loss(tf.constant([1]), tf.constant([1])),
        lambda: tf.nn.compute_average_loss(v, sample_weight=2.0, global_batch_size=6),
        lambda: tf.nn.compute_average_loss(x), lambda: tf.nn.compute_average_loss([1, 2, 3]),
        lambda: tf.nn.compute_average_loss(tf.constant(1.0)),
        lambda: tf.nn.compute_average_loss(v, global_batch_size=0),
        lambda: tf.nn.scale_regularization_loss([tf.constant(1.0), tf.constant(2.0)]),
        lambda: tf.nn.scale_regularization_loss(3))


def selection(tf):
    x = f32(tf, [[-3.0, 2.0, 5.0], [1.0, 1.0, 0.0]])
    t = tf.constant([0, 1])
    return steps(
        tf, lambda: tf.nn.top_k(x, 2), lambda: tf.nn.top_k(x, 4), lambda: tf.nn.top_k(x, -1),
        lambda: tf.nn.top_k(tf.constant(1.0)), lambda: tf.nn.top_k(x, 2, index_type=tf.int64),
        lambda: tf.nn.top_k(x, 2, index_type=tf.float32), lambda: tf.nn.top_k(x, tf.constant(2)),
        lambda: tf.nn.top_k(tf.constant([True])), lambda: tf.nn.in_top_k(t, x, 1),
        lambda: tf.nn.in_top_k(tf.constant([2, 5]), x, 1), lambda: tf.math.in_top_k([0, 0], x, 1),
        lambda: tf.nn.in_top_k(tf.constant([0, 1], tf.int64), x, 1),
        lambda: tf.nn.in_top_k(f32(tf, [0.0, 1.0]), x, 1),
        lambda: tf.nn.in_top_k(t, tf.cast(x, tf.float64), 1),
        lambda: tf.nn.in_top_k(t, f32(tf, [[1.0, float("nan"), 0.0], [float("inf"), 1.0, 0.0]]),
                               1),
        lambda: tf.nn.embedding_lookup(x, [1, 0]), lambda: tf.nn.embedding_lookup(x, [1, 5]),
        lambda: tf.nn.embedding_lookup(x, [[1], [0]], max_norm=1.0),
        lambda: tf.nn.embedding_lookup([x, x * 2], [0, 1, 2, 3]),
        lambda: tf.nn.embedding_lookup(x, f32(tf, [1.0])), lambda: tf.nn.embedding_lookup(x, -1),
        lambda: tf.nn.approx_max_k(x, 2), lambda: tf.math.approx_max_k(x, 4),
        lambda: tf.nn.approx_max_k(x, 1, 0), lambda: tf.nn.approx_max_k(tf.cast(x, tf.float64), 1),
        lambda: tf.nn.approx_min_k(x, 1), lambda: tf.math.approx_min_k(x, 1))


def convolutions(tf):
    x = f32(tf, real_np.arange(18.0) / 4, IMG)
    w = f32(tf, real_np.linspace(-1, 1, 24), (2, 2, 2, 3))
    x1 = f32(tf, real_np.arange(8.0), (1, 4, 2))
    w1 = f32(tf, real_np.linspace(-1, 1, 12), (2, 2, 3))
    x3 = f32(tf, real_np.arange(54.0) / 9, (1, 3, 3, 3, 2))
    w3 = f32(tf, real_np.linspace(-1, 1, 16), (2, 2, 2, 2, 1))
    dw = f32(tf, real_np.linspace(-1, 1, 16), (2, 2, 2, 2))
    pw = f32(tf, real_np.linspace(-1, 1, 12), (1, 1, 4, 3))
    wt = f32(tf, real_np.linspace(-1, 1, 32), (2, 2, 4, 2))
    g = tf.ones((1, 2, 2, 4))
    return steps(
        tf, lambda: tf.nn.conv2d(x, w, [1, 2, 2, 1], "SAME"),
        lambda: tf.nn.conv2d(x, w, [2, 2, 2, 2], "SAME"),
        lambda: tf.nn.conv2d(x, w, [1, 2, 3], "SAME"),
        lambda: tf.nn.conv2d(x, w, 1, [[0, 0], [1, 0], [0, 1], [0, 0]]),
        lambda: tf.nn.conv2d(x, w, 1, [[1, 0], [1, 0], [0, 1], [0, 0]]),
        lambda: tf.nn.conv2d(x, w, 2, "SAME", dilations=[2, 1]),
        lambda: tf.nn.conv2d(x, tf.ones((4, 4, 2, 3)), 1, "VALID"),
        lambda: tf.nn.conv2d(x, tf.ones((2, 2, 3, 3)), 1, "VALID"),
        lambda: tf.nn.conv2d(x, tf.ones((2, 2, 1, 4)), 1, "VALID"),
        lambda: tf.nn.conv2d(x, tf.cast(w, tf.float64), 1, "VALID"),
        lambda: tf.nn.conv2d(tf.ones((3, 3, 2)), w, 1, "VALID"),
        lambda: tf.nn.conv2d(x, w, 1, "same"),
        lambda: tf.nn.conv1d(x1, w1, 2, "SAME"), lambda: tf.nn.conv1d(x1, w1, 1, "VALID",
                                                                      dilations=2),
        lambda: tf.nn.conv3d(x3, w3, [1, 1, 2, 1, 1], "SAME"),
        lambda: tf.nn.conv3d(x3, w3, 1, "SAME"),
        lambda: tf.nn.convolution(x1, w1, 2, "SAME"), lambda: tf.nn.convolution(x, w),
        lambda: tf.nn.atrous_conv2d(x, w, 2, "SAME"), lambda: tf.nn.atrous_conv2d(x, w, 0, "SAME"),
        lambda: tf.nn.depthwise_conv2d(x, dw, [1, 2, 2, 1], "SAME"),
        lambda: tf.nn.depthwise_conv2d(x, dw, [1, 1, 2, 1], "SAME"),
        lambda: tf.nn.depthwise_conv2d(x, dw, 1, "SAME"),
        lambda: tf.nn.depthwise_conv2d(x, dw, [1, 1, 1, 1], "SAME", dilations=[2, 2]),
        lambda: tf.nn.depthwise_conv2d(x, tf.ones((2, 2, 3, 2)), [1, 1, 1, 1], "SAME"),
        lambda: tf.nn.separable_conv2d(x, dw, pw, [1, 2, 2, 1], "SAME"),
        lambda: tf.nn.conv2d_transpose(x, wt, [1, 5, 5, 4], 2, "SAME"),
        lambda: tf.nn.conv2d_transpose(x, wt, [1, 7, 7, 4], 2, "SAME"),
        lambda: tf.nn.conv2d_transpose(x, wt, [1, 7, 7, 4], 2, "VALID"),
        lambda: tf.nn.conv2d_transpose(x, wt, [1, 6, 6, 3], 2, "VALID"),
        lambda: tf.nn.conv_transpose(x1, f32(tf, real_np.ones(12), (2, 3, 2)), [1, 8, 3], 2),
        lambda: tf.nn.conv1d_transpose(x1, f32(tf, real_np.ones(12), (2, 3, 2)), [1, 9, 3], 2,
                                       "VALID"),
        lambda: tf.nn.conv3d_transpose(x3, tf.ones((2, 2, 2, 1, 2)), [1, 6, 6, 6, 1],
                                       [1, 2, 2, 2, 1]),
        lambda: tf.nn.atrous_conv2d_transpose(x, wt, [1, 3, 3, 4], 2, "SAME"),
        lambda: tf.nn.conv2d_transpose(x, wt, [1, 3, 3, 4], 1, "SAME", dilations=2),
        lambda: tf.conv(x, w, [1, 2, 2, 1], "SAME"),
        lambda: tf.conv(tf.stack([x, x]), w, [1, 1, 1, 1], "VALID", dilations=[1, 2, 1, 1],
                        batch_dims=2),
        lambda: tf.conv(x, w, [1, 1, 1, 1], "EXPLICIT",
                        explicit_paddings=[0, 0, 1, 0, 0, 1, 0, 0]),
        lambda: tf.conv(x, w, [1, 1, 1, 1], "SAME", explicit_paddings=[0, 0, 1, 0, 0, 1, 0, 0]),
        lambda: tf.conv(x, w, 1, "SAME"), lambda: tf.conv(x, w, [1, 1], "SAME"),
        lambda: tf.conv(x1, w1, [1, 1, 1], "SAME"),
        lambda: tf.conv(x, tf.ones((2, 2, 1, 4)), [1, 1, 1, 1], "SAME", groups=2),
        lambda: tf.conv(x, w, [1, 1, 1, 1], "SAME", data_format="CHANNELS_FIRST"),
        lambda: tf.conv(tf.cast(x, tf.int32), tf.cast(w, tf.int32), [1, 1, 1, 1], "SAME"),
        lambda: tf.nn.depthwise_conv2d_backprop_input([1, 3, 3, 2], dw, g, [1, 2, 2, 1], "SAME"),
        lambda: tf.nn.depthwise_conv2d_backprop_filter(x, [2, 2, 2, 2], g, [1, 1, 1, 1],
                                                       "VALID"),
        lambda: tf.nn.dilation2d(x, dw[..., 0], [1, 2, 2, 1], "SAME", "NHWC", [1, 1, 1, 1]),
        lambda: tf.nn.dilation2d(x, dw[..., 0], [1, 1, 1, 1], "VALID", "NHWC", [1, 2, 2, 1]),
        lambda: tf.nn.dilation2d(x, dw[..., 0], [1, 1, 1, 1], "SAME", "NCHW", [1, 1, 1, 1]),
        lambda: tf.nn.dilation2d(x, dw[..., 0], 1, "SAME", "NHWC", 1),
        lambda: tf.nn.erosion2d(x, dw[..., 0], [1, 1, 1, 1], "SAME", "NHWC", [1, 1, 1, 1]),
        lambda: tf.nn.conv2d(x, w, 1, "VALID", data_format="NCHW"),
        lambda: tf.nn.conv2d(tf.ones((1, 2, 3, 3)), w, 1, "VALID", data_format="NCHW"),
        lambda: tf.nn.conv1d(x1, w1, 1, "VALID", data_format="NCW"),
        lambda: tf.nn.conv3d(x3, w3, [1, 1, 1, 1, 1], "VALID", data_format="NCDHW"),
        lambda: tf.nn.depthwise_conv2d(tf.ones((1, 2, 3, 3)), dw, [1, 1, 1, 1], "VALID",
                                       data_format="NCHW"),
        lambda: tf.nn.conv2d_transpose(x, wt, [1, 4, 6, 6], 2, data_format="NCHW"))


def pools(tf):
    x = f32(tf, (real_np.arange(18.0) * 7 % 11), IMG)
    x1 = f32(tf, [[[1.0], [5.0], [2.0], [4.0], [3.0]]])
    x3 = f32(tf, real_np.arange(54.0) * 5 % 13, (1, 3, 3, 3, 2))
    return steps(
        tf, lambda: tf.nn.max_pool(x, [1, 2, 2, 1], [1, 1, 2, 1], "SAME"),
        lambda: tf.nn.max_pool(x, [2, 2, 2, 1], [1, 2, 2, 1], "SAME"),
        lambda: tf.nn.max_pool(x, 4, 1, "VALID"),
        lambda: tf.nn.max_pool(x, 2, 1, [[0, 0], [1, 1], [1, 1], [0, 0]]),
        lambda: tf.nn.max_pool(tf.cast(x, tf.int32), 3, 2, "SAME"),
        lambda: tf.nn.max_pool1d(x1, 3, 1, "SAME"), lambda: tf.nn.max_pool2d(x, [2, 1], 1,
                                                                             "VALID"),
        lambda: tf.nn.max_pool3d(x3, 2, 2, "SAME"),
        lambda: tf.nn.max_pool3d(tf.cast(x3, tf.float64), 2, 1, "SAME"),
        lambda: tf.nn.avg_pool(x, 3, 1, "SAME"),
        lambda: tf.nn.avg_pool(x, 2, 1, [[0, 0], [1, 1], [1, 1], [0, 0]]),
        lambda: tf.nn.avg_pool(tf.cast(x, tf.int32), 2, 1, "SAME"),
        lambda: tf.nn.avg_pool1d(x1, 2, 2, "SAME"),
        lambda: tf.nn.avg_pool2d(x, [1, 2], [2, 1], "VALID"),
        lambda: tf.nn.avg_pool3d(x3, 2, 2, "SAME"), lambda: tf.nn.avg_pool(x3, 3, 1, "VALID"),
        lambda: tf.nn.avg_pool3d(tf.cast(x3, tf.float64), 2, 1, "SAME"),
        lambda: tf.nn.pool(x, [2, 2], "MAX", [1, 1], "VALID", dilations=[2, 2]),
        lambda: tf.nn.pool(x, [2, 2], "AVG", [2, 2], "SAME"),
        lambda: tf.nn.pool(x, [2, 2], "MAX", [1, 1], "SAME", dilations=[2, 2]),
        lambda: tf.nn.pool(x, [2, 2], "AVG", [2, 2], "VALID", dilations=[2, 2]),
        lambda: tf.nn.pool(x, [2, 2], "FOO"),
        lambda: tf.nn.max_pool_with_argmax(tf.concat([x, x], 0), 2, 2, "SAME",
                                           include_batch_in_index=True),
        lambda: tf.nn.max_pool_with_argmax(x, [1, 3, 3, 1], [1, 2, 2, 1], "SAME",
                                           output_dtype=tf.int32),
        lambda: tf.nn.max_pool(x, 2, 1, "VALID", data_format="NCHW"),
        lambda: tf.nn.avg_pool3d(x3, 2, 1, "VALID", data_format="NCDHW"))


def ctc(tf):
    logits = f32(tf, real_np.random.RandomState(0).randn(6, 2, 4))
    seqs = tf.constant([[1, 1, 2, 2, 0], [2, 3, 1, 3, 0]])
    labels = tf.constant([[1, 2, 0], [3, 3, 1]])
    return steps(
        tf, lambda: tf.nn.collapse_repeated(seqs, tf.constant([4, 3])),
        lambda: tf.nn.collapse_repeated(seqs, [5, 5]), lambda: tf.nn.ctc_unique_labels(seqs),
        lambda: tf.nn.ctc_loss(labels, logits, [2, 3], [6, 5]),
        lambda: tf.nn.ctc_loss(labels, logits, [2, 0], [6, 5], blank_index=-1),
        lambda: tf.nn.ctc_loss(labels, tf.transpose(logits, [1, 0, 2]), [2, 3], [6, 5],
                               logits_time_major=False),
        lambda: tf.nn.ctc_loss(labels, logits, None, [6, 5]),
        lambda: tf.nn.ctc_loss(labels, tf.cast(logits, tf.float64), [2, 3], [6, 5]))


@pytest.mark.parametrize("program", [activations, normalization, losses, selection,
                                     convolutions, pools, ctc], ids=lambda p: p.__name__)
def test_nn_programs_match_tensorflow(program, backend, ours, real):
    close(program(ours), program(real), rtol=1e-5, atol=1e-5)
