//! The ConnectX size flags shared by the examples: `--rows R`,
//! `--columns C`, `--in-a-row K`, each defaulting to Connect Four's.

use rulebook::connectx::Parameters;

/// The flags' lines for a usage text, each indented as the other flags'
/// lines are (a line continuation `\` would strip the first line's
/// indent).
pub const CONNECTX_FLAGS_USAGE: &str =
    "  --rows R       ConnectX: rows of the board (1-16, default 6)
  --columns C    ConnectX: columns of the board (1-16, default 7)
  --in-a-row K   ConnectX: tokens in a line that win (2-16, default 4)";

/// Takes the ConnectX size flags out of `args`: the parameters (`None`
/// when no flag is given; a flag left out keeps Connect Four's value) and
/// the other arguments, in order. The error says what was wrong, in a
/// sentence.
pub fn take_connectx_flags(args: &[String]) -> Result<(Option<Parameters>, Vec<String>), String> {
    let default = Parameters::CONNECT_FOUR;
    let mut size = [default.rows(), default.columns(), default.in_a_row()];
    let mut given = false;
    let mut rest = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let slot = match arg.as_str() {
            "--rows" => 0,
            "--columns" => 1,
            "--in-a-row" => 2,
            _ => {
                rest.push(arg.clone());
                continue;
            }
        };
        let value = args.next().ok_or_else(|| format!("{arg} needs a value"))?;
        size[slot] = value
            .parse()
            .map_err(|_| format!("{arg} takes a whole number, not {value:?}"))?;
        given = true;
    }
    let [rows, columns, in_a_row] = size;
    let parameters = given
        .then(|| Parameters::new(rows, columns, in_a_row))
        .transpose()
        .map_err(|e| format!("impossible ConnectX board: {e}"))?;
    Ok((parameters, rest))
}
