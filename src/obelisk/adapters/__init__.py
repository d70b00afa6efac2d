"""Research interfaces: PettingZoo and OpenSpiel over any registered game (``obelisk[rl]``)."""
