"""Drawing: cached layers, bounded surface caches, card faces, text, fonts, icons, tweens, memory."""
