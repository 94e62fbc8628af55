"""Ships (Martin Wallace, 2015): game data now; the rules engine comes later."""
