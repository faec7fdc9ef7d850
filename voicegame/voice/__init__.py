"""The command language: phrase templates -> parser -> resolver, and the recogniser grammar."""
