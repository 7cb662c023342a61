"""Quick entry left aside: the rebuilt builder walked on its drawing (see after.py, DrawingDriver)."""
from ttr_drivers.after import DrawingDriver as Driver  # noqa: F401
