"""Scripts run in a fresh interpreter, for the tests that need a process of
their own: Ctrl-C (a signal to the whole process), memory limits, imports.
"""

import signal
import subprocess
import sys
import textwrap


def default_sigint():
    """Gives the child process the default SIGINT disposition before it
    starts Python, which then turns SIGINT into `KeyboardInterrupt`.

    A runner that starts the tests with SIGINT ignored (a shell's background
    job, some CI services) passes that on to every child, and a Python that
    starts with SIGINT ignored keeps ignoring it: the Ctrl-C tests would then
    wait for a search of minutes instead of interrupting it. Pass this as
    `preexec_fn` to every process a test sends SIGINT to."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run_python(code, timeout=300, **options):
    """Runs `code` (dedented) in a new interpreter and returns the
    `subprocess.CompletedProcess`, its output as text."""
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=default_sigint,
        **options,
    )


def printed_pairs(code, timeout=300):
    """Runs `code`, asserts that it succeeded, and returns the first two words
    of each line it printed, with the whole output for messages."""
    result = run_python(code, timeout)
    assert result.returncode == 0, result.stderr
    return [line.split()[:2] for line in result.stdout.splitlines()], result.stdout
