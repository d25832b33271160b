//! A list's points table as plain data: validators fill it, the human reporter draws it.

use crate::report::new_table;
use comfy_table::{Cell, CellAlignment};

/// Rows of cells under a header; numbers are right-aligned when drawn.
#[derive(Debug, Clone, Default)]
pub struct PointsTable {
    pub header: Vec<&'static str>,
    pub rows: Vec<Vec<TableCell>>,
}

#[derive(Debug, Clone)]
pub struct TableCell {
    pub text: String,
    pub number: bool,
}

impl TableCell {
    pub fn text(text: impl Into<String>) -> Self {
        TableCell {
            text: text.into(),
            number: false,
        }
    }

    pub fn number(text: impl Into<String>) -> Self {
        TableCell {
            text: text.into(),
            number: true,
        }
    }

    pub fn empty() -> Self {
        TableCell::text("")
    }
}

impl PointsTable {
    pub fn new(header: Vec<&'static str>) -> Self {
        PointsTable {
            header,
            rows: Vec::new(),
        }
    }

    pub fn row(&mut self, cells: Vec<TableCell>) {
        self.rows.push(cells);
    }

    /// The table as the terminal shows it.
    pub fn render(&self) -> String {
        let mut table = new_table(self.header.clone());
        for row in &self.rows {
            table.add_row(row.iter().map(|cell| {
                let drawn = Cell::new(crate::report::visible(&cell.text));
                if cell.number {
                    drawn.set_alignment(CellAlignment::Right)
                } else {
                    drawn
                }
            }));
        }
        table.to_string()
    }
}
