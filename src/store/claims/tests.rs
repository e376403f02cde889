//! The claim statements on both backends: an SQLite file, and the PostgreSQL server
//! `TOURNEY_TEST_POSTGRES` names (SKIPPED without one). Two stores opened on one location are
//! two workers' connections; a worker is declared dead by ending its lease, so no test waits
//! for a clock.

use super::super::{LadderRow, LadderVersion, Location, NewRun, Recorder, Store};
use super::SelfTestClaim;
use crate::runner::GameRecord;
use std::time::Duration;

// The integration tests' fresh database on the test server.
#[path = "../../../tests/integration/test_server.rs"]
mod test_server;

const LEASE: Duration = Duration::from_secs(600);

/// Runs `check` on a fresh SQLite store and, when a test server is named, on a fresh database
/// of it.
fn on_both(name: &str, check: impl Fn(&Location)) {
    let dir = tempfile::tempdir().unwrap();
    check(&Location::Sqlite(dir.path().join("claims.db")));
    let database = format!("claims_{name}_{}", std::process::id());
    let Some(url) = test_server::fresh_database(&database) else {
        println!("SKIPPED: {name} on PostgreSQL; set TOURNEY_TEST_POSTGRES (.ci/run does)");
        return;
    };
    check(&Location::Postgres(url));
}

/// A store at `location` with the ladder `term` in it.
fn ladder(location: &Location) -> Store {
    let mut store = Store::open(location).unwrap();
    store
        .open_ladder(&LadderRow {
            name: "term".into(),
            game: "a-game".into(),
            rules: "base".into(),
            configuration: "{}".into(),
            master_seed: 1,
        })
        .unwrap();
    store
}

fn players(a: &str, b: &str) -> Vec<(String, String)> {
    vec![(a.into(), "d1".into()), (b.into(), "d2".into())]
}

#[test]
fn deals_are_numbered_once_across_workers_and_stop_at_the_most() {
    on_both("numbered", |location| {
        let mut first = ladder(location);
        let mut second = ladder(location);
        let claims: Vec<Option<u64>> = (0..4)
            .map(|i| {
                let store = match i % 2 {
                    0 => &mut first,
                    _ => &mut second,
                };
                let worker = format!("w{}", i % 2);
                store
                    .claim_deal("term", &players("a", "b"), &worker, Some(3))
                    .unwrap()
            })
            .collect();
        assert_eq!(claims, [Some(0), Some(1), Some(2), None]);
        let deals = first.deals_from("term", 1).unwrap();
        assert_eq!(deals.iter().map(|d| d.deal).collect::<Vec<_>>(), [1, 2]);
        // Two workers claiming at once on connections of their own: every number once.
        let numbers: Vec<u64> = std::thread::scope(|scope| {
            let workers: Vec<_> = ["w0", "w1"]
                .into_iter()
                .map(|worker| {
                    scope.spawn(move || {
                        let mut store = Store::open(location).unwrap();
                        (0..40)
                            .map(|_| {
                                (store.claim_deal("term", &players("a", "b"), worker, None))
                                    .unwrap()
                                    .unwrap()
                            })
                            .collect::<Vec<u64>>()
                    })
                })
                .collect();
            workers
                .into_iter()
                .flat_map(|w| w.join().unwrap())
                .collect()
        });
        let mut sorted = numbers.clone();
        sorted.sort();
        assert_eq!(sorted, (3..83).collect::<Vec<u64>>());
        assert_eq!(first.deals_from("term", 0).unwrap().len(), 83);
    });
}

