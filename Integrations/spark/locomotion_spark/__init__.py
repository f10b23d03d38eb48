"""Run the `locomotion` command-line tool over a cohort on Apache Spark (see Docs/cohorts.md)."""

from .participants import ParticipantPattern, participant_of
from .tables import TABLES, parse_table

__all__ = ["ParticipantPattern", "participant_of", "TABLES", "parse_table"]
__version__ = "0.1.0"
