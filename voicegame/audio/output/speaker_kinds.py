"""The names of the speech outputs ``make_speaker`` builds, apart from the speakers' modules (which load
numpy and the speech engines), so that building the ``play`` options costs nothing."""

KINDS = ("auto", "pyttsx3", "speechd", "print", "recorder", "wyoming")
