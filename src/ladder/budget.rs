//! The disk budget (`--disk-budget`): what the ladder's games leave in the output folder, the
//! records of their moves (`records`), the programs' logs (`logs/`) and the ladder's own log
//! (which turns over by itself, [`super::log`]), is kept under a size. Checked at each standings refresh; once over, the oldest records (by deal number)
//! are removed until the records and logs take nine tenths of the budget (so pruning comes
//! in steps, not at every refresh), then the logs of entries not playing now, oldest first.
//! The results are in the store and are never removed; a pruned game's entry page says
//! "record pruned" (the deal below which every record is gone is kept in
//! `records/pruned-below`).
//!
//! The records' size is counted once and then kept up as records are written; the folder is
//! walked again only when the count passes the budget, so a ladder of 100,000 records does
//! not list them at every refresh, and a count that drifted (files removed by hand) is put
//! right before anything is pruned.

use super::records::{DIR, PRUNED, deal_of, folder_name, pruned_below};
use crate::input::write_atomically;
use std::path::{Path, PathBuf};

/// What the records and logs may take.
pub struct Disk {
    budget: u64,
    /// The records' bytes, once counted.
    records: Option<u64>,
    /// Whether the logs of the programs playing now were said to be over the budget alone.
    warned: bool,
}

/// One file that counts.
struct Kept {
    path: PathBuf,
    bytes: u64,
}

impl Disk {
    pub fn new(budget: u64) -> Disk {
        Disk {
            budget,
            records: None,
            warned: false,
        }
    }

    /// A record of `bytes` was written.
    pub fn kept(&mut self, bytes: u64) {
        if let Some(records) = &mut self.records {
            *records += bytes;
        }
    }

    /// Prunes `out` down to the budget if it is over; `playing` are the entries whose logs
    /// are being written. What was done, as lines for the ladder's log.
    pub fn check(&mut self, out: &Path, playing: &[String]) -> std::io::Result<Vec<String>> {
        let logs = logs(out)?;
        let ladder_log: u64 = (super::log::files(out).iter())
            .filter_map(|path| std::fs::metadata(path).ok())
            .map(|m| m.len())
            .sum();
        let logs_bytes = ladder_log + logs.iter().map(|(kept, _)| kept.bytes).sum::<u64>();
        let counted = match self.records {
            Some(records) => records,
            None => *self
                .records
                .insert(records(out)?.iter().map(|k| k.bytes).sum()),
        };
        if counted + logs_bytes <= self.budget {
            return Ok(Vec::new());
        }
        let records = records(out)?;
        let mut total = logs_bytes + records.iter().map(|k| k.bytes).sum::<u64>();
        let target = self.budget / 10 * 9;
        let (mut pruned, mut below) = (0, None);
        for record in &records {
            if total <= target {
                break;
            }
            std::fs::remove_file(&record.path)?;
            total -= record.bytes;
            pruned += 1;
            below = (record.path.file_name().and_then(|n| n.to_str())).and_then(deal_of);
        }
        if let Some(deal) = below {
            // A deal taken over from a dead worker is recorded late: its number may lie
            // below what was pruned before, which stays pruned.
            let below = pruned_below(out).max(deal + 1);
            let file = out.join(DIR).join(PRUNED);
            write_atomically(&file, format!("{below}\n").as_bytes())
                .map_err(std::io::Error::other)?;
            remove_empty_folders(&out.join(DIR))?;
        }
        self.records = Some(records[pruned..].iter().map(|k| k.bytes).sum());
        let mut idle: Vec<&(Kept, String)> = (logs.iter())
            .filter(|(_, entry)| !playing.contains(entry))
            .collect();
        idle.sort_by_key(|(kept, _)| {
            std::fs::metadata(&kept.path)
                .and_then(|m| m.modified())
                .ok()
        });
        let mut removed_logs = 0;
        for (log, _) in idle {
            if total <= target {
                break;
            }
            std::fs::remove_file(&log.path)?;
            total -= log.bytes;
            removed_logs += 1;
        }
        let mut said = Vec::new();
        if pruned > 0 || removed_logs > 0 {
            said.push(format!(
                "disk budget {}: removed {pruned} records{} and {removed_logs} logs; records \
                 and logs take {} now",
                shown(self.budget),
                below.map_or(String::new(), |_| format!(
                    " (every deal below {})",
                    pruned_below(out)
                )),
                shown(total)
            ));
        }
        match total > self.budget {
            true if !self.warned => {
                self.warned = true;
                said.push(format!(
                    "disk budget {}: the logs of the programs playing now and ladder.log take \
                     {} and cannot be removed while they are written; each program's log \
                     stops at 16 MiB and starts again with the entry's next run, and \
                     ladder.log turns over at a tenth of the budget",
                    shown(self.budget),
                    shown(total)
                ));
            }
            true => {}
            false => self.warned = false,
        }
        Ok(said)
    }
}

