"""The script to give `spark-submit`: `spark-submit "$(locomotion-spark-submit-path)" INPUT… --output …`."""

import os
import sys

if __package__ in (None, ""):
    # Run as a file by spark-submit: make the package importable from its own folder.
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from locomotion_spark.job import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
