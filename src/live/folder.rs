//! A folder of pages served as they are rewritten: the ladder's pages (`tourney ladder
//! --live`). Every request reads the file afresh, so the server holds no state of its own;
//! `/` is the folder's `index.html`. One more route, `/private/TOKEN`, answers the file a
//! lookup given by the caller finds for that token, and 404 for any other: the private pages
//! live outside the served folder, so no path reaches them without their token.

use super::server::{CONTENT_HTML, content_type, header, inside};
use crate::error::UsageError;
use std::path::PathBuf;
use std::sync::Arc;
use std::thread::JoinHandle;
use tiny_http::{Method, Request, Response, Server};

/// The file of a private page for a token, if any.
pub type Private = Box<dyn Fn(&str) -> Option<PathBuf> + Send + Sync>;

/// A folder being served; dropping it stops the server.
pub struct Folder {
    server: Arc<Server>,
    thread: Option<JoinHandle<()>>,
    /// The address, as printed.
    pub url: String,
    /// Said once when the server listens beyond loopback.
    pub warning: Option<String>,
}

impl Folder {
    /// Listens on `address` (see [`super::parse_address`]) and serves the files of `folder`,
    /// and the private pages `private` finds.
    pub fn start(address: &str, folder: PathBuf, private: Private) -> Result<Folder, UsageError> {
        let wanted = super::parse_address(address)?;
        let server = Server::http(wanted)
            .map_err(|e| UsageError::Invalid(format!("--live: cannot listen on {wanted}: {e}")))?;
        let bound = (server.server_addr().to_ip())
            .ok_or_else(|| UsageError::Invalid(format!("--live: cannot listen on {wanted}")))?;
        let warning = super::exposure_warning(bound, None);
        let server = Arc::new(server);
        let thread = {
            let server = server.clone();
            std::thread::Builder::new()
                .name("pages".into())
                .spawn(move || {
                    for request in server.incoming_requests() {
                        // A client that went away is no concern of the ladder.
                        let _ = answer(request, &folder, &private);
                    }
                })
                .map_err(|e| UsageError::Invalid(format!("--live: cannot start: {e}")))?
        };
        Ok(Folder {
            server,
            thread: Some(thread),
            url: format!("http://{bound}/"),
            warning,
        })
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        self.server.unblock();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn answer(request: Request, folder: &std::path::Path, private: &Private) -> std::io::Result<()> {
    if !matches!(request.method(), Method::Get | Method::Head) {
        let response = Response::from_string("read-only: only GET is answered\n")
            .with_status_code(405)
            .with_header(header("Allow", "GET, HEAD"));
        return request.respond(response);
    }
    let path = (request.url().split(['?', '#']).next())
        .unwrap_or("/")
        .to_string();
    let file = match path.strip_prefix("/private/") {
        Some(token) => private(token),
        None => match path.trim_start_matches('/') {
            "" => inside(folder, "index.html"),
            relative => inside(folder, relative),
        },
    };
    match file.and_then(|file| Some((std::fs::read(&file).ok()?, file))) {
        Some((bytes, file)) => {
            let kind = match path.starts_with("/private/") {
                true => CONTENT_HTML,
                false => content_type(&file),
            };
            request.respond(
                Response::from_data(bytes)
                    .with_header(header("Content-Type", kind))
                    .with_header(header("Cache-Control", "no-store")),
            )
        }
        None => request.respond(Response::from_string("not found\n").with_status_code(404)),
    }
}
