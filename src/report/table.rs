use comfy_table::{ContentArrangement, Table, presets::UTF8_FULL_CONDENSED};

/// The table style every report uses.
pub fn new_table<T: Into<comfy_table::Row>>(header: T) -> Table {
    let mut table = Table::new();
    table
        .load_style(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_header(header);
    if !table.is_tty() {
        table.set_width(100);
    }
    table
}
