"""`python -m boundedcode`: the `bcode` command."""

import sys

from .cli import main

sys.exit(main())
