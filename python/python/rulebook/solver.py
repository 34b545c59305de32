"""The Connect Four solver's complete opening book, built on demand into a
cache directory (it is not shipped in the package)::

    python -m rulebook.solver build-book [--depth N] [--dir DIR] [--threads N]

The book holds the exact score of every position with at most ``--depth``
stones (8 by default), merged with the built-in book's lines of perfect
play. ``DIR`` is ``$XDG_CACHE_HOME/rulebook`` (else ``~/.cache/rulebook``)
by default, where ``rulebook.Solver()`` looks for it: once it is built,
grading positions of the opening takes milliseconds instead of seconds to
minutes. Ctrl-C stops a build; running the command again goes on from
where it stopped. ``python -m rulebook.solver where`` prints the book's
path.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import List, Optional, Union

from rulebook._rulebook import build_opening_book, opening_book_path

#: The depth ``build-book`` builds by default: every position of at most 8
#: stones (91,295 positions with 8 stones to solve, mirror images once).
DEFAULT_DEPTH = 8

__all__ = ["DEFAULT_DEPTH", "book_path", "build_book", "main"]


def book_path(directory: Union[str, "os.PathLike[str]", None] = None) -> Path:
    """The opening book's file in ``directory`` (by default the cache
    directory ``rulebook.Solver()`` reads), built or not."""
    return Path(opening_book_path(None if directory is None else os.fspath(directory)))


def _report(solved: int, total: int, seconds: float) -> None:
    rate = solved / seconds if seconds > 0 else 0.0
    left = (total - solved) / rate if rate > 0 else float("nan")
    print(
        f"  {solved:,} of {total:,} deepest positions solved, {seconds:.0f} s, about {left:.0f} s left",
        file=sys.stderr,
        flush=True,
    )


def build_book(
    depth: int = DEFAULT_DEPTH,
    directory: Union[str, "os.PathLike[str]", None] = None,
    *,
    threads: int = 1,
    progress: bool = True,
) -> Path:
    """Builds the complete opening book of ``depth`` stones into
    ``directory`` (the default cache directory when None) on ``threads``
    threads and returns its path; ``progress`` prints how far it got to
    stderr every 30 seconds. KeyboardInterrupt stops it (what was solved is
    kept for the next build)."""
    path = build_opening_book(
        depth,
        None if directory is None else os.fspath(directory),
        threads=threads,
        progress=_report if progress else None,
    )
    return Path(path)


def main(argv: Optional[List[str]] = None) -> int:
    """The command line: ``build-book`` or ``where``."""
    parser = argparse.ArgumentParser(
        prog="python -m rulebook.solver",
        description="The Connect Four solver's opening book, built into a cache directory.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    build = commands.add_parser("build-book", help="build the complete opening book")
    build.add_argument(
        "--depth", type=int, default=DEFAULT_DEPTH, help=f"stones of the deepest positions (default {DEFAULT_DEPTH})"
    )
    build.add_argument("--dir", help="the cache directory (default $XDG_CACHE_HOME/rulebook or ~/.cache/rulebook)")
    build.add_argument("--threads", type=int, default=1, help="worker threads (default 1)")
    where = commands.add_parser("where", help="print the book's path")
    where.add_argument("--dir", help="the cache directory")
    args = parser.parse_args(argv)
    try:
        if args.command == "where":
            path = book_path(args.dir)
            print(path if path.is_file() else f"{path} (not built)")
            return 0
        print(f"building the opening book of depth {args.depth} ...", file=sys.stderr, flush=True)
        path = build_book(args.depth, args.dir, threads=args.threads)
    except KeyboardInterrupt:
        print("stopped: run the command again to go on", file=sys.stderr)
        return 130
    except (OSError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(f"wrote {path} ({path.stat().st_size:,} bytes)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
