"""Scripts run in a fresh interpreter, for the tests that need a process of
their own: Ctrl-C (a signal to the whole process), memory limits, imports.
"""

import subprocess
import sys
import textwrap


def run_python(code, timeout=300, **options):
    """Runs `code` (dedented) in a new interpreter and returns the
    `subprocess.CompletedProcess`, its output as text."""
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=timeout,
        **options,
    )


def printed_pairs(code, timeout=300):
    """Runs `code`, asserts that it succeeded, and returns the first two words
    of each line it printed, with the whole output for messages."""
    result = run_python(code, timeout)
    assert result.returncode == 0, result.stderr
    return [line.split()[:2] for line in result.stdout.splitlines()], result.stdout
