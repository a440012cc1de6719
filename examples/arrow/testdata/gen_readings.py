#!/usr/bin/env python3
"""Writes readings.arrow, the Arrow IPC file examples/arrow reads.

Made with pyarrow 26.0.1 (scripts/setup-peers.sh installs it into the
peers' venv):

    .venv/bin/python examples/arrow/testdata/gen_readings.py

The table is in the forms a pandas or Parquet pipeline hands over: the
sensor names dictionary-encoded (a categorical), timestamps in
nanoseconds with a time zone, the values a large_list, the notes a
string_view with missing values, and the columns in their own order rather
than sorted by name as a row schema is.
"""
import os

import pyarrow as pa

HERE = os.path.dirname(os.path.abspath(__file__))

table = pa.table({
    "sensor": pa.array(["boiler", "attic", "boiler"]).dictionary_encode(),
    "values": pa.array([[21.5, 21.75], [], [22.0]], pa.large_list(pa.float64())),
    "at": pa.array([1_717_236_000_000_000_000, 1_717_236_060_000_000_000, 1_717_236_120_500_000_000],
                   pa.timestamp("ns", tz="UTC")),
    "note": pa.array([None, "battery low", None], pa.string_view()),
})

with pa.ipc.new_file(os.path.join(HERE, "readings.arrow"), table.schema) as w:
    w.write_table(table)
