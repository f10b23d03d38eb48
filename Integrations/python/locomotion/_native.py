"""The C interface of the bundled library (Sources/LocomotionPython/CInterface.swift), declared for ctypes.

Nothing here is compiled at install time: the wheel carries one shared library, liblocomotion.so, with the
Swift runtime linked in statically.
"""
import ctypes
import os
import warnings

import numpy as np

ABI_VERSION = 1

_double_p = ctypes.POINTER(ctypes.c_double)
_path = os.environ.get("LOCOMOTION_LIBRARY") or os.path.join(os.path.dirname(__file__), "liblocomotion.so")
lib = ctypes.CDLL(_path)

lib.locomotion_abi_version.restype = ctypes.c_int32
lib.locomotion_call.restype = ctypes.c_void_p
lib.locomotion_call.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
                                ctypes.c_void_p, ctypes.c_int64]
lib.locomotion_result_status.restype = ctypes.c_int32
lib.locomotion_result_status.argtypes = [ctypes.c_void_p]
lib.locomotion_result_text.restype = ctypes.c_void_p
lib.locomotion_result_text.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_int64)]
lib.locomotion_result_numbers.restype = _double_p
lib.locomotion_result_numbers.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_int64)]
lib.locomotion_result_free.restype = None
lib.locomotion_result_free.argtypes = [ctypes.c_void_p]
lib.locomotion_table_schema.restype = ctypes.c_void_p
lib.locomotion_table_schema.argtypes = [ctypes.c_char_p]
lib.locomotion_event_names.restype = ctypes.c_void_p
lib.locomotion_event_names.argtypes = []
lib.locomotion_engine_new.restype = ctypes.c_void_p
lib.locomotion_engine_new.argtypes = [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_int64, ctypes.POINTER(ctypes.c_void_p)]
lib.locomotion_engine_push.restype = ctypes.c_int64
lib.locomotion_engine_push.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,
                                       ctypes.c_void_p, ctypes.c_int64, ctypes.POINTER(ctypes.c_void_p)]
lib.locomotion_engine_finish.restype = ctypes.c_int64
lib.locomotion_engine_finish.argtypes = [ctypes.c_void_p]
lib.locomotion_engine_events.restype = _double_p
lib.locomotion_engine_events.argtypes = [ctypes.c_void_p]
lib.locomotion_engine_snapshot.restype = ctypes.c_void_p
lib.locomotion_engine_snapshot.argtypes = [ctypes.c_void_p]
lib.locomotion_engine_free.restype = None
lib.locomotion_engine_free.argtypes = [ctypes.c_void_p]

if lib.locomotion_abi_version() != ABI_VERSION:
    raise ImportError(f"{_path}: C interface version {lib.locomotion_abi_version()}, this module needs {ABI_VERSION}")


class InputError(ValueError):
    """Bad input: the file (or data frame) and line (a data frame's row index + 2) and the problem, as the
    command line names them."""

    def __init__(self, message, file=None, line=None, problem=None):
        super().__init__(message)
        self.file = file
        self.line = line
        self.problem = problem


class LocomotionWarning(UserWarning):
    """What the command line writes on standard error while it reads: rows skipped with lenient=True, fixes out of
    order or outside the trace."""


class Result:
    """A call's result, freed when collected; raises for a failed call."""

    def __init__(self, handle):
        self.handle = handle
        status = lib.locomotion_result_status(handle)
        if status != 0:
            message = self.text("message") or "failed"
            if status == 1:
                line = self.text("error_line")
                raise InputError(message, file=self.text("error_file"), line=int(line) if line else None,
                                 problem=self.text("error_problem"))
            raise ValueError(message)

    def __del__(self):
        if self.handle:
            lib.locomotion_result_free(self.handle)
            self.handle = None

    def text(self, key):
        length = ctypes.c_int64()
        pointer = lib.locomotion_result_text(self.handle, key.encode(), ctypes.byref(length))
        return None if not pointer else ctypes.string_at(pointer, length.value).decode()

    def numbers(self, key):
        """A copy of the column of numbers `key` (float64; empty when the result has none)."""
        length = ctypes.c_int64()
        pointer = lib.locomotion_result_numbers(self.handle, key.encode(), ctypes.byref(length))
        if length.value == 0:
            return np.empty(0)
        return np.ctypeslib.as_array(pointer, shape=(length.value,)).copy()


def options_text(options):
    """`key=value` lines of the options that are set (True/False as true/false)."""
    lines = []
    for key, value in options.items():
        if value is None:
            continue
        if isinstance(value, bool):
            value = "true" if value else "false"
        text = str(value)
        if "\n" in text:
            raise ValueError(f"{key}: a line break is not allowed in an option")
        lines.append(f"{key}={text}")
    return "\n".join(lines).encode()


def call(command, options, columns=None):
    """Runs `command` on the four float64 contiguous arrays `columns` (or on options['path'])."""
    if columns is None:
        pointers, count = (None, None, None, None), 0
    else:
        pointers = tuple(column.ctypes.data for column in columns)
        count = len(columns[0])
    handle = lib.locomotion_call(command.encode(), options_text(options), *pointers, count)
    result = Result(handle)
    notes = result.text("warnings")
    if notes:
        warnings.warn(notes.rstrip("\n"), LocomotionWarning, stacklevel=3)
    return result


def table_schema(table):
    """[(name, kind)] of a table of the command line (ResultTable), kinds string, double, long, boolean."""
    result = Result(lib.locomotion_table_schema(table.encode()))
    return [tuple(line.split(":", 1)) for line in result.text("schema").splitlines()]
