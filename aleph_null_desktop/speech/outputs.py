"""Where spoken words go: the player's own screen reader or speech service.

`accessible_output2` (the optional extra ``speech``) speaks through NVDA, JAWS, SAPI, VoiceOver and
others; on Linux speech-dispatcher's own client `spd-say` (Debian: speech-dispatcher) is used when
that finds no output. `find_output()` tries them in turn and returns the first that answers, or
None and the reason. Every call may take a while: they are made only on the speaker's thread."""

from __future__ import annotations

import contextlib
import io
import logging
import shutil
import subprocess

log = logging.getLogger(__name__)

PROBE_SECONDS = 3.0  # a speech service that does not answer by then is taken as absent


class AccessibleOutput:
    """accessible_output2's first available output (a screen reader, the system's voice)."""

    name = "accessible_output2"

    def __init__(self) -> None:
        with contextlib.redirect_stdout(io.StringIO()):  # it prints what it could not load
            from accessible_output2.outputs.auto import Auto

            self._auto = Auto()
            self._output = self._auto.get_first_available_output()
        if self._output is None:
            raise OSError("accessible_output2 found no screen reader or voice")
        self.name = f"accessible_output2 ({getattr(self._output, 'name', type(self._output).__name__)})"

    def speak(self, text: str, interrupt: bool, language: str) -> None:
        self._output.speak(text, interrupt=interrupt)

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self._output.silence()


class SpdSay:
    """speech-dispatcher through its command-line client; each line is sent without waiting."""

    name = "speech-dispatcher (spd-say)"

    def __init__(self) -> None:
        self._command = shutil.which("spd-say")
        if self._command is None:
            raise OSError("spd-say is not installed")
        try:  # -S: stop speaking; it fails at once when speech-dispatcher cannot be reached
            probe = subprocess.run([self._command, "-S"], capture_output=True, timeout=PROBE_SECONDS, check=False)
        except (OSError, subprocess.SubprocessError) as exc:
            raise OSError(f"spd-say did not answer ({exc})") from exc
        if probe.returncode != 0:
            why = probe.stderr.decode("utf-8", "replace").strip().splitlines()
            raise OSError(why[0] if why else f"spd-say failed ({probe.returncode})")
        self._running: list[subprocess.Popen] = []

    def speak(self, text: str, interrupt: bool, language: str) -> None:
        self._running = [p for p in self._running if p.poll() is None]
        if interrupt:
            self.stop()
        self._running.append(subprocess.Popen(
            [self._command, "-N", "aleph-null", "-l", language, "--", text],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))

    def stop(self) -> None:
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            subprocess.run([self._command, "-N", "aleph-null", "-S"], capture_output=True, timeout=PROBE_SECONDS,
                           check=False)


OUTPUTS = (AccessibleOutput, SpdSay)


def find_output(outputs=OUTPUTS):
    """(the first output that works, "") or (None, why none does). Never raises."""
    reasons = []
    for make in outputs:
        try:
            output = make()
        except Exception as exc:  # an absent library or service, whatever it raises
            reasons.append(f"{getattr(make, 'name', make.__name__)}: {exc or type(exc).__name__}")
            continue
        log.info("speech goes to %s", output.name)
        return output, ""
    return None, "; ".join(reasons)
