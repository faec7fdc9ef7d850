"""Wyoming clients: the private asyncio link, a speech-to-text recogniser, a text-to-speech speaker, a satellite."""
