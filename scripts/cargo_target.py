"""Where cargo puts this repository's builds, for the cross-check scripts."""

import json
import os
import subprocess


def release_example(name):
    """The release build of example `name` in cargo's target directory
    (which CARGO_TARGET_DIR may move), asked of cargo in this script's
    repository, from any working directory."""
    repository = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    try:
        metadata = subprocess.run(
            ["cargo", "metadata", "--format-version", "1", "--no-deps"],
            cwd=repository, capture_output=True, text=True, check=True,
        )
        target = json.loads(metadata.stdout)["target_directory"]
    except (OSError, subprocess.CalledProcessError, ValueError, KeyError):
        target = os.path.join(repository, "target")
    return os.path.join(target, "release", "examples", name)
