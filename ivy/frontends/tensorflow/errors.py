"""``tf.errors``: TensorFlow's ``OpError`` hierarchy (raised where TensorFlow raises them)."""
from __future__ import annotations


class OpError(Exception):
    """``tf.errors.OpError(node_def, op, message)``."""
    __module__ = "tensorflow.errors"

    def __init__(self, node_def=None, op=None, message="", *args):
        super().__init__(message)
        self.node_def, self.op, self.message = node_def, op, message

    def __str__(self):
        return self.message


def _error(name, code):
    cls = type(name, (OpError,), {"__module__": "tensorflow.errors",
                                  "__doc__": f"``tf.errors.{name}``."})
    cls.error_code = code
    return cls


CancelledError = _error("CancelledError", 1)
UnknownError = _error("UnknownError", 2)
InvalidArgumentError = _error("InvalidArgumentError", 3)
DeadlineExceededError = _error("DeadlineExceededError", 4)
NotFoundError = _error("NotFoundError", 5)
AlreadyExistsError = _error("AlreadyExistsError", 6)
PermissionDeniedError = _error("PermissionDeniedError", 7)
ResourceExhaustedError = _error("ResourceExhaustedError", 8)
FailedPreconditionError = _error("FailedPreconditionError", 9)
AbortedError = _error("AbortedError", 10)
OutOfRangeError = _error("OutOfRangeError", 11)
UnimplementedError = _error("UnimplementedError", 12)
InternalError = _error("InternalError", 13)
UnavailableError = _error("UnavailableError", 14)
DataLossError = _error("DataLossError", 15)
UnauthenticatedError = _error("UnauthenticatedError", 16)


def invalid_argument(message: str, op: str | None = None) -> InvalidArgumentError:
    return InvalidArgumentError(None, op, message if op is None else f"{message} [Op:{op}]")
