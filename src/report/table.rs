//! Plain-text tables for the terminal: columns padded to their widest cell, text left-aligned
//! and numbers right-aligned.

pub struct Table {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl Table {
    pub fn new(header: &[&str]) -> Table {
        Table {
            header: header.iter().map(|h| h.to_string()).collect(),
            rows: Vec::new(),
        }
    }

    pub fn row(&mut self, cells: Vec<String>) {
        debug_assert_eq!(cells.len(), self.header.len());
        self.rows.push(cells);
    }

    pub fn render(&self) -> String {
        let widths: Vec<usize> = (0..self.header.len())
            .map(|c| {
                self.rows
                    .iter()
                    .map(|r| r[c].chars().count())
                    .chain([self.header[c].chars().count()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let mut out = String::new();
        for (i, row) in std::iter::once(&self.header).chain(&self.rows).enumerate() {
            let cells: Vec<String> = row
                .iter()
                .zip(&widths)
                .enumerate()
                .map(|(c, (cell, &w))| {
                    if c > 0 && i > 0 && looks_numeric(cell) {
                        format!("{cell:>w$}")
                    } else {
                        format!("{cell:<w$}")
                    }
                })
                .collect();
            out.push_str("  ");
            out.push_str(cells.join("  ").trim_end());
            out.push('\n');
        }
        out
    }
}

fn looks_numeric(cell: &str) -> bool {
    cell.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '+')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pads_columns_and_right_aligns_numbers() {
        let mut t = Table::new(&["bot", "elo"]);
        t.row(vec!["nice".into(), "12.5".into()]);
        t.row(vec!["do-nothing".into(), "-300.0".into()]);
        assert_eq!(
            t.render(),
            "  bot         elo\n  nice          12.5\n  do-nothing  -300.0\n"
        );
    }
}
