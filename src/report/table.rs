use super::color::{Stream, use_color};
use comfy_table::{Attribute, Cell, ContentArrangement, Row, Table, presets::UTF8_FULL_CONDENSED};

/// Width of tables when the terminal's is unknown (a pipe, a file, CI).
pub const FALLBACK_TABLE_WIDTH: u16 = 100;

/// Narrower than this, a reported terminal width is taken for a wrong reading (some
/// terminals and CI runners report 0), not a real window.
const NARROWEST_TERMINAL: u16 = 20;

/// The table style every report uses. Tables are data, printed on stdout: with colour on
/// (see `--color`) the header is bold, also into a pipe under `--color always`.
pub fn new_table<T: Into<Row>>(header: T) -> Table {
    let mut table = Table::new();
    table
        .load_style(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(table_width(
            terminal_size::terminal_size_of(std::io::stdout()).map(|(w, _)| w.0),
        ));
    let header: Row = header.into();
    if use_color(Stream::Stdout) {
        let bold: Vec<Cell> = header
            .cell_iter()
            .map(|cell| Cell::new(cell.content()).add_attribute(Attribute::Bold))
            .collect();
        table.set_header(bold).enforce_styling();
    } else {
        table.set_header(header);
    }
    table
}

/// The width to lay tables out in, from the terminal's width if it has a sane one.
/// (comfy-table's own reading squeezes every column to one character when a terminal
/// reports a width of 0.)
fn table_width(terminal: Option<u16>) -> u16 {
    terminal
        .filter(|&w| w >= NARROWEST_TERMINAL)
        .unwrap_or(FALLBACK_TABLE_WIDTH)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_width_of_zero_or_none_falls_back() {
        assert_eq!(table_width(Some(0)), FALLBACK_TABLE_WIDTH);
        assert_eq!(table_width(None), FALLBACK_TABLE_WIDTH);
        assert_eq!(table_width(Some(160)), 160);
    }
}
