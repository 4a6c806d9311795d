"""The tensorflow frontend's array manipulation, indexing and creation functions against real
TensorFlow 2.21: ``gather_nd``/``scatter_nd``/``tensor_scatter_nd_*``, ``boolean_mask``, ``pad``,
``tile``, ``one_hot``, ``sequence_mask``, slicing, sorting, ``unique``, block rearrangement and
the shape utilities -- values, dtypes, and the error class of each refusal (InvalidArgumentError
for bad indices/shapes, NotFoundError for dtypes without a CPU kernel, TypeError/ValueError
where TensorFlow's Python layer raises)."""
import numpy as real_np
import pytest
from hypothesis import strategies as st

from tests.conformance import Case, arr, dtype_arg, make_tests, optional, shared_dtype

from .programs import describe as _describe
from .programs import steps as _steps

# small dtype families per kind of op (each new dtype costs a compile on jax): a plain value,
# plus the dtypes TensorFlow refuses or a backend needs a fallback for
MOVE = ("float32", "int8", "bool")
SCATTER = ("float32", "bool", "complex64", "uint16")
PAD = ("float32", "uint16", "bool")
TILE = ("float32", "uint16")
SORT = ("float32", "int8", "uint32", "bool", "complex64")
UNIQUE = ("int32", "float32", "complex64")
BLOCK = ("float32", "int32", "bool")
FEW = {"max_examples": 4}
V = (2, 3)
IDX = ("int32", "int64")


def _iota(tf, n, shape):
    return tf.constant(real_np.arange(n, dtype="int32").reshape(shape))


