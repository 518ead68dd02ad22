"""Rituals beyond one sitting: ritual codes (code.py), the daily ritual (daily.py)."""
