"""Tables of the command line (CSV text, the columns of LocomotionIO's ResultTable) as pandas DataFrames."""
import io
import json

import numpy as np
import pandas as pd

from . import _native

_schemas = {}
# Numbers must read back exactly as the library wrote them: pandas before 3 needs the round-trip parser for that;
# from 3 on its default parser is exact and the option is deprecated.
_exact = {"float_precision": "round_trip"} if int(pd.__version__.split(".")[0]) < 3 else {}


def schema(table):
    if table not in _schemas:
        _schemas[table] = _native.table_schema(table)
    return _schemas[table]


def frame(text, table):
    """The CSV `text` of `table` as a DataFrame: doubles float64 (NaN where empty), longs Int64 (nullable),
    strings str, booleans bool; numbers read back exactly as written (round-trip parsing)."""
    columns = schema(table)
    header = text.split("\n", 1)[0].split(",")
    kinds = dict(columns)
    dtypes, converters = {}, {}
    for name in header:
        kind = kinds.get(name, "string")
        if kind == "double":
            dtypes[name] = np.float64
        elif kind == "long":
            dtypes[name] = "Int64"
        elif kind == "boolean":
            converters[name] = lambda value: value == "true"
        else:
            dtypes[name] = str
    strings = [name for name in header if kinds.get(name, "string") == "string"]
    data = pd.read_csv(io.StringIO(text), dtype=dtypes, converters=converters, **_exact,
                       keep_default_na=False, na_values={name: [""] for name in header if name not in strings})
    return data


def json_frame(text):
    """JSON Lines (label's explanation) as a DataFrame, one row a line, keys as columns."""
    rows = [json.loads(line) for line in text.splitlines() if line]
    return pd.DataFrame(rows)