ROWS = [
    Case("tf.gather_nd", args=(arr(MOVE, V), st.sampled_from(
        [[[1, 2], [0, 0]], [[1]], [[2, 0]], [[-1, 0]], [[1, 0, 0]], real_np.zeros((2, 0),
                                                                              "int32")])),
         settings=FEW),
    Case("tf.gather_nd", args=(arr(MOVE, (2, 3, 2)), arr(IDX, (2, 1), min_value=0,
                                                           max_value=2)),
         kwargs={"batch_dims": st.just(1)}, settings=FEW, id="gather_nd-batch_dims"),
    Case("tf.gather", args=(arr(MOVE, (2, 3, 2)), arr(IDX, (2, 2), min_value=0, max_value=2)),
         kwargs={"batch_dims": st.sampled_from([1, -1]), "axis": optional(st.just(1))},
         settings=FEW, id="gather-batch_dims"),
    Case("tf.scatter_nd", args=(st.sampled_from([[[0], [2], [0]], [[4], [1], [0]]]),
                                arr(("float32", "int32", "uint16", "bool"), (3,), min_value=0,
                                    max_value=9),
                                st.just([4])), settings=FEW),
    Case("tf.scatter_nd", args=(st.just([[1, 0]]), arr(SCATTER, (1, 2)), st.just([3, 2, 2])),
         settings=FEW, id="scatter_nd-slices"),
] + [
    Case(f"tf.tensor_scatter_nd_{op}", args=(arr(shared_dtype(SCATTER, op), (4,)),
                                             st.sampled_from([[[0], [2]], [[3], [0]], [[4], [0]]]),
                                             arr(shared_dtype(SCATTER, op), (2,))),
         settings=FEW)
    for op in ("update", "add", "sub", "max", "min")
] + [
    Case("tf.tensor_scatter_nd_add", args=(arr(("float32", "int32"), (4, 2)), st.just([[1]]),
                                           arr(("float32", "int32"), (1, 2))), settings=FEW,
         id="tensor_scatter_nd_add-mixed"),
    Case("tf.boolean_mask", args=(arr(MOVE, V), arr("bool", st.sampled_from([(2,), V]))),
         settings=FEW),
    Case("tf.boolean_mask", args=(arr(MOVE, V), arr("bool", (3,))),
         kwargs={"axis": st.sampled_from([1, 0])}, settings=FEW, id="boolean_mask-axis"),
    Case("tf.pad", args=(arr(PAD, V), st.sampled_from([[[1, 0], [0, 2]], [[1, 1], [2, 2]],
                                                       [[2, 0], [0, 0]], [[3, 0], [0, 0]],
                                                       [[-1, 0], [0, 0]], [[1, 1]]])),
         kwargs={"mode": st.sampled_from(["CONSTANT", "REFLECT", "symmetric"])},
         settings={"max_examples": 8}),
    Case("tf.pad", args=(arr(("int32", "float32"), V), st.just([[1, 0], [0, 1]])),
         kwargs={"constant_values": st.sampled_from([7, 2.5, -1])}, settings=FEW,
         id="pad-constant_values"),
    Case("tf.tile", args=(arr(TILE, V), st.sampled_from([[2, 1], [1, 0], [2], [-1, 1]])),
         settings=FEW),
    Case("tf.one_hot", args=(arr(("int32", "int64", "uint8", "float32"), (3,), min_value=-1,
                                 max_value=4), st.sampled_from([3, 0])),
         kwargs={"on_value": optional(st.sampled_from([5, 2.5])),
                 "axis": optional(st.sampled_from([0, -1, 2]))}, settings=FEW),
    Case("tf.one_hot", args=(arr("int32", (2, 2), min_value=0, max_value=2), st.just(3)),
         kwargs={"dtype": dtype_arg(["float64", "int8", "bool", "bfloat16"]),
                 "off_value": optional(st.just(-1)), "axis": st.sampled_from([1, -1])},
         settings=FEW, id="one_hot-dtype"),
    Case("tf.sequence_mask", args=(arr(("int32", "int64"), (3,), min_value=0, max_value=4),),
         kwargs={"maxlen": optional(st.sampled_from([2, 5])),
                 "dtype": optional(dtype_arg(["bool", "float32", "int32"]))},
         settings=FEW),
    Case("tf.size", args=(arr(MOVE, st.sampled_from([(), V, (0, 2)])),),
         kwargs={"out_type": optional(dtype_arg(["int64", "float32"]))}, settings=FEW),
    Case("tf.rank", args=(arr(MOVE, st.sampled_from([(), V, (1, 2, 1)])),), settings=FEW),
    Case("tf.broadcast_to", args=(arr(MOVE, (3,)), st.sampled_from([[2, 3], [2, 2], [2, 1, 3],
                                                                    []])), settings=FEW),
    Case("tf.linspace", args=(arr(shared_dtype(("float32", "float64", "int32"), "ls"), (2,)),
                              arr(shared_dtype(("float32", "float64", "int32"), "ls"), (2,)),
                              st.sampled_from([4, 1, 0])),
         kwargs={"axis": optional(st.sampled_from([0, 1, -1]))}, settings=FEW, rtol=1e-5,
         atol=1e-5),
    Case("tf.slice", args=(arr(MOVE, V), st.sampled_from([[0, 1], [1, 0], [-1, 0], [0]]),
                           st.sampled_from([[2, -1], [1, 2], [1, 3]])), settings=FEW),
    Case("tf.strided_slice", args=(arr(MOVE, (2, 3, 2)), st.just([1, 2, 0]),
                                   st.just([-3, 0, 2]), st.sampled_from([[-1, -1, 1],
                                                                         [1, 1, 2]])),
         kwargs={"begin_mask": optional(st.sampled_from([1, 4])),
                 "end_mask": optional(st.just(2)),
                 "shrink_axis_mask": optional(st.sampled_from([1, 4]))}, settings=FEW),
    Case("tf.reverse", args=(arr(MOVE, V), st.sampled_from([[1], [-1, 0], [1, 1], [2], []])),
         settings=FEW),
    Case("tf.reverse_sequence", args=(arr(MOVE, V), st.sampled_from([[1, 3], [0, 2], [4, 1]])),
         kwargs={"seq_axis": st.just(1), "batch_axis": st.just(0)}, settings=FEW),
    Case("tf.roll", args=(arr(MOVE, V), st.sampled_from([1, [1, -1], [2, 1]]),
                          st.sampled_from([1, [0, 1], [1, 1], 2])), settings=FEW),
    Case("tf.repeat", args=(arr(TILE, V), st.sampled_from([2, [1, 0, 2], [2, 1], -1])),
         kwargs={"axis": optional(st.sampled_from([1, 0, -1]))}, settings=FEW),
    Case("tf.sort", args=(arr(SORT, (2, 3)),),
         kwargs={"axis": optional(st.sampled_from([0, -1])),
                 "direction": optional(st.sampled_from(["DESCENDING", "ASCENDING"]))},
         settings=FEW),
    Case("tf.argsort", args=(arr(SORT, (2, 4), min_value=0, max_value=3),),
         kwargs={"axis": optional(st.sampled_from([0, -1])),
                 "direction": optional(st.sampled_from(["DESCENDING", "ASCENDING"])),
                 "stable": optional(st.just(True))}, settings=FEW),
    Case("tf.searchsorted", args=(st.sampled_from([real_np.array([[1, 3, 5], [0, 2, 4]]),
                                                   real_np.array([1.0, 3.0, 5.0])]),
                                  arr(("int64", "float64"), (2, 2), min_value=-1, max_value=6)),
         kwargs={"side": optional(st.just("right")),
                 "out_type": optional(dtype_arg(["int64"]))}, settings=FEW),
    Case("tf.unique", args=(arr(UNIQUE, (5,), min_value=0, max_value=3),),
         kwargs={"out_idx": optional(dtype_arg(["int64"]))}, settings=FEW),
    Case("tf.unique_with_counts", args=(arr(("int32", "float32"), (5,), min_value=0,
                                            max_value=3),),
         settings=FEW),
    Case("tf.unravel_index", args=(arr(shared_dtype(IDX, "ur"), (3,), min_value=0,
                                       max_value=6),
                                   arr(shared_dtype(IDX, "ur"), (2,), min_value=1,
                                       max_value=3)), settings=FEW),
    Case("tf.nn.space_to_depth", args=(arr(MOVE, (1, 2, 4, 1)), st.sampled_from([2, 3])),
         settings=FEW),
    Case("tf.nn.depth_to_space", args=(arr(MOVE, (1, 1, 2, 4)), st.sampled_from([2, 3])),
         settings=FEW),
    Case("tf.space_to_batch_nd", args=(arr(BLOCK, (1, 2, 3, 1)), st.just([2, 2]),
                                       st.sampled_from([[[0, 0], [0, 1]], [[0, 0], [0, 0]]])),
         settings=FEW),
    Case("tf.extract_volume_patches", args=(
        arr(BLOCK, (1, 2, 3, 2, 1)), st.sampled_from([[1, 2, 2, 1, 1], [1, 1, 3, 2, 1]]),
        st.sampled_from([[1, 1, 2, 1, 1], [1, 2, 1, 2, 1]]), st.sampled_from(["VALID", "SAME"])),
         settings=FEW),
    Case("tf.batch_to_space", args=(arr(BLOCK, (4, 1, 2, 1)), st.just([2, 2]),
                                    st.sampled_from([[[0, 0], [0, 1]], [[0, 1], [1, 0]]])),
         settings=FEW),
]
test_manipulation = make_tests(ROWS)


