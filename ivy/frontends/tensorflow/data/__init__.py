"""``tf.data``: ``Dataset`` and its iterators, ``Options``, the cardinality constants and
``tf.data.experimental``'s aliases of them."""
from __future__ import annotations

import types

from ._dataset import (AUTOTUNE, INFINITE, UNKNOWN, Dataset, DatasetSpec, NumpyIterator,
                       Options, OwnedIterator)

INFINITE_CARDINALITY = INFINITE
UNKNOWN_CARDINALITY = UNKNOWN
DatasetV2 = Dataset
Iterator = OwnedIterator


def _cardinality(dataset):
    """``tf.data.experimental.cardinality``."""
    return dataset.cardinality()


def _enumerate_dataset(start=0):
    return lambda dataset: dataset.enumerate(start)


def _unbatch():
    return lambda dataset: dataset.unbatch()


def _get_single_element(dataset):
    return dataset.get_single_element()


experimental = types.ModuleType("tensorflow.data.experimental", "``tf.data.experimental``.")
experimental.AUTOTUNE = AUTOTUNE
experimental.INFINITE_CARDINALITY = INFINITE
experimental.UNKNOWN_CARDINALITY = UNKNOWN
experimental.cardinality = _cardinality
experimental.enumerate_dataset = _enumerate_dataset
experimental.unbatch = _unbatch
experimental.get_single_element = _get_single_element
experimental.choose_from_datasets = Dataset.choose_from_datasets

__all__ = ["AUTOTUNE", "INFINITE_CARDINALITY", "UNKNOWN_CARDINALITY", "Dataset", "DatasetSpec",
           "Iterator",
           "NumpyIterator", "Options", "experimental"]


def _unsupported(name):
    def f(*args, **kwargs):
        raise NotImplementedError(f"tf.data.{name} is not supported by ivy's tensorflow frontend")
    f.__name__ = f.__qualname__ = name
    return f


# file readers: ivy's tensorflow frontend has no string tensors or file systems
TFRecordDataset = _unsupported("TFRecordDataset")
TextLineDataset = _unsupported("TextLineDataset")
FixedLengthRecordDataset = _unsupported("FixedLengthRecordDataset")
experimental.sample_from_datasets = Dataset.sample_from_datasets
experimental.make_csv_dataset = _unsupported("experimental.make_csv_dataset")
