//! The web page: the files of `web/`, embedded in the binary, or read
//! from a directory (`--web-dir`, for development).

use std::path::{Component, Path, PathBuf};

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

include!(concat!(env!("OUT_DIR"), "/assets.rs"));

/// Where the page's files come from.
#[derive(Clone, Debug)]
pub enum Web {
    /// The files embedded at build time.
    Embedded,
    /// A directory on disk.
    Dir(PathBuf),
}

fn content_type(path: &str) -> &'static str {
    match Path::new(path).extension().and_then(|ext| ext.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("json") => "application/json",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("ico") => "image/x-icon",
        Some("wasm") => "application/wasm",
        Some("txt") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

impl Web {
    /// The file at `path` (relative to `web/`), or a 404.
    pub async fn file(&self, path: &str) -> Response {
        let not_found = || ApiError::not_found(format!("no file `{path}`")).into_response();
        let relative = Path::new(path);
        if path.is_empty()
            || !relative
                .components()
                .all(|component| matches!(component, Component::Normal(_)))
        {
            return not_found();
        }
        let bytes = match self {
            Web::Embedded => ASSETS
                .iter()
                .find(|(name, _)| *name == path)
                .map(|(_, bytes)| bytes.to_vec()),
            Web::Dir(dir) => tokio::fs::read(dir.join(relative)).await.ok(),
        };
        match bytes {
            Some(bytes) => (
                StatusCode::OK,
                [
                    (header::CONTENT_TYPE, content_type(path)),
                    (header::CACHE_CONTROL, "no-cache"),
                ],
                bytes,
            )
                .into_response(),
            None => not_found(),
        }
    }
}