def shapes_and_grids(tf):
    i, f = tf.constant([[1, 2, 3]]), tf.constant([1.0, 2.0])
    return _steps(
        tf, lambda: tf.shape_n([i, f]), lambda: tf.shape_n([i, i], out_type=tf.int64),
        lambda: tf.shape_n([i], out_type=tf.float32),
        lambda: tf.broadcast_dynamic_shape([2, 1], [3]),
        lambda: tf.broadcast_dynamic_shape(tf.constant([2, 1], tf.int64), [1, 3]),
        lambda: tf.broadcast_dynamic_shape(tf.constant([2, 1], tf.int64), tf.constant([3])),
        lambda: tf.broadcast_dynamic_shape([2], [3]),
        lambda: tf.broadcast_static_shape(tf.TensorShape([2, 1]), tf.TensorShape([3])),
        lambda: tf.broadcast_static_shape(tf.TensorShape([2]), tf.TensorShape([3])),
        lambda: tf.meshgrid([1, 2], [3, 4, 5]), lambda: tf.meshgrid(f, f, indexing="ij"),
        lambda: tf.meshgrid([1, 2], indexing="xx"), lambda: tf.meshgrid([1, 2], foo=1),
        lambda: tf.meshgrid(), lambda: tf.meshgrid(i, f), lambda: tf.meshgrid([[1, 2]], [3]),
        lambda: tf.linspace(0.0, 1.0, tf.constant(3)),
        lambda: tf.linspace(0.0, 1.0, 3.0), lambda: tf.linspace(0.0, 1.0, -1),
        lambda: tf.linspace(tf.constant(0.0), tf.constant(1.0, tf.float64), 3),
        lambda: tf.linspace(tf.constant(0, tf.int16), 4, 3),
        lambda: tf.linspace(tf.constant(0j, tf.complex64), 1j, 3),
        lambda: tf.linspace(True, False, 2), lambda: tf.size([[1, 2]]), lambda: tf.rank(3.0),
        lambda: tf.identity_n([1, [2.0, 3.0]]),
        lambda: tf.identity_n(i), lambda: tf.ensure_shape(i, [1, None]),
        lambda: tf.ensure_shape(i, [3]), lambda: tf.ensure_shape(i, tf.TensorShape(None)),
        lambda: tf.parallel_stack([i, i]), lambda: tf.one_hot([0], 2, dtype=tf.bool),
        lambda: tf.one_hot([0], 2, True, False), lambda: tf.one_hot([0], 2, 5, 1.0),
        lambda: tf.one_hot([0], 2, on_value=5.0, dtype=tf.int32),
        lambda: tf.one_hot([1], 3.0), lambda: tf.one_hot([1], -1), lambda: tf.one_hot(1, 3),
        lambda: tf.sequence_mask([1.0, 2.5], 3), lambda: tf.sequence_mask(2, 3),
        lambda: tf.sequence_mask([[1, 3], [0, 2]]), lambda: tf.sequence_mask([1], -1),
        lambda: tf.pad(f, [[1, 1]], "EDGE"), lambda: tf.pad(f, [[1.0, 0.0]]),
        lambda: tf.pad(f, [[1, 0]], constant_values=tf.constant(3)),
        lambda: tf.pad(tf.constant([True]), [[1, 0]]), lambda: tf.pad(tf.constant(1.0), []),
        lambda: tf.tile(tf.constant([1], tf.uint16), [2]), lambda: tf.tile([1], [2.0]),
        lambda: tf.tile(tf.constant(1), []), lambda: tf.broadcast_to([1], [2.0]),
        lambda: tf.broadcast_to(i, [3]))


