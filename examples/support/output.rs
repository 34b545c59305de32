//! Printing results to standard output when the reader may go away:
//! `perft ... | head -3` closes the pipe early, and `println!` would then
//! panic. `outln!` writes the line, and when standard output is closed the
//! program stops quietly with exit code 0 (the reader has what it wanted).

use std::io::Write;

/// Writes one formatted line to standard output; exits with code 0 if
/// standard output is closed.
pub fn write_line(line: std::fmt::Arguments<'_>) {
    let mut stdout = std::io::stdout().lock();
    if stdout
        .write_fmt(line)
        .and_then(|()| stdout.write_all(b"\n"))
        .and_then(|()| stdout.flush())
        .is_err()
    {
        std::process::exit(0);
    }
}

/// `println!` that stops the program quietly when standard output is
/// closed, instead of panicking.
macro_rules! outln {
    () => {
        $crate::output::write_line(format_args!(""))
    };
    ($($arg:tt)*) => {
        $crate::output::write_line(format_args!($($arg)*))
    };
}
pub(crate) use outln;
