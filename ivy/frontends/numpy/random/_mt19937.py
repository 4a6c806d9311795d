"""The Mersenne Twister MT19937 (Matsumoto & Nishimura 1998) as NumPy's legacy ``RandomState``
uses it, on the backend: the 624-word state regenerates in four vector steps (the recurrence
reaches 397 words ahead, so each step only reads words already final), tempering is elementwise.
Words are int64 arrays holding 32-bit values (backends differ in uint32 support).

``Stream`` hands out words without committing to them: a sampler that rejects some candidates
draws a batch, decides how many words it used, then ``commit``s exactly that many, so the state
advances as NumPy's one-at-a-time loop would.
"""
from __future__ import annotations

import numpy as np

import ivy

N, M = 624, 397
_MATRIX_A, _UPPER, _LOWER, _MASK32 = 0x9908B0DF, 0x80000000, 0x7FFFFFFF, 0xFFFFFFFF


def init_genrand(seed: int) -> np.ndarray:
    """The state words for an integer seed (NumPy's ``mt19937_seed``), on the host."""
    mt = np.empty(N, dtype=np.int64)
    x = seed & _MASK32
    for i in range(N):
        mt[i] = x
        x = (1812433253 * (x ^ (x >> 30)) + i + 1) & _MASK32
    return mt


def init_by_array(key) -> np.ndarray:
    """The state words for an array seed (the reference ``init_by_array``), on the host."""
    mt = [int(v) for v in init_genrand(19650218)]
    key = [int(k) & _MASK32 for k in key]
    i, j, n = 1, 0, len(key)
    for _ in range(max(N, n)):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & _MASK32
        i, j = i + 1, j + 1
        if i >= N:
            mt[0], i = mt[N - 1], 1
        if j >= n:
            j = 0
    for _ in range(N - 1):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & _MASK32
        i += 1
        if i >= N:
            mt[0], i = mt[N - 1], 1
    mt[0] = 0x80000000
    return np.asarray(mt, dtype=np.int64)


def _mix(upper_from, lower_from, far):
    """``far ^ (y >> 1) ^ (A if y odd)`` with ``y`` the upper bit of one word and the lower 31 of
    the next: one slice of the twist."""
    y = ivy.bitwise_or(ivy.bitwise_and(upper_from, _UPPER), ivy.bitwise_and(lower_from, _LOWER))
    odd = ivy.bitwise_and(y, 1)
    return ivy.bitwise_xor(ivy.bitwise_xor(far, ivy.bitwise_right_shift(y, 1)),
                           ivy.multiply(odd, _MATRIX_A))


def twist(mt):
    """The next 624 state words from ``mt`` (native int64)."""
    a = _mix(mt[0:227], mt[1:228], mt[397:624])               # new[0:227]
    b = _mix(mt[227:454], mt[228:455], a)                       # new[227:454] reads new[0:227]
    c = _mix(mt[454:623], mt[455:624], b[0:169])               # new[454:623] reads new[227:396]
    d = _mix(mt[623:624], a[0:1], b[169:170])                  # new[623] reads new[0], new[396]
    return ivy.concat([a, b, c, d])


def temper(y):
    y = ivy.bitwise_xor(y, ivy.bitwise_right_shift(y, 11))
    y = ivy.bitwise_xor(y, ivy.bitwise_and(ivy.bitwise_left_shift(y, 7), 0x9D2C5680))
    y = ivy.bitwise_xor(y, ivy.bitwise_and(ivy.bitwise_left_shift(y, 15), 0xEFC60000))
    return ivy.bitwise_xor(y, ivy.bitwise_right_shift(y, 18))


class Stream:
    """The generator's position: the current state block (untempered) and how many of its words
    are used; ``peek(k)`` returns the next k tempered words (int64), ``commit(k)`` consumes them.
    Blocks twisted by a peek are kept for the commit."""

    def __init__(self, state_words, pos=N):
        self.block = ivy.asarray(np.asarray(state_words, dtype=np.int64))
        self.pos = int(pos)
        self._ahead = []

    def _block(self, i):
        """The i-th state block from the current one (0: the current one)."""
        while len(self._ahead) < i:
            self._ahead.append(twist(self._ahead[-1] if self._ahead else self.block))
        return self.block if i == 0 else self._ahead[i - 1]

    def peek(self, k: int):
        if not ivy.is_native_array(self.block):     # made under another backend: carry it over
            self.block, self._ahead = ivy.asarray(np.asarray(self.block, dtype=np.int64)), []
        parts, index, pos, taken = [], 0, self.pos, 0
        while taken < k:
            if pos == N:
                index, pos = index + 1, 0
            n = min(k - taken, N - pos)
            parts.append(self._block(index)[pos:pos + n])
            pos, taken = pos + n, taken + n
        if not parts:
            return ivy.zeros((0,), dtype="int64")
        return temper(parts[0] if len(parts) == 1 else ivy.concat(parts))

    def commit(self, k: int) -> None:
        while k > 0:
            if self.pos == N:
                self.block, self.pos = self._block(1), 0
                self._ahead.pop(0)
            n = min(k, N - self.pos)
            self.pos, k = self.pos + n, k - n

    def take(self, k: int):
        out = self.peek(k)
        self.commit(k)
        return out

    def state(self):
        """(key words as host uint32, pos), as ``RandomState.get_state`` reports them."""
        return np.asarray(self.block).astype(np.uint32), self.pos
