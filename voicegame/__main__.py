import sys

from voicegame.cli.main import main

sys.exit(main())
