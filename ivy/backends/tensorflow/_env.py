"""Imported first by the package: quiets TF's C++ info/warning logs unless the user set a level."""
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
