#!/bin/sh
# Installs Aleph Null for you alone (no root): run it from the unpacked folder, ./install.sh
#   the game          ~/.local/opt/aleph-null/
#   the command       ~/.local/bin/aleph-null
#   the menu entry    ~/.local/share/applications/aleph-null.desktop
#   the icons         ~/.local/share/icons/hicolor/<size>/apps/aleph-null.png
#   the description   ~/.local/share/metainfo/io.github.alephnull.AlephNull.metainfo.xml
# ~/.local/opt/aleph-null/uninstall.sh takes it all away again (your rituals and settings stay).
set -eu
src=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
dest=$HOME/.local/opt/aleph-null
bin=$HOME/.local/bin
[ -x "$src/aleph-null" ] || { echo "install.sh: run it from the unpacked aleph-null folder" >&2; exit 1; }
if [ "$src" != "$dest" ]; then
  rm -rf "$dest"
  mkdir -p "$dest"
  cp -R "$src/." "$dest/"
fi
mkdir -p "$bin"
ln -sf "$dest/aleph-null" "$bin/aleph-null"
for size in 16 32 48 64 128 256; do
  mkdir -p "$data/icons/hicolor/${size}x${size}/apps"
  cp "$dest/_internal/assets/icons/app/aleph-null-$size.png" "$data/icons/hicolor/${size}x${size}/apps/aleph-null.png"
done
mkdir -p "$data/applications" "$data/metainfo"
# the menu starts programs without ~/.local/bin on its PATH: name the command in full
sed -e "s|^Exec=aleph-null|Exec=$bin/aleph-null|" -e "s|^TryExec=aleph-null|TryExec=$bin/aleph-null|" \
  "$dest/_internal/share/applications/aleph-null.desktop" > "$data/applications/aleph-null.desktop"
cp "$dest/_internal/share/metainfo/io.github.alephnull.AlephNull.metainfo.xml" "$data/metainfo/"
echo "Aleph Null is installed: it is in your menu, and the command is $bin/aleph-null"
case ":$PATH:" in *":$bin:"*) ;; *) echo "($bin is not on your PATH; the menu entry works anyway)";; esac
