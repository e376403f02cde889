//! The live page's HTTP server, on its own thread: the page, `state.json`, the files of the
//! run's folder under `/run/` (the final report, its plots and replay pages), and, for a
//! recorded run, the replay page of any finished game at `/replay/N`, while the run plays too.
//! Read-only: anything but GET or HEAD is refused with 405, and no path leaves the folder.

use super::state::Shared;
use askama::Template;
use std::path::{Path, PathBuf};
use tiny_http::{Header, Method, Request, Response, Server};

/// The page: markup, style and script in one answer, so it makes no other request than its
/// own server's. Its content comes from `state.json`; the page itself never changes.
#[derive(Template)]
#[template(path = "live.html")]
struct Page {
    title: &'static str,
}

/// The page's markup (or why it could not be laid out, answered as a server error).
fn page() -> Result<String, String> {
    crate::page::render(&Page {
        title: "tourney live",
    })
}

/// Answers requests until the server is unblocked (see [`super::Live`]'s drop).
pub fn serve(server: &Server, shared: &Shared, folder: Option<&Path>) {
    for request in server.incoming_requests() {
        // A client that went away is no concern of the run.
        let _ = answer(request, shared, folder);
    }
}

fn answer(request: Request, shared: &Shared, folder: Option<&Path>) -> std::io::Result<()> {
    if !matches!(request.method(), Method::Get | Method::Head) {
        let response = Response::from_string("read-only: only GET is answered\n")
            .with_status_code(405)
            .with_header(header("Allow", "GET, HEAD"));
        return request.respond(response);
    }
    let path = request
        .url()
        .split(['?', '#'])
        .next()
        .unwrap_or("/")
        .to_string();
    match path.as_str() {
        "/" | "/index.html" => match page() {
            Ok(page) => request.respond(
                Response::from_string(page).with_header(header("Content-Type", CONTENT_HTML)),
            ),
            Err(why) => request.respond(
                Response::from_string(format!("cannot lay out the page: {why}\n"))
                    .with_status_code(500),
            ),
        },
        "/state.json" => request.respond(
            Response::from_data(shared.json().as_slice())
                .with_header(header("Content-Type", "application/json"))
                .with_header(header("Cache-Control", "no-store")),
        ),
        _ if path.starts_with("/replay/") => {
            let game = path["/replay/".len()..].parse::<u64>().ok();
            match game.and_then(|game| shared.replay(game)) {
                Some(Ok(page)) => request.respond(
                    Response::from_data(page).with_header(header("Content-Type", CONTENT_HTML)),
                ),
                Some(Err(why)) => request.respond(
                    Response::from_string(format!("no replay: {why}\n")).with_status_code(404),
                ),
                None => request.respond(
                    Response::from_string("no replay: the run is not recorded (--record)\n")
                        .with_status_code(404),
                ),
            }
        }
        _ => match path
            .strip_prefix("/run/")
            .and_then(|rest| folder.and_then(|dir| inside(dir, rest)))
            .and_then(|file| Some((std::fs::read(&file).ok()?, file)))
        {
            Some((bytes, file)) => request.respond(
                Response::from_data(bytes).with_header(header("Content-Type", content_type(&file))),
            ),
            None => request.respond(Response::from_string("not found\n").with_status_code(404)),
        },
    }
}

pub(super) const CONTENT_HTML: &str = "text/html; charset=utf-8";

pub(super) fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("a valid header")
}

/// The file `relative` names inside `dir`; `None` for a name that could leave it (`..`, an
/// absolute path, an escaped character, a link pointing out) or that is not a file.
pub(super) fn inside(dir: &Path, relative: &str) -> Option<PathBuf> {
    let plain = relative.split('/').all(|part| {
        !part.is_empty() && part != "." && part != ".." && !part.contains(['\\', '%', ':'])
    });
    if !plain {
        return None;
    }
    let root = dir.canonicalize().ok()?;
    let file = root.join(relative).canonicalize().ok()?;
    (file.starts_with(&root) && file.is_file()).then_some(file)
}

pub(super) fn content_type(file: &Path) -> &'static str {
    match file.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => CONTENT_HTML,
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "csv" => "text/csv; charset=utf-8",
        "gz" => "application/gzip",
        _ => "text/plain; charset=utf-8",
    }
}

#[cfg(test)]
mod tests {
    use super::inside;

    #[test]
    fn only_files_inside_the_folder_are_served() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("report.html"), "x").unwrap();
        std::fs::create_dir(dir.path().join("plots")).unwrap();
        assert!(inside(dir.path(), "report.html").is_some());
        for bad in [
            "../x",
            "plots/../report.html",
            "/etc/passwd",
            "plots",
            "%2e%2e/x",
            "",
        ] {
            assert!(inside(dir.path(), bad).is_none(), "{bad}");
        }
    }
}