#[test]
fn a_dead_workers_deals_are_taken_over_once_and_its_games_not_recorded() {
    on_both("taken_over", |location| {
        let (mut a, mut b) = (ladder(location), ladder(location));
        a.join_ladder("term", "a", LEASE).unwrap();
        b.join_ladder("term", "b", LEASE).unwrap();
        for _ in 0..2 {
            a.claim_deal("term", &players("x", "y"), "a", None).unwrap();
        }
        assert_eq!(b.take_over_deal("term", "b").unwrap(), None, "a lives");
        a.end_lease("term", "a").unwrap();
        let (deal, from) = b.take_over_deal("term", "b").unwrap().unwrap();
        assert_eq!((deal.deal, from.as_str()), (0, "a"));
        assert_eq!(deal.players, players("x", "y"));
        assert_eq!(b.take_over_deal("term", "b").unwrap().unwrap().0.deal, 1);
        assert_eq!(b.take_over_deal("term", "b").unwrap(), None, "b lives");
        // The dead worker comes back (its heartbeat renews the lease) and finishes deal 0:
        // refused, nothing written; the worker that holds the claim records it.
        a.renew_lease("term", "a", LEASE).unwrap();
        let (mut a, run_a) = recorder(a);
        assert!(!a.record_deal("term", 0, "a", &deal_games(0)).unwrap());
        let (mut b, run_b) = recorder(b);
        assert!(b.record_deal("term", 0, "b", &deal_games(0)).unwrap());
        assert!(
            !b.record_deal("term", 0, "b", &deal_games(0)).unwrap(),
            "once"
        );
        let store = a.store();
        assert_eq!(store.game_count(&run_a).unwrap(), 0);
        assert_eq!(store.game_count(&run_b).unwrap(), 2);
        assert_eq!(store.ladder_game_count("term").unwrap(), 1);
        // A deal is given up only by the worker that holds it.
        assert!(!store.void_deal("term", 1, "a").unwrap());
        assert!(b.store().void_deal("term", 1, "b").unwrap());
        assert_eq!(b.store().deals_from("term", 0).unwrap().len(), 1);
    });
}

#[test]
fn claims_from_before_workers_and_of_a_worker_that_left_are_taken_at_once() {
    on_both("left", |location| {
        let mut a = ladder(location);
        a.claim_deal("term", &players("x", "y"), "host:1", None)
            .unwrap();
        a.join_ladder("term", "a", LEASE).unwrap();
        a.claim_deal("term", &players("x", "y"), "a", None).unwrap();
        a.leave_ladder("term", "a").unwrap();
        let mut b = ladder(location);
        b.join_ladder("term", "b", LEASE).unwrap();
        let taken: Vec<(u64, String)> = std::iter::from_fn(|| {
            let (deal, from) = b.take_over_deal("term", "b").unwrap()?;
            Some((deal.deal, from))
        })
        .collect();
        assert_eq!(taken, [(0, "host:1".to_string()), (1, "a".to_string())]);
    });
}

#[test]
fn one_worker_self_tests_a_version_and_a_dead_testers_test_is_taken_over() {
    on_both("self_test", |location| {
        let (mut a, mut b) = (ladder(location), ladder(location));
        a.join_ladder("term", "a", LEASE).unwrap();
        b.join_ladder("term", "b", LEASE).unwrap();
        let claim = |store: &mut Store, worker: &str| {
            store
                .claim_self_test("term", "alice", "d1", worker)
                .unwrap()
        };
        assert_eq!(claim(&mut a, "a"), SelfTestClaim::Mine { from: None });
        assert_eq!(claim(&mut a, "a"), SelfTestClaim::Mine { from: None });
        assert_eq!(claim(&mut b, "b"), SelfTestClaim::TestedBy("a".into()));
        assert!(
            b.ladder_versions("term").unwrap().is_empty(),
            "no verdict yet"
        );
        a.end_lease("term", "a").unwrap();
        let from = Some("a".to_string());
        assert_eq!(claim(&mut b, "b"), SelfTestClaim::Mine { from });
        let verdict = |accepted: bool| LadderVersion {
            entry: "alice".into(),
            digest: "d1".into(),
            label: None,
            accepted,
            reason: None,
            tested_at: crate::store::now(),
        };
        assert!(
            !a.record_verdict("term", "alice", &verdict(false), "a")
                .unwrap()
        );
        assert!(
            b.record_verdict("term", "alice", &verdict(true), "b")
                .unwrap()
        );
        assert_eq!(claim(&mut a, "a"), SelfTestClaim::Decided);
        let versions = a.ladder_versions("term").unwrap();
        assert_eq!(versions.len(), 1);
        assert!(versions[0].accepted);
        let entries = a.ladder_entries("term").unwrap();
        assert_eq!(entries[0].version.as_deref(), Some("d1"));
    });
}

/// A recorder into a new run of the ladder's.
fn recorder(store: Store) -> (Recorder, String) {
    let mut store = store;
    let run = NewRun::for_tests(Some("ladder:term"), 0);
    let id = store.create_run(&run).unwrap();
    (Recorder::new(store, id.clone(), &[]).unwrap(), id)
}

/// The two games of deal `deal` between two players.
fn deal_games(deal: u64) -> Vec<GameRecord> {
    (0..2)
        .map(|rotation| GameRecord {
            index: deal * 2 + rotation,
            seed_index: deal,
            rotation: rotation as usize,
            lineup: vec![rotation as usize, 1 - rotation as usize],
            scores: vec![1, 0],
            ranks: vec![1, 2],
            ..GameRecord::default()
        })
        .collect()
}