def indexing_and_sorting(tf):
    x = tf.constant([[0, 1, 2], [3, 4, 5]])
    return _steps(
        tf, lambda: tf.gather_nd(x, [[1.0, 0.0]]), lambda: tf.gather_nd(x, tf.constant(
            [[1]], tf.uint8)), lambda: tf.scatter_nd([[1]], [1.0], tf.constant([4], tf.int64)),
        lambda: tf.scatter_nd(tf.constant([[0]], tf.int16), [1.0], [1]),
        lambda: tf.scatter_nd([[1]], [1.0, 2.0], [4]),
        lambda: tf.scatter_nd([[0], [1]], tf.constant([5, 6], tf.uint32), [3]),
        lambda: tf.tensor_scatter_nd_update(x, [[0]], [[5.5, 1.0, 2.0]]),
        lambda: tf.tensor_scatter_nd_add(x, tf.constant([[0]], tf.int16), [[1, 1, 1]]),
        lambda: tf.tensor_scatter_nd_max(tf.constant([1, 9], tf.uint16), [[0], [1]],
                                         tf.constant([5, 2], tf.uint16)),
        lambda: tf.tensor_scatter_nd_update(x, [[1]], [[1, 2]]),
        lambda: tf.boolean_mask(x, True), lambda: tf.boolean_mask(x, [1, 0]),
        lambda: tf.boolean_mask(x, [True, False, True], axis=-1),
        lambda: tf.boolean_mask(x, [True, False, True]),
        lambda: tf.gather(x, [[1, 0], [2, 2]], batch_dims=2),
        lambda: tf.gather(x, [[1, 0], [2, 2], [0, 0]], batch_dims=1),
        lambda: tf.slice(x, tf.constant([0, 1], tf.int64), [1, 1]),
        lambda: tf.slice(x, [0.0, 1.0], [1, 1]),
        lambda: tf.strided_slice(x, [0, 0, 0], [1, 2, 3], new_axis_mask=1),
        lambda: tf.strided_slice(x, [0, 1], [1, 2], ellipsis_mask=1),
        lambda: tf.strided_slice(x, [0], [1], [0]), lambda: tf.strided_slice(x, [5], [6],
                                                                          shrink_axis_mask=1),
        lambda: tf.strided_slice(x, [1], [2, 3]), lambda: tf.strided_slice(x, [5], [10]),
        lambda: tf.reverse(x, 1), lambda: tf.reverse_sequence(x, [1, 2]),
        lambda: tf.reverse_sequence(x, [1], 1, 0), lambda: tf.reverse_sequence(x, [-1, 2], 1, 0),
        lambda: tf.reverse_sequence(x, [1, 2], 0, 0), lambda: tf.reverse_sequence(x, [1.0, 2.0],
                                                                                   1, 0),
        lambda: tf.roll(x, [1, 1], [1]), lambda: tf.repeat(x, [1, 2, 3], axis=0),
        lambda: tf.repeat(x, 2, axis=2), lambda: tf.repeat(x, 2.0), lambda: tf.repeat(3, 2),
        lambda: tf.repeat(tf.constant([1], tf.uint16), 2),
        lambda: tf.sort([3, 1], direction="UP"), lambda: tf.sort(3.0),
        lambda: tf.sort([[3, 1], [0, 2]], axis=2), lambda: tf.sort([True, False]),
        lambda: tf.sort([[3, 1], [0, 2]], axis=tf.constant(0)),
        lambda: tf.argsort([1j]), lambda: tf.argsort([3.0, -float("inf"), 1.0], "DESCENDING"),
        lambda: tf.argsort([1, 1, 1, 0, 1, 1, 0], direction="DESCENDING"),
        lambda: tf.argsort([3.0, float("nan"), 1.0]),
        lambda: tf.searchsorted([1, 3, 5], [0, 3, 6], side="x"),
        lambda: tf.searchsorted([1, 3, 5], [0, 3], out_type=tf.float32),
        lambda: tf.searchsorted([[1, 3, 5], [0, 2, 4]], [3, 3]),
        lambda: tf.searchsorted([1, 3, 5], 3), lambda: tf.searchsorted([1, 3, 5], [3.0]),
        lambda: tf.searchsorted([True], [True]),
        lambda: tf.unique([[3, 1]]), lambda: tf.unique(3), lambda: tf.unique([1j]),
        lambda: tf.unique([1, 2], out_idx=tf.float32),
        lambda: tf.unravel_index(5, [2, 3]), lambda: tf.unravel_index([6], [2, 3]),
        lambda: tf.unravel_index([1], [0, 3]), lambda: tf.unravel_index([1], [-2, 3]),
        lambda: tf.unravel_index([[1, 2]], [2, 3]),
        lambda: tf.unravel_index(tf.constant([1], tf.int64), [2, 3]),
        lambda: tf.unravel_index([1.0], [2.0, 3.0]))


