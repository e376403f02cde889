//! `tourney serve`: training games for the contest's C clients (see `serve::training`).

use super::registry;
use crate::cli::ServeArgs;
use crate::error::UsageError;
use crate::games::contest::no_contest_protocol;
use crate::serve::ServeSettings;

pub fn execute(args: &ServeArgs) -> anyhow::Result<()> {
    let game = registry::find(&args.game)?;
    let serve = game
        .serve
        .ok_or_else(|| UsageError::Invalid(no_contest_protocol(game.name)))?;
    let timeout =
        crate::input::positive_seconds("--timeout", args.timeout).map_err(UsageError::Invalid)?;
    serve(&ServeSettings {
        host: args.host.clone(),
        port: args.port,
        timeout,
    })
}
