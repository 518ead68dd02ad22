"""Why the system refused a path the player gave, as a short phrase in the player's language.

``reason(err)`` turns what a file operation on a typed or dropped path can raise — an OSError
(a name too long, no permission, a symbolic-link loop, a folder where a file was meant), the
ValueError of a NUL in a name, the RuntimeError of ``~someone`` with no home folder — into words.
Any other error gives the system's own text, made safe to show. ``said_later(err)`` is the same
phrase as an i18n Message, for a message kept and shown later (in the language of that moment)."""

from __future__ import annotations

import errno

from aleph_null_desktop.i18n import N_, Message, later
from aleph_null_desktop.safe_text import safe_message

#: what a file operation on a path raises when the path itself is the problem
PATH_ERRORS = (OSError, ValueError, RuntimeError)

_REASONS = {
    errno.ENAMETOOLONG: N_("the name is too long for the system"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.ELOOP: N_("the path goes round in a loop of links"),
    errno.EISDIR: N_("it is a folder"),
    errno.ENOTDIR: N_("a part of the path is not a folder"),
    errno.ENOENT: N_("there is no such file or folder"),
    errno.EROFS: N_("the disk is read-only"),
    errno.ENOSPC: N_("the disk is full"),
    errno.EINVAL: N_("the system does not allow that name"),
    errno.EIO: N_("the disk could not be read or written"),
    errno.EEXIST: N_("something of that name is in the way"),
    errno.EDQUOT: N_("the disk quota is used up"),
    errno.EMFILE: N_("too many files are open"),
    errno.EBUSY: N_("the file is in use"),
    errno.ENXIO: N_("it is a special file with nothing behind it"),
    errno.ETXTBSY: N_("the file is in use"),
}


def reason(err: BaseException) -> str:
    """A phrase saying why *err* happened (no full stop, lower case)."""
    return str(said_later(err))


def said_later(err: BaseException) -> Message | str:
    """reason(err), translated each time it is shown."""
    if isinstance(err, OSError) and err.errno in _REASONS:
        return later(_REASONS[err.errno])
    if isinstance(err, ValueError) and "null" in str(err):
        return later("the name holds a NUL character")
    if isinstance(err, RuntimeError) and "home directory" in str(err):
        return later("there is no such home folder")
    text = getattr(err, "strerror", None) or str(err) or type(err).__name__
    return safe_message(text, 120)