/// The records in `out`, oldest deal first.
fn records(out: &Path) -> std::io::Result<Vec<Kept>> {
    let mut folders: Vec<(u64, PathBuf)> = (files(&out.join(DIR))?.into_iter())
        .filter_map(|path| {
            let name = path.file_name()?.to_str()?;
            let number: u64 = name.parse().ok()?;
            (folder_name(number) == name && path.is_dir()).then_some((number, path))
        })
        .collect();
    folders.sort();
    let mut found = Vec::new();
    for (_, folder) in folders {
        let mut deals: Vec<(u64, Kept)> = (files(&folder)?.into_iter())
            .filter_map(|path| {
                let deal = deal_of(path.file_name()?.to_str()?)?;
                let bytes = std::fs::metadata(&path).ok()?.len();
                Some((deal, Kept { path, bytes }))
            })
            .collect();
        deals.sort_by_key(|(deal, _)| *deal);
        found.extend(deals.into_iter().map(|(_, kept)| kept));
    }
    Ok(found)
}

/// The programs' logs in `out`, each with its entry's name.
fn logs(out: &Path) -> std::io::Result<Vec<(Kept, String)>> {
    Ok((files(&out.join("logs"))?.into_iter())
        .filter_map(|path| {
            let entry = path
                .file_name()?
                .to_str()?
                .strip_suffix(".log")?
                .to_string();
            let bytes = std::fs::metadata(&path).ok().filter(|m| m.is_file())?.len();
            Some((Kept { path, bytes }, entry))
        })
        .collect())
}

