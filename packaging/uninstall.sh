#!/bin/sh
# Removes what install.sh installed for you. Your rituals, statistics, cards and settings
# (~/.local/share/aleph-null, ~/.config/aleph-null) stay.
set -eu
data=${XDG_DATA_HOME:-$HOME/.local/share}
rm -f "$HOME/.local/bin/aleph-null" "$data/applications/aleph-null.desktop" \
      "$data/metainfo/io.github.alephnull.AlephNull.metainfo.xml"
for size in 16 32 48 64 128 256; do
  rm -f "$data/icons/hicolor/${size}x${size}/apps/aleph-null.png"
done
rm -rf "$HOME/.local/opt/aleph-null"
rmdir "$HOME/.local/opt" 2>/dev/null || true
echo "Aleph Null is uninstalled (your rituals and settings are kept)."
