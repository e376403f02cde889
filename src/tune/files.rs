//! `tune.csv`: one row per finished iteration, written and flushed as it finishes, so a killed
//! tuning loses at most the iteration it was playing. Read back by `--resume`, which continues
//! from the last row's values exactly (they are written in full precision).

use anyhow::Context;
use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

pub const CSV: &str = "tune.csv";

/// One finished iteration.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// 1-based.
    pub iteration: u64,
    /// Games played so far.
    pub games: u64,
    /// Every tuned parameter after the iteration's step, unrounded.
    pub theta: Vec<f64>,
    /// The plus side's total score over the iteration minus the minus side's.
    pub result: f64,
    /// The running variance of a game's score after this iteration (`tune::spread`).
    pub variance: f64,
}

pub struct TuneCsv {
    file: BufWriter<File>,
    path: PathBuf,
}

impl TuneCsv {
    /// A new file with its header.
    pub fn create(dir: &Path, names: &[String]) -> anyhow::Result<TuneCsv> {
        let path = dir.join(CSV);
        let file =
            File::create(&path).with_context(|| format!("cannot create {}", path.display()))?;
        let mut csv = TuneCsv {
            file: BufWriter::new(file),
            path,
        };
        let header = format!("{}\n", header(names));
        csv.write(&header)?;
        Ok(csv)
    }

    /// The rows of an earlier, interrupted tuning: a last line cut off by a kill is dropped
    /// (the file is truncated to the whole rows), and the file is reopened to append.
    pub fn resume(dir: &Path, names: &[String]) -> anyhow::Result<(TuneCsv, Vec<Row>)> {
        let path = dir.join(CSV);
        let text = match crate::input::read_text(&path, crate::input::TUNE_CSV) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok((TuneCsv::create(dir, names)?, Vec::new()));
            }
            Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
        };
        let whole = &text[..text.rfind('\n').map_or(0, |i| i + 1)];
        let damaged = |line: usize, why: &str| {
            anyhow::Error::new(crate::error::UsageError::File {
                path: path.clone(),
                line,
                message: format!("{why}; it cannot be resumed"),
            })
        };
        let mut lines = whole.lines();
        if lines.next() != Some(header(names).as_str()) {
            return Err(damaged(1, "not this tuning's header"));
        }
        let mut rows = Vec::new();
        for (i, line) in lines.enumerate() {
            let row = parse_row(line, names.len())
                .filter(|r| r.iteration == i as u64 + 1)
                .ok_or_else(|| damaged(i + 2, "not a row of this tuning"))?;
            rows.push(row);
        }
        let file = OpenOptions::new()
            .write(true)
            .open(&path)
            .with_context(|| format!("cannot open {}", path.display()))?;
        file.set_len(whole.len() as u64)
            .with_context(|| format!("cannot truncate {}", path.display()))?;
        let mut file = BufWriter::new(file);
        std::io::Seek::seek(&mut file, std::io::SeekFrom::End(0))?;
        Ok((TuneCsv { file, path }, rows))
    }

    /// Appends a row and flushes it to the operating system.
    pub fn push(&mut self, row: &Row) -> anyhow::Result<()> {
        let theta: Vec<String> = row.theta.iter().map(|t| format!("{t}")).collect();
        let line = format!(
            "{},{},{},{},{}\n",
            row.iteration,
            row.games,
            theta.join(","),
            row.result,
            row.variance
        );
        self.write(&line)
    }

    fn write(&mut self, text: &str) -> anyhow::Result<()> {
        self.file
            .write_all(text.as_bytes())
            .and_then(|()| self.file.flush())
            .with_context(|| format!("cannot write {}", self.path.display()))
    }
}

fn header(names: &[String]) -> String {
    format!("iteration,games,{},result,variance", names.join(","))
}

fn parse_row(line: &str, params: usize) -> Option<Row> {
    let fields: Vec<&str> = line.split(',').collect();
    if fields.len() != params + 4 {
        return None;
    }
    let numbers: Vec<f64> = fields[2..]
        .iter()
        .map(|f| f.parse::<f64>().ok().filter(|x| x.is_finite()))
        .collect::<Option<_>>()?;
    Some(Row {
        iteration: fields[0].parse().ok()?,
        games: fields[1].parse().ok()?,
        theta: numbers[..params].to_vec(),
        result: numbers[params],
        variance: numbers[params + 1],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_come_back_exactly_and_a_cut_line_is_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let names = vec!["c".to_string(), "n".to_string()];
        let rows = [
            Row {
                iteration: 1,
                games: 16,
                theta: vec![0.1 + 0.2, 7.25],
                result: -0.125,
                variance: 0.1875,
            },
            Row {
                iteration: 2,
                games: 32,
                theta: vec![1.0 / 3.0, 7.0],
                result: 0.5,
                variance: 0.25,
            },
        ];
        {
            let mut csv = TuneCsv::create(dir.path(), &names).unwrap();
            rows.iter().for_each(|r| csv.push(r).unwrap());
        }
        let path = dir.path().join(CSV);
        let mut text = std::fs::read_to_string(&path).unwrap();
        text.push_str("3,48,0.2");
        std::fs::write(&path, &text).unwrap();
        let (mut csv, back) = TuneCsv::resume(dir.path(), &names).unwrap();
        assert_eq!(back, rows);
        csv.push(&Row {
            iteration: 3,
            games: 48,
            theta: vec![0.5, 6.0],
            result: 0.0,
            variance: 0.0,
        })
        .unwrap();
        drop(csv);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.ends_with("32,0.3333333333333333,7,0.5,0.25\n3,48,0.5,6,0,0\n"),
            "{text}"
        );
        assert!(TuneCsv::resume(dir.path(), &["x".to_string()]).is_err());
    }
}
