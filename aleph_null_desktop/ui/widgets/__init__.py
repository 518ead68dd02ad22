"""Controls shared by several screens: buttons, the sound controls."""
