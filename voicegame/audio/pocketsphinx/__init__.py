"""PocketSphinx: the grammar recogniser, its model files, the phone loop and the checks and thresholds that accept or reject what it heard."""
