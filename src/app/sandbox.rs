//! From the sandbox flags (`--sandbox`, `--limit-*`) to the confinement of every program the
//! command starts.

use crate::cli::{SandboxArgs, SandboxFlag};
use crate::error::UsageError;
use crate::sandbox::{self, Limits, Mode};

/// Sets the run's confinement; refuses a zero limit, and `--sandbox require` on a machine that
/// cannot confine programs fully.
pub fn configure(args: &SandboxArgs) -> Result<(), UsageError> {
    let limits = Limits {
        memory_mib: args.limit_memory,
        processes: args.limit_processes,
        write_mib: args.limit_write,
        open_files: args.limit_files,
    };
    let flags = [
        "--limit-memory",
        "--limit-processes",
        "--limit-write",
        "--limit-files",
    ];
    limits.check(flags).map_err(UsageError::Invalid)?;
    let mode = match args.sandbox {
        SandboxFlag::Off => Mode::Off,
        SandboxFlag::On => Mode::On,
        SandboxFlag::Require => Mode::Require,
    };
    sandbox::configure(mode, limits);
    sandbox::ensure_required().map_err(UsageError::Invalid)
}
