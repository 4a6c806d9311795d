"""``torch.torch_version``: ``TorchVersion``, the ``str`` that ``torch.__version__`` is, compared as
a PEP 440 version (``torch.__version__ >= "2.8"``, ``< (2, 14)``), not as text."""
from __future__ import annotations

import re

__all__ = ["TorchVersion"]

_VERSION = re.compile(r"^\s*v?(\d+(?:\.\d+)*)(?:[-_.]?(a|b|c|rc|alpha|beta|pre|preview)[-_.]?(\d*))?"
                      r"(?:[-_.]?(?:post|rev|r)[-_.]?(\d*))?(?:[-_.]?dev[-_.]?(\d*))?"
                      r"(?:\+([a-z0-9]+(?:[-_.][a-z0-9]+)*))?\s*$", re.IGNORECASE)
_PRE = {"a": 0, "alpha": 0, "b": 1, "beta": 1, "c": 2, "rc": 2, "pre": 2, "preview": 2}


def _key(text: str):
    """PEP 440's ordering: dev < pre-release < release < post-release; a local label sorts after."""
    m = _VERSION.match(text)
    if m is None:
        raise ValueError(f"Invalid version: '{text}'")
    release, pre, pre_n, post, dev, local = m.groups()
    numbers = [int(p) for p in release.split(".")]
    while len(numbers) > 1 and numbers[-1] == 0:
        numbers.pop()
    if pre:
        pre_key = (1, _PRE[pre.lower()], int(pre_n or 0))
    else:
        pre_key = (0,) if dev is not None and post is None else (2,)
    post_key = -1 if post is None else int(post or 0)
    dev_key = float("inf") if dev is None else int(dev or 0)
    local_key = (0,) if local is None else (1,) + tuple(
        (1, int(p), "") if p.isdigit() else (0, 0, p.lower()) for p in re.split(r"[-_.]", local))
    return tuple(numbers), pre_key, post_key, dev_key, local_key


def _other(value):
    if isinstance(value, tuple):
        value = ".".join(str(v) for v in value)
    if not isinstance(value, str):
        raise TypeError(f"'{value}' cannot be compared to a TorchVersion")
    return _key(value)


class TorchVersion(str):
    """A version string comparing as a version (against strings or tuples of numbers)."""

    def _cmp(self, other, op):
        try:
            return op(_key(self), _other(other))
        except (TypeError, ValueError):
            return op(str(self), other) if isinstance(other, str) else NotImplemented

    def __eq__(self, other):
        return self._cmp(other, lambda a, b: a == b)

    def __ne__(self, other):
        return self._cmp(other, lambda a, b: a != b)

    def __lt__(self, other):
        return self._cmp(other, lambda a, b: a < b)

    def __le__(self, other):
        return self._cmp(other, lambda a, b: a <= b)

    def __gt__(self, other):
        return self._cmp(other, lambda a, b: a > b)

    def __ge__(self, other):
        return self._cmp(other, lambda a, b: a >= b)

    __hash__ = str.__hash__
