"""Sound out: the speakers (text to speech) behind one contract, the sound device, earcons and mixing."""
