"""The table scene: cards, piles, panels, gestures → engine commands."""
