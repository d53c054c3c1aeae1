import os
import sys

# fuzz.py sits beside the tests, not in a package.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
