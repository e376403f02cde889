//! Tests that measure time, in a binary of their own: cargo runs test binaries one after
//! another, so these run with no other test beside them. A timing measured while the
//! integration tests' own programs (some of them spinning on purpose) share the machine
//! measures those programs, not what the test is about.

// The integration tests' builders, compiled here too; this binary uses only some of them.
#[allow(dead_code)]
#[path = "../integration/programs.rs"]
mod programs;
#[allow(dead_code)]
#[path = "../integration/support.rs"]
mod support;

mod fair_cpu;
