//! `tourney db`: the results store from the command line. `runs` lists what it holds (as
//! `tourney history` does, by its code), `import` brings results folders in
//! (`crate::run::import`), and `export` writes a stored run's folder back
//! (`crate::run::export`), then finishes it as a resumed run through the registry.

use super::registry;
use super::store_plan::open_store;
use crate::cli::{DbCommand, DbExportArgs, DbImportArgs};
use crate::store::RunFilter;
use std::process::ExitCode;

pub fn execute(command: &DbCommand) -> anyhow::Result<ExitCode> {
    match command {
        DbCommand::Runs(location) => {
            let mut store = open_store(location, false)?;
            let runs = store.find_runs(&RunFilter::default())?;
            crate::history::print_runs(&mut store, &runs, false)?;
        }
        DbCommand::Import(args) => import(args)?,
        DbCommand::Export(args) => export(args)?,
    }
    Ok(ExitCode::SUCCESS)
}

fn import(args: &DbImportArgs) -> anyhow::Result<()> {
    let store = open_store(&args.store, true)?;
    crate::run::import::import_folders(store, &args.dirs, args.tag.clone())
}

fn export(args: &DbExportArgs) -> anyhow::Result<()> {
    let mut store = open_store(&args.store, false)?;
    let finish = crate::run::export::export(
        &mut store,
        &args.run,
        &args.out,
        args.quiet,
        registry::describe,
    )?;
    if let Some(plan) = finish {
        registry::run(&plan, None)?;
    }
    Ok(())
}
