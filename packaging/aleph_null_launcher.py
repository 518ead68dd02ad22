"""Entry point frozen by PyInstaller (packaging/aleph-null.spec): the same `main()` as the
`aleph-null` console script and `python -m aleph_null_desktop`."""

import sys

from aleph_null_desktop.cli import main

if __name__ == "__main__":
    sys.exit(main())
