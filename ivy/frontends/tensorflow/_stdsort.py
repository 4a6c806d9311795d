"""The order TensorFlow's CPU ``TopKV2`` kernel gives when k is the whole row (``tf.sort``,
``tf.argsort``): ``std::sort`` of the indices with ``comp(a, b) = v[b] < v[a]``, then runs of
equal neighbours put in index order. With NaN that comparator is no strict weak order, so the
result depends on libstdc++'s introsort step by step; this replays it on the host (only rows
holding a NaN come here; the others are an ordinary stable sort)."""
from __future__ import annotations

_THRESHOLD = 16     # libstdc++'s _S_threshold


def topk_order(v) -> list:
    """Indices of the row ``v`` (floats) in TopK's descending order."""
    n = len(v)
    idx = list(range(n))

    def comp(a, b):
        return v[b] < v[a]

    if n > 1:
        _introsort(idx, 0, n, 2 * (n.bit_length() - 1), comp)
        _final_insertion(idx, 0, n, comp)
    start = 0
    while start < n - 1:            # runs of equal values (NaN equals nothing) in index order
        end = start + 1
        while end < n and v[idx[start]] == v[idx[end]]:
            end += 1
        if end - start > 1:
            idx[start:end] = sorted(idx[start:end])
        start = end
    return idx


def _introsort(a, first, last, depth, comp):
    while last - first > _THRESHOLD:
        if depth == 0:
            _heap_sort(a, first, last, comp)
            return
        depth -= 1
        cut = _partition_pivot(a, first, last, comp)
        _introsort(a, cut, last, depth, comp)
        last = cut


def _partition_pivot(a, first, last, comp):
    mid = first + (last - first) // 2
    x, y, z = first + 1, mid, last - 1
    if comp(a[x], a[y]):
        pick = y if comp(a[y], a[z]) else z if comp(a[x], a[z]) else x
    else:
        pick = x if comp(a[x], a[z]) else z if comp(a[y], a[z]) else y
    a[first], a[pick] = a[pick], a[first]
    lo, hi, pivot = first + 1, last, a[first]
    while True:
        # the scans are unguarded in C++; bounded here (past the ends is undefined there)
        while lo < last - 1 and comp(a[lo], pivot):
            lo += 1
        hi -= 1
        while hi > first and comp(pivot, a[hi]):
            hi -= 1
        if not lo < hi:
            return lo
        a[lo], a[hi] = a[hi], a[lo]
        lo += 1


def _linear_insert(a, i, lower, comp):
    val = a[i]
    while i > lower and comp(val, a[i - 1]):
        a[i] = a[i - 1]
        i -= 1
    a[i] = val


def _final_insertion(a, first, last, comp):
    if last - first > _THRESHOLD:
        _insertion_sort(a, first, first + _THRESHOLD, comp)
        for i in range(first + _THRESHOLD, last):
            _linear_insert(a, i, first, comp)
    else:
        _insertion_sort(a, first, last, comp)


def _insertion_sort(a, first, last, comp):
    for i in range(first + 1, last):
        val = a[i]
        if comp(val, a[first]):
            a[first + 1:i + 1] = a[first:i]
            a[first] = val
        else:
            _linear_insert(a, i, first, comp)


def _adjust_heap(a, base, hole, length, value, comp):
    top, child = hole, hole
    while child < (length - 1) // 2:
        child = 2 * (child + 1)
        if comp(a[base + child], a[base + child - 1]):
            child -= 1
        a[base + hole] = a[base + child]
        hole = child
    if length % 2 == 0 and child == (length - 2) // 2:
        child = 2 * (child + 1)
        a[base + hole] = a[base + child - 1]
        hole = child - 1
    parent = (hole - 1) // 2
    while hole > top and comp(a[base + parent], value):
        a[base + hole] = a[base + parent]
        hole = parent
        parent = (hole - 1) // 2
    a[base + hole] = value


def _heap_sort(a, first, last, comp):
    length = last - first
    if length >= 2:
        for parent in range((length - 2) // 2, -1, -1):
            _adjust_heap(a, first, parent, length, a[first + parent], comp)
    while last - first > 1:
        last -= 1
        value, a[last] = a[last], a[first]
        _adjust_heap(a, first, 0, last - first, value, comp)
