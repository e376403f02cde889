//! Runs bot code so that a panic becomes a game result instead of killing the run, and keeps
//! the panic message instead of printing it to the terminal.

use std::cell::{Cell, RefCell};
use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;

thread_local! {
    static IN_BOT: Cell<bool> = const { Cell::new(false) };
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

static INSTALL: Once = Once::new();

/// Wraps the current panic hook once: panics inside [`call_bot`] are recorded silently; any
/// other panic is reported by the previous hook as usual.
fn install_hook() {
    INSTALL.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if IN_BOT.with(Cell::get) {
                let message = match info.payload().downcast_ref::<&str>() {
                    Some(s) => (*s).to_string(),
                    None => info
                        .payload()
                        .downcast_ref::<String>()
                        .cloned()
                        .unwrap_or_else(|| "panic with a non-string payload".to_string()),
                };
                let location = info
                    .location()
                    .map(|l| format!(" at {}:{}", l.file(), l.line()))
                    .unwrap_or_default();
                LAST_PANIC.with(|p| *p.borrow_mut() = Some(format!("{message}{location}")));
            } else {
                previous(info);
            }
        }));
    });
}

/// Calls bot code; a panic comes back as `Err(message)`.
///
/// `AssertUnwindSafe` is sound here because a bot that panicked is never asked to decide
/// again: the game ends at once and the bot is dropped, or, under `--faults tolerate=N`, the
/// bot is replaced by a new one (only its constant [`crate::bot::Bot::resumable`] is asked).
pub fn call_bot<R>(f: impl FnOnce() -> R) -> Result<R, String> {
    install_hook();
    IN_BOT.with(|b| b.set(true));
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    IN_BOT.with(|b| b.set(false));
    result.map_err(|_| {
        LAST_PANIC
            .with(|p| p.borrow_mut().take())
            .unwrap_or_else(|| "bot panicked".to_string())
    })
}
