"""locomotion.MotionEngine: the streaming engine (Locomotion's MotionEngine) driven from Python."""
import ctypes
from collections import namedtuple

import numpy as np

from . import _native

# The names the library's event indices stand for, from the library itself (never a second list to keep in step).
_names = {key: value.split(",") for key, value in (
    line.split(":", 1) for line in _native.Result(_native.lib.locomotion_event_names()).text("names").splitlines())}
_activities, _confidences, _modes, _carry = _names["activity"], _names["confidence"], _names["mode"], _names["carry"]

Event = namedtuple("Event", "kind time value detail")
Event.__doc__ = """One event of the engine: kind, time (s) and, by kind,
activity: value the activity, detail the confidence (the segment starts at time);
step: a step at time; bout: a walking bout ended at time, value its start, detail its steps;
mode: the recording mode changed to value; distance: value the day's metres so far;
samples_began, samples_ended: at time; gap: from time to value; carry: value the carry state."""

_BUFFERED = 1024

_kinds = {1: "activity", 2: "step", 3: "bout", 4: "mode", 5: "distance", 6: "samples_began", 7: "gap",
          8: "samples_ended", 9: "carry"}


def _event(row):
    kind = _kinds[int(row[0])]
    time, a, b = float(row[1]), row[2], row[3]
    if kind == "activity":
        return Event(kind, time, _activities[int(a)], _confidences[int(b)])
    if kind == "bout":
        return Event(kind, time, float(a), int(b))
    if kind == "mode":
        return Event(kind, time, _modes[int(a)], None)
    if kind == "carry":
        return Event(kind, time, _carry[int(a)], None)
    if kind in ("distance", "gap"):
        return Event(kind, time, float(a), None)
    return Event(kind, time, None, None)


class MotionEngine:
    """The streaming engine: push chunks of samples as they arrive, get the events they settle.

        engine = locomotion.MotionEngine(time_zone="Europe/Zurich")
        for chunk in chunks:                       # DataFrames or arrays, times increasing
            for event in engine.push(chunk["timestamp"], chunk["x"], chunk["y"], chunk["z"]):
                ...
        state = engine.snapshot()                  # bytes; MotionEngine.restore(state) continues
        events = engine.finish()

    units: "g" or "ms2" (not "auto": chunks come one by one, with no first rows to decide on); smoothing: "lagged" (default: each decision final after the temporal model's lag, what a
    phone reports) or "full". time_zone: IANA name or UTC+HH:MM for local days (default: this system's zone).
    """

    def __init__(self, time_zone=None, units="g", smoothing="lagged", _snapshot=None):
        self._options = _native.options_text({"time_zone": time_zone, "units": units, "smoothing": smoothing})
        handle = ctypes.c_void_p()
        length = len(_snapshot) if _snapshot is not None else 0
        result = _native.lib.locomotion_engine_new(self._options, _snapshot, length, ctypes.byref(handle))
        _native.Result(result)  # raises for bad options
        self._handle = handle.value
        self._message = ctypes.c_void_p()
        self._message_reference = ctypes.byref(self._message)
        self._push = _native.lib.locomotion_engine_push
        # Small chunks are copied into this buffer, whose row addresses are known once: asking numpy for the address of
        # four arrays costs more (several µs each) than copying a second of samples (4 × 50 doubles).
        self._buffer = np.empty((4, _BUFFERED), dtype=np.float64)
        base, stride = self._buffer.ctypes.data, self._buffer.strides[0]
        self._rows = tuple(base + row * stride for row in range(4))

    @classmethod
    def restore(cls, snapshot, units="g"):
        """The engine saved by `snapshot()` (its configuration and time zone come with it)."""
        return cls(units=units, _snapshot=bytes(snapshot))

    def push(self, timestamp, x, y, z):
        """Pushes samples (times in s, increasing; acceleration in the engine's units); returns their events
        (a list, usually empty). Up to 1024 samples are copied into the engine's buffer (cheaper than reading four
        arrays in place); longer chunks are read in place where they are float64 and contiguous."""
        n = len(timestamp)
        if not len(x) == len(y) == len(z) == n:
            raise ValueError(f"timestamp, x, y and z must have the same length (got {n}, {len(x)}, {len(y)}, {len(z)})")
        if n <= _BUFFERED:
            buffer = self._buffer
            buffer[0, :n] = timestamp
            buffer[1, :n] = x
            buffer[2, :n] = y
            buffer[3, :n] = z
            time_row, x_row, y_row, z_row = self._rows
            count = self._push(self._handle, time_row, x_row, y_row, z_row, n, self._message_reference)
        else:
            columns = [np.ascontiguousarray(column, dtype=np.float64) for column in (timestamp, x, y, z)]
            count = self._push(self._handle, columns[0].ctypes.data, columns[1].ctypes.data, columns[2].ctypes.data,
                               columns[3].ctypes.data, n, self._message_reference)
        if count < 0:
            message = self._message.value
            self._message = ctypes.c_void_p()
            _native.Result(message)
        return self._events(count) if count else []

    def finish(self):
        """Ends the stream; returns the last events (the open segment's end, the last bout)."""
        return self._events(_native.lib.locomotion_engine_finish(self._handle))

    def snapshot(self):
        """The engine's whole state as bytes (JSON), to continue later with `MotionEngine.restore`."""
        result = _native.Result(_native.lib.locomotion_engine_snapshot(self._handle))
        return result.text("snapshot").encode()

    def _events(self, count):
        if count == 0:
            return []
        rows = np.ctypeslib.as_array(_native.lib.locomotion_engine_events(self._handle), shape=(count, 4))
        return [_event(row) for row in rows]

    def __del__(self):
        if getattr(self, "_handle", None):
            _native.lib.locomotion_engine_free(self._handle)
            self._handle = None
