//! A folder of pages served as they are rewritten: the ladder's pages (`tourney ladder
//! --live`). Every request reads the file afresh, so the server holds no state of its own;
//! `/` is the folder's `index.html`. One more route, `/private/TOKEN`, answers the file a
//! lookup given by the caller finds for that token, and 404 for any other: the private pages
//! live outside the served folder, so no path reaches them without their token. A path no
//! file answers is asked of a second lookup, which may make the page on demand (the ladder's
//! replay page of any stored game, an entry's list of all its games); else it is a 404.

use super::server::{CONTENT_HTML, content_type, header, inside};
use crate::error::UsageError;
use std::path::PathBuf;
use std::sync::Arc;
use std::thread::JoinHandle;
use tiny_http::{Method, Request, Response, Server};

/// The file of a private page for a token, if any.
pub type Private = Box<dyn Fn(&str) -> Option<PathBuf> + Send + Sync>;

/// A page made on demand for a path (without its leading `/`) that no file answers, if any.
pub type Made = Box<dyn Fn(&str) -> Option<String> + Send + Sync>;

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
    /// the private pages `private` finds, and the pages `made` makes for other paths.
    pub fn start(
        address: &str,
        folder: PathBuf,
        private: Private,
        made: Made,
    ) -> Result<Folder, UsageError> {
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
                        let _ = answer(request, &folder, &private, &made);
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

fn answer(
    request: Request,
    folder: &std::path::Path,
    private: &Private,
    made: &Made,
) -> std::io::Result<()> {
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
        None => match path
            .strip_prefix('/')
            .filter(|_| !path.starts_with("/private/"))
        {
            Some(relative) => match made(relative) {
                Some(html) => request.respond(
                    Response::from_string(html)
                        .with_header(header("Content-Type", CONTENT_HTML))
                        .with_header(header("Cache-Control", "no-store")),
                ),
                None => request.respond(Response::from_string("not found\n").with_status_code(404)),
            },
            None => request.respond(Response::from_string("not found\n").with_status_code(404)),
        },
    }
}