def partitions_and_blocks(tf):
    img = _iota(tf, 16, (1, 4, 4, 1))
    return _steps(
        tf, lambda: tf.dynamic_partition([10, 20, 30, 40], [0, 1, 0, 2], 3),
        lambda: tf.dynamic_partition(tf.constant([[0, 1, 2], [3, 4, 5]]), [1, 0], 2),
        lambda: tf.dynamic_partition([[1, 2], [3, 4]], [[1, 0], [0, 0]], 2),
        lambda: tf.dynamic_partition([10, 20], [0, 2], 2),
        lambda: tf.dynamic_partition([10, 20], tf.constant([0, 1], tf.int64), 2),
        lambda: tf.dynamic_partition([10, 20], [0, 1, 1], 2),
        lambda: tf.dynamic_partition([10, 20], [0, 1], 0),
        lambda: tf.dynamic_stitch([[0, 2], [1, 3]], [[10, 20], [30, 40]]),
        lambda: tf.dynamic_stitch([[0, 1], [1]], [[10, 20], [30]]),
        lambda: tf.dynamic_stitch([[0, 3]], [[1.5, 2.5]]),
        lambda: tf.dynamic_stitch([1, 0], [[1, 2], [3, 4]]),
        lambda: tf.dynamic_stitch([[0], [1]], [[1], [2.0]]),
        lambda: tf.dynamic_stitch([[-1]], [[1]]), lambda: tf.dynamic_stitch([[0, 1]], [[1]]),
        lambda: tf.space_to_batch(img, [2, 2], [[0, 0], [0, 0]]),
        lambda: tf.nn.space_to_batch(img, [2, 2], [[1, 1], [0, 2]]),
        lambda: tf.space_to_batch_nd(_iota(tf, 12, (1, 4, 3)), [2], [[1, 1]]),
        lambda: tf.space_to_batch(img, [2, 2], [[-2, 0], [0, 0]]),
        lambda: tf.space_to_batch(img, [0, 2], [[0, 0], [0, 0]]),
        lambda: tf.space_to_batch(tf.zeros((1, 2, 2, 1), tf.bool), [2, 2], [[0, 0], [0, 0]]),
        lambda: tf.batch_to_space(_iota(tf, 8, (4, 2)), [2], [[0, 0]]),
        lambda: tf.batch_to_space(_iota(tf, 6, (3, 2)), [2], [[0, 0]]),
        lambda: tf.batch_to_space(_iota(tf, 8, (4, 2)), 2, [[0, 0]]),
        lambda: tf.batch_to_space(_iota(tf, 16, (4, 2, 2, 1)), 2,
                                  [[0, 1], [1, 0]]),
        lambda: tf.required_space_to_batch_paddings([5, 3], [2, 2]),
        lambda: tf.required_space_to_batch_paddings([5, 3], [2, 2], [[1, 0], [0, 1]]),
        lambda: tf.nn.space_to_depth(tf.zeros((1, 3, 3, 1)), 2),
        lambda: tf.nn.space_to_depth(tf.zeros((1, 1, 2, 2)), 2, data_format="NCHW"),
        lambda: tf.nn.space_to_depth(tf.zeros((2, 2, 1)), 2),
        lambda: tf.nn.space_to_depth(img, 1), lambda: tf.nn.depth_to_space(
            _iota(tf, 6, (1, 1, 2, 3)), 2))


@pytest.mark.parametrize("program", [shapes_and_grids, indexing_and_sorting,
                                     partitions_and_blocks], ids=lambda p: p.__name__)
def test_manipulation_programs(program, backend, ours, real):
    assert _describe(program(ours)) == _describe(program(real))
