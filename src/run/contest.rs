//! The contest server of a run: started before the first game when the lineup has `cgs:NAME`
//! clients or launched contest programs (`protocol = "cgs"` manifests), and told how many seats
//! each client has to play once the schedule is known.

use crate::bot::BotChoice;
use crate::external::Manifest as BotManifest;
use crate::external::manifest::Protocol;
use crate::run::plan::RunPlan;
use crate::runner::Schedule;
use anyhow::Context;
use std::collections::BTreeMap;
use std::ops::Range;

/// The NAME of a `cgs:NAME` seat, played by a client that connects by itself.
pub fn client_name(bot: &BotChoice) -> Option<&str> {
    (bot.bot == "cgs")
        .then(|| bot.params.0.get("client").map(String::as_str))
        .flatten()
}

/// Whether the bot is a contest program the run starts for each of its games.
pub fn is_launched(bot: &BotChoice) -> bool {
    bot.bot.ends_with(".toml")
        && BotManifest::load(std::path::Path::new(&bot.bot))
            .is_ok_and(|manifest| manifest.protocol == Protocol::Cgs)
}

/// Starts listening if the plan has contest seats, and says on stderr where, and which
/// clients it waits for.
pub fn start_server(plan: &RunPlan) -> anyhow::Result<()> {
    let Some(serve) = &plan.serve else {
        return Ok(());
    };
    let clients: Vec<String> = plan
        .bots
        .iter()
        .filter_map(client_name)
        .map(str::to_string)
        .collect();
    let address = crate::serve::tournament::start(
        &serve.host,
        serve.port,
        serve.move_timeout,
        serve.wait,
        &clients,
    )
    .with_context(|| format!("cannot listen on {}:{}", serve.host, serve.port))?;
    if clients.is_empty() {
        if !plan.quiet {
            eprintln!("contest programs connect to {address}");
        }
    } else {
        eprintln!(
            "serving contest clients on {address}: waiting for {} (start each with host {}, \
             port {} and its name)",
            clients.join(", "),
            address.ip(),
            address.port()
        );
    }
    Ok(())
}

/// Tells the server how many seats each `cgs:NAME` client plays in `games`, so one that has
/// played them all is told the run is over for it.
pub fn expect_seats(plan: &RunPlan, schedule: &Schedule, games: Range<u64>) {
    let Some(server) = crate::serve::tournament::current() else {
        return;
    };
    let names: Vec<Option<&str>> = plan.bots.iter().map(client_name).collect();
    let mut seats: BTreeMap<String, u64> = BTreeMap::new();
    if names.iter().any(Option::is_some) {
        for index in games {
            for bot in schedule.fixture(index).lineup {
                if let Some(name) = names[bot] {
                    *seats.entry(name.to_string()).or_default() += 1;
                }
            }
        }
    }
    server.expect_seats(&seats);
}
