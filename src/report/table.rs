use super::color::{Stream, use_color};
use comfy_table::{Attribute, Cell, ContentArrangement, Row, Table, presets::UTF8_FULL_CONDENSED};

/// Width of tables when the terminal's is unknown (a pipe, a file, CI).
pub const FALLBACK_TABLE_WIDTH: u16 = 100;

/// The table style every report uses. Tables are data, printed on stdout: with colour on
/// (see `--color`) the header is bold, also into a pipe under `--color always`.
pub fn new_table<T: Into<Row>>(header: T) -> Table {
    let mut table = Table::new();
    table
        .load_style(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(table_width());
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

/// The width to lay tables out in: `COLUMNS`, else the terminal's if it has a sane one.
/// (comfy-table's own reading squeezes every column to one character when a terminal
/// reports a width of 0.)
fn table_width() -> u16 {
    let width = super::output_width(Stream::Stdout, usize::from(FALLBACK_TABLE_WIDTH));
    u16::try_from(width).unwrap_or(u16::MAX)
}
