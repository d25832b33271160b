use super::color::{Stream, use_color};
use comfy_table::{Attribute, Cell, ContentArrangement, Row, Table, presets::UTF8_FULL_CONDENSED};

/// The table style every report uses. Tables are data, printed on stdout: with colour on
/// (see `--color`) the header is bold, also into a pipe under `--color always`.
pub fn new_table<T: Into<Row>>(header: T) -> Table {
    let mut table = Table::new();
    table
        .load_style(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic);
    if !table.is_tty() {
        table.set_width(100);
    }
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
