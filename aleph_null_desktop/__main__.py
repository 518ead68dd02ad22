import sys

from aleph_null_desktop.cli import main

sys.exit(main())
