"""Sound in: the microphone, end of speech, voice activity, the noise floor, levels and echo cancelling."""
