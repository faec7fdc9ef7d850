"""An enrolled player's own voice: templates of the answer words and the recogniser wrapper that uses them."""