/// The items of `folder` (none when it does not exist).
fn files(folder: &Path) -> std::io::Result<Vec<PathBuf>> {
    match std::fs::read_dir(folder) {
        Ok(items) => items.map(|item| item.map(|i| i.path())).collect(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(e) => Err(e),
    }
}

/// Removes the folders of records left empty.
fn remove_empty_folders(records: &Path) -> std::io::Result<()> {
    for path in files(records)? {
        if path.is_dir() && files(&path)?.is_empty() {
            std::fs::remove_dir(&path)?;
        }
    }
    Ok(())
}

/// A size as the log says it.
fn shown(bytes: u64) -> String {
    match bytes {
        b if b >= 10_000_000 => format!("{} MB", b / 1_000_000),
        b if b >= 10_000 => format!("{} kB", b / 1000),
        b => format!("{b} bytes"),
    }
}

/// `--disk-budget`'s size: a whole number with `KB`, `MB`, `GB` (powers of 1000) or `KiB`,
/// `MiB`, `GiB` (of 1024), or bytes without a unit.
pub fn parse_size(text: &str) -> Option<u64> {
    let text = text.trim();
    let digits = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(digits);
    let unit = match unit.trim() {
        "" | "B" => 1,
        "KB" | "kB" => 1000,
        "MB" => 1_000_000,
        "GB" => 1_000_000_000,
        "KiB" => 1 << 10,
        "MiB" => 1 << 20,
        "GiB" => 1 << 30,
        _ => return None,
    };
    number.parse::<u64>().ok()?.checked_mul(unit)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::Header;
    use crate::runner::GameRecord;

    /// Deal `deal`'s record, of `size` bytes or so.
    fn record(out: &Path, deal: u64, size: usize) -> u64 {
        let header = Header {
            format: crate::replay::FORMAT.into(),
            tool: String::new(),
            game: String::new(),
            rules: None,
            options: Default::default(),
            seats: None,
            master_seed: 0,
            bots: Vec::new(),
        };
        // Random digits compress little: the file is about half as big as asked.
        let mut x = deal.wrapping_add(1);
        let digits: String = (0..size)
            .map(|_| {
                x = x
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                char::from(b'0' + (x >> 33) as u8 % 10)
            })
            .collect();
        let game = GameRecord {
            index: deal,
            log: Some(format!("{{\"game\":{deal},\"x\":\"{digits}\"}}")),
            ..GameRecord::default()
        };
        super::super::records::keep(out, deal, &header, &[game]).unwrap()
    }

    /// Under the budget nothing goes; over it, the oldest deals go (across folders of a
    /// thousand) until nine tenths of it are left, then the logs of entries not playing,
    /// never a playing one's; the deal below which all are gone is kept for the pages.
    #[test]
    fn the_oldest_records_then_idle_logs_go_once_over_the_budget() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path();
        let deals = [5, 999, 1000, 1001, 2500];
        let sizes: Vec<u64> = deals.iter().map(|&d| record(out, d, 2000)).collect();
        std::fs::create_dir_all(out.join("logs")).unwrap();
        std::fs::write(out.join("logs/old.log"), vec![b'x'; 3000]).unwrap();
        std::fs::write(out.join("logs/playing.log"), vec![b'x'; 3000]).unwrap();
        let all: u64 = sizes.iter().sum::<u64>() + 6000;
        let mut disk = Disk::new(all);
        assert!(disk.check(out, &["playing".into()]).unwrap().is_empty());
        assert_eq!(pruned_below(out), 0);
        // One more record passes the budget: records go, oldest first, to nine tenths.
        let more = record(out, 2501, 2000);
        disk.kept(more);
        let said = disk.check(out, &["playing".into()]).unwrap();
        let left: Vec<u64> = records(out).unwrap().iter().map(|k| k.bytes).collect();
        let total = left.iter().sum::<u64>() + 6000;
        assert!(total <= all / 10 * 9, "{total} of {all}: {said:?}");
        let gone = 6 - left.len();
        assert!((2..=3).contains(&gone), "{gone}");
        assert_eq!(pruned_below(out), [6, 1000, 1001][gone - 1]);
        assert!(
            !out.join("records/00000").exists(),
            "an emptied folder goes"
        );
        assert!(
            said[0].contains(&format!("removed {gone} records")),
            "{said:?}"
        );
        // A budget the playing log alone passes: every record and the idle log go, the
        // playing log stays, and that is said once.
        let mut tight = Disk::new(2500);
        let said = tight.check(out, &["playing".into()]).unwrap();
        assert!(records(out).unwrap().is_empty());
        assert!(!out.join("logs/old.log").exists() && out.join("logs/playing.log").exists());
        assert_eq!(said.len(), 2, "{said:?}");
        assert_eq!(pruned_below(out), 2502);
        assert!(tight.check(out, &["playing".into()]).unwrap().is_empty());
    }

    /// The ladder's own log is counted (it cannot be removed, so records go for it).
    #[test]
    fn the_ladders_log_counts_against_the_budget() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path();
        let sizes: Vec<u64> = [1, 2].iter().map(|&d| record(out, d, 2000)).collect();
        let records_bytes: u64 = sizes.iter().sum();
        let mut disk = Disk::new(records_bytes + 1000);
        assert!(disk.check(out, &[]).unwrap().is_empty());
        std::fs::write(out.join("ladder.log"), vec![b'x'; 1500]).unwrap();
        let said = disk.check(out, &[]).unwrap();
        assert_eq!(records(out).unwrap().len(), 1, "{said:?}");
        assert_eq!(pruned_below(out), 2);
    }

    #[test]
    fn sizes_are_read_with_their_units() {
        assert_eq!(parse_size("500MB"), Some(500_000_000));
        assert_eq!(parse_size("2GiB"), Some(2 << 30));
        assert_eq!(parse_size("20 kB"), Some(20_000));
        assert_eq!(parse_size("123"), Some(123));
        for bad in ["", "MB", "1.5GB", "5 TB", "-1MB", "99999999999999GB"] {
            assert_eq!(parse_size(bad), None, "{bad}");
        }
    }
}
